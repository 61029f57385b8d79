import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { EventBridgeEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { handler, ledgerKey } from './ledger';

const ddb = mockClient(DynamoDBDocumentClient);
beforeAll(() => {
  vi.stubEnv('TABLE_NAME', 'velo-test');
});
afterAll(() => {
  ddb.restore();
  vi.unstubAllEnvs();
});
beforeEach(() => ddb.reset());

function busEvent(id: string, time: string, detail: Record<string, unknown>) {
  return {
    version: '0',
    id,
    'detail-type': 'PaymentCaptured',
    source: 'velo.finance',
    account: '123456789012',
    time,
    region: 'eu-west-1',
    resources: [],
    detail,
  } as EventBridgeEvent<string, Record<string, unknown>>;
}

const envelope = {
  id: 'tx-1:PaymentCaptured',
  occurredAt: '2026-11-30T23:59:59.500Z',
  type: 'PaymentCaptured',
};

describe('finance ledger keys', () => {
  it('keys an envelope on its occurredAt and detail.id, whatever EventBridge id and time it came with', () => {
    const first = ledgerKey(busEvent('eb-1', '2026-11-30T23:59:59Z', envelope));
    const replayed = ledgerKey(busEvent('eb-2', '2026-12-01T00:00:03Z', envelope));
    expect(first).toEqual({
      PK: 'LEDGER#2026-11',
      SK: '2026-11-30T23:59:59.500Z#tx-1:PaymentCaptured',
      dedupeId: 'tx-1:PaymentCaptured',
    });
    expect(replayed).toEqual(first);
  });

  it('falls back to the EventBridge id and time for a detail that is not an envelope (as before)', () => {
    expect(ledgerKey(busEvent('eb-3', '2026-11-22T05:00:00Z', { transactionId: 'tx' }))).toEqual({
      PK: 'LEDGER#2026-11',
      SK: '2026-11-22T05:00:00Z#eb-3',
      dedupeId: 'eb-3',
    });
    expect(
      ledgerKey(busEvent('eb-4', '2026-11-22T05:00:00Z', { id: 'x', occurredAt: 'yesterday' })).dedupeId,
    ).toBe('eb-4');
  });
});

describe('finance ledger handler', () => {
  it('writes once, conditionally, and answers recorded: false for a repeat', async () => {
    ddb
      .on(PutCommand)
      .resolvesOnce({})
      .rejectsOnce(new ConditionalCheckFailedException({ message: 'exists', $metadata: {} }));
    await expect(handler(busEvent('eb-1', '2026-11-30T23:59:59Z', envelope))).resolves.toEqual({
      recorded: true,
    });
    await expect(handler(busEvent('eb-2', '2026-11-30T23:59:59Z', envelope))).resolves.toEqual({
      recorded: false,
    });
    const input = ddb.commandCalls(PutCommand)[0]!.args[0].input;
    expect(input).toMatchObject({
      TableName: 'velo-test',
      ConditionExpression: 'attribute_not_exists(PK)',
      Item: {
        PK: 'LEDGER#2026-11',
        SK: '2026-11-30T23:59:59.500Z#tx-1:PaymentCaptured',
        entity: 'ledger-entry',
        eventId: 'eb-1',
        dedupeId: 'tx-1:PaymentCaptured',
        detailType: 'PaymentCaptured',
        detail: envelope,
      },
    });
  });
});
