import { renderToString } from 'react-dom/server';
import { Form } from 'react-final-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Place } from '../../../shared/maps';
import { LocationAutocomplete } from './LocationAutocomplete';
import { PlaceField, placeFieldTexts } from './PlaceField';
import {
  type ComboboxKeyState,
  comboboxKeyAction,
  fetchPlaces,
  locationTexts,
  PlaceOptions,
  placeComboboxView,
  placeOptionId,
} from './place-combobox';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A place around a point (bounds half a degree either way). */
const place = (id: string, name: string, address: string, lat: number, lng: number): Place => ({
  id,
  name,
  address,
  origin: { lat, lng },
  bounds: { ne: { lat: lat + 0.5, lng: lng + 0.5 }, sw: { lat: lat - 0.5, lng: lng - 0.5 } },
});
const toronto = place('1', 'Toronto', 'Toronto, Ontario, Canada', 43.7, -79.4);
const torrance = place('2', 'Torrance', 'Torrance, California, United States', 33.8, -118.3);

describe('fetchPlaces', () => {
  it('asks GET /api/places for 5 places without a token', async () => {
    const fetchMock = vi.fn(async () => Response.json({ data: [toronto] }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await fetchPlaces('São Paulo & co')).toEqual([toronto]);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/places?q=S%C3%A3o%20Paulo%20%26%20co&limit=5');
    expect(init.headers).not.toHaveProperty('authorization');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ errors: [{ status: 500 }] }, { status: 500 })),
    );
    await expect(fetchPlaces('tor')).rejects.toThrow();
  });

  it('has the texts for loading, no results and errors', () => {
    expect(locationTexts.noResults).toBe('No places found');
    expect(locationTexts.found(1)).toBe('1 place found');
    expect(locationTexts.found(3)).toBe('3 places found');
  });
});

describe('comboboxKeyAction (APG keyboard)', () => {
  const open: ComboboxKeyState = {
    active: -1,
    count: 3,
    expanded: true,
    popupShown: true,
    settled: true,
    hasValue: true,
  };

  it('moves through the options with Down and Up, wrapping, and opens a closed list', () => {
    expect(comboboxKeyAction('ArrowDown', open)).toEqual({ type: 'move', active: 0 });
    expect(comboboxKeyAction('ArrowDown', { ...open, active: 2 })).toEqual({ type: 'move', active: 0 });
    expect(comboboxKeyAction('ArrowUp', open)).toEqual({ type: 'move', active: 2 });
    expect(comboboxKeyAction('ArrowUp', { ...open, active: 2 })).toEqual({ type: 'move', active: 1 });
    expect(comboboxKeyAction('ArrowUp', { ...open, active: 0 })).toEqual({ type: 'move', active: 2 });
    const closed = { ...open, active: 1, expanded: false, popupShown: false };
    expect(comboboxKeyAction('ArrowDown', closed)).toEqual({ type: 'move', active: 0 });
    expect(comboboxKeyAction('ArrowUp', closed)).toEqual({ type: 'move', active: 2 });
    expect(comboboxKeyAction('ArrowDown', { ...open, count: 0, expanded: false })).toEqual({ type: 'none' });
    expect(comboboxKeyAction('ArrowUp', { ...open, count: 0, expanded: false })).toEqual({ type: 'none' });
  });

  it('chooses the active option with Enter, or the first once the list is up to date, never submitting', () => {
    expect(comboboxKeyAction('Enter', { ...open, active: 1 })).toEqual({ type: 'choose', index: 1 });
    expect(comboboxKeyAction('Enter', open)).toEqual({ type: 'choose', index: 0 });
    expect(comboboxKeyAction('Enter', { ...open, settled: false })).toEqual({ type: 'close' });
    expect(comboboxKeyAction('Enter', { ...open, active: 1, settled: false })).toEqual({
      type: 'choose',
      index: 1,
    });
    expect(comboboxKeyAction('Enter', { ...open, expanded: false })).toEqual({ type: 'close' });
  });

  it('closes with Escape, then clears; Tab closes and moves on', () => {
    expect(comboboxKeyAction('Escape', open)).toEqual({ type: 'close' });
    expect(comboboxKeyAction('Escape', { ...open, popupShown: false })).toEqual({ type: 'clear' });
    expect(comboboxKeyAction('Escape', { ...open, popupShown: false, hasValue: false })).toEqual({
      type: 'none',
    });
    expect(comboboxKeyAction('Tab', open)).toEqual({ type: 'close-quietly' });
    expect(comboboxKeyAction('a', open)).toEqual({ type: 'none' });
  });
});

