import { describe, expect, it } from 'vitest';
import { type Route, routes } from '../../../functions/routes';
import { compileRoute, pathParameters } from './api';

const route = (path: string): Route => ({
  method: 'GET',
  path: path as Route['path'],
  handler: 'x/y',
  auth: 'public',
});

describe('compileRoute', () => {
  it('matches one segment per {name}', () => {
    const entry = compileRoute(route('/api/users/{id}/listings'));
    expect(entry.pattern.test('/api/users/u1/listings')).toBe(true);
    expect(entry.pattern.test('/api/users/u1/x/listings')).toBe(false);
    expect(pathParameters(entry, '/api/users/u%201/listings')).toEqual({ id: 'u 1' });
  });

  it('matches the rest of the path, slashes included, for a greedy {name+} (API Gateway {proxy+})', () => {
    const entry = compileRoute(route('/api/assets/{version}/{path+}'));
    expect(entry.params).toEqual(['version', 'path']);
    expect(pathParameters(entry, '/api/assets/latest/content/pages/about.json')).toEqual({
      version: 'latest',
      path: 'content/pages/about.json',
    });
    expect(pathParameters(entry, '/api/assets/v1/content%2F..%2Fx.json')).toEqual({
      version: 'v1',
      path: 'content/../x.json',
    });
    expect(entry.pattern.test('/api/assets/latest')).toBe(false);
    expect(entry.pattern.test('/api/assets/latest/')).toBe(false);
  });

  it('refuses a greedy parameter that is not last', () => {
    expect(() => compileRoute(route('/api/{path+}/x'))).toThrow(/must end the path/);
  });

  it('gives no parameters for bad percent-encoding', () => {
    expect(pathParameters(compileRoute(route('/api/users/{id}')), '/api/users/%E0%A4%A')).toBeUndefined();
  });

  it('compiles every route of the table', () => {
    for (const entry of routes) expect(() => compileRoute(entry as Route)).not.toThrow();
  });
});
