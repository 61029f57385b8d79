import { describe, expect, it } from 'vitest';
import { isUuid } from '../ids';
import { computeLineItems, defaultLineItemConfig } from '../line-items';
import { eventDefinitions, eventSources, eventTypes, latestVersion } from './definitions';
import {
  commissionEarned,
  createEvent,
  disputeOpened,
  EventValidationError,
  isEventOfType,
  listingClosed,
  listingPublished,
  orderInitiated,
  orderTransitioned,
  paymentCaptured,
  payoutAccountUpdated,
  payoutDisbursed,
  payoutScheduled,
  refundIssued,
  reviewSubmitted,
  toBusEntry,
  transactionEventId,
  validateEvent,
} from './envelope';
import { checkSpec, isIsoTimestamp, s } from './schema';

const usd = (amount: number) => ({ amount, currency: 'USD' });
const id = '3f0e6b52-8d1c-4c5e-9a7b-2d4f6e8a1b3c';
const occurredAt = '2026-03-01T12:00:00.000Z';
const opts = { id, occurredAt };

describe('event constructors', () => {
  it('build valid, versioned events with id, occurredAt and money in minor units', () => {
    const e = orderInitiated(
      {
        transactionId: 'tx1',
        listingId: 'l1',
        customerId: 'c1',
        providerId: 'p1',
        quantity: 2,
        deliveryMethod: 'shipping',
        paymentMethod: 'stripe',
        payinTotal: usd(22_000),
        payoutTotal: usd(19_800),
      },
      opts,
    );
    expect(e).toMatchObject({
      id,
      type: 'OrderInitiated',
      version: 1,
      occurredAt,
      source: 'velo.marketplace',
    });
    expect(validateEvent(e)).toEqual({ ok: true, event: e });
    expect(isEventOfType(e, 'OrderInitiated')).toBe(true);
    expect(isEventOfType(e, 'PaymentCaptured')).toBe(false);
    expect(toBusEntry(e)).toEqual({
      Source: 'velo.marketplace',
      DetailType: 'OrderInitiated',
      Detail: JSON.stringify(e),
    });
  });
  it('cover every domain and finance event', () => {
    const events = [
      orderTransitioned(
        {
          transactionId: 't',
          transition: 'confirm-payment',
          from: 'pending-payment',
          to: 'purchased',
          actor: 'customer',
          userId: 'c',
        },
        opts,
      ),
      paymentCaptured(
        {
          transactionId: 't',
          customerId: 'c',
          provider: 'paypal',
          providerPaymentId: 'CAP-1',
          amount: usd(100),
        },
        opts,
      ),
      refundIssued(
        {
          transactionId: 't',
          customerId: 'c',
          provider: 'stripe',
          providerRefundId: 're_1',
          amount: usd(100),
          reason: 'canceled',
        },
        opts,
      ),
      payoutScheduled(
        { transactionId: 't', sellerId: 'p', provider: 'stripe', amount: usd(90), scheduledFor: occurredAt },
        opts,
      ),
      payoutDisbursed(
        { transactionId: 't', sellerId: 'p', provider: 'paypal', providerPayoutId: 'D-1', amount: usd(90) },
        opts,
      ),
      commissionEarned(
        { transactionId: 't', providerCommission: usd(10), customerCommission: usd(0), total: usd(10) },
        opts,
      ),
      payoutAccountUpdated({ userId: 'p', provider: 'paypal', payoutReady: true, at: occurredAt }, opts),
      listingPublished(
        {
          listingId: 'l',
          authorId: 'p',
          title: 'Bike',
          category: 'roadBikes',
          price: usd(100_000),
          stock: 1,
        },
        opts,
      ),
      listingClosed({ listingId: 'l', authorId: 'p' }, opts),
      reviewSubmitted(
        { transactionId: 't', reviewId: 'r', authorId: 'c', subjectId: 'p', type: 'ofProvider', rating: 5 },
        opts,
      ),
      disputeOpened({ transactionId: 't', customerId: 'c', reason: 'Wrong size' }, opts),
    ];
    expect(events.map((e) => e.type).sort()).toEqual(eventTypes.filter((t) => t !== 'OrderInitiated').sort());
    for (const e of events) expect(validateEvent(e).ok).toBe(true);
    expect(events.filter((e) => e.source === eventSources.finance).map((e) => e.type)).toEqual([
      'PaymentCaptured',
      'RefundIssued',
      'PayoutScheduled',
      'PayoutDisbursed',
      'CommissionEarned',
      'PayoutAccountUpdated',
    ]);
  });
  it('carry line items with percentages', () => {
    const lines = computeLineItems(
      { price: usd(10_000), pickupEnabled: true },
      { quantity: 1, deliveryMethod: 'pickup' },
      { ...defaultLineItemConfig, customerCommissionPercent: 2.5 },
    );
    const e = paymentCaptured(
      {
        transactionId: 't',
        customerId: 'c',
        provider: 'stripe',
        providerPaymentId: 'pi_1',
        amount: usd(10_250),
        lineItems: lines,
      },
      opts,
    );
    expect(e.data.lineItems).toHaveLength(4);
  });
  it('default the id and time', () => {
    const e = listingClosed({ listingId: 'l', authorId: 'p' });
    expect(isUuid(e.id)).toBe(true);
    expect(isIsoTimestamp(e.occurredAt)).toBe(true);
    expect(
      listingClosed({ listingId: 'l', authorId: 'p' }, { occurredAt: new Date(occurredAt) }).occurredAt,
    ).toBe(occurredAt);
  });
  it('refuse invalid payloads', () => {
    expect(() =>
      paymentCaptured(
        { transactionId: 't', customerId: 'c', provider: 'stripe', providerPaymentId: 'x', amount: usd(0) },
        opts,
      ),
    ).toThrow(EventValidationError);
    // Kept outside the catch so the test fails when nothing is thrown.
    let refused: unknown;
    try {
      refundIssued(
        {
          transactionId: '',
          customerId: 'c',
          provider: 'bank' as never,
          providerRefundId: 'r',
          amount: { amount: 1.5, currency: 'usd' },
          reason: 'canceled',
        },
        opts,
      );
    } catch (e) {
      refused = e;
    }
    expect(refused).toBeInstanceOf(EventValidationError);
    expect((refused as EventValidationError).errors).toEqual([
      'event.data.transactionId must be a non-empty id',
      'event.data.provider must be one of stripe, paypal',
      'event.data.amount.amount must be an integer of minor units',
      'event.data.amount.currency must be an ISO 4217 code',
    ]);
    expect(() => createEvent('ListingClosed', { listingId: 'l' } as never, opts)).toThrow(
      'event.data.authorId is required',
    );
    expect(() =>
      createEvent('ListingClosed', { listingId: 'l', authorId: 'a', extra: 1 } as never, opts),
    ).toThrow('event.data.extra is not allowed');
  });
});

