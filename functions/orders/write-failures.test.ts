import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { mockTable } from '../lib/mock-table.test-helper';
import { testListing } from '../listings/listing-fixture';
import { contendedStockFailure } from './repository';
import { iso, payoutLock, storedOrder } from './stored-order.test-helper';
import { transactionFailure, writeFailure } from './write-failures';

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

describe('writes that lost every try to concurrent transactions (TransactionConflict): never a 500', () => {
  const ddb = mockTable();
  const conflicted = new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: [{ Code: 'TransactionConflict' }, { Code: 'None' }],
  });
  const stored = (item: object | undefined) => ddb.on(GetCommand).resolves({ Item: item });
  const failureOf = async () =>
    (await writeFailure(conflicted, seen, { stockIndex: -1, moneyOpKey: undefined })) as { code: string };

  it('the order moved on meanwhile: the race was lost (invalid transition)', async () => {
    stored(storedOrder({ state: 'payment-expired', version: 2 }));
    expect(codeOf(await failureOf())).toBe('transaction-invalid-transition');
  });

  it('the order is as it was: only crowded, 409 conflict (try again)', async () => {
    stored(seen);
    expect(codeOf(await failureOf())).toBe('conflict');
  });

  it("another caller's money lock appeared: transition in progress", async () => {
    stored(storedOrder({ moneyOp: payoutLock() }));
    expect(codeOf(await failureOf())).toBe('transition-in-progress');
  });

  it('the order is gone: not found', async () => {
    stored(undefined);
    expect(codeOf(await failureOf())).toBe('not-found');
  });

  it("a new order's stock: sold out, gone, or still there (conflict)", async () => {
    stored(testListing('l-1', { currentStock: 0 }));
    expect(codeOf(await contendedStockFailure('l-1', 1))).toBe('transaction-listing-insufficient-stock');
    stored(testListing('l-1', { currentStock: 3 }));
    expect(codeOf(await contendedStockFailure('l-1', 2))).toBe('conflict');
    expect(codeOf(await contendedStockFailure('l-1', 4))).toBe('transaction-listing-insufficient-stock');
    stored(testListing('l-1', { state: 'closed' }));
    expect(codeOf(await contendedStockFailure('l-1', 1))).toBe('transaction-listing-not-found');
  });

  it('a condition that failed is still read as before, not as a conflict', async () => {
    stored(storedOrder({ state: 'payment-expired', version: 2 }));
    const lost = new TransactionCanceledException({
      message: 'Transaction cancelled',
      $metadata: {},
      CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'TransactionConflict' }],
    });
    const error = (await writeFailure(lost, seen, { stockIndex: -1, moneyOpKey: undefined })) as {
      code: string;
    };
    expect(codeOf(error)).toBe('transaction-invalid-transition');
  });
});
