import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { payoutAccountUpdated } from '../../../shared/events/envelope';
import { keys } from '../../lib/table-design';
import { outboxEntity, outboxItem } from '../outbox';
import { isOutboxInsert, publishOutboxRecord } from './outbox-stream';

const ddb = mockClient(DynamoDBDocumentClient);
const bus = mockClient(EventBridgeClient);
beforeAll(() => {
  vi.stubEnv('TABLE_NAME', 'velo-test');
  vi.stubEnv('EVENT_BUS_NAME', 'velo-marketplace');
});
afterAll(() => {
  ddb.restore();
  bus.restore();
  vi.unstubAllEnvs();
});
beforeEach(() => {
  ddb.reset();
  bus.reset();
  bus.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [{ EventId: 'eb-1' }] });
});

const txId = '0b6f3c1e-4a2d-5e8f-9a1b-2c3d4e5f6a7b';
const usd = (amount: number) => ({ amount, currency: 'USD' });
const item = outboxItem({
  type: 'PayoutDisbursed',
  data: {
    transactionId: txId,
    sellerId: 's',
    provider: 'paypal',
    providerPayoutId: 'PO-1',
    amount: usd(18_000),
  },
  occurredAt: '2026-11-22T05:00:00.123Z',
});

function record(eventName: DynamoDBRecord['eventName'], PK: string, SK: string): DynamoDBRecord {
  return { eventName, dynamodb: { Keys: { PK: { S: PK }, SK: { S: SK } } } };
}
const insert = record('INSERT', item.PK, item.SK);

describe('finance-outbox part of the transaction stream', () => {
  it('publishes an inserted outbox item with detail.id = <txId>:<type> and Time = occurredAt', async () => {
    ddb.on(GetCommand, { Key: { PK: item.PK, SK: item.SK } }).resolves({ Item: item });
    await expect(publishOutboxRecord(insert)).resolves.toEqual({ published: 1 });
    expect(ddb.commandCalls(GetCommand)[0]!.args[0].input).toMatchObject({
      TableName: 'velo-test',
      ConsistentRead: true,
    });
    const [entry] = bus.commandCalls(PutEventsCommand)[0]!.args[0].input.Entries!;
    expect(entry).toMatchObject({
      EventBusName: 'velo-marketplace',
      Source: 'velo.finance',
      DetailType: 'PayoutDisbursed',
      Time: new Date('2026-11-22T05:00:00.123Z'),
    });
    const { eventId: _busId, ...detail } = JSON.parse(entry!.Detail!);
    expect(detail).toEqual(item.detail);
    expect(detail.id).toBe(`${txId}:PayoutDisbursed`);
  });

  it('publishes again when the same record is delivered again (the ledger dedupes)', async () => {
    ddb.on(GetCommand).resolves({ Item: item });
    await publishOutboxRecord(insert);
    await publishOutboxRecord(insert);
    const details = bus
      .commandCalls(PutEventsCommand)
      .map((call) => JSON.parse(call.args[0].input.Entries![0]!.Detail!).id);
    expect(details).toEqual([`${txId}:PayoutDisbursed`, `${txId}:PayoutDisbursed`]);
  });

  it('ignores other transaction items, modifications, removals and other partitions', async () => {
    const records = [
      record('INSERT', `TX#${txId}`, 'TX'),
      record('MODIFY', `TX#${txId}`, 'TX'),
      record('INSERT', `TX#${txId}`, 'MSG#2026-11-22T05:00:00.000Z#m1'),
      record('MODIFY', item.PK, item.SK),
      record('REMOVE', item.PK, item.SK),
      record('INSERT', 'LISTING#l', 'EVENT#PaymentCaptured'),
      insert,
    ];
    expect(records.filter(isOutboxInsert)).toEqual([insert]);
    for (const other of records.slice(0, -1)) {
      await expect(publishOutboxRecord(other)).resolves.toEqual({ published: 0 });
    }
    expect(ddb.calls()).toHaveLength(0);
    expect(bus.calls()).toHaveLength(0);
  });

  it('throws for an invalid or a missing item, publishing nothing', async () => {
    const other = record('INSERT', `TX#${txId}`, 'EVENT#RefundIssued');
    const gone = record('INSERT', 'TX#gone', 'EVENT#PaymentCaptured');
    ddb.on(GetCommand, { Key: { PK: item.PK, SK: 'EVENT#RefundIssued' } }).resolves({
      Item: { ...item, SK: 'EVENT#RefundIssued', eventType: 'RefundIssued' },
    });
    ddb.on(GetCommand, { Key: { PK: 'TX#gone', SK: 'EVENT#PaymentCaptured' } }).resolves({});
    await expect(publishOutboxRecord(other)).rejects.toThrow(
      /EVENT#RefundIssued: detail.type PayoutDisbursed is not RefundIssued/,
    );
    await expect(publishOutboxRecord(gone)).rejects.toThrow(
      /TX#gone\/EVENT#PaymentCaptured: the item is gone/,
    );
    expect(bus.commandCalls(PutEventsCommand)).toHaveLength(0);
  });

  it('refuses an envelope whose id is not <txId>:<type>', async () => {
    ddb.on(GetCommand).resolves({ Item: { ...item, txId: 'another' } });
    await expect(publishOutboxRecord(insert)).rejects.toThrow(/is not <txId>:<type>/);
    expect(bus.commandCalls(PutEventsCommand)).toHaveLength(0);
  });

  it('throws when EventBridge does not accept the event (the record is retried)', async () => {
    ddb.on(GetCommand).resolves({ Item: item });
    bus.on(PutEventsCommand).resolves({ FailedEntryCount: 1, Entries: [{ ErrorCode: 'InternalFailure' }] });
    await expect(publishOutboxRecord(insert)).rejects.toThrow(/not accepted/);
  });

  it("publishes a seller's payout-account event from its own partition, and refuses one filed under another user", async () => {
    const at = '2026-11-27T09:00:00.000Z';
    const detail = payoutAccountUpdated(
      { userId: 'u-1', provider: 'stripe', payoutReady: true, at },
      { occurredAt: at },
    );
    const payout = {
      ...keys.payoutAccountEvent('u-1', 'stripe', at),
      entity: outboxEntity,
      userId: 'u-1',
      eventType: 'PayoutAccountUpdated',
      occurredAt: at,
      detail,
    };
    const payoutInsert = record('INSERT', payout.PK, payout.SK);
    expect(isOutboxInsert(payoutInsert)).toBe(true);
    expect(isOutboxInsert(record('INSERT', 'USER#u-1', 'EVENT#x'))).toBe(false);
    ddb.on(GetCommand).resolves({ Item: payout });
    await expect(publishOutboxRecord(payoutInsert)).resolves.toEqual({ published: 1 });
    const [entry] = bus.commandCalls(PutEventsCommand)[0]!.args[0].input.Entries!;
    expect(entry).toMatchObject({
      Source: 'velo.finance',
      DetailType: 'PayoutAccountUpdated',
      Time: new Date(at),
    });
    expect(JSON.parse(entry!.Detail!).id).toBe(detail.id);

    ddb
      .on(GetCommand)
      .resolves({ Item: { ...payout, userId: 'u-2', PK: keys.payoutAccountEvent('u-2', 'stripe', at).PK } });
    await expect(publishOutboxRecord(payoutInsert)).rejects.toThrow(/data.userId differs/);
  });
});
