import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  PutCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import {
  conflictDelayMs,
  isTransactionConflict,
  recordOnce,
  sendTransactWrite,
  transactWrite,
} from './writes';

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
    await expect(sendTransactWrite(input)).rejects.toBeInstanceOf(TransactionCanceledException);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it('a conditional write that lost every try to concurrent transactions is 409 conflict, never a 500', async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled('TransactionConflict'));
    const { sleep } = recordingSleep();
    const attempt = transactWrite(input, 'email-taken', { retryConflicts: { sleep } });
    // Crowded, not refused: the generic conflict, not the code for a failed condition.
    await expect(attempt).rejects.toMatchObject({ code: 'conflict', status: 409 });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(6);
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

describe('recordOnce', () => {
  const savedTable = process.env.TABLE_NAME;
  beforeEach(() => {
    process.env.TABLE_NAME = 'velo-test';
  });
  afterAll(() => {
    if (savedTable === undefined) delete process.env.TABLE_NAME;
    else process.env.TABLE_NAME = savedTable;
  });
  const record = { PK: 'WEBHOOK#x', SK: 'EVENT', entity: 'webhook-event' };

  it('records, then applies, and gives the result', async () => {
    ddb.on(PutCommand).resolves({});
    let applied = 0;
    expect(await recordOnce(record, async () => ++applied)).toEqual({ duplicate: false, result: 1 });
    const put = ddb.commandCalls(PutCommand)[0]!.args[0].input;
    expect(put.Item).toEqual(record);
    expect(put.ConditionExpression).toBe('attribute_not_exists(PK)');
    expect(ddb.commandCalls(DeleteCommand)).toHaveLength(0);
  });

  it('applies nothing when the record exists already', async () => {
    ddb.on(PutCommand).rejects(new ConditionalCheckFailedException({ message: 'exists', $metadata: {} }));
    let applied = 0;
    expect(await recordOnce(record, async () => ++applied)).toEqual({ duplicate: true });
    expect(applied).toBe(0);
  });

  it('deletes the record again when applying fails, and rethrows', async () => {
    ddb.on(PutCommand).resolves({});
    ddb.on(DeleteCommand).resolves({});
    const failure = new Error('provider down');
    await expect(
      recordOnce(record, async () => {
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(ddb.commandCalls(DeleteCommand)[0]!.args[0].input.Key).toEqual({ PK: 'WEBHOOK#x', SK: 'EVENT' });
  });

  it('passes other write errors through without applying', async () => {
    ddb.on(PutCommand).rejects(new Error('throttled'));
    let applied = 0;
    await expect(recordOnce(record, async () => ++applied)).rejects.toThrow('throttled');
    expect(applied).toBe(0);
  });
});
