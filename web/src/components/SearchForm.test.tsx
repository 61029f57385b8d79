import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import type { KeyboardEvent, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { siteSettings } from '../../../shared/config/site';
import type { Place } from '../../../shared/maps';
import { parseSearch, stringifySearch, validateSearchParams } from '../search/params';
import {
  type HandOver,
  handOverOf,
  LocationAutocomplete,
  placeBoxKey,
  searchOf,
  takeOver,
} from './LocationAutocomplete';
import { locationTexts } from './place-combobox';
import { loadPlaceBox, PlaceMessage, SearchForm } from './SearchForm';

/** Renders `node` on the page at `url` of a one-route router with the app's search format. */
async function renderAt(url: string, node: ReactNode): Promise<string> {
  const root = createRootRoute({ component: Outlet });
  const path = new URL(url, 'http://localhost').pathname;
  const router = createRouter({
    routeTree: root.addChildren([
      createRoute({
        getParentRoute: () => root,
        path,
        validateSearch: validateSearchParams,
        component: () => node,
      }),
    ]),
    history: createMemoryHistory({ initialEntries: [url] }),
    parseSearch,
    stringifySearch,
  });
  await router.load();
  return renderToString(<RouterProvider router={router} />);
}

/** The whole `<input id="…">` tag of the html. */
const inputTag = (html: string, id: string) => new RegExp(`<input id="${id}"[^>]*>`).exec(html)?.[0] ?? '';
const count = (html: string, text: string) => html.split(text).length - 1;

const toronto: Place = {
  id: '1',
  name: 'Toronto',
  address: 'Toronto, Ontario, Canada',
  origin: { lat: 43.7, lng: -79.4 },
  bounds: { ne: { lat: 44.2, lng: -78.9 }, sw: { lat: 43.2, lng: -79.9 } },
};
const torontoSearch = {
  address: 'Toronto, Ontario, Canada',
  bounds: '44.2,-78.9,43.2,-79.9',
  origin: '43.7,-79.4',
};
/** A gazetteer that answers `places` and records what it was asked. */
const gazetteer = (places: Place[]) => vi.fn(async (_query: string, _signal: AbortSignal) => places);

const original = { ...siteSettings };
afterEach(() => {
  Object.assign(siteSettings, original);
  vi.unstubAllGlobals();
});

describe('SearchForm (§2, issue 22: keywords and an optional place)', () => {
  it('is one search landmark with one GET form, two labelled boxes and one button; no combobox in the first load', async () => {
    const html = await renderAt('/', <SearchForm id="box" landmarkLabel="Site" />);
    expect(count(html, '<search')).toBe(1);
    expect(html).toContain('<search class="search-form" aria-label="Site">');
    expect(count(html, '<form')).toBe(1);
    expect(html).toContain('<form action="/s" method="get">');
    expect(html).toContain('<label for="box" class="visually-hidden">Search listings</label>');
    const keywords = inputTag(html, 'box');
    for (const attribute of ['name="keywords"', 'type="search"', 'placeholder="Search bikes and gear"'])
      expect(keywords).toContain(attribute);
    expect(html).toContain('<label for="box-place" class="visually-hidden">Location</label>');
    const place = inputTag(html, 'box-place');
    for (const attribute of ['name="address"', 'type="text"', 'placeholder="Anywhere"', 'autoComplete="off"'])
      expect(place).toContain(attribute);
    expect(count(html, '<input')).toBe(2);
    expect(count(html, '<button')).toBe(1);
    expect(html).toContain('<button type="submit" class="search-button" aria-busy="false">');
    expect(html).not.toContain('role="combobox"');
  });

  it('shows visible labels when asked (the phone sheet, stacked)', async () => {
    const html = await renderAt('/', <SearchForm id="m" landmarkLabel="Search listings" showLabel />);
    expect(html).toContain('<label for="m" class="search-label">Search listings</label>');
    expect(html).toContain('<label for="m-place" class="search-label">Location</label>');
  });

  it('starts with the keywords and the place of the search being shown', async () => {
    const url = `/s?keywords=trek&address=Toronto,+Ontario,+Canada&bounds=${torontoSearch.bounds}`;
    const current = validateSearchParams(parseSearch(url.slice(2)));
    const html = await renderAt(url, <SearchForm id="box" landmarkLabel="Site" current={current} />);
    expect(inputTag(html, 'box')).toContain('value="trek"');
    expect(inputTag(html, 'box-place')).toContain('value="Toronto, Ontario, Canada"');
  });

  it('loads the combobox module once, on demand', async () => {
    const first = loadPlaceBox();
    expect(loadPlaceBox()).toBe(first);
    expect((await first).LocationAutocomplete).toBe(LocationAutocomplete);
  });
});

describe('searchOf: the search a submit opens', () => {
  it('searches by keywords only when the place box is blank, even after a place was chosen', async () => {
    const loadPlaces = gazetteer([toronto]);
    expect(await searchOf('  trek  ', '   ', torontoSearch, loadPlaces)).toEqual({ keywords: 'trek' });
    expect(await searchOf('', '', undefined, loadPlaces)).toEqual({});
    expect(loadPlaces).not.toHaveBeenCalled();
  });

  it('uses the place chosen while the box shows its address: address, bounds and origin', async () => {
    const loadPlaces = gazetteer([]);
    const search = await searchOf('trek', 'Toronto,  Ontario, Canada ', torontoSearch, loadPlaces);
    expect(search).toEqual({ keywords: 'trek', ...torontoSearch });
    expect(loadPlaces).not.toHaveBeenCalled();
    // The search being shown is the chosen place at first; its filters start afresh.
    const current = { ...torontoSearch, keywords: 'old', pub_category: 'road', page: 3 };
    expect(await searchOf('new', torontoSearch.address, current, loadPlaces)).toEqual({
      keywords: 'new',
      ...torontoSearch,
    });
  });

  it('looks up the first place for typed text that was not chosen', async () => {
    const loadPlaces = gazetteer([toronto, { ...toronto, id: '2', address: 'Toronto, Ohio, United States' }]);
    expect(await searchOf('trek', ' toronto  on ', undefined, loadPlaces)).toEqual({
      keywords: 'trek',
      ...torontoSearch,
    });
    expect(loadPlaces.mock.calls[0]?.[0]).toBe('toronto on');
    // Text changed after a choice: the text wins.
    const paris: Place = { ...toronto, id: '3', address: 'Paris, France', origin: { lat: 48.9, lng: 2.4 } };
    const search = await searchOf('', 'Paris', torontoSearch, gazetteer([paris]));
    expect(search).toMatchObject({ address: 'Paris, France', origin: '48.9,2.4' });
  });

  it('leaves the origin out when the site does not order by distance', async () => {
    siteSettings.locationSearchUsesOrigin = false;
    const search = await searchOf('', 'Toronto', undefined, gazetteer([toronto]));
    expect(search).toEqual({ address: torontoSearch.address, bounds: torontoSearch.bounds });
  });

  it('answers the message to show when no place matches, or the places cannot be loaded', async () => {
    expect(await searchOf('trek', 'Atlantis', undefined, gazetteer([]))).toBe(
      'No places found for “Atlantis”. Try a city or region name.',
    );
    const failing = vi.fn(async () => Promise.reject(new Error('offline')));
    expect(await searchOf('trek', 'Toronto', undefined, failing)).toBe(locationTexts.error);
  });

  it('asks GET /api/places by default', async () => {
    const fetchMock = vi.fn(async () => Response.json({ data: [toronto] }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await searchOf('', 'Toronto', undefined)).toMatchObject({ address: torontoSearch.address });
    expect(String(fetchMock.mock.calls[0]?.[0 as never])).toContain('/api/places?q=Toronto');
  });

  it('is on by default: keywords and a place, nearest first', () => {
    expect(original.locationSearchUsesOrigin).toBe(true);
  });
});

describe('The combobox taking over from the plain box', () => {
  /** A plain box in a page whose focus is on `active` (the box itself by default). */
  const plainBox = (value: string, caret: number, focused = true) => {
    const input = { value, selectionStart: caret, selectionEnd: caret } as HTMLInputElement & {
      ownerDocument: { activeElement: unknown };
    };
    Object.assign(input, { ownerDocument: { activeElement: focused ? input : null } });
    return input;
  };

  it('reads the text, focus and caret of the plain box', () => {
    expect(handOverOf(plainBox('Tor', 2), '')).toEqual({
      value: 'Tor',
      typed: true,
      focused: true,
      start: 2,
      end: 2,
    });
    expect(handOverOf(plainBox('Toronto', 7, false), 'Toronto')).toMatchObject({
      typed: false,
      focused: false,
    });
    expect(handOverOf(null, '')).toBeUndefined();
  });

  it('renders with what was typed in the plain box of the same id', () => {
    const input = plainBox('Tor', 3);
    const getElementById = vi.fn(() => input);
    vi.stubGlobal('document', { getElementById });
    const html = renderToString(<LocationAutocomplete id="box-place" defaultValue="" onSelect={() => {}} />);
    expect(getElementById).toHaveBeenCalledWith('box-place');
    const combobox = inputTag(html, 'box-place');
    for (const attribute of ['role="combobox"', 'name="address"', 'value="Tor"', 'placeholder="Anywhere"'])
      expect(combobox).toContain(attribute);
  });

  it('takes the focus and caret, and looks up what was typed', () => {
    const box = { focus: vi.fn(), setSelectionRange: vi.fn() };
    const search = vi.fn();
    const handOver: HandOver = { value: 'Tor', typed: true, focused: true, start: 1, end: 3 };
    takeOver(box as unknown as HTMLInputElement, handOver, { search });
    expect(box.focus).toHaveBeenCalled();
    expect(box.setSelectionRange).toHaveBeenCalledWith(1, 3);
    expect(search).toHaveBeenCalledWith('Tor');

    const quiet = { focus: vi.fn(), setSelectionRange: vi.fn() };
    const untouched = vi.fn();
    takeOver(
      quiet as unknown as HTMLInputElement,
      { ...handOver, typed: false, focused: false },
      { search: untouched },
    );
    expect(quiet.focus).not.toHaveBeenCalled();
    expect(untouched).not.toHaveBeenCalled();
  });
});

describe('LocationAutocomplete (the place box)', () => {
  it('renders an APG combobox: collapsed, controlling its listbox, with a status region', () => {
    const html = renderToString(<LocationAutocomplete id="where" defaultValue="Tor" onSelect={() => {}} />);
    const listboxId = /<div id="([^"]+)" role="listbox"/.exec(html)?.[1];
    expect(listboxId).toBeTruthy();
    expect(html).toContain(`aria-controls="${listboxId}"`);
    const input = inputTag(html, 'where');
    for (const attribute of ['role="combobox"', 'aria-autocomplete="list"', 'aria-expanded="false"'])
      expect(input).toContain(attribute);
    expect(input).not.toContain('aria-activedescendant');
    expect(input).not.toContain('aria-describedby');
    expect(html).toContain('value="Tor"');
    expect(html).toContain('role="status"');
    expect(html).toMatch(/role="listbox" aria-label="Location" hidden/);
    expect(html).not.toContain('role="alert"');
  });

  it('shows a message under the box, describing it', () => {
    const message = 'No places found for “Atlantis”. Try a city or region name.';
    const html = renderToString(
      <LocationAutocomplete id="where" describedBy="where-message" onSelect={() => {}} />,
    );
    expect(inputTag(html, 'where')).toContain('aria-describedby="where-message"');
    expect(renderToString(<PlaceMessage id="where" message={message} />)).toContain(
      `<p id="where-message" role="alert" class="search-place-message">${message}</p>`,
    );
    expect(renderToString(<PlaceMessage id="where" message={undefined} />)).toBe('');
  });

  it('lets Enter submit the form while the list is closed, and choose while it is open', () => {
    const key = (expanded: boolean, name = 'Enter') => {
      const combobox = { expanded, close: vi.fn(), onKeyDown: vi.fn() };
      const event = { key: name, preventDefault: vi.fn() } as unknown as KeyboardEvent<HTMLInputElement>;
      placeBoxKey(event, combobox);
      return { combobox, event };
    };
    const closed = key(false);
    expect(closed.combobox.onKeyDown).not.toHaveBeenCalled();
    expect(closed.event.preventDefault).not.toHaveBeenCalled();
    expect(closed.combobox.close).toHaveBeenCalled();
    expect(key(true).combobox.onKeyDown).toHaveBeenCalled();
    expect(key(false, 'Escape').combobox.onKeyDown).toHaveBeenCalled();
  });
});
