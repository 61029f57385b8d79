import { describe, expect, it } from 'vitest';
import { validateEvent } from '../../../shared/events/envelope';
import { reconcile } from '../../../shared/events/reconcile';
import { listings } from './catalogue';
import { financeHistoryEvents, financeHistoryOrders } from './finance-history';

const ids = { customerId: 'buyer-1', providerId: 'seller-1' };
const eventsAt = (now: string) =>
  financeHistoryOrders.flatMap((order) => financeHistoryEvents(order, { ...ids, now: new Date(now) }));

describe('the demo finance history', () => {
  it('dates the orders in the previous and the current calendar month, across a year end too', () => {
    const events = eventsAt('2027-01-20T12:00:00.000Z');
    const months = new Set(events.map((event) => event.occurredAt.slice(0, 7)));
    expect(months).toEqual(new Set(['2026-12', '2027-01']));
    const captured = events.filter((event) => event.type === 'PaymentCaptured');
    expect(captured.filter((event) => event.occurredAt.startsWith('2026-12'))).toHaveLength(4);
  });

  it('writes valid envelopes with one id per order and type, and every finished order balances', () => {
    const events = eventsAt('2026-11-27T12:00:00.000Z');
    for (const event of events) expect(validateEvent(event)).toMatchObject({ ok: true });
    expect(new Set(events.map((event) => event.id)).size).toBe(events.length);
    // Captured = refunded, or captured = paid out + commission: nothing is held once all are done.
    expect(reconcile(events)).toEqual([]);
    const refunds = events.filter((event) => event.type === 'RefundIssued');
    expect(refunds).toHaveLength(1);
  });

  it('leaves out what has not happened yet early in a month (an order paid, not yet paid out)', () => {
    const events = eventsAt('2026-11-01T10:00:00.000Z');
    expect(events.every((event) => event.occurredAt <= '2026-11-01T10:00:00.000Z')).toBe(true);
    // The order paid on the 1st at 09:30 is captured; its payout (two days later) is not there.
    const held = reconcile(events);
    expect(held.length).toBeGreaterThan(0);
    expect(held.every((balance) => balance.difference > 0)).toBe(true);
  });

  it('prices an order like the engine: commission is 10 % of the price, the seller gets the rest of the payment', () => {
    const fox = financeHistoryOrders.find((order) => order.key === 'fox-36-owen')!;
    const listing = listings.find((candidate) => candidate.key === fox.listingKey)!;
    const events = financeHistoryEvents(fox, { ...ids, now: new Date('2026-11-27T00:00:00Z') });
    const payin = listing.priceCents + (listing.shippingFeeCents ?? 0);
    const byType = Object.fromEntries(events.map((event) => [event.type, event.data])) as Record<
      string,
      { amount?: { amount: number }; total?: { amount: number } }
    >;
    expect(byType.PaymentCaptured!.amount!.amount).toBe(payin);
    const commission = Math.round(listing.priceCents * 0.1);
    expect(byType.CommissionEarned!.total!.amount).toBe(commission);
    expect(byType.PayoutDisbursed!.amount!.amount).toBe(payin - commission);
  });
});
