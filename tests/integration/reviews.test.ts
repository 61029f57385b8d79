import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../functions/lib/http';
import { applyTransition, createTransaction, fireTimer, noMoney } from '../../functions/orders/engine';
import type { PublicReview, ReviewView, UserReviewsMeta } from '../../shared/api/transactions';
import { DAY_MS } from '../../shared/config/constants';
import { api, errorOf, signUp, type TestAccount } from './accounts';
import { useLocalCloud } from './cloud-env';
import { givenListing } from './fixtures';
import { as } from './own-listing-fixtures';

// Reviews: written by the review transitions, published when both sides reviewed or a
// review window expired, shown by GET /api/users/{id}/reviews and, to the author before that, on the order.
const timers = { scale: 1 };

// Each test has a buyer and a seller of its own, so that it passes alone (`-t`) and in any order:
// the seller's reviews, average and figures are those of the test's own orders only.
let customer: TestAccount;
let provider: TestAccount;

beforeAll(() => {
  useLocalCloud();
});

beforeEach(async () => {
  [customer, provider] = await Promise.all([
    signUp({ firstName: 'Rae', lastName: 'Reviewer' }),
    signUp({ firstName: 'Sol', lastName: 'Seller' }),
  ]);
});

/** A completed order between the two (engine only: money is tested elsewhere), at time `t0`. */
async function completedOrder(t0: number): Promise<string> {
  const listing = await givenListing(provider.user.id);
  const { transaction } = await createTransaction({
    transition: 'request-payment',
    customerId: customer.user.id,
    listingId: listing.id,
    checkoutKey: randomUUID(),
    orderData: { deliveryMethod: 'pickup', quantity: 1 },
    now: new Date(t0),
    timers,
  });
  const step = (name: string, actor: 'customer' | 'provider', at: number) =>
    applyTransition(transaction.id, name, {
      actor,
      userId: actor === 'customer' ? customer.user.id : provider.user.id,
      now: new Date(t0 + at),
      timers,
      money: noMoney,
    });
  await step('confirm-payment', 'customer', 1000);
  await step('mark-delivered', 'provider', 2000);
  const done = await step('mark-received', 'customer', 3000);
  expect(done.state).toBe('completed');
  return transaction.id;
}

/** A party's review transition at `at` (engine only), with its review when given. */
function reviewAs(
  txId: string,
  name: string,
  actor: 'customer' | 'provider',
  at: Date,
  review?: { rating: number; content: string },
) {
  return applyTransition(txId, name, {
    actor,
    userId: actor === 'customer' ? customer.user.id : provider.user.id,
    now: at,
    timers,
    money: noMoney,
    ...(review ? { params: { review } } : {}),
  });
}

/** A sale reviewed by both sides (published): the buyer's rating of the seller, then the seller's. */
async function reviewedByBoth(ofProvider: number, ofCustomer: number): Promise<string> {
  const t0 = Date.now() - 60_000;
  const txId = await completedOrder(t0);
  const review = (rating: number) => ({ rating, content: `Rated ${rating}.` });
  await reviewAs(txId, 'review-1-by-customer', 'customer', new Date(t0 + 4000), review(ofProvider));
  const both = await reviewAs(
    txId,
    'review-2-by-provider',
    'provider',
    new Date(t0 + 5000),
    review(ofCustomer),
  );
  expect(both.state).toBe('reviewed');
  return txId;
}

/** A sale the buyer reviewed whose seller's review window then expired (the one review published). */
async function reviewedByCustomerOnly(rating: number, content: string): Promise<string> {
  const t0 = Date.now() - 30 * DAY_MS;
  const txId = await completedOrder(t0);
  await reviewAs(txId, 'review-1-by-customer', 'customer', new Date(t0 + 4000), { rating, content });
  const fired = await fireTimer(txId, 'expire-provider-review-period', {
    now: new Date(t0 + 4000 + 8 * DAY_MS),
    timers,
    money: noMoney,
  });
  expect(fired.outcome).toBe('fired');
  return txId;
}

async function reviewsOf(user: TestAccount, type?: string) {
  const answer = await api('GET', `/api/users/${user.user.id}/reviews${type ? `?type=${type}` : ''}`);
  expect(answer.status).toBe(200);
  return answer.body as { data: PublicReview[]; meta: UserReviewsMeta };
}

async function orderReviews(txId: string, viewer: TestAccount): Promise<ReviewView[]> {
  const answer = await api('GET', `/api/transactions/${txId}`, as(viewer));
  expect(answer.status).toBe(200);
  return answer.body.data.reviews;
}

