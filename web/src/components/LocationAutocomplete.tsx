import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { siteSettings } from '../../../shared/config/site';
import type { Place } from '../../../shared/maps';
import { pages } from '../../../shared/pages';
import { locationSearchParams } from '../search/params';
import {
  fetchPlaces,
  type LoadPlaces,
  locationTexts,
  PlaceOptions,
  usePlaceCombobox,
} from './place-combobox';
import type { SearchFormProps } from './SearchForm';

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
  loadPlaces?: LoadPlaces;
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
  const [value, setValue] = useState(defaultValue ?? '');
  const combobox = usePlaceCombobox({
    loadPlaces,
    hasValue: value !== '',
    onChoose: (place) => {
      setValue(place.address);
      onSelect(place);
    },
    onClear: () => setValue(''),
  });

  return (
    <div className="location-autocomplete">
      <label htmlFor={id} className={showLabel ? 'search-label' : 'visually-hidden'}>
        {label}
      </label>
      <input
        id={id}
        name="address"
        type="text"
        {...combobox.ariaProps}
        value={value}
        placeholder={locationTexts.placeholder}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        enterKeyHint="search"
        onChange={(event) => {
          setValue(event.currentTarget.value);
          combobox.search(event.currentTarget.value);
        }}
        onKeyDown={combobox.onKeyDown}
        onBlur={combobox.close}
        onClick={combobox.onClick}
      />
      <PlaceOptions combobox={combobox} label={label} renderPlace={(place) => <PlaceLabel place={place} />} />
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
  const { address } = useSearch({ strict: false });
  const onSelect = (place: Place) => {
    navigate({
      to: pages.search,
      search: locationSearchParams(place, siteSettings.locationSearchUsesOrigin),
      replace,
    });
    onSubmitted?.();
  };
  return (
    <search className={className} aria-label={landmarkLabel}>
      <form action={pages.search} method="get" onSubmit={(event) => event.preventDefault()}>
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
