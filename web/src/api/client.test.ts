import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { route } from '../../../shared/api/routes';
import type { Listing } from '../../../shared/api/types';
import { ApiRequestError, callApi, peekSettled, settle } from './client';
import { listingsQuery } from './endpoints';
import { errorMessage } from './errors';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('callApi', () => {
  it('prefixes the API base and parses JSON', async () => {
    const fetch = vi.fn(async () => json(200, { data: [1] }));
    await expect(callApi(route('searchListings'), { fetch, query: '?page=2' })).resolves.toEqual({
      data: [1],
    });
    expect(fetch).toHaveBeenCalledWith(
      '/api/listings?page=2',
      expect.objectContaining({ credentials: 'same-origin' }),
    );
  });

  it('throws an ApiRequestError carrying the error body', async () => {
    const body = { errors: [{ id: 'e1', status: 404, code: 'not-found', title: 'Not found.' }] };
    const error = await callApi(route('showListing', { id: 'x' }), {
      fetch: async () => json(404, body),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    const apiError = error as ApiRequestError;
    expect(apiError.status).toBe(404);
    expect(apiError.isNotFound).toBe(true);
    expect(apiError.code).toBe('not-found');
    expect(apiError.body).toEqual(body);
    expect(apiError.message).toBe('Not found.');
  });

  it('keeps the status when the error body is not the API shape', async () => {
    const error = (await callApi(route('me'), {
      fetch: async () => new Response('<html>Bad gateway</html>', { status: 502 }),
    }).catch((e: unknown) => e)) as ApiRequestError;
    expect(error.status).toBe(502);
    expect(error.body).toBeNull();
  });

  it("gives a throttled answer without the API's body the catalogue's too-many-requests (API Gateway, web ACL)", async () => {
    const error = (await callApi(route('me'), {
      fetch: async () =>
        new Response('{"message":"Too Many Requests"}', {
          status: 429,
          headers: { 'apigw-requestid': 'abc=' },
        }),
    }).catch((e: unknown) => e)) as ApiRequestError;
    expect(error.status).toBe(429);
    expect(error.code).toBe('too-many-requests');
    expect(error.firstError?.id).toBe('abc=');
    // Every form shows the catalogue's message for the code (api/errors.ts).
    expect(errorMessage(error)).toBe('Too many requests. Please wait a moment and try again.');
  });

  it('turns network failures into status 0', async () => {
    const error = (await callApi(route('me'), {
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    }).catch((e: unknown) => e)) as ApiRequestError;
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error.status).toBe(0);
    expect(error.message).toBe('Failed to fetch');
  });

  it('rejects a successful answer that is not JSON', async () => {
    const error = (await callApi(route('me'), { fetch: async () => new Response('<html></html>') }).catch(
      (e: unknown) => e,
    )) as ApiRequestError;
    expect(error.status).toBe(0);
  });
});

describe('settle', () => {
  it('never rejects and remembers its result', async () => {
    const ok = settle(Promise.resolve(5));
    expect(peekSettled(ok)).toBeUndefined();
    await expect(ok).resolves.toEqual({ ok: true, value: 5 });
    expect(peekSettled(ok)).toEqual({ ok: true, value: 5 });

    const failed = settle(Promise.reject(new ApiRequestError(500, null)));
    const result = await failed;
    expect(result.ok).toBe(false);
    expect(peekSettled(failed)).toBe(result);
  });

  it('wraps errors that are not ApiErrors', async () => {
    const result = await settle(Promise.reject(new Error('boom')));
    expect(result.ok === false && result.error).toBeInstanceOf(ApiRequestError);
  });
});

describe('listingsQuery', () => {
  it('sends only the parameters that are set, and no page 1', () => {
    expect(listingsQuery({})).toBe('');
    expect(listingsQuery({ keywords: 'trek', page: 1, perPage: 24 })).toBe('?keywords=trek&perPage=24');
    expect(listingsQuery({ pub_category: 'a,b', sort: '-price', page: 2 })).toBe(
      '?pub_category=a%2Cb&sort=-price&page=2',
    );
  });
});

describe('callApi requests', () => {
  it('sends JSON bodies and the bearer token, and reads empty answers', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    await expect(
      callApi(route('changePassword'), {
        fetch,
        token: 'token-1',
        body: { currentPassword: 'a', newPassword: 'b' },
      }),
    ).resolves.toBeUndefined();
    expect(fetch).toHaveBeenCalledWith(
      '/api/auth/change-password',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ currentPassword: 'a', newPassword: 'b' }),
        headers: expect.objectContaining({
          authorization: 'Bearer token-1',
          'content-type': 'application/json',
        }),
      }),
    );
  });

  it('sends no authorization header for anonymous calls', async () => {
    const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) =>
      json(202, { data: { email: 'a@b.example' } }),
    );
    // No session is stored in this environment, so no token is looked up.
    await callApi(route('requestPasswordReset'), { fetch, body: { email: 'a@b.example' } });
    const headers = fetch.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers.authorization).toBeUndefined();
  });
});

describe('the route contracts (shared/api/contracts.ts)', () => {
  it('types each call: no body where the route takes none, its body where it takes one, its answer', async () => {
    const fetch = vi.fn(async () => json(200, { data: { id: 'x' } }));
    const show = callApi(route('showListing', { id: 'x' }), { fetch });
    expectTypeOf(show).resolves.toEqualTypeOf<{ data: Listing }>();
    await show;
    // @ts-expect-error: showListing takes no body
    await callApi(route('showListing', { id: 'x' }), { fetch, body: { title: 'x' } });
    // @ts-expect-error: changePassword needs its body
    await callApi(route('changePassword'), { fetch }).catch(() => undefined);
    // @ts-expect-error: a body of the wrong shape
    await callApi(route('sendMessage', { id: 'x' }), { fetch, body: { text: 'hi' } });
    expect(fetch).toHaveBeenCalledTimes(4);
  });
});
