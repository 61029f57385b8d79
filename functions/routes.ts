/**
 * The route table: the one list of HTTP routes. The CDK API stack makes one Lambda and one
 * HTTP API route per entry; the local gateway serves the same entries with the same modules.
 * `handler` is a module under functions/ (without .ts) that exports `handler`.
 */
export type RouteAuth = 'public' | 'user';

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: `/api/${string}`;
  handler: string;
  auth: RouteAuth;
}

export const routes = [
  { method: 'GET', path: '/api/listings', handler: 'listings/search', auth: 'public' },
  { method: 'GET', path: '/api/listings/{id}', handler: 'listings/show', auth: 'public' },
  { method: 'GET', path: '/api/users/{id}', handler: 'users/show', auth: 'public' },
  { method: 'GET', path: '/api/me', handler: 'users/me', auth: 'user' },
] as const satisfies readonly Route[];

/** Stable name for a handler module, used for Lambda construct ids and function names. */
export function handlerId(handler: string): string {
  return handler
    .split(/[/-]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}
