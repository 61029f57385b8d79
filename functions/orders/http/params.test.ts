import { describe, expect, it } from 'vitest';
import type { HttpEvent } from '../../lib/http';
import { inboxKind, pageRequest, transactionIdParam } from './params';

const event = (query: Record<string, string | undefined>, path: Record<string, string> = {}) =>
  ({ queryStringParameters: query, pathParameters: path }) as unknown as HttpEvent;

describe('request parameters', () => {
  it('reads only, page and perPage, refusing anything else with 400', () => {
    expect(inboxKind(event({ only: 'order' }))).toBe('order');
    expect(inboxKind(event({ only: 'sale' }))).toBe('sale');
    for (const only of [undefined, '', 'orders', 'ORDER']) {
      expect(() => inboxKind(event(only === undefined ? {} : { only }))).toThrow(
        expect.objectContaining({ code: 'validation-invalid-params', status: 400 }),
      );
    }
    const limits = { fallback: 10, max: 100 };
    expect(pageRequest(event({}), limits)).toEqual({ page: 1, perPage: 10 });
    expect(pageRequest(event({ page: '3', perPage: '100' }), limits)).toEqual({ page: 3, perPage: 100 });
    for (const query of [
      { perPage: '101' },
      { perPage: '0' },
      { page: '0' },
      { page: '1.5' },
      { page: 'x' },
    ]) {
      expect(() => pageRequest(event(query), limits)).toThrow(
        expect.objectContaining({ code: 'validation-invalid-params' }),
      );
    }
  });

  it('takes a transaction id from the path; one that cannot be an id is 404', () => {
    const id = '0b9a3f5e-8c1d-4e2f-9a7b-6c5d4e3f2a1b';
    expect(transactionIdParam(event({}, { id }))).toBe(id);
    expect(() => transactionIdParam(event({}, { id: 'nope' }))).toThrow(
      expect.objectContaining({ code: 'not-found', status: 404 }),
    );
  });
});
