import { describe, expect, it } from 'vitest';
import { HOUR_MS } from '../../shared/config/constants';
import type { TransactionRecord } from './record';
import { iso, payoutLock, purchased, storedOrder, t0 } from './stored-order.test-helper';
import { checkTransitionRequest, type TransitionRequest } from './transition-checks';

const timers = { scale: 1 };

/** The refusal code of `name` on `tx` at t0 + `at`, or 'ok'. */
function refusalOf(tx: TransactionRecord, name: string, request: TransitionRequest, at = 1000): string {
  const checked = checkTransitionRequest(tx, name, request, { now: new Date(t0 + at), timers });
  return checked.ok ? 'ok' : checked.refusal;
}

const customer = { actor: 'customer' as const, userId: 'c-1' };
const provider = { actor: 'provider' as const, userId: 'p-1' };

describe('checkTransitionRequest: the refusals before any write', () => {
  it('wrong state, wrong actor, not a party, stale version, unknown transition', () => {
    const tx = storedOrder();
    expect(refusalOf(tx, 'confirm-payment', customer)).toBe('ok');
    expect(refusalOf(tx, 'mark-delivered', provider)).toBe('transaction-invalid-transition');
    expect(refusalOf(tx, 'confirm-payment', provider)).toBe('forbidden');
    expect(refusalOf(tx, 'confirm-payment', { actor: 'customer', userId: 'x' })).toBe('forbidden');
    expect(refusalOf(tx, 'confirm-payment', { ...customer, expectedVersion: 0 })).toBe(
      'transaction-invalid-transition',
    );
    expect(refusalOf(tx, 'confirm-payment', { ...customer, expectedVersion: 1 })).toBe('ok');
    expect(refusalOf(tx, 'no-such-transition', customer)).toBe('validation-invalid-params');
  });

  it('a timer only when its deadline is due, and only the deadline’s own transition', () => {
    const tx = storedOrder(); // expire-payment due at 15 min
    expect(refusalOf(tx, 'expire-payment', { actor: 'system' }, 1000)).toBe('transaction-invalid-transition');
    expect(refusalOf(tx, 'expire-payment', { actor: 'system' }, 15 * 60_000)).toBe('ok');
    const noDeadline = storedOrder({ deadline: undefined });
    expect(refusalOf(noDeadline, 'expire-payment', { actor: 'system' }, 15 * 60_000)).toBe(
      'transaction-invalid-transition',
    );
    const otherTimer = storedOrder({ deadline: { ...tx.deadline!, transition: 'auto-cancel' } });
    expect(refusalOf(otherTimer, 'expire-payment', { actor: 'system' }, 15 * 60_000)).toBe(
      'transaction-invalid-transition',
    );
  });

  it('the customer cancels within 3 hours of the purchase (scaled with the timers); the operator at any time', () => {
    const tx = storedOrder(purchased());
    expect(refusalOf(tx, 'cancel', customer, 3 * HOUR_MS)).toBe('ok');
    expect(refusalOf(tx, 'cancel', customer, 3 * HOUR_MS + 1)).toBe('transaction-invalid-transition');
    expect(refusalOf(tx, 'cancel', { actor: 'operator' }, 30 * HOUR_MS)).toBe('ok');
    const scaled = checkTransitionRequest(tx, 'cancel', customer, {
      now: new Date(t0 + 10_801),
      timers: { scale: 0.001 },
    });
    expect(scaled).toEqual({ ok: false, refusal: 'transaction-invalid-transition' });
  });

  it('a held money lock: transition-in-progress, except for its owner and the payout it holds', () => {
    const tx = storedOrder(purchased({ moneyOp: payoutLock() }));
    expect(refusalOf(tx, 'mark-delivered', provider)).toBe('transition-in-progress');
    expect(refusalOf(tx, 'cancel', { actor: 'operator' })).toBe('transition-in-progress');
    expect(refusalOf(tx, 'mark-delivered', { ...provider, moneyOpKey: 'payout-tx-1' })).toBe('ok');
    // The payout held by the lock is this very transition (asked again, or retried).
    expect(refusalOf(tx, 'mark-received-from-purchased', customer)).toBe('ok');
  });

  it('refuses a zero payout on the payout transitions (charge refusals); an enquiry is priced later', () => {
    const delivered = storedOrder({
      state: 'delivered',
      version: 3,
      entered: { delivered: iso(0) },
      payoutTotal: { amount: 0, currency: 'USD' },
    });
    expect(refusalOf(delivered, 'mark-received', customer, 0)).toBe('transaction-charge-zero-payout');
    // Shipping it pays nobody out: no refusal.
    const shipping = storedOrder(purchased({ payoutTotal: delivered.payoutTotal }));
    expect(refusalOf(shipping, 'mark-delivered', provider, 0)).toBe('ok');
    // request-payment-after-enquiry is priced from the listing: the enquiry's totals are not checked.
    const enquiry = storedOrder({
      state: 'enquiry',
      entered: { enquiry: iso(0) },
      payinTotal: { amount: 0, currency: 'USD' },
      payoutTotal: { amount: 0, currency: 'USD' },
    });
    expect(refusalOf(enquiry, 'request-payment-after-enquiry', customer)).toBe('ok');
  });

  it('already reviewed: the review codes the web app falls back on', () => {
    const byProvider = storedOrder({
      state: 'reviewed-by-provider',
      version: 5,
      entered: { received: iso(0) },
    });
    expect(refusalOf(byProvider, 'review-1-by-customer', customer, 0)).toBe(
      'transaction-already-reviewed-by-provider',
    );
    expect(refusalOf(byProvider, 'review-1-by-provider', provider, 0)).toBe(
      'transaction-already-reviewed-by-provider',
    );
    expect(refusalOf(byProvider, 'review-2-by-customer', customer, 0)).toBe('ok');
    const reviewed = storedOrder({ state: 'reviewed', version: 6, entered: { received: iso(0) } });
    expect(refusalOf(reviewed, 'review-2-by-customer', customer, 0)).toBe(
      'transaction-already-reviewed-by-customer',
    );
  });
});
