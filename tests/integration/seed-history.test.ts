import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthCommission, sellerPayouts } from '../../infra/finance/ledger';
import { freeLocalPorts, type LocalCloud, startLocalCloud } from '../../infra/local/cloud';
import { localCognitoClient } from '../../infra/local/cognito';
import { listings, sellers } from '../../infra/local/seed/catalogue';
import { writeFinanceHistory } from '../../infra/local/seed/finance-history';
import { historyOrders, sellerKeyOf } from '../../infra/local/seed/history';
import { seedDemoData, stableId } from '../../infra/local/seed/seed';
import type { PublicProfile } from '../../shared/api/account';
import type { PublicReview, UserReviewsMeta } from '../../shared/api/transactions';

// The demo seed's history (infra/local/seed/history.ts) on a cloud of its own: the suite's cloud
// has no demo data, and 93 demo listings there would change what the other tests search.

let cloud: LocalCloud;
let dir: string;
const sellerIds = new Map<string, string>();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'velo-seed-history-'));
  const webRoot = join(dir, 'web');
  mkdirSync(webRoot, { recursive: true });
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Velo test</title>');
  cloud = await startLocalCloud({
    dataDir: join(dir, 'data'),
    webRoot,
    timerScale: 1,
    sweep: false,
    ports: await freeLocalPorts(),
    beforeGateway: async ({ cognito, streams }) => {
      await seedDemoData({ cognitoEndpoint: cognito.endpoint, userPoolId: cognito.userPoolId });
      await streams.drain();
    },
  });
  // Each demo user's id: the author of one of their listings.
  for (const seller of sellers) {
    const listing = listings.find((candidate) => candidate.sellerKey === seller.key)!;
    sellerIds.set(seller.key, (await listingApi(stableId('listing', listing.key))).author.id);
  }
}, 120_000);

afterAll(async () => {
  await cloud?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function listingApi(id: string) {
  const response = await fetch(`${cloud.url}/api/listings/${id}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { author: { id: string }; currentStock: number } }).data;
}

async function reviewsOf(userId: string, type: 'ofProvider' | 'ofCustomer') {
  const response = await fetch(`${cloud.url}/api/users/${userId}/reviews?type=${type}`);
  expect(response.status).toBe(200);
  return (await response.json()) as { data: PublicReview[]; meta: UserReviewsMeta };
}

const average = (ratings: number[]) =>
  Math.round((ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length) * 10) / 10;

describe('demo seed: past orders and reviews', () => {
  it('every demo user has the published reviews of the history, as seller and as buyer, with the average', async () => {
    for (const seller of sellers) {
      const id = sellerIds.get(seller.key)!;
      const sold = historyOrders.filter((order) => sellerKeyOf(order.listingKey) === seller.key);
      const bought = historyOrders.filter((order) => order.buyerKey === seller.key);
      const asSeller = await reviewsOf(id, 'ofProvider');
      expect(asSeller.meta.totalItems, seller.key).toBe(sold.length);
      expect(asSeller.data.map((review) => review.content).sort()).toEqual(
        sold.map((order) => order.buyerReview.content).sort(),
      );
      if (sold.length) {
        expect(asSeller.meta.averageRating).toBe(average(sold.map((order) => order.buyerReview.rating)));
        // Newest first, each by its buyer.
        const times = asSeller.data.map((review) => review.createdAt);
        expect([...times].sort().reverse()).toEqual(times);
        for (const review of asSeller.data) {
          const order = sold.find((candidate) => candidate.buyerReview.content === review.content)!;
          expect(review.author.id).toBe(sellerIds.get(order.buyerKey));
          expect(review.state).toBe('public');
        }
      } else {
        expect(asSeller.meta.averageRating).toBeUndefined();
      }
      const asBuyer = await reviewsOf(id, 'ofCustomer');
      expect(asBuyer.meta.totalItems, seller.key).toBe(bought.length);
      if (bought.length)
        expect(asBuyer.meta.averageRating).toBe(average(bought.map((order) => order.sellerReview.rating)));
    }
  });

  it("each demo seller's figures are their history (issue 24), and each review names the item it was for", async () => {
    for (const seller of sellers) {
      const id = sellerIds.get(seller.key)!;
      const sold = historyOrders.filter((order) => sellerKeyOf(order.listingKey) === seller.key);
      const response = await fetch(`${cloud.url}/api/users/${id}`);
      const { figures } = ((await response.json()) as { data: PublicProfile }).data;
      // Every history order ends reviewed by both: each is a completed sale with the buyer's review.
      expect(figures, seller.key).toEqual({
        ...(sold.length ? { averageRating: average(sold.map((order) => order.buyerReview.rating)) } : {}),
        reviewCount: sold.length,
        completedSales: sold.length,
        memberSince: expect.stringMatching(/^\d{4}-\d{2}$/),
      });
      for (const review of (await reviewsOf(id, 'ofProvider')).data) {
        const order = sold.find((candidate) => candidate.buyerReview.content === review.content)!;
        const item = listings.find((listing) => listing.key === order.listingKey)!;
        expect(review.listing).toEqual({ id: stableId('listing', item.key), title: item.title });
      }
    }
  });

  it('leaves the listings’ stock as the catalogue has it', async () => {
    for (const order of historyOrders.slice(0, 4)) {
      const seed = listings.find((listing) => listing.key === order.listingKey)!;
      expect((await listingApi(stableId('listing', seed.key))).currentStock).toBe(seed.stock);
    }
  });

  it('sends none of the old orders’ e-mails, and a second seed run writes nothing again', async () => {
    expect(cloud.outbox.list()).toEqual([]);
    const again = await seedDemoData({
      cognitoEndpoint: cloud.cognito.endpoint,
      userPoolId: cloud.cognito.userPoolId,
    });
    expect(again.seeded).toBe(false);
    const maya = sellerIds.get('maya')!;
    const sold = historyOrders.filter((order) => sellerKeyOf(order.listingKey) === 'maya').length;
    expect((await reviewsOf(maya, 'ofProvider')).meta.totalItems).toBe(sold);
  });

  it('records the last two months’ money in the ledger: Maya’s payouts last month, once each', async () => {
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))
      .toISOString()
      .slice(0, 7);
    const cognito = localCognitoClient(cloud.cognito.endpoint);
    try {
      const context = { cognito, userPoolId: cloud.cognito.userPoolId };
      const report = await sellerPayouts(context, 'maya.thompson@velo.example', lastMonth);
      expect(report.payouts.map((line) => line.provider)).toEqual(['stripe', 'paypal']);
      expect(report.totals).toHaveLength(1);
      const commission = await monthCommission(lastMonth);
      expect(commission.refunded).toHaveLength(1);
      expect(commission.commission[0]!.orders).toBeGreaterThanOrEqual(2);
    } finally {
      cognito.destroy();
    }
    // Running it again records nothing twice.
    expect(await writeFinanceHistory({ userIds: sellerIds, now })).toBe(0);
  });
});
