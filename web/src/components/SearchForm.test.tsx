import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { siteSettings } from '../../../shared/config/site';
import { parseSearch, stringifySearch, validateSearchParams } from '../search/params';
import {
  type ComboboxKeyState,
  comboboxKeyAction,
  fetchPlaces,
  LocationAutocomplete,
  locationTexts,
} from './LocationAutocomplete';
import { SearchForm } from './SearchForm';

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

const original = { ...siteSettings };
afterEach(() => {
  Object.assign(siteSettings, original);
  vi.unstubAllGlobals();
});

describe('SearchForm variant (§2: keywords or location, by configuration)', () => {
  it('is the keywords box by default: a GET form to /s that works without JavaScript', async () => {
    expect(siteSettings.searchType).toBe('keywords');
    const html = await renderAt('/', <SearchForm id="box" landmarkLabel="Site" defaultValue="trek" />);
    expect(html).toContain('<form action="/s" method="get">');
    const input = inputTag(html, 'box');
    for (const attribute of ['name="keywords"', 'type="search"', 'value="trek"'])
      expect(input).toContain(attribute);
    expect(html).toContain('class="search-button"');
    expect(html).not.toContain('role="combobox"');
  });

  it('is the location autocomplete when configured, loaded lazily, starting from the current address', async () => {
    siteSettings.searchType = 'location';
    const url = '/s?address=Toronto,+Ontario,+Canada&bounds=44.05603,-78.93822,43.42737,-79.80838';
    const html = await renderAt(url, <SearchForm id="box" landmarkLabel="Site" />);
    expect(html).toContain('aria-label="Site"');
    expect(html).not.toContain('name="keywords"');
    expect(html).not.toContain('search-button');
    // Until the lazy chunk is there, a placeholder box of the same id and label.
    expect(html).toContain('<label for="box" class="visually-hidden">Search by location</label>');
    expect(inputTag(html, 'box')).toContain('readOnly');
    expect(html).not.toContain('role="combobox"');

    // Once loaded, the combobox takes its place.
    await import('./LocationAutocomplete');
    await new Promise((resolve) => setTimeout(resolve, 0));
    const loaded = await renderAt(url, <SearchForm id="box" landmarkLabel="Site" />);
    const combobox = inputTag(loaded, 'box');
    expect(combobox).toContain('role="combobox"');
    expect(combobox).toContain('value="Toronto, Ontario, Canada"');
    expect(combobox).not.toContain('readOnly');
  });
});

describe('LocationAutocomplete', () => {
  it('renders an APG combobox: collapsed, controlling its listbox, with a status region', () => {
    const html = renderToString(
      <LocationAutocomplete id="where" label="Location" defaultValue="Tor" onSelect={() => {}} />,
    );
    const listboxId = /<div id="([^"]+)" role="listbox"/.exec(html)?.[1];
    expect(listboxId).toBeTruthy();
    expect(html).toContain(`aria-controls="${listboxId}"`);
    const input = inputTag(html, 'where');
    for (const attribute of ['role="combobox"', 'aria-autocomplete="list"', 'aria-expanded="false"']) {
      expect(input).toContain(attribute);
    }
    expect(html).not.toContain('aria-activedescendant');
    expect(html).toContain('value="Tor"');
    expect(html).toMatch(/<label for="where" class="visually-hidden">Location<\/label>/);
    expect(html).toContain('role="status"');
    expect(html).toMatch(/role="listbox" aria-label="Location" hidden/);
  });

  it('asks GET /api/places for 5 places without a token', async () => {
    const place = {
      id: '1',
      name: 'Toronto',
      address: 'Toronto, Ontario, Canada',
      origin: { lat: 43.7, lng: -79.4 },
      bounds: { ne: { lat: 44, lng: -79 }, sw: { lat: 43, lng: -80 } },
    };
    const fetchMock = vi.fn(async () => Response.json({ data: [place] }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await fetchPlaces('São Paulo & co')).toEqual([place]);
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
