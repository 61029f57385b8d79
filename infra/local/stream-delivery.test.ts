import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import { deliverBatch, type GivenUpBatch } from './stream-delivery';

const records = ['11', '12', '13', '14', '15'].map(
  (SequenceNumber): DynamoDBRecord => ({ eventName: 'INSERT', dynamodb: { SequenceNumber } }),
);
const sequences = (event: DynamoDBStreamEvent) => event.Records.map((r) => r.dynamodb!.SequenceNumber);

function options(givenUp: GivenUpBatch[] = []) {
  return {
    consumer: 'transaction-stream',
    streamArn: 'arn:stream',
    shardId: 'shard-1',
    maxAttempts: 3,
    onExhausted: (batch: GivenUpBatch) => {
      givenUp.push(batch);
    },
  };
}

describe('local stream delivery (partial-batch responses, as Lambda)', () => {
  it('retries from the lowest reported record: the records before it are done', async () => {
    const seen: (string | undefined)[][] = [];
    const handler = vi.fn(async (event: DynamoDBStreamEvent) => {
      seen.push(sequences(event));
      if (seen.length === 1)
        return { batchItemFailures: [{ itemIdentifier: '15' }, { itemIdentifier: '13' }] };
      return { batchItemFailures: [] };
    });
    const givenUp: GivenUpBatch[] = [];
    await expect(deliverBatch(handler, records, options(givenUp))).resolves.toEqual({
      attempts: 2,
      givenUp: 0,
    });
    expect(seen).toEqual([
      ['11', '12', '13', '14', '15'],
      ['13', '14', '15'],
    ]);
    expect(givenUp).toEqual([]);
  });

  it('one attempt for a clean batch (no failures, or an answer without the list)', async () => {
    const handler = vi.fn(async () => ({ recorded: 5 }));
    await expect(deliverBatch(handler, records, options())).resolves.toEqual({ attempts: 1, givenUp: 0 });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('retries the whole batch when the handler throws or names no record of the batch', async () => {
    const seen: (string | undefined)[][] = [];
    const handler = vi.fn(async (event: DynamoDBStreamEvent) => {
      seen.push(sequences(event));
      if (seen.length === 1) throw new Error('timeout');
      if (seen.length === 2) return { batchItemFailures: [{ itemIdentifier: '' }] };
      return { batchItemFailures: [{ itemIdentifier: '99' }] };
    });
    const givenUp: GivenUpBatch[] = [];
    await expect(deliverBatch(handler, records, options(givenUp))).resolves.toEqual({
      attempts: 3,
      givenUp: 5,
    });
    expect(seen).toEqual([
      sequences({ Records: records }),
      sequences({ Records: records }),
      sequences({ Records: records }),
    ]);
    expect(givenUp[0]!.reason).toMatch(/names no record of the batch: 99/);
  });

  it('gives up after its attempts with the records still failing, through onExhausted', async () => {
    let calls = 0;
    const handler = vi.fn(async (_event: DynamoDBStreamEvent) => {
      calls++;
      // The first attempt fails at 12, then 14 keeps failing.
      return { batchItemFailures: [{ itemIdentifier: calls === 1 ? '12' : '14' }] };
    });
    const givenUp: GivenUpBatch[] = [];
    await expect(deliverBatch(handler, records, options(givenUp))).resolves.toEqual({
      attempts: 3,
      givenUp: 2,
    });
    expect(handler.mock.calls.map(([event]) => sequences(event))).toEqual([
      ['11', '12', '13', '14', '15'],
      ['12', '13', '14', '15'],
      ['14', '15'],
    ]);
    expect(givenUp).toHaveLength(1);
    expect(givenUp[0]).toMatchObject({
      consumer: 'transaction-stream',
      streamArn: 'arn:stream',
      shardId: 'shard-1',
      attempts: 3,
      reason: 'record 14 failed',
    });
    expect(givenUp[0]!.records.map((r) => r.dynamodb!.SequenceNumber)).toEqual(['14', '15']);
  });
});
