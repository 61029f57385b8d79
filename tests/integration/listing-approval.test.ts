import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { updateUser } from '../../functions/accounts/repository';
import type { HttpEvent, HttpResult } from '../../functions/lib/http';
import { handler as publishHandler } from '../../functions/listings/http/own/publish';
import { getListing } from '../../functions/listings/repository';
import { listingsRequireApprovalEnv } from '../../shared/listings';
import { api, errorOf, operator, signUp, type TestAccount } from './accounts';
import {
  as,
  completeListing,
  eventuallyInSearch,
  inSearch,
  ownerOnlyRoutes,
  readyDraft,
} from './own-listing-fixtures';

/**
 * Listing approval (§4 pendingApproval): with VELO_LISTINGS_REQUIRE_APPROVAL on, publishing sends a
 * draft to pendingApproval; the operator approves it (published, in search) or rejects it (back
 * to draft). The suite's local cloud runs its handlers in another process with the default
 * (approval off), so publishing with the flag on calls the very same publish handler here, in this
 * process, with the flag in this process's environment (as Lambda would read it) and the caller's
 * real token claims; everything else goes through the API and `npm run operator`.
 */
const marker = `za${randomUUID().slice(0, 8)}`;
let seller: TestAccount;
let other: TestAccount;

beforeAll(async () => {
  [seller, other] = await Promise.all([
    signUp({ firstName: 'Paula', lastName: 'Pending' }),
    signUp({ firstName: 'Nils', lastName: 'Nosy' }),
  ]);
  await updateUser(seller.user.id, { set: { payoutReady: true } });
});

