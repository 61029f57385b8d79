import { useNavigate, useSearch } from '@tanstack/react-router';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { siteSettings } from '../../../shared/config/site';
import type { Place } from '../../../shared/maps';
import { normalisePlaceQuery } from '../../../shared/validation/filters';
import { apiGet } from '../api/client';
import { locationSearchParams } from '../search/params';
import type { SearchFormProps } from './SearchForm';
import './LocationAutocomplete.css';

/** Wait this long after the last keystroke before asking for places. */
export const placeSearchDebounceMs = 250;
/** How many places the list offers. */
export const placeSuggestionCount = 5;

export const locationTexts = {
  placeholder: 'Search by city',
  loading: 'Searching places…',
  noResults: 'No places found',
  error: 'Could not load places. Please check your connection and try again.',
  found: (count: number) => (count === 1 ? '1 place found' : `${count} places found`),
} as const;

/** `GET /api/places`: the places whose name starts with the query, best first. */
export async function fetchPlaces(query: string, signal?: AbortSignal): Promise<Place[]> {
  const q = encodeURIComponent(query);
  const body = await apiGet<{ data: Place[] }>(`/places?q=${q}&limit=${placeSuggestionCount}`, {
    // A public route: no need to wait for the session's token.
    token: null,
    ...(signal ? { signal } : {}),
  });
  return body.data;
}

type Status = 'idle' | 'loading' | 'done' | 'error';

export interface ComboboxKeyState {
  /** The option in focus, -1 for none. */
  active: number;
  /** How many options there are. */
  count: number;
  /** The list is shown. */
  expanded: boolean;
  /** The popup (list or message) is shown. */
  popupShown: boolean;
  /** The options answer what was typed last (no newer request is pending). */
  settled: boolean;
  hasValue: boolean;
}

export type ComboboxKeyAction =
  | { type: 'none' }
  /** Open the list with this option in focus. */
  | { type: 'move'; active: number }
  | { type: 'choose'; index: number }
  /** Close the popup (the key's default is kept: Tab moves on). */
  | { type: 'close-quietly' }
  | { type: 'close' }
  | { type: 'clear' };

/**
 * What a key does in the combobox (WAI-ARIA APG, list autocomplete with manual selection): Down and
 * Up open the list and move through the options, wrapping; Enter chooses the option in focus, or the
 * first one once the list answers the latest text (and never submits the form); Escape closes the
 * popup, or clears the box when it is closed; Tab closes the popup and moves on.
 */
export function comboboxKeyAction(key: string, state: ComboboxKeyState): ComboboxKeyAction {
  const { active, count, expanded } = state;
  switch (key) {
    case 'ArrowDown':
      if (count === 0) return { type: 'none' };
      return { type: 'move', active: expanded ? (active + 1) % count : 0 };
    case 'ArrowUp':
      if (count === 0) return { type: 'none' };
      return { type: 'move', active: expanded && active > 0 ? active - 1 : count - 1 };
    case 'Enter': {
      const index = active >= 0 ? active : state.settled ? 0 : -1;
      // Without an option to choose, Enter still must not submit the form: it only closes the popup.
      return expanded && index >= 0 && index < count ? { type: 'choose', index } : { type: 'close' };
    }
    case 'Escape':
      if (state.popupShown) return { type: 'close' };
      return state.hasValue ? { type: 'clear' } : { type: 'none' };
    case 'Tab':
      return { type: 'close-quietly' };
    default:
      return { type: 'none' };
  }
}

export interface LocationAutocompleteProps {
  /** id of the text box (unique on the page). */
  id: string;
  label: string;
  /** Show the label above the box (otherwise it is for screen readers only). */
  showLabel?: boolean;
  defaultValue?: string | undefined;
  /** A place was chosen (click, or Enter on the active or first option). */
  onSelect: (place: Place) => void;
  /** For tests: where the places come from. */
  loadPlaces?: (query: string, signal: AbortSignal) => Promise<Place[]>;
}

/**
 * The location search box (§2): a WAI-ARIA APG combobox with a list popup and manual selection.
 * Typing asks `GET /api/places` (debounced, the previous request aborted); Down/Up move through the
 * options (wrapping), Enter chooses the active option (or the first), Escape closes the list (or,
 * when closed, clears the box), Tab and blur close it. Choosing a place hands it to `onSelect` at
 * once: there is no separate submit. The option in focus is announced through
 * `aria-activedescendant`; loading, "No places found", errors and result counts through a status
 * region.
 */
