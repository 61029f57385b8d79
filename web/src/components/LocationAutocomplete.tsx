import { type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import { siteSettings } from '../../../shared/config/site';
import type { Place } from '../../../shared/maps';
import { normaliseAddress, normalisePlaceQuery } from '../../../shared/validation/filters';
import { locationSearchParams, type SearchParams, validateSearchParams } from '../search/params';
import {
  fetchPlaces,
  type LoadPlaces,
  locationTexts,
  type PlaceCombobox,
  PlaceOptions,
  usePlaceCombobox,
} from './place-combobox';
import { placeBoxPlaceholder } from './SearchForm';

export interface LocationAutocompleteProps {
  /** id of the text box (unique on the page); the search form renders its label. */
  id: string;
  /** The listbox's name (the box's label). */
  label?: string;
  defaultValue?: string | undefined;
  /** A place was chosen (click, or Enter on the active or first option): its search (`placeParams`). */
  onSelect: (place: SearchParams) => void;
  /** The id of the message about the box (no such place), which the search form shows under it. */
  describedBy?: string | undefined;
  /** For tests: where the places come from. */
  loadPlaces?: LoadPlaces;
}

/** What the first load's plain box holds as this box replaces it. */
export interface HandOver {
  value: string;
  /** Typed since the page showed it: this box then looks it up. */
  typed: boolean;
  focused: boolean;
  start: number | null;
  end: number | null;
}

/**
 * The search form's place box (§2, issue 22; SearchForm loads it on first use): a WAI-ARIA APG
 * combobox with a list popup and manual selection over `GET /api/places` (debounced, the previous
 * request aborted). Down/Up move through the options (wrapping), Enter chooses the active option
 * (or the first), Escape closes the list (or, when closed, clears the box), Tab and blur close it.
 * Choosing a place only fills the box; Enter while the list is closed submits the form. It takes
 * over the text, focus and caret of the plain box of the same id it replaces.
 */
export function LocationAutocomplete({
  id,
  label = 'Location',
  defaultValue = '',
  onSelect,
  describedBy,
  loadPlaces = fetchPlaces,
}: LocationAutocompleteProps) {
  // Read during the first render, while the plain box is still in the page.
  const [handOver] = useState(() =>
    handOverOf(globalThis.document?.getElementById(id) as HTMLInputElement | null, defaultValue),
  );
  const [value, setValue] = useState(handOver?.value ?? defaultValue);
  const inputRef = useRef<HTMLInputElement>(null);
  const combobox = usePlaceCombobox({
    loadPlaces,
    hasValue: value !== '',
    onChoose: (place) => {
      setValue(place.address);
      onSelect(placeParams(place));
    },
    onClear: () => setValue(''),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when this box replaces the plain one
  useLayoutEffect(() => {
    if (handOver && inputRef.current) takeOver(inputRef.current, handOver, combobox);
  }, []);

  return (
    <div className="location-autocomplete">
      <input
        id={id}
        ref={inputRef}
        name="address"
        type="text"
        {...combobox.ariaProps}
        aria-describedby={describedBy}
        value={value}
        placeholder={placeBoxPlaceholder}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        enterKeyHint="search"
        onChange={(event) => {
          setValue(event.currentTarget.value);
          combobox.search(event.currentTarget.value);
        }}
        onKeyDown={(event) => placeBoxKey(event, combobox)}
        onBlur={combobox.close}
        onClick={combobox.onClick}
      />
      <PlaceOptions combobox={combobox} label={label} renderPlace={(place) => <PlaceLabel place={place} />} />
    </div>
  );
}

/** The APG keys, except that Enter with no list to choose from submits the search (the form does). */
export function placeBoxKey(
  event: KeyboardEvent<HTMLInputElement>,
  combobox: Pick<PlaceCombobox, 'expanded' | 'close' | 'onKeyDown'>,
) {
  if (event.key === 'Enter' && !combobox.expanded) combobox.close();
  else combobox.onKeyDown(event);
}

/** The plain box's text, focus and caret (none without one). */
export function handOverOf(
  input: HTMLInputElement | null | undefined,
  defaultValue: string,
): HandOver | undefined {
  if (!input) return undefined;
  return {
    value: input.value,
    typed: input.value !== defaultValue,
    focused: input.ownerDocument.activeElement === input,
    start: input.selectionStart,
    end: input.selectionEnd,
  };
}

/**
 * This box takes over from the plain one: if it had the focus, the focus and caret where they were,
 * and the places for what was typed while this module loaded.
 */
export function takeOver(
  input: HTMLInputElement,
  handOver: HandOver,
  combobox: Pick<PlaceCombobox, 'search'>,
) {
  if (!handOver.focused) return;
  input.focus();
  input.setSelectionRange(handOver.start, handOver.end);
  if (handOver.typed) combobox.search(handOver.value);
}

/** The address with the place's name in bold: "**Toronto**, Ontario, Canada". */
function PlaceLabel({ place }: { place: Place }) {
  const rest = place.address.startsWith(place.name) ? place.address.slice(place.name.length) : undefined;
  if (rest === undefined) return <>{place.address}</>;
  // One span: the option is a flex box, and two flex items would wrap apart (and be named "München , …").
  return (
    <span>
      <strong>{place.name}</strong>
      {rest}
    </span>
  );
}

/** The search for a place (§2): its address and bounds, and its origin if the site says so. */
export const placeParams = (place: Place) =>
  locationSearchParams(place, siteSettings.locationSearchUsesOrigin);

/**
 * The place part of a search with typed but unchosen text: the gazetteer's first place for that
 * text, or the message to show next to the box (nothing found, or the places could not be loaded).
 */
export async function placeSearch(
  text: string,
  loadPlaces: LoadPlaces = fetchPlaces,
): Promise<SearchParams | string> {
  const query = normalisePlaceQuery(text);
  try {
    const [place] = query ? await loadPlaces(query, new AbortController().signal) : [];
    return place ? placeParams(place) : `No places found for “${text}”. Try a city or region name.`;
  } catch {
    return locationTexts.error;
  }
}

/**
 * The search a submit with text in the place box opens (§2, issue 22): the keywords and the place
 * chosen (or searched) if the box still shows its address, or else the first place for the text;
 * blank text searches everywhere. A string is the message to show instead (no such place).
 * Filters start afresh.
 */
export async function searchOf(
  keywords: unknown,
  placeText: unknown,
  chosen?: SearchParams,
  loadPlaces?: LoadPlaces,
): Promise<SearchParams | string> {
  const text = String(placeText).trim();
  const { address, bounds, origin } = chosen ?? {};
  const kept = address && normaliseAddress(text) === address ? { address, bounds, origin } : undefined;
  const place = (text ? kept : {}) ?? (await placeSearch(text, loadPlaces));
  return typeof place === 'string' ? place : validateSearchParams({ ...place, keywords });
}