/** POST /api/own-listings/{id}/publish through the handler, with the approval flag set to `flag`. */
async function publishWithFlag(account: TestAccount, id: string, flag: string) {
  const path = `/api/own-listings/${id}/publish`;
  const requestId = randomUUID();
  const claims = decodeJwt(account.accessToken) as Record<string, string | number | boolean>;
  const event = {
    version: '2.0',
    routeKey: 'POST /api/own-listings/{id}/publish',
    rawPath: path,
    rawQueryString: '',
    headers: { authorization: `Bearer ${account.accessToken}` },
    pathParameters: { id },
    isBase64Encoded: false,
    requestContext: {
      requestId,
      routeKey: 'POST /api/own-listings/{id}/publish',
      http: { method: 'POST', path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' },
      authorizer: { jwt: { claims, scopes: [] } },
    },
  } as unknown as HttpEvent;
  const context = {
    functionName: 'listings/http/own/publish',
    awsRequestId: requestId,
    getRemainingTimeInMillis: () => 29_000,
  } as unknown as Context;
  const saved = process.env[listingsRequireApprovalEnv];
  process.env[listingsRequireApprovalEnv] = flag;
  try {
    const result = (await publishHandler(event, context)) as HttpResult;
    return { status: result.statusCode, body: JSON.parse(result.body ?? '{}') };
  } finally {
    if (saved === undefined) delete process.env[listingsRequireApprovalEnv];
    else process.env[listingsRequireApprovalEnv] = saved;
  }
}

/** A ready draft of the seller's: a Surly touring bike titled `title`. */
const surlyDraft = (title: string) =>
  readyDraft(
    seller,
    completeListing({
      title,
      description: 'Steel touring frame, racks included.',
      brand: 'Surly',
      size: 'l',
    }),
  );

describe('listing approval (VELO_LISTINGS_REQUIRE_APPROVAL)', () => {
  it('publishes to pendingApproval: private to the owner and out of search until approved', async () => {
    const title = `Surly Disc Trucker ${marker} ${randomUUID().slice(0, 6)}`;
    const id = await surlyDraft(title);
    const pending = await publishWithFlag(seller, id, 'true');
    expect(pending.status).toBe(200);
    expect(pending.body.data).toMatchObject({ id, state: 'pendingApproval', currentStock: 1 });
    expect((await getListing(id))?.GSI2PK).toBeUndefined();

    expect((await api('GET', `/api/listings/${id}`)).status).toBe(404);
    expect((await api('GET', `/api/listings/${id}`, as(other))).status).toBe(404);
    for (const [method, path] of ownerOnlyRoutes) {
      const answer = await api(method, `/api/own-listings/${id}${path}`, { ...as(other), body: {} });
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    const own = await api('GET', `/api/own-listings/${id}`, as(seller));
    expect(own.status).toBe(200);
    expect(own.body.data.state).toBe('pendingApproval');
    const profile = await api('GET', `/api/users/${seller.user.id}/listings`);
    expect(profile.body.data.some((listing: { id: string }) => listing.id === id)).toBe(false);
    // Another listing of the same search word shows the index is current, and this one is not in it.
    const control = await surlyDraft(`Control ${title}`);
    expect((await publishWithFlag(seller, control, '0')).body.data.state).toBe('published');
    await eventuallyInSearch(`Control ${title}`, control, true);
    expect(await inSearch(title, id)).toBe(false);
    // Neither the owner nor anyone else can publish it again, or open it.
    expect((await api('POST', `/api/own-listings/${id}/publish`, as(seller))).status).toBe(409);
    expect((await api('POST', `/api/own-listings/${id}/open`, as(seller))).status).toBe(409);

    const { stdout } = await operator('approve-listing', id);
    expect(stdout).toContain('approved');
    const approved = await getListing(id);
    expect(approved).toMatchObject({ state: 'published' });
    expect(approved?.GSI2PK).toBeDefined();
    await eventuallyInSearch(title, id, true);
    expect((await api('GET', `/api/listings/${id}`)).status).toBe(200);
  });

  it('rejects a pending listing back to draft; the seller edits and publishes it again', async () => {
    const title = `Surly Cross-Check ${marker} ${randomUUID().slice(0, 6)}`;
    const id = await surlyDraft(title);
    expect((await publishWithFlag(seller, id, '1')).body.data.state).toBe('pendingApproval');

    const { stdout } = await operator('reject-listing', id, '--json');
    expect(JSON.parse(stdout)).toEqual({ listingId: id, state: 'draft' });
    const own = await api('GET', `/api/own-listings/${id}`, as(seller));
    expect(own.body.data.state).toBe('draft');
    expect((await api('GET', `/api/listings/${id}`)).status).toBe(404);
    expect(await inSearch(title, id)).toBe(false);

    const edited = await api('PATCH', `/api/own-listings/${id}`, {
      ...as(seller),
      body: { description: 'Now with the racks listed.' },
    });
    expect(edited.status).toBe(200);
    const again = await publishWithFlag(seller, id, 'true');
    expect(again.body.data.state).toBe('pendingApproval');
    await operator('approve-listing', id);
    await eventuallyInSearch(title, id, true);
  });

  it('refuses to approve or reject a listing that is not pending (exit code 1, a clear message)', async () => {
    const title = `Surly Straggler ${marker} ${randomUUID().slice(0, 6)}`;
    const id = await surlyDraft(title);
    for (const command of ['approve-listing', 'reject-listing']) {
      await expect(operator(command, id)).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining(`Listing ${id} is draft, not pending approval`),
      });
    }
    await expect(operator('approve-listing', randomUUID())).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No listing with the id'),
    });
    expect((await getListing(id))?.state).toBe('draft');
  });

  it('keeps the payout and completeness checks with the flag on', async () => {
    const created = await api('POST', '/api/own-listings', {
      ...as(seller),
      body: { title: `Bare ${marker}` },
    });
    const bare = await publishWithFlag(seller, created.body.data.id, 'true');
    expect(bare.status).toBe(400);
    expect(errorOf(bare.body).code).toBe('validation-invalid-params');
    expect((await getListing(created.body.data.id))?.state).toBe('draft');
  });
});
