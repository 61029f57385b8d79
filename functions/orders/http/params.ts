import { ApiError } from '../../lib/errors';
import { type HttpEvent, intParam, pathParam } from '../../lib/http';
import { transactionIdOf } from '../request';
import { type InboxKind, MAX_PAGE, type PageRequest } from '../views';

/** What the order routes read from the path and the query string. */

/** The `{id}` of a /api/transactions/{id}/… route: an id that cannot be a transaction's is 404. */
export function transactionIdParam(event: HttpEvent): string {
  return transactionIdOf(pathParam(event, 'id'), 'id');
}

/** `page` (1..MAX_PAGE, default 1) and `perPage` (1..max, default `fallback`) of a request; else 400. */
export function pageRequest(event: HttpEvent, perPage: { fallback: number; max: number }): PageRequest {
  return {
    page: intParam(event, 'page', { min: 1, max: MAX_PAGE, fallback: 1 }),
    perPage: intParam(event, 'perPage', { min: 1, max: perPage.max, fallback: perPage.fallback }),
  };
}

/** `only` of the inbox query: `order` or `sale`, anything else 400. */
export function inboxKind(event: HttpEvent): InboxKind {
  const only = event.queryStringParameters?.only;
  if (only === 'order' || only === 'sale') return only;
  throw new ApiError('validation-invalid-params', 'only must be order or sale.', { param: 'only' });
}
