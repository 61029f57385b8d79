import { useField } from 'react-final-form';
import type { Validator } from '../../../shared/validation/core';
import { FieldFrame } from '../forms/fields';
import { fetchPlaces, type LoadPlaces, PlaceOptions, usePlaceCombobox } from './place-combobox';
import { type PlaceFieldValue, pickedPlace } from './place-location';

export const placeFieldTexts = {
  placeholder: 'Search for your city',
} as const;

/**
 * An address field of a react-final-form form (the edit wizard's pickup address): the location
 * search's APG combobox (the same keys as LocationAutocomplete: Down/Up, Enter, Escape, Tab) over
 * `GET /api/places`, whose value is `{ search, selectedPlace }`. Typing clears the picked place, so
 * only a place chosen from the list is recognised (§5); the validators say what is missing. The
 * label, hint and message come from the forms' FieldFrame (aria-invalid, aria-describedby).
 */
export function PlaceField({
  name,
  label,
  hint,
  validate,
  required,
  loadPlaces = fetchPlaces,
}: {
  name: string;
  label: string;
  hint?: string;
  validate?: Validator<unknown>;
  required?: boolean;
  loadPlaces?: LoadPlaces;
}) {
  const { input, meta } = useField<PlaceFieldValue>(name, validate ? { validate } : {});
  const serverError =
    typeof meta.submitError === 'string' && !meta.dirtySinceLastSubmit ? meta.submitError : undefined;
  const message = meta.touched ? ((meta.error as string | undefined) ?? serverError) : undefined;
  const value: PlaceFieldValue = input.value || { search: '' };

  const combobox = usePlaceCombobox({
    // Only places in a country listings can be in are offered.
    loadPlaces: (query, signal) =>
      loadPlaces(query, signal).then((found) => found.filter((place) => pickedPlace(place))),
    hasValue: value.search !== '',
    onChoose: (place) => input.onChange({ search: place.address, selectedPlace: pickedPlace(place) }),
    onClear: () => input.onChange({ search: '' }),
  });

  return (
    <FieldFrame
      label={label}
      hint={hint}
      message={message}
      className="place-field"
      control={(ids) => (
        <div className="location-autocomplete">
          <input
            {...ids}
            name={name}
            type="text"
            {...combobox.ariaProps}
            aria-required={required ? true : undefined}
            value={value.search}
            placeholder={placeFieldTexts.placeholder}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            onChange={(event) => {
              const search = event.currentTarget.value;
              combobox.search(search);
              input.onChange({ search });
            }}
            onKeyDown={combobox.onKeyDown}
            onFocus={() => input.onFocus()}
            onBlur={() => {
              combobox.close();
              input.onBlur();
            }}
            onClick={combobox.onClick}
          />
          <PlaceOptions combobox={combobox} label={label} />
        </div>
      )}
    />
  );
}
