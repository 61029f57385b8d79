import { describe, expect, it } from 'vitest';
import { keys } from '../../../functions/lib/table-design';
import { listingRecord } from '../../../functions/listings/listing-record';
import { transactionIdFor } from '../../../functions/orders/record';
import { limits, orderWindows } from '../../../shared/config/constants';
import { listings, sellers } from './catalogue';
import { buyerAddresses, historyOrders, historyRecords, paidAfterMinutes, sellerKeyOf } from './history';

/** Listings the e2e journeys buy and assert on (tests/e2e/*.after.spec.ts): never in the history. */
const e2eTitles = [
  'Santa Cruz Hightower C S – Large, Fox Performance',
  'POC Ventral Air MIPS helmet – L, new',
  'SRAM XX1 Eagle AXS rear derailleur',
  'ENVE M7 carbon 29" wheels on Industry Nine Hydra hubs',
];

const listingOf = (key: string) => listings.find((listing) => listing.key === key);

describe('demo history: the data', () => {
  it('has 12–20 orders with unique keys', () => {
    expect(historyOrders.length).toBeGreaterThanOrEqual(12);
    expect(historyOrders.length).toBeLessThanOrEqual(20);
    expect(new Set(historyOrders.map((order) => order.key)).size).toBe(historyOrders.length);
  });

  it('sells catalogue listings (not the e2e ones) to another demo user, by a delivery the listing offers', () => {
    for (const order of historyOrders) {
      const listing = listingOf(order.listingKey);
      expect(listing, order.key).toBeDefined();
      // The journeys find their sale rows by (the start of) the title: no look-alikes either.
      for (const title of e2eTitles) {
        expect(listing!.title, order.key).not.toBe(title);
        expect(listing!.title.startsWith(title.slice(0, 20)), order.key).toBe(false);
      }
      expect(
        sellers.some((seller) => seller.key === order.buyerKey),
        order.key,
      ).toBe(true);
      expect(order.buyerKey, order.key).not.toBe(listing!.sellerKey);
      if (order.deliveryMethod === 'shipping') {
        expect(listing!.shippingEnabled, order.key).toBe(true);
        expect(buyerAddresses[order.buyerKey], order.key).toBeDefined();
      } else {
        expect(listing!.pickupEnabled, order.key).toBe(true);
      }
    }
  });

  it('has ratings 1–5 (mostly 4–5) and short, non-empty, distinct texts', () => {
    const ratings = historyOrders.flatMap((order) => [order.buyerReview.rating, order.sellerReview.rating]);
    for (const rating of ratings) {
      expect(Number.isInteger(rating)).toBe(true);
      expect(rating).toBeGreaterThanOrEqual(limits.ratingMin);
      expect(rating).toBeLessThanOrEqual(limits.ratingMax);
    }
    expect(ratings.filter((rating) => rating >= 4).length / ratings.length).toBeGreaterThan(0.8);
    expect(ratings).toContain(3);
    const texts = historyOrders.flatMap((order) => [order.buyerReview.content, order.sellerReview.content]);
    for (const text of texts) {
      expect(text.trim().length).toBeGreaterThan(0);
      expect(text.length).toBeLessThanOrEqual(Math.min(limits.textAreaMaxLength, 200));
    }
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('happened after the listing was made, within the order windows, and is over', () => {
    const day = 86_400_000;
    for (const order of historyOrders) {
      const [delivered, received, buyerReview, sellerReview] = order.timeline;
      expect(order.orderedDaysAgo, order.key).toBeLessThan(listingOf(order.listingKey)!.daysAgo);
      expect(delivered * day, order.key).toBeGreaterThan(paidAfterMinutes * 60_000);
      expect(delivered, order.key).toBeLessThanOrEqual(orderWindows.shipWithinDays);
      expect(received, order.key).toBeGreaterThan(delivered);
      expect(received - delivered, order.key).toBeLessThanOrEqual(orderWindows.reportProblemDays);
      expect(buyerReview, order.key).toBeGreaterThan(received);
      expect(sellerReview, order.key).toBeGreaterThan(buyerReview);
      expect(sellerReview - received, order.key).toBeLessThanOrEqual(orderWindows.reviewDays);
      expect(order.orderedDaysAgo - sellerReview, order.key).toBeGreaterThan(0.5);
    }
  });

  it('gives some sellers several reviews and others none; Maya (the e2e seller) at most a few', () => {
    const perSeller = new Map<string, number>();
    for (const order of historyOrders) {
      const seller = sellerKeyOf(order.listingKey);
      perSeller.set(seller, (perSeller.get(seller) ?? 0) + 1);
    }
    expect([...perSeller.values()].filter((count) => count >= 2).length).toBeGreaterThanOrEqual(3);
    expect(sellers.filter((seller) => !perSeller.has(seller.key)).length).toBeGreaterThanOrEqual(3);
    expect(perSeller.get('maya') ?? 0).toBeLessThanOrEqual(2);
  });
});

describe('demo history: the records', () => {
  const now = new Date('2026-03-01T12:00:00.000Z');
  const order = historyOrders.find((candidate) => candidate.deliveryMethod === 'shipping')!;
  const seed = listingOf(order.listingKey)!;
  const listing = listingRecord({
    id: 'listing-1',
    authorId: 'seller-1',
    title: seed.title,
    description: seed.description,
    price: { amount: seed.priceCents, currency: 'USD' },
    state: 'published',
    publicData: {
      category: seed.category,
      condition: seed.condition,
      brand: seed.brand,
      pickupEnabled: seed.pickupEnabled,
      shippingEnabled: seed.shippingEnabled,
      location: {
        address: seed.location.city,
        city: seed.location.city,
        region: seed.location.region,
        country: seed.location.country,
      },
    },
    geolocation: { lat: seed.location.lat, lng: seed.location.lng },
    currentStock: seed.stock,
    shippingFee: {
      oneItem: { amount: seed.shippingFeeCents ?? 0, currency: 'USD' },
      additionalItems: { amount: seed.additionalItemShippingFeeCents ?? 0, currency: 'USD' },
    },
    images: [],
    createdAt: '2025-12-01T00:00:00.000Z',
    updatedAt: '2025-12-01T00:00:00.000Z',
  });
  const {
    transaction: tx,
    reviews,
    mailMarkers,
  } = historyRecords(order, {
    customerId: 'buyer-1',
    providerId: 'seller-1',
    listing,
    now,
  });

  it('is a reviewed order with the engine’s log, entry times, inbox keys and nothing left to do', () => {
    const id = transactionIdFor('buyer-1', `demo-history:${order.key}`);
    expect(tx).toMatchObject({
      ...keys.transaction(id),
      state: 'reviewed',
      version: 7,
      listingId: 'listing-1',
    });
    expect(tx.transitions.map((entry) => entry.transition)).toEqual([
      'request-payment',
      'confirm-payment',
      'mark-delivered',
      'mark-received',
      'auto-complete',
      'review-1-by-customer',
      'review-2-by-provider',
    ]);
    expect(tx.transitions[4]).not.toHaveProperty('userId');
    expect(Object.keys(tx.entered).sort()).toEqual(
      [
        'initial',
        'pending-payment',
        'purchased',
        'delivered',
        'received',
        'completed',
        'reviewed-by-customer',
        'reviewed',
      ].sort(),
    );
    expect(tx.entered.received).toBe(tx.entered.completed);
    expect(tx.lastTransitionedAt).toBe(tx.transitions[6]!.createdAt);
    expect(Date.parse(tx.lastTransitionedAt)).toBeLessThan(now.getTime());
    expect(tx).toMatchObject({
      ...keys.customerOrder('buyer-1', tx.lastTransitionedAt, id),
      ...keys.providerSale('seller-1', tx.lastTransitionedAt, id),
    });
    expect(tx.deadline).toBeUndefined();
    expect(tx.moneyOp).toBeUndefined();
    expect(tx.payinTotal.amount).toBe(seed.priceCents + (seed.shippingFeeCents ?? 0));
    expect(tx.payoutTotal.amount).toBeLessThan(tx.payinTotal.amount);
    expect(tx.orderData.shippingDetails?.recipientName).toBeTruthy();
    expect(tx.protectedData.trackingNumber).toMatch(/^1Z\d{16}$/);
  });

  it('has both reviews published under their subjects, and a sent marker for every mail', () => {
    expect(reviews).toHaveLength(2);
    const [ofProvider, ofCustomer] = reviews;
    expect(ofProvider).toMatchObject({
      ...keys.reviewBySubject('seller-1', 'ofProvider', tx.transitions[5]!.createdAt, tx.id),
      state: 'public',
      authorId: 'buyer-1',
      rating: order.buyerReview.rating,
    });
    expect(ofCustomer).toMatchObject({
      ...keys.reviewBySubject('buyer-1', 'ofCustomer', tx.transitions[6]!.createdAt, tx.id),
      state: 'public',
      authorId: 'seller-1',
      rating: order.sellerReview.rating,
    });
    // new-order, order-confirmed, shipped, received ×2, review-request ×2, reviews-published ×2.
    expect(mailMarkers).toHaveLength(9);
    expect(mailMarkers.map((marker) => marker.SK)).toContain('NOTIFIED#v2#new-order#seller-1');
    expect(mailMarkers.map((marker) => marker.SK)).toContain('NOTIFIED#v2#order-confirmed#buyer-1');
  });
});
