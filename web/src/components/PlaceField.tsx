import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useField } from 'react-final-form';
import type { Place } from '../../../shared/maps';
import type { Validator } from '../../../shared/validation/core';
import { normalisePlaceQuery } from '../../../shared/validation/filters';
import { FieldFrame } from '../forms/fields';
import { comboboxKeyAction, fetchPlaces, locationTexts, placeSearchDebounceMs } from './LocationAutocomplete';
import { type PlaceFieldValue, pickedPlace } from './place-location';
import './LocationAutocomplete.css';

type Status = 'idle' | 'loading' | 'done' | 'error';

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
  loadPlaces?: (query: string, signal: AbortSignal) => Promise<Place[]>;
}) {
  const { input, meta } = useField<PlaceFieldValue>(name, validate ? { validate } : {});
  const serverError =
    typeof meta.submitError === 'string' && !meta.dirtySinceLastSubmit ? meta.submitError : undefined;
  const message = meta.touched ? ((meta.error as string | undefined) ?? serverError) : undefined;
  const value: PlaceFieldValue = input.value || { search: '' };

  const listboxId = useId();
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
          setPlaces(found.filter((place) => pickedPlace(place)));
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
    const picked = pickedPlace(place);
    setQuery(null);
    setOpen(false);
    setActive(-1);
    input.onChange({ search: place.address, selectedPlace: picked });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const action = comboboxKeyAction(event.key, {
      active,
      count: places.length,
      expanded,
      popupShown: showPopup,
      settled: status === 'done',
      hasValue: value.search !== '',
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
        input.onChange({ search: '' });
        return;
      default:
        setOpen(false);
        setActive(-1);
    }
  };

  let popupMessage: string | undefined;
  if (status === 'loading' && places.length === 0) popupMessage = locationTexts.loading;
  else if (status === 'done' && places.length === 0) popupMessage = locationTexts.noResults;
  else if (status === 'error') popupMessage = locationTexts.error;

  let announcement = '';
  if (open) {
    if (status === 'done')
      announcement = places.length ? locationTexts.found(places.length) : locationTexts.noResults;
    else if (status === 'error') announcement = locationTexts.error;
  }

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
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listboxId}
            aria-activedescendant={expanded && active >= 0 ? `${listboxId}-${active}` : undefined}
            aria-required={required ? true : undefined}
            value={value.search}
            placeholder={placeFieldTexts.placeholder}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            onChange={(event) => {
              const search = event.currentTarget.value;
              setQuery(search);
              setOpen(true);
              input.onChange({ search });
            }}
            onKeyDown={onKeyDown}
            onFocus={() => input.onFocus()}
            onBlur={() => {
              setOpen(false);
              setActive(-1);
              input.onBlur();
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
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => index !== active && setActive(index)}
                  onClick={() => choose(place)}
                >
                  {place.address}
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
            {announcement}
          </div>
        </div>
      )}
    />
  );
}
