import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { topbarNetworkError } from '../../../shared/errors/first-load-messages';
import { pages } from '../../../shared/pages';
import { type SearchParams, validateSearchParams } from '../search/params';

export interface SearchFormProps {
  /** id of the keywords box (unique on the page); the place box is `${id}-place`. */
  id: string;
  /** Accessible name of the search landmark. */
  landmarkLabel: string;
  /** The search being shown: the boxes start with its keywords and place. */
  current?: SearchParams | undefined;
  className?: string;
  label?: string;
  /** Show the labels above the boxes, stacked (otherwise side by side, labels for screen readers). */
  showLabel?: boolean;
  /** Replace the current history entry instead of adding one (the mobile search modal's URL). */
  replace?: boolean;
  /** Called once the form has navigated to the search page (the mobile search modal closes). */
  onSubmitted?: () => void;
}

type PlaceBox = typeof import('./LocationAutocomplete');
let placeBox: Promise<PlaceBox> | undefined;
/** The place combobox's module (and its styles), asked for once: never part of a first load. */
export const loadPlaceBox = () =>
  (placeBox ??= import('./LocationAutocomplete').catch((error: unknown) => {
    // Not kept: the next focus or submit asks again.
    placeBox = undefined;
    throw error;
  }));

/**
 * The search form (§2, issue 22): keywords and, optionally, a place from the gazetteer; submitting
 * opens the search page (choosing a place only fills the box). A plain GET form without JS
 * (keywords only). The place box is a plain input in the first load; the combobox replaces it on
 * the form's first focus (which a click, a tap or a key needs), keeping its text, focus and caret.
 */
export function SearchForm({
  id,
  landmarkLabel,
  current,
  className = 'search-form',
  label = 'Search listings',
  showLabel = false,
  replace = false,
  onSubmitted,
}: SearchFormProps) {
  const navigate = useNavigate();
  // The place chosen: at first the search's (validateSearchParams keeps an address only with its bounds).
  const [chosen, setChosen] = useState(current);
  const [box, setBox] = useState<PlaceBox>();
  const [message, setMessage] = useState<string>();
  const [busy, setBusy] = useState(false);
  const placeId = `${id}-place`;
  const messageId = message ? `${placeId}-message` : undefined;
  // Without the combobox the plain box still works: the submit asks for the module again.
  const upgrade = () => loadPlaceBox().then(setBox, () => undefined);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const keywords = data.get('keywords');
    const placeText = data.get('address');
    // While a place is looked up, the button shows it (it keeps its size: no jump).
    setBusy(true);
    const search = placeText
      ? await loadPlaceBox().then(
          (module) => module.searchOf(keywords, placeText, chosen),
          () => topbarNetworkError,
        )
      : validateSearchParams({ keywords });
    setBusy(false);
    if (typeof search === 'string') return setMessage(search);
    navigate({ to: pages.search, search, replace });
    onSubmitted?.();
  };

  return (
    <search className={className} aria-label={landmarkLabel}>
      {/* Any focus in the form (the phone sheet focuses the keywords) brings the combobox in early. */}
      <form action={pages.search} method="get" onSubmit={onSubmit} onFocus={upgrade}>
        <label htmlFor={id} className={showLabel ? 'search-label' : 'visually-hidden'}>
          {label}
        </label>
        <input
          id={id}
          name="keywords"
          type="search"
          defaultValue={current?.keywords}
          placeholder="Search bikes and gear"
          autoComplete="off"
          enterKeyHint="search"
        />
        <div
          className="search-place"
          // Typing in the place box (either one: the events bubble here) hides the message.
          onChange={() => setMessage(undefined)}
        >
          <label htmlFor={placeId} className={showLabel ? 'search-label' : 'visually-hidden'}>
            Location
          </label>
          {box ? (
            <box.LocationAutocomplete
              id={placeId}
              defaultValue={current?.address}
              describedBy={messageId}
              onSelect={setChosen}
            />
          ) : (
            // The first load's box; the combobox replaces it (text, focus and caret kept).
            <input
              id={placeId}
              name="address"
              type="text"
              defaultValue={current?.address}
              placeholder={placeBoxPlaceholder}
              autoComplete="off"
              aria-describedby={messageId}
            />
          )}
          {/* Here, not in the combobox: a message must show when the combobox's code did not arrive. */}
          <PlaceMessage id={placeId} message={message} />
        </div>
        <button
          type="submit"
          className="search-button"
          aria-busy={busy}
          disabled={busy}
          // The focus stays in the box: its list closing on blur would move the button under the finger.
          onMouseDown={(event) => event.preventDefault()}
        >
          <SearchIcon />
          {/* Stacked under labelled boxes the button has room for its word. */}
          <span className={showLabel ? undefined : 'visually-hidden'}>Search</span>
        </button>
      </form>
    </search>
  );
}

/** The place box's placeholder, in both boxes: the first load's and the combobox. */
export const placeBoxPlaceholder = 'Anywhere';

/** The message about the place box (no such place, no connection): under it, and describing it. */
export function PlaceMessage({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={`${id}-message`} role="alert" className="search-place-message">
      {message}
    </p>
  );
}

/** The magnifier of the search button and of the phone's top bar (one drawing). */
export function SearchIcon({ size = 18 }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width={size} height={size}>
      <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.25" />
      <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.25" strokeLinecap="round" />
    </svg>
  );
}
