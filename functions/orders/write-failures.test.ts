import { describe, expect, it } from 'vitest';
import { iso, payoutLock, storedOrder } from './stored-order.test-helper';
import { transactionFailure } from './write-failures';

/** The order as the engine read it before its write: pending-payment, version 1. */
const seen = storedOrder();
const codeOf = (error: { code: string }) => error.code;

describe('transactionFailure: what a lost condition on the transaction item means', () => {
  it('the order moved on (another transition won the race): invalid transition, even if the winner took a lock', () => {
    const moved = storedOrder({ state: 'payment-expired', version: 2 });
    expect(codeOf(transactionFailure(moved, seen, undefined))).toBe('transaction-invalid-transition');
    const movedAndLocked = storedOrder({
      state: 'payment-expired',
      version: 2,
      moneyOp: {
        op: 'refund',
        transition: 'expire-payment',
        key: 'refund-tx-1',
        startedAt: iso(0),
        retryAt: iso(0),
      },
    });
    expect(codeOf(transactionFailure(movedAndLocked, seen, undefined))).toBe(
      'transaction-invalid-transition',
    );
  });

  it('the same version, but a money lock appeared between the read and the write: transition-in-progress', () => {
    const locked = storedOrder({ moneyOp: payoutLock() });
    expect(codeOf(transactionFailure(locked, seen, undefined))).toBe('transition-in-progress');
    // Our own lock is no reason: the write lost on something else (a timer's deadline).
    expect(codeOf(transactionFailure(locked, seen, 'payout-tx-1'))).toBe('transaction-invalid-transition');
    expect(codeOf(transactionFailure(seen, seen, undefined))).toBe('transaction-invalid-transition');
  });
});