describe('placeComboboxView', () => {
  it('shows nothing while idle or closed', () => {
    expect(placeComboboxView({ open: true, status: 'idle', count: 0 })).toEqual({
      expanded: false,
      showPopup: false,
      popupMessage: undefined,
      announcement: '',
    });
    const closed = placeComboboxView({ open: false, status: 'done', count: 2 });
    expect(closed).toMatchObject({ expanded: false, showPopup: false, announcement: '' });
  });

  it('says it is searching until the first answer, keeping older options meanwhile', () => {
    expect(placeComboboxView({ open: true, status: 'loading', count: 0 })).toEqual({
      expanded: false,
      showPopup: true,
      popupMessage: locationTexts.loading,
      announcement: '',
    });
    expect(placeComboboxView({ open: true, status: 'loading', count: 2 })).toMatchObject({
      expanded: true,
      popupMessage: undefined,
    });
  });

  it('announces the result count, no results and errors', () => {
    expect(placeComboboxView({ open: true, status: 'done', count: 3 })).toEqual({
      expanded: true,
      showPopup: true,
      popupMessage: undefined,
      announcement: '3 places found',
    });
    expect(placeComboboxView({ open: true, status: 'done', count: 0 })).toEqual({
      expanded: false,
      showPopup: true,
      popupMessage: 'No places found',
      announcement: 'No places found',
    });
    expect(placeComboboxView({ open: true, status: 'error', count: 0 })).toEqual({
      expanded: false,
      showPopup: true,
      popupMessage: locationTexts.error,
      announcement: locationTexts.error,
    });
  });
});

describe('PlaceOptions', () => {
  const combobox = {
    listboxId: 'lb',
    places: [toronto, torrance],
    active: 1,
    setActive: () => {},
    choose: () => {},
    ...placeComboboxView({ open: true, status: 'done', count: 2 }),
    status: 'done' as const,
  };

  it('lists the places as options, the active one selected, with the attribution and status', () => {
    const html = renderToString(<PlaceOptions combobox={combobox} label="Where" />);
    expect(html).toContain('<div class="location-autocomplete-popup">');
    expect(html).toContain('<div id="lb" role="listbox" aria-label="Where">');
    expect(html).toContain(
      `<div id="${placeOptionId('lb', 0)}" role="option" tabindex="-1" aria-selected="false" class="location-option">Toronto, Ontario, Canada</div>`,
    );
    expect(html).toContain(
      '<div id="lb-1" role="option" tabindex="-1" aria-selected="true" class="location-option active">Torrance, California, United States</div>',
    );
    expect(html).toContain('Places: SimpleMaps (CC BY 4.0)');
    expect(html).toContain(
      '<div role="status" aria-live="polite" class="visually-hidden">2 places found</div>',
    );
    expect(html).not.toContain('location-autocomplete-message');
  });

  it('renders options its own way, and a message instead of an empty list', () => {
    const bold = renderToString(
      <PlaceOptions combobox={combobox} label="Where" renderPlace={(place) => <b>{place.name}</b>} />,
    );
    expect(bold).toContain('<b>Toronto</b>');
    const failed = renderToString(
      <PlaceOptions
        combobox={{
          ...combobox,
          places: [],
          active: -1,
          status: 'error',
          ...placeComboboxView({ open: true, status: 'error', count: 0 }),
        }}
        label="Where"
      />,
    );
    expect(failed).toContain('<div id="lb" role="listbox" aria-label="Where" hidden="">');
    expect(failed).toContain(`<p class="location-autocomplete-message error">${locationTexts.error}</p>`);
    expect(failed).not.toContain('SimpleMaps');
  });
});

describe('the two place comboboxes', () => {
  /** The combobox markup, with the generated ids named. */
  const normalise = (html: string) => {
    const listboxId = /<div id="([^"]+)" role="listbox"/.exec(html)?.[1] ?? 'none';
    return html.replaceAll(listboxId, 'LISTBOX');
  };

  it('the address field is the same APG combobox, holding `{ search, selectedPlace }`', () => {
    const html = normalise(
      renderToString(
        <Form
          onSubmit={() => {}}
          initialValues={{ pickup: { search: 'Toronto, Ontario, Canada' } }}
          render={() => <PlaceField name="pickup" label="Pickup address" hint="Choose a city" required />}
        />,
      ),
    );
    const input = /<input [^>]*>/.exec(html)?.[0] ?? '';
    for (const attribute of [
      'name="pickup"',
      'type="text"',
      'role="combobox"',
      'aria-autocomplete="list"',
      'aria-expanded="false"',
      'aria-controls="LISTBOX"',
      'aria-required="true"',
      'aria-describedby=',
      'value="Toronto, Ontario, Canada"',
      `placeholder="${placeFieldTexts.placeholder}"`,
      'autoComplete="off"',
    ])
      expect(input).toContain(attribute);
    expect(input).not.toContain('aria-activedescendant');
    expect(html).toContain('<div class="location-autocomplete">');
    expect(html).toContain('<div id="LISTBOX" role="listbox" aria-label="Pickup address" hidden="">');
    expect(html).toContain('<div role="status" aria-live="polite" class="visually-hidden"></div>');
  });

  it('share the popup markup with the location search', () => {
    /** From the popup to the end of the status region. */
    const popup = (html: string) =>
      /<div class="location-autocomplete-popup".*?<div role="status"[^>]*>[^<]*<\/div>/.exec(
        normalise(html),
      )?.[0];
    const search = renderToString(<LocationAutocomplete id="where" label="Where" onSelect={() => {}} />);
    const field = renderToString(
      <Form onSubmit={() => {}} render={() => <PlaceField name="pickup" label="Where" />} />,
    );
    expect(popup(search)).toContain('role="listbox"');
    expect(popup(field)).toBe(popup(search));
  });
});
