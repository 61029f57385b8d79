import { describe, expect, it } from 'vitest';
import {
  deliveredTransaction,
  fixtureTransaction,
  PAYMENT_DUE_AT,
  PURCHASED_AT,
  pendingPaymentTransaction,
} from '../fixtures';
import { deadlineNotices, paymentDueAt } from './deadlines';

const hours = (n: number) => n * 3_600_000;
const at = (iso: string, plusMs = 0) => new Date(Date.parse(iso) + plusMs);

describe('deadlines', () => {
  const purchased = fixtureTransaction();
  const soon = at(PURCHASED_AT, hours(1));

  it('tells the seller to ship by the auto-cancel deadline', () => {
    const notices = deadlineNotices(purchased, 'provider', soon);
    expect(notices.map((n) => n.kind)).toEqual(['ship-by']);
    expect(notices[0]?.before).toBe('Ship by ');
    expect(notices[0]?.at.toISOString()).toBe('2026-11-25T10:00:00.000Z');
  });

  it('tells the buyer the ship-by date and until when they can cancel (3 hours)', () => {
    const notices = deadlineNotices(purchased, 'customer', soon);
    expect(notices.map((n) => n.kind)).toEqual(['ship-by', 'cancel-until']);
    expect(notices[1]?.before).toBe('You can cancel the order until ');
    expect(notices[1]?.at.toISOString()).toBe('2026-11-20T13:00:00.000Z');
  });

  it('drops the cancel window once it has closed', () => {
    expect(deadlineNotices(purchased, 'customer', at(PURCHASED_AT, hours(4))).map((n) => n.kind)).toEqual([
      'ship-by',
    ]);
  });

  it("shows the server's deadline, never one recomputed in the browser", () => {
    expect(deadlineNotices({ ...purchased, deadline: undefined }, 'provider', soon)).toEqual([]);
    const later = { transition: 'auto-cancel' as const, dueAt: '2026-11-26T12:00:00.000Z' };
    const [notice] = deadlineNotices({ ...purchased, deadline: later }, 'provider', soon);
    expect(notice?.at.toISOString()).toBe(later.dueAt);
  });

  it('gives the report-a-problem deadline in delivered, to both', () => {
    const delivered = fixtureTransaction(deliveredTransaction());
    const now = at('2026-11-22T10:00:00.000Z');
    const [customer] = deadlineNotices(delivered, 'customer', now);
    expect(customer?.kind).toBe('report-until');
    expect(customer?.before).toBe('Report a problem until ');
    expect(customer?.at.toISOString()).toBe('2026-12-04T10:00:00.000Z');
    expect(deadlineNotices(delivered, 'provider', now)[0]?.before).toBe(
      'The buyer can report a problem until ',
    );
  });

  it('shows nothing in other states or after the deadline', () => {
    expect(deadlineNotices({ ...purchased, state: 'canceled' }, 'customer', soon)).toEqual([]);
    expect(deadlineNotices(purchased, 'provider', at('2026-11-26T00:00:00.000Z'))).toEqual([]);
  });

  it('an order pending payment is due when its expire-payment timer runs out, only in that state', () => {
    expect(paymentDueAt(fixtureTransaction(pendingPaymentTransaction()))?.toISOString()).toBe(PAYMENT_DUE_AT);
    expect(paymentDueAt(purchased)).toBeUndefined();
    const otherTimer = pendingPaymentTransaction({
      deadline: { transition: 'auto-cancel', dueAt: PAYMENT_DUE_AT },
    });
    expect(paymentDueAt(fixtureTransaction(otherTimer))).toBeUndefined();
  });
});
