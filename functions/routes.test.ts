import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { apiPath, apiRoutes } from '../shared/api/routes';
import { routeHandlers, routes } from './routes';

const functionsDir = path.dirname(fileURLToPath(import.meta.url));

describe('named routes', () => {
  it('the API names and the route table name the same routes, each with an existing handler', () => {
    expect(Object.keys(routeHandlers).sort()).toEqual(Object.keys(apiRoutes).sort());
    expect(routes).toHaveLength(Object.keys(apiRoutes).length);
    for (const route of routes)
      expect(existsSync(path.join(functionsDir, `${route.handler}.ts`)), route.handler).toBe(true);
    // One handler per route, and no method and path twice.
    expect(new Set(routes.map((route) => route.handler)).size).toBe(routes.length);
    expect(new Set(routes.map((route) => `${route.method} ${route.path}`)).size).toBe(routes.length);
  });

  it('builds paths with their parameters encoded, a greedy one segment by segment', () => {
    expect(apiPath('showListing', { id: 'a b/c' })).toBe('/api/listings/a%20b%2Fc');
    expect(apiPath('removeImage', { id: 'l1', imageId: 'i?1' })).toBe('/api/own-listings/l1/images/i%3F1');
    expect(apiPath('hostedAsset', { version: 'latest', path: 'copy/en GB.json' })).toBe(
      '/api/assets/latest/copy/en%20GB.json',
    );
    expect(apiPath('searchListings')).toBe('/api/listings');
    // @ts-expect-error a route with a path parameter needs it
    expect(() => apiPath('showListing')).toThrow('showListing: no value for the path parameter id');
  });
});