describe('reviews', () => {
  it('both sides review: pending for the author only, then published for both with the average', async () => {
    const t0 = Date.now() - 60_000;
    const txId = await completedOrder(t0);
    const first = await reviewAs(txId, 'review-1-by-customer', 'customer', new Date(t0 + 4000), {
      rating: 5,
      content: 'Bike exactly as described, quick handover.',
    });
    expect(first.state).toBe('reviewed-by-customer');
    expect(await orderReviews(txId, customer)).toEqual([
      expect.objectContaining({
        type: 'ofProvider',
        rating: 5,
        state: 'pending',
        authorId: customer.user.id,
      }),
    ]);
    expect(await orderReviews(txId, provider)).toEqual([]);
    expect((await reviewsOf(provider, 'ofProvider')).data.map((r) => r.id)).not.toContain(
      `${txId}-ofProvider`,
    );

    // The provider's first try as review-1 is refused as already reviewed; review-2 is the one.
    const refused = await reviewAs(txId, 'review-1-by-provider', 'provider', new Date(t0 + 5000), {
      rating: 4,
      content: 'Friendly buyer.',
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).code).toBe('transaction-already-reviewed-by-customer');
    const second = await reviewAs(txId, 'review-2-by-provider', 'provider', new Date(t0 + 5000), {
      rating: 4,
      content: 'Friendly buyer, paid at once.',
    });
    expect(second.state).toBe('reviewed');

    const ofProvider = await reviewsOf(provider, 'ofProvider');
    expect(ofProvider.data).toEqual([
      expect.objectContaining({
        id: `${txId}-ofProvider`,
        rating: 5,
        content: 'Bike exactly as described, quick handover.',
        state: 'public',
        author: expect.objectContaining({ id: customer.user.id }),
        // The item it was for, as the order recorded it (issue 24: the listing page names it).
        listing: { id: expect.any(String), title: 'Trek Domane AL 2 road bike' },
      }),
    ]);
    expect(ofProvider.meta).toEqual({ totalItems: 1, averageRating: 5 });
    const ofCustomer = await reviewsOf(customer, 'ofCustomer');
    expect(ofCustomer.data.map((r) => [r.rating, r.state])).toEqual([[4, 'public']]);
    expect((await orderReviews(txId, provider)).map((r) => r.type).sort()).toEqual([
      'ofCustomer',
      'ofProvider',
    ]);
  });

  it('one side reviews and the other window expires: the one review is published; averages over several', async () => {
    await reviewedByBoth(5, 4);
    const txId = await reviewedByCustomerOnly(2, 'Slow to answer messages.');
    const all = await reviewsOf(provider, 'ofProvider');
    expect(all.data.map((r) => [r.id, r.rating])).toEqual(
      expect.arrayContaining([[`${txId}-ofProvider`, 2]]),
    );
    expect(all.data.map((r) => r.rating).sort()).toEqual([2, 5]);
    expect(all.meta).toEqual({ totalItems: 2, averageRating: 3.5 });
    // Both types: the seller's review of the buyer (ofCustomer) is not about the seller.
    expect((await reviewsOf(provider)).meta.totalItems).toBe(2);
    expect((await reviewsOf(customer, 'ofCustomer')).meta).toEqual({ totalItems: 1, averageRating: 4 });
  });

  it("the seller's figures on the public profile: reviews as a seller, their average, completed sales, the month they joined", async () => {
    // Two completed sales of the provider, both reviewed by the buyer (5 and 2).
    await reviewedByBoth(5, 4);
    await reviewedByCustomerOnly(2, 'Slow to answer messages.');
    const seller = (await api('GET', `/api/users/${provider.user.id}`)).body.data;
    expect(seller.figures).toEqual({
      averageRating: 3.5,
      reviewCount: 2,
      completedSales: 2,
      memberSince: new Date().toISOString().slice(0, 7),
    });
    // The buyer has sold nothing and has no reviews as a seller (the provider's review of them is ofCustomer).
    const buyer = (await api('GET', `/api/users/${customer.user.id}`)).body.data;
    expect(buyer.figures).toEqual({ reviewCount: 0, completedSales: 0, memberSince: expect.any(String) });
  });

  it('a review transition without a rating and text is refused; a bad type is a 400', async () => {
    const txId = await completedOrder(Date.now() - 60_000);
    const refused = await reviewAs(txId, 'review-1-by-customer', 'customer', new Date()).catch(
      (error: unknown) => error,
    );
    expect((refused as ApiError).code).toBe('validation-invalid-params');
    expect((await api('GET', `/api/users/${provider.user.id}/reviews?type=nope`)).status).toBe(400);
  });

  it('over HTTP: the reviewer sends rating and text with the review transition; bad input is a 400', async () => {
    const txId = await completedOrder(Date.now() - 60_000);
    const send = (body: Record<string, unknown>) =>
      api('POST', `/api/transactions/${txId}/transition`, { ...as(customer), body });
    for (const params of [
      { reviewRating: 0, reviewContent: 'Fine' },
      { reviewRating: 6, reviewContent: 'Fine' },
      { reviewRating: 4 },
      { reviewRating: '4', reviewContent: 'Fine' },
    ]) {
      const refused = await send({ transition: 'review-1-by-customer', params });
      expect(refused.status, JSON.stringify(params)).toBe(400);
      expect(errorOf(refused.body).code).toBe('validation-invalid-params');
    }
    const sent = await send({
      transition: 'review-1-by-customer',
      params: { reviewRating: 4, reviewContent: '  Good seller.  ' },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.data.state).toBe('reviewed-by-customer');
    expect(await orderReviews(txId, customer)).toEqual([
      expect.objectContaining({ rating: 4, content: 'Good seller.', state: 'pending' }),
    ]);
  });
});
