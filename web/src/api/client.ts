import type { RequestBody, ResponseBody } from '../../../shared/api/contracts';
import type { ApiRouteName, RouteTarget } from '../../../shared/api/routes';
import type { ApiErrorBody, ApiErrorItem } from '../../../shared/api/types';
import { getAccessToken } from '../auth/token';

/** A failed API call. `status` is 0 when the request never got an answer (offline, aborted, bad JSON). */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  readonly status: number;
  readonly body: ApiErrorBody | null;

  constructor(status: number, body: ApiErrorBody | null, message?: string) {
    super(message ?? body?.errors[0]?.title ?? `Request failed with status ${status}`);
    this.status = status;
    this.body = body;
  }

  /** The first API error, if the server sent the spec's error body. */
  get firstError(): ApiErrorItem | undefined {
    return this.body?.errors[0];
  }

  get code(): string | undefined {
    return this.firstError?.code;
  }

  get isNotFound(): boolean {
    return this.status === 404;
  }
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as { errors?: unknown }).errors) &&
    (value as ApiErrorBody).errors.every((e) => typeof e === 'object' && e !== null && 'status' in e)
  );
}

export interface RequestOptions {
  signal?: AbortSignal;
  fetch?: typeof fetch;
  /**
   * The access token to send. By default the signed-in user's (every API call of a signed-in user
   * carries `Authorization: Bearer …`); `null` sends none.
   */
  token?: string | null;
}

/**
 * One request to the API (same origin): `url` is the route's path with its query, `body` is sent as
 * JSON. Answers with the parsed JSON (undefined for an empty answer such as 202 or 204); a status of
 * 400 or more throws an ApiRequestError with the spec's error body.
 */
async function apiRequest(
  method: RouteTarget['method'],
  url: string,
  options: RequestOptions & { body?: unknown } = {},
): Promise<unknown> {
  const doFetch = options.fetch ?? fetch;
  const token = options.token === undefined ? await getAccessToken() : options.token;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await doFetch(url, {
      method,
      headers,
      credentials: 'same-origin',
      signal: options.signal ?? null,
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
  } catch (error) {
    throw new ApiRequestError(0, null, error instanceof Error ? error.message : 'Network error');
  }
  let body: unknown;
  const text = await response.text().catch(() => '');
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      if (response.ok) throw new ApiRequestError(0, null, 'The server sent an answer that is not JSON');
    }
  }
  if (!response.ok) {
    throw new ApiRequestError(response.status, isApiErrorBody(body) ? body : throttledBody(response));
  }
  return body;
}

/**
 * A 429 without the spec's body came from in front of our handlers: API Gateway's route throttle
 * (`{"message":"Too Many Requests"}`) or the web ACL's rate rule. It gets the catalogue's code, so
 * forms show the catalogue's message for it (api/errors.ts), as for our own limits. (The catalogue's
 * titles are not imported here: this module is in every page's first load.)
 */
function throttledBody(response: Response): ApiErrorBody | null {
  if (response.status !== 429) return null;
  const id = response.headers.get('apigw-requestid') ?? response.headers.get('x-amz-cf-id') ?? '';
  return { errors: [{ id, status: 429, code: 'too-many-requests', title: 'Too Many Requests' }] };
}

/**
 * How route `N` is called: its query string (`?a=b`, or empty), the request's options, and its
 * JSON body, required when the route takes one (shared/api/contracts.ts), refused when it takes none.
 */
export type CallOptions<N extends ApiRouteName = ApiRouteName> = RequestOptions & {
  query?: string;
} & ([RequestBody<N>] extends [undefined] ? { body?: undefined } : { body: RequestBody<N> });

type CallArgs<N extends ApiRouteName> = [RequestBody<N>] extends [undefined]
  ? [options?: CallOptions<N>]
  : [options: CallOptions<N>];

/**
 * Calls a named API route (shared/api/routes.ts) with its method and path, its body and answer
 * typed by its contract: `callApi(route('showListing', { id }), { signal })` answers
 * `{ data: Listing }`. Errors as `apiRequest` throws them.
 */
export async function callApi<N extends ApiRouteName>(
  target: RouteTarget<N>,
  ...[options]: CallArgs<N>
): Promise<ResponseBody<N>> {
  const { query = '', ...request } = (options ?? {}) as RequestOptions & { query?: string; body?: unknown };
  // The contract is the server's promise for this route; the JSON is taken at its word.
  return (await apiRequest(target.method, `${target.path}${query}`, request)) as ResponseBody<N>;
}

/** The routes that answer `{ data }`. */
type DataRoute = {
  [N in ApiRouteName]: ResponseBody<N> extends { data: unknown } ? N : never;
}[ApiRouteName];

/** Calls route `N` as `callApi` does and answers the `data` of its `{ data }` answer. */
export async function callApiData<N extends DataRoute>(
  target: RouteTarget<N>,
  ...args: CallArgs<N>
): Promise<Extract<ResponseBody<N>, { data: unknown }>['data']> {
  const answer = (await callApi(target, ...args)) as Extract<ResponseBody<N>, { data: unknown }>;
  return answer.data;
}

/** A settled request, so pages can render errors without error boundaries. */
export type Loaded<T> = { ok: true; value: T } | { ok: false; error: ApiRequestError };

const settledValues = new WeakMap<Promise<unknown>, unknown>();

/**
 * Turns a request into a promise that never rejects and remembers its result, so a page that
 * gets an already-finished promise (back navigation, preloaded data) renders at once.
 */
export function settle<T>(promise: Promise<T>): Promise<Loaded<T>> {
  const settled: Promise<Loaded<T>> = promise.then(
    (value) => ({ ok: true, value }),
    (error: unknown) => ({
      ok: false,
      error: error instanceof ApiRequestError ? error : new ApiRequestError(0, null, String(error)),
    }),
  );
  settled.then((result) => settledValues.set(settled, result));
  return settled;
}

/** The result of a `settle` promise if it has finished, else undefined. */
export function peekSettled<T>(promise: Promise<Loaded<T>>): Loaded<T> | undefined {
  return settledValues.get(promise) as Loaded<T> | undefined;
}
