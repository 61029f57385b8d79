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
import { LocationAutocomplete } from './LocationAutocomplete';
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
});