describe('validateEvent', () => {
  const good = listingClosed({ listingId: 'l', authorId: 'p' }, opts);
  it('checks the envelope', () => {
    expect(validateEvent(null)).toEqual({ ok: false, errors: ['event must be an object'] });
    expect(validateEvent({ ...good, id: 'nope' })).toEqual({
      ok: false,
      errors: ['event.id must be a UUID'],
    });
    expect(validateEvent({ ...good, occurredAt: '2026-03-01' })).toEqual({
      ok: false,
      errors: ['event.occurredAt must be an ISO 8601 timestamp'],
    });
    expect(validateEvent({ ...good, type: 'Nope' })).toEqual({
      ok: false,
      errors: ['event.type is unknown: Nope'],
    });
    expect(validateEvent({ ...good, version: 2 })).toEqual({
      ok: false,
      errors: ['event.version is unknown for ListingClosed: 2'],
    });
    expect(validateEvent({ ...good, version: '1' })).toMatchObject({ ok: false });
    expect(validateEvent({ ...good, source: 'velo.finance' })).toEqual({
      ok: false,
      errors: ['event.source must be velo.marketplace'],
    });
    expect(validateEvent({ ...good, extra: true })).toEqual({
      ok: false,
      errors: ['event.extra is not allowed'],
    });
    expect(validateEvent({ ...good, data: [] })).toEqual({
      ok: false,
      errors: ['event.data must be an object'],
    });
  });
  it('has a latest version for each type', () => {
    for (const type of eventTypes) expect(latestVersion(type)).toBe(1);
    expect(Object.keys(eventDefinitions)).toHaveLength(12);
  });
});

