import type { Context } from 'aws-lambda';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { HttpEvent } from '../../functions/lib/http';
import { originSecretHeader } from '../../functions/lib/origin-secret';
import { handler as showListing } from '../../functions/listings/http/show';
import { useLocalCloud } from './cloud-env';
import { givenListing, givenSeller } from './fixtures';

// Issue 27: a real route handler against the local cloud's table, as Lambda would run it behind
// API Gateway, with and without the origin secret CloudFront adds (functions/lib/origin-secret.ts).

let listingId: string;
beforeAll(async () => {
  useLocalCloud();
  const seller = await givenSeller();
  listingId = (await givenListing(seller.id)).id;
});
afterEach(() => {
  vi.unstubAllEnvs();
});

const call = (headers: Record<string, string>) =>
  showListing(
    {
      headers,
      rawPath: `/api/listings/${listingId}`,
      routeKey: 'GET /api/listings/{id}',
      pathParameters: { id: listingId },
      requestContext: { requestId: 'origin-test', http: { method: 'GET' } },
    } as unknown as HttpEvent,
    { functionName: 'listings-show' } as Context,
  );

describe('the API only through CloudFront', () => {
  it('is off where no origin secret is configured (the local cloud): the listing is answered', async () => {
    vi.stubEnv('VELO_ORIGIN_SECRET', '');
    expect((await call({})).statusCode).toBe(200);
  });

  it('answers 403 forbidden without the header or with a wrong one, and the listing with the right one', async () => {
    vi.stubEnv('VELO_ORIGIN_SECRET', 'integration-origin-secret');
    const missing = await call({});
    expect(missing.statusCode).toBe(403);
    expect(JSON.parse(String(missing.body)).errors[0]).toMatchObject({
      code: 'forbidden',
      title: 'You are not allowed to do that.',
    });
    expect((await call({ [originSecretHeader]: 'integration-origin-secreT' })).statusCode).toBe(403);
    const through = await call({ [originSecretHeader]: 'integration-origin-secret' });
    expect(through.statusCode).toBe(200);
    expect(JSON.parse(String(through.body)).data.id).toBe(listingId);
  });
});