export function LocationAutocomplete({
  id,
  label,
  showLabel = false,
  defaultValue,
  onSelect,
  loadPlaces = fetchPlaces,
}: LocationAutocompleteProps) {
  const listboxId = useId();
  const [value, setValue] = useState(defaultValue ?? '');
  /** The text the user typed last (what places were asked for); null after a choice or at start. */
  const [query, setQuery] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>('idle');
  const [places, setPlaces] = useState<Place[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const loadRef = useRef(loadPlaces);
  loadRef.current = loadPlaces;

  useEffect(() => {
    const q = query === null ? undefined : normalisePlaceQuery(query);
    if (!q) {
      setStatus('idle');
      setPlaces([]);
      setActive(-1);
      return;
    }
    setStatus('loading');
    const controller = new AbortController();
    const timer = setTimeout(() => {
      loadRef.current(q, controller.signal).then(
        (found) => {
          if (controller.signal.aborted) return;
          setPlaces(found);
          setActive(-1);
          setStatus('done');
        },
        () => {
          if (controller.signal.aborted) return;
          setPlaces([]);
          setActive(-1);
          setStatus('error');
        },
      );
    }, placeSearchDebounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  useEffect(() => {
    if (active >= 0)
      document.getElementById(`${listboxId}-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, listboxId]);

  const expanded = open && places.length > 0;
  const showPopup = open && status !== 'idle';

  const choose = (place: Place) => {
    setValue(place.address);
    setQuery(null);
    setOpen(false);
    setActive(-1);
    onSelect(place);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const action = comboboxKeyAction(event.key, {
      active,
      count: places.length,
      expanded,
      popupShown: showPopup,
      settled: status === 'done',
      hasValue: value !== '',
    });
    if (action.type === 'none') return;
    if (action.type !== 'close-quietly') event.preventDefault();
    switch (action.type) {
      case 'move':
        setOpen(true);
        setActive(action.active);
        return;
      case 'choose': {
        const place = places[action.index];
        if (place) choose(place);
        return;
      }
      case 'clear':
        setValue('');
        setQuery(null);
        return;
      default:
        setOpen(false);
        setActive(-1);
    }
  };

  let message: string | undefined;
  if (status === 'loading' && places.length === 0) message = locationTexts.loading;
  else if (status === 'done' && places.length === 0) message = locationTexts.noResults;
  else if (status === 'error') message = locationTexts.error;

  let announcement = '';
  if (open) {
    if (status === 'done')
      announcement = places.length ? locationTexts.found(places.length) : locationTexts.noResults;
    else if (status === 'error') announcement = locationTexts.error;
  }

  return (
    <div className="location-autocomplete">
      <label htmlFor={id} className={showLabel ? 'search-label' : 'visually-hidden'}>
        {label}
      </label>
      <input
        id={id}
        name="address"
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={expanded && active >= 0 ? `${listboxId}-${active}` : undefined}
        value={value}
        placeholder={locationTexts.placeholder}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        enterKeyHint="search"
        onChange={(event) => {
          setValue(event.currentTarget.value);
          setQuery(event.currentTarget.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
        }}
        onClick={() => setOpen(true)}
      />
      <div className="location-autocomplete-popup" hidden={!showPopup}>
        <div id={listboxId} role="listbox" aria-label={label} hidden={!expanded}>
          {places.map((place, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's text box handles the keys (APG: focus stays in the box)
            <div
              key={place.id}
              id={`${listboxId}-${index}`}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              className={index === active ? 'location-option active' : 'location-option'}
              // Keep the focus in the box; the click then chooses.
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => index !== active && setActive(index)}
              onClick={() => choose(place)}
            >
              <PlaceLabel place={place} />
            </div>
          ))}
        </div>
        {message ? (
          <p
            className={
              status === 'error' ? 'location-autocomplete-message error' : 'location-autocomplete-message'
            }
          >
            {message}
          </p>
        ) : null}
        {expanded ? (
          <p className="location-autocomplete-attribution">Places: SimpleMaps (CC BY 4.0)</p>
        ) : null}
      </div>
      <div role="status" aria-live="polite" className="visually-hidden">
        {announcement}
      </div>
    </div>
  );
}

/** The address with the place's name in bold: "**Toronto**, Ontario, Canada". */
function PlaceLabel({ place }: { place: Place }) {
  const rest = place.address.startsWith(place.name) ? place.address.slice(place.name.length) : undefined;
  if (rest === undefined) return <>{place.address}</>;
  return (
    <>
      <strong>{place.name}</strong>
      {rest}
    </>
  );
}

/**
 * The search form's location variant (SearchForm loads it lazily when `searchType` is 'location'):
 * choosing a place opens the search page with its address and bounds, and its origin only when
 * `locationSearchUsesOrigin`. The box starts with the address of the search being shown, if any.
 */
export function LocationSearchForm({
  id,
  landmarkLabel,
  className = 'search-form',
  label = 'Search by location',
  showLabel = false,
  replace = false,
  onSubmitted,
}: SearchFormProps) {
  const navigate = useNavigate();
  const { address } = useSearch({ strict: false }) as { address?: string };
  const onSelect = (place: Place) => {
    navigate({
      to: '/s',
      search: locationSearchParams(place, siteSettings.locationSearchUsesOrigin),
      replace,
    });
    onSubmitted?.();
  };
  return (
    <search className={className} aria-label={landmarkLabel}>
      <form action="/s" method="get" onSubmit={(event) => event.preventDefault()}>
        <LocationAutocomplete
          key={address ?? ''}
          id={id}
          label={label}
          showLabel={showLabel}
          defaultValue={address}
          onSelect={onSelect}
        />
      </form>
    </search>
  );
}
