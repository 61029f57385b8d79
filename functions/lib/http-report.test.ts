import type { Context } from 'aws-lambda';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type HttpEvent, httpHandler } from './http';
import { reportError } from './observability';

// httpHandler reports unexpected (5xx) errors through observability, with the function and route as
// tags; the API's own 4xx answers are not errors to report.
vi.mock('./observability', () => ({ reportError: vi.fn(async () => undefined) }));

const event = {
  routeKey: 'POST /api/klaviyo/track-event',
  rawPath: '/api/klaviyo/track-event',
  headers: {},
  requestContext: { requestId: 'req-1', http: { method: 'POST' } },
} as unknown as HttpEvent;
const context = { functionName: 'VeloApi-KlaviyoTrackEvent' } as Context;

beforeEach(() => vi.clearAllMocks());

describe('httpHandler error reporting', () => {
  it('reports an unexpected error with handler, route and request id, and answers 500', async () => {
    const failure = new Error('Klaviyo create event failed (503)');
    const handler = httpHandler(async () => {
      throw failure;
    });
    const result = await handler(event, context);
    expect(result.statusCode).toBe(500);
    expect(JSON.parse(String(result.body)).errors[0]).toMatchObject({ id: 'req-1', code: 'server-error' });
    expect(reportError).toHaveBeenCalledWith(failure, {
      handler: 'VeloApi-KlaviyoTrackEvent',
      route: 'POST /api/klaviyo/track-event',
      requestId: 'req-1',
    });
  });

  it('does not report the API’s own answers', async () => {
    const handler = httpHandler(async () => {
      throw new ApiError('validation-invalid-params');
    });
    expect((await handler(event, context)).statusCode).toBe(400);
    expect(reportError).not.toHaveBeenCalled();
  });
});
