import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { conflictDelayMs, isTransactionConflict, sendTransactWrite, transactWrite } from './writes';

const ddb = mockClient(DynamoDBDocumentClient);
afterAll(() => ddb.restore());
beforeEach(() => ddb.reset());

const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

const input = { TransactItems: [{ Put: { TableName: 't', Item: { PK: 'A', SK: 'B' } } }] };

function recordingSleep() {
  const delays: number[] = [];
  return { delays, sleep: async (ms: number) => void delays.push(ms) };
}

describe('transactWrite retryConflicts', () => {
  it('retries TransactionConflict cancellations and returns the successful answer', async () => {
    ddb
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled('TransactionConflict', 'None'))
      .rejectsOnce(cancelled('None', 'TransactionConflict'))
      .resolves({});
    const { delays, sleep } = recordingSleep();
    await transactWrite(input, 'conflict', { retryConflicts: { sleep } });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(3);
    expect(delays).toHaveLength(2);
    for (const delay of delays) {
      expect(delay).toBeGreaterThanOrEqual(20);
      expect(delay).toBeLessThanOrEqual(400);
    }
  });

  it('gives up after 6 tries in all and throws the conflict as it came (not an ApiError)', async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled('TransactionConflict'));
    const { delays, sleep } = recordingSleep();
    const attempt = sendTransactWrite(input, { retryConflicts: { sleep } });
    await expect(attempt).rejects.toBeInstanceOf(TransactionCanceledException);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(6);
    expect(delays).toHaveLength(5);
  });

  it('does not retry without the option', async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled('TransactionConflict'));
    await expect(transactWrite(input)).rejects.toBeInstanceOf(TransactionCanceledException);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it('never retries a failed condition: it becomes the named ApiError at once', async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'TransactionConflict'));
    const { delays, sleep } = recordingSleep();
    const attempt = transactWrite(input, 'transaction-invalid-transition', { retryConflicts: { sleep } });
    await expect(attempt).rejects.toBeInstanceOf(ApiError);
    await expect(attempt).rejects.toMatchObject({ code: 'transaction-invalid-transition' });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it('honours a smaller number of attempts', async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled('TransactionConflict'));
    const { sleep } = recordingSleep();
    await expect(sendTransactWrite(input, { retryConflicts: { attempts: 2, sleep } })).rejects.toThrow();
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(2);
  });
});

describe('conflict helpers', () => {
  it('full jitter: the ceiling doubles from 20 ms up to 400 ms', () => {
    expect(conflictDelayMs(1, { random: () => 0 })).toBe(20);
    expect(conflictDelayMs(1, { random: () => 0.999999 })).toBe(39);
    expect(conflictDelayMs(3, { random: () => 0.999999 })).toBe(159);
    expect(conflictDelayMs(10, { random: () => 0.999999 })).toBe(399);
    expect(conflictDelayMs(10, { random: () => 0 })).toBe(20);
  });

  it('tells a conflict from a condition failure and from other errors', () => {
    expect(isTransactionConflict(cancelled('None', 'TransactionConflict'))).toBe(true);
    expect(isTransactionConflict(cancelled('ConditionalCheckFailed', 'TransactionConflict'))).toBe(false);
    expect(isTransactionConflict(cancelled('ConditionalCheckFailed'))).toBe(false);
    expect(isTransactionConflict(new Error('boom'))).toBe(false);
  });
});
