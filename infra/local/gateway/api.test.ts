import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { type Route, routes } from '../../../functions/routes';
import { compileRoute, maxRequestLineAndHeaderBytes, pathParameters, requestLineAndHeaderBytes } from './api';

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

describe('requestLineAndHeaderBytes (API Gateway: 10,240 bytes of request line and header values)', () => {
  const request = (url: string, rawHeaders: string[]) =>
    ({ method: 'GET', url, httpVersion: '1.1', rawHeaders }) as unknown as IncomingMessage;

  it('counts the request line and the header values, not the names, in UTF-8 bytes', () => {
    // "GET /api/x?q=é HTTP/1.1" is 24 bytes (é is two); the values "localhost" and "abc" 12 more.
    expect(
      requestLineAndHeaderBytes(request('/api/x?q=é', ['host', 'localhost', 'x-long-name', 'abc'])),
    ).toBe(36);
  });

  it('puts a 10 kB query past the quota and a usual request well under it', () => {
    const token = ['authorization', `Bearer ${'t'.repeat(1_100)}`];
    expect(
      requestLineAndHeaderBytes(request(`/api/listings?keywords=${'a'.repeat(10_240)}`, token)),
    ).toBeGreaterThan(maxRequestLineAndHeaderBytes);
    expect(requestLineAndHeaderBytes(request('/api/listings?keywords=bike', token))).toBeLessThan(2_000);
  });
});
