import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { route } from '../../../shared/api/routes';
import type { Place } from '../../../shared/maps';
import { normalisePlaceQuery } from '../../../shared/validation/filters';
import { callApi } from '../api/client';
import './LocationAutocomplete.css';

/** Wait this long after the last keystroke before asking for places. */
export const placeSearchDebounceMs = 250;
/** How many places the list offers. */
export const placeSuggestionCount = 5;

export const locationTexts = {
  loading: 'Searching places…',
  noResults: 'No places found',
  error: 'Could not load places. Please check your connection and try again.',
  found: (count: number) => (count === 1 ? '1 place found' : `${count} places found`),
} as const;

/** `GET /api/places`: the places whose name starts with the query, best first. */
export async function fetchPlaces(query: string, signal?: AbortSignal): Promise<Place[]> {
  const q = encodeURIComponent(query);
  const body = await callApi(route('searchPlaces'), {
    query: `?q=${q}&limit=${placeSuggestionCount}`,
    // A public route: no need to wait for the session's token.
    token: null,
    ...(signal ? { signal } : {}),
  });
  return body.data;
}

/** Where the places come from (tests pass their own). */
export type LoadPlaces = (query: string, signal: AbortSignal) => Promise<Place[]>;

/** The place search: nothing asked, waiting for (or debouncing) an answer, answered, failed. */
export type PlaceSearchStatus = 'idle' | 'loading' | 'done' | 'error';

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

/** What the combobox shows for its state (pure, so both boxes show the same). */
export interface PlaceComboboxView {
  /** The list is shown (open, with options): `aria-expanded`. */
  expanded: boolean;
  /** The popup (list or message) is shown. */
  showPopup: boolean;
  /** The popup's message instead of (or while waiting for) options. */
  popupMessage: string | undefined;
  /** What the status region announces. */
  announcement: string;
}

export function placeComboboxView({
  open,
  status,
  count,
}: {
  open: boolean;
  status: PlaceSearchStatus;
  count: number;
}): PlaceComboboxView {
  let popupMessage: string | undefined;
  if (status === 'loading' && count === 0) popupMessage = locationTexts.loading;
  else if (status === 'done' && count === 0) popupMessage = locationTexts.noResults;
  else if (status === 'error') popupMessage = locationTexts.error;

  let announcement = '';
  if (open) {
    if (status === 'done') announcement = count ? locationTexts.found(count) : locationTexts.noResults;
    else if (status === 'error') announcement = locationTexts.error;
  }
  return { expanded: open && count > 0, showPopup: open && status !== 'idle', popupMessage, announcement };
}

/** The id of option `index` of the listbox `listboxId`. */
export const placeOptionId = (listboxId: string, index: number) => `${listboxId}-${index}`;

export interface PlaceComboboxOptions {
  loadPlaces: LoadPlaces;
  /** The box has text (Escape on a closed popup then clears it). */
  hasValue: boolean;
  /** A place was chosen (click, or Enter on the active or first option); the popup is closed. */
  onChoose: (place: Place) => void;
  /** Escape on a closed popup: empty the box. */
  onClear: () => void;
}

export interface PlaceCombobox extends PlaceComboboxView {
  listboxId: string;
  status: PlaceSearchStatus;
  places: Place[];
  /** The option in focus, -1 for none. */
  active: number;
  setActive: (index: number) => void;
  choose: (place: Place) => void;
  /** The box's text changed: ask for places (debounced) and open the popup. */
  search: (text: string) => void;
  /** Close the popup (blur). */
  close: () => void;
  /** The combobox's role and state attributes for the text box (after its id, name and type). */
  ariaProps: {
    role: 'combobox';
    'aria-autocomplete': 'list';
    'aria-expanded': boolean;
    'aria-controls': string;
    'aria-activedescendant': string | undefined;
  };
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  /** A click opens the popup again. */
  onClick: () => void;
}

/**
 * The state of a place search combobox (WAI-ARIA APG, list popup, manual selection): typing asks
 * `loadPlaces` (debounced, the previous request aborted), the keys do what `comboboxKeyAction` says,
 * the option in focus is scrolled into view. The box's text stays with the caller.
 */
export function usePlaceCombobox({
  loadPlaces,
  hasValue,
  onChoose,
  onClear,
}: PlaceComboboxOptions): PlaceCombobox {
  const listboxId = useId();
  /** The text the user typed last (what places were asked for); null after a choice or at start. */
  const [query, setQuery] = useState<string | null>(null);
  const [status, setStatus] = useState<PlaceSearchStatus>('idle');
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
      document.getElementById(placeOptionId(listboxId, active))?.scrollIntoView?.({ block: 'nearest' });
  }, [active, listboxId]);

  const view = placeComboboxView({ open, status, count: places.length });
  const { expanded } = view;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const choose = (place: Place) => {
    setQuery(null);
    close();
    onChoose(place);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const action = comboboxKeyAction(event.key, {
      active,
      count: places.length,
      expanded,
      popupShown: view.showPopup,
      settled: status === 'done',
      hasValue,
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
        setQuery(null);
        onClear();
        return;
      default:
        close();
    }
  };

  return {
    ...view,
    listboxId,
    status,
    places,
    active,
    setActive,
    choose,
    search: (text) => {
      setQuery(text);
      setOpen(true);
    },
    close,
    ariaProps: {
      role: 'combobox',
      'aria-autocomplete': 'list',
      'aria-expanded': expanded,
      'aria-controls': listboxId,
      'aria-activedescendant': expanded && active >= 0 ? placeOptionId(listboxId, active) : undefined,
    },
    onKeyDown,
    onClick: () => setOpen(true),
  };
}

/**
 * The combobox's popup (the listbox of places, or a message, with the data's attribution) and its
 * status region; goes right after the text box, inside `.location-autocomplete`.
 */
export function PlaceOptions({
  combobox,
  label,
  renderPlace = (place) => place.address,
}: {
  combobox: Pick<
    PlaceCombobox,
    | 'listboxId'
    | 'places'
    | 'active'
    | 'setActive'
    | 'choose'
    | 'status'
    | 'expanded'
    | 'showPopup'
    | 'popupMessage'
    | 'announcement'
  >;
  /** The listbox's label (the text box's). */
  label: string;
  /** An option's content (the address by default). */
  renderPlace?: (place: Place) => ReactNode;
}) {
  const { listboxId, places, active, setActive, choose, status, expanded, popupMessage } = combobox;
  return (
    <>
      <div className="location-autocomplete-popup" hidden={!combobox.showPopup}>
        <div id={listboxId} role="listbox" aria-label={label} hidden={!expanded}>
          {places.map((place, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's text box handles the keys (APG: focus stays in the box)
            <div
              key={place.id}
              id={placeOptionId(listboxId, index)}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              className={index === active ? 'location-option active' : 'location-option'}
              // Keep the focus in the box; the click then chooses.
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => index !== active && setActive(index)}
              onClick={() => choose(place)}
            >
              {renderPlace(place)}
            </div>
          ))}
        </div>
        {popupMessage ? (
          <p
            className={
              status === 'error' ? 'location-autocomplete-message error' : 'location-autocomplete-message'
            }
          >
            {popupMessage}
          </p>
        ) : null}
        {expanded ? (
          <p className="location-autocomplete-attribution">Places: SimpleMaps (CC BY 4.0)</p>
        ) : null}
      </div>
      <div role="status" aria-live="polite" className="visually-hidden">
        {combobox.announcement}
      </div>
    </>
  );
}