describe('schema language', () => {
  it('checks every kind', () => {
    const spec = s.object({
      name: s.string({ minLength: 2, maxLength: 3 }),
      count: s.integer({ min: 1, max: 2 }),
      flag: s.boolean(),
      kind: s.literal('x'),
      at: s.timestamp(),
      key: s.uuid(),
      cost: s.money({ sign: 'nonPositive' }),
      tags: s.array(s.string(), { minLength: 1 }),
      note: s.optional(s.string()),
    });
    expect(
      checkSpec(
        { name: 'abc', count: 2, flag: true, kind: 'x', at: occurredAt, key: id, cost: usd(-1), tags: ['a'] },
        spec,
      ),
    ).toEqual([]);
    expect(
      checkSpec(
        { name: 'a', count: 3, flag: 'y', kind: 'z', at: 'x', key: 'k', cost: usd(1), tags: [], note: 5 },
        spec,
      ),
    ).toEqual([
      'value.name must have at least 2 characters',
      'value.count must be at most 2',
      'value.flag must be a boolean',
      'value.kind must be "x"',
      'value.at must be an ISO 8601 timestamp',
      'value.key must be a UUID',
      'value.cost.amount must not be positive',
      'value.tags must have at least 1 items',
      'value.note must be a string',
    ]);
    expect(checkSpec({ name: 'abcd', count: 0, tags: 'x', cost: 'x' }, spec)).toEqual(
      expect.arrayContaining([
        'value.name must have at most 3 characters',
        'value.count must be at least 1',
        'value.tags must be an array',
        'value.cost must be money',
        'value.flag is required',
      ]),
    );
    expect(checkSpec(5, s.string())).toEqual(['value must be a string']);
    expect(checkSpec(2.5, s.number({ min: 0, max: 10 }))).toEqual([]);
    expect(checkSpec(-1, s.number({ min: 0 }))).toEqual(['value must be at least 0']);
    expect(checkSpec(11, s.number({ max: 10 }))).toEqual(['value must be at most 10']);
    expect(checkSpec(Number.NaN, s.number())).toEqual(['value must be a number']);
    expect(checkSpec(1.5, s.integer())).toEqual(['value must be an integer']);
    expect(checkSpec(usd(-1), s.money({ sign: 'nonNegative' }))).toEqual([
      'value.amount must not be negative',
    ]);
    expect(checkSpec(usd(0), s.money({ sign: 'positive' }))).toEqual(['value.amount must be positive']);
    expect(checkSpec(usd(-1), s.money())).toEqual([]);
    expect(checkSpec(['a', 1], s.array(s.string()))).toEqual(['value[1] must be a string']);
    expect(isIsoTimestamp('2026-02-30T00:00:00Z')).toBe(false);
    expect(isIsoTimestamp(20260301)).toBe(false);
    expect(isIsoTimestamp('2026-13-01T00:00:00Z')).toBe(false);
    expect(isIsoTimestamp('2026-03-01T12:00:00+02:00')).toBe(true);
  });
});

describe('PayoutAccountUpdated', () => {
  it('is a finance event with user, provider, readiness and time', () => {
    const e = payoutAccountUpdated(
      { userId: 'u1', provider: 'stripe', payoutReady: false, at: occurredAt },
      opts,
    );
    expect(e).toMatchObject({ type: 'PayoutAccountUpdated', version: 1, source: 'velo.finance' });
    expect(toBusEntry(e).DetailType).toBe('PayoutAccountUpdated');
    expect(() =>
      payoutAccountUpdated(
        // biome-ignore lint/suspicious/noExplicitAny: an invalid payload on purpose
        { userId: 'u1', provider: 'bank' as any, payoutReady: 'yes' as any, at: 'yesterday' },
        opts,
      ),
    ).toThrow(EventValidationError);
  });
});

describe('transaction event ids', () => {
  const data = {
    transactionId: 'tx-42',
    customerId: 'c',
    provider: 'stripe' as const,
    providerPaymentId: 'pi_1',
    amount: usd(12_500),
  };
  it('accepts <data.transactionId>:<type> as the id of a transaction event', () => {
    expect(transactionEventId('tx-42', 'PaymentCaptured')).toBe('tx-42:PaymentCaptured');
    const e = paymentCaptured(data, { id: 'tx-42:PaymentCaptured', occurredAt });
    expect(validateEvent(e)).toEqual({ ok: true, event: e });
  });
  it('refuses an id of another transaction or type, and a non-UUID id without a transaction', () => {
    const e = paymentCaptured(data, opts);
    const error = ['event.id must be a UUID or <data.transactionId>:<type>'];
    expect(validateEvent({ ...e, id: 'tx-43:PaymentCaptured' })).toEqual({ ok: false, errors: error });
    expect(validateEvent({ ...e, id: 'tx-42:RefundIssued' })).toEqual({ ok: false, errors: error });
    expect(validateEvent({ ...e, id: 'tx-42' })).toEqual({ ok: false, errors: error });
    expect(() => paymentCaptured(data, { id: 'tx-42:Nope' })).toThrow(EventValidationError);
    const closed = listingClosed({ listingId: 'l', authorId: 'p' }, opts);
    expect(validateEvent({ ...closed, id: 'l:ListingClosed' })).toEqual({
      ok: false,
      errors: ['event.id must be a UUID'],
    });
  });
});
