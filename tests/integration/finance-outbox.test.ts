import { randomUUID } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBRecord, EventBridgeEvent } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { dynamo } from '../../functions/lib/aws';
import { keys } from '../../functions/lib/table-design';
import { handler as ledgerHandler } from '../../functions/orders/finance/ledger';
import { type OutboxEvent, outboxKey, outboxPut } from '../../functions/orders/outbox';
import { handler as transactionStream } from '../../functions/orders/transaction-stream';
import { LocalEventBus } from '../../infra/local/event-bus';
import type { DomainEvent } from '../../shared/events/envelope';
import { reconcile } from '../../shared/events/reconcile';
import { eventually, settled, useLocalCloud } from './cloud-env';

// The transactional outbox of finance events (docs/design/orders.md, "The write protocol" and
// "Money") on the local cloud: an EVENT# item written in a TransactWrite beside the transaction's
// own change is published by the transaction stream dispatcher's finance-outbox part and recorded in the finance ledger
// once per detail.id.

let dataDir: string;
beforeAll(() => {
  ({ dataDir } = useLocalCloud());
});

const usd = (amount: number) => ({ amount, currency: 'USD' });
type LedgerEntry = { SK: string; eventId: string; dedupeId: string; detailType: string; detail: DomainEvent };

/** The transaction item's stand-in: the state change the outbox Puts go with (as the engine does). */
function stateChange(txId: string, from: string, to: string) {
  return {
    Update: {
      TableName: process.env.TABLE_NAME,
      Key: keys.transaction(txId),
      UpdateExpression: 'SET #state = :to',
      ConditionExpression: 'attribute_not_exists(PK) OR #state = :from',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':from': from, ':to': to },
    },
  };
}

function writeOutbox(txId: string, from: string, to: string, events: OutboxEvent[]) {
  return dynamo().send(
    new TransactWriteCommand({
      TransactItems: [stateChange(txId, from, to), ...events.map((event) => outboxPut(event))],
    }),
  );
}

async function ledgerOf(txId: string, occurredAt: string): Promise<LedgerEntry[]> {
  const result = await dynamo().send(
    new QueryCommand({
      TableName: process.env.TABLE_NAME,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :at)',
      FilterExpression: 'detail.#data.transactionId = :tx',
      ExpressionAttributeNames: { '#data': 'data' },
      ExpressionAttributeValues: {
        ':pk': `LEDGER#${occurredAt.slice(0, 7)}`,
        ':at': occurredAt,
        ':tx': txId,
      },
      ConsistentRead: true,
    }),
  );
  return (result.Items ?? []) as LedgerEntry[];
}

function busEventsOf(txId: string): EventBridgeEvent<string, DomainEvent & { eventId: string }>[] {
  return new LocalEventBus(`${dataDir}/events.ndjson`)
    .events()
    .filter(
      (event) =>
        event.source === 'velo.finance' &&
        (event.detail as DomainEvent).data &&
        ((event.detail as DomainEvent).data as { transactionId?: string }).transactionId === txId,
    ) as EventBridgeEvent<string, DomainEvent & { eventId: string }>[];
}

describe('finance outbox', () => {
  it('publishes an outbox item written in a TransactWrite, and the ledger records it once', async () => {
    const txId = randomUUID();
    const occurredAt = new Date().toISOString();
    const captured: OutboxEvent = {
      type: 'PaymentCaptured',
      data: {
        transactionId: txId,
        customerId: randomUUID(),
        provider: 'stripe',
        providerPaymentId: `pi_${txId}`,
        amount: usd(22_000),
      },
      occurredAt,
    };
    await writeOutbox(txId, 'pending-payment', 'purchased', [captured]);

    const [entry] = await eventually(async () => {
      const entries = await ledgerOf(txId, occurredAt);
      return entries.length > 0 ? entries : undefined;
    });
    expect(entry).toMatchObject({
      SK: `${occurredAt}#${txId}:PaymentCaptured`,
      dedupeId: `${txId}:PaymentCaptured`,
      detailType: 'PaymentCaptured',
      detail: {
        id: `${txId}:PaymentCaptured`,
        type: 'PaymentCaptured',
        version: 1,
        occurredAt,
        source: 'velo.finance',
        data: captured.data,
      },
    });
    // On the bus: Time = occurredAt (EventBridge keeps whole seconds), detail.id = <txId>:<type>.
    const published = busEventsOf(txId);
    expect(published).toHaveLength(1);
    expect(published[0]).toMatchObject({
      'detail-type': 'PaymentCaptured',
      time: occurredAt.replace(/\.\d{3}Z$/, 'Z'),
      detail: { id: `${txId}:PaymentCaptured` },
    });

    // Writing the same event again is refused by its condition, and the whole transaction with it.
    const again = writeOutbox(txId, 'purchased', 'canceled', [captured]);
    await expect(again).rejects.toBeInstanceOf(TransactionCanceledException);
    const reasons = ((await again.catch((error) => error)) as TransactionCanceledException)
      .CancellationReasons;
    expect(reasons?.map((reason) => reason.Code)).toEqual(['None', 'ConditionalCheckFailed']);
    const tx = await dynamo().send(
      new GetCommand({
        TableName: process.env.TABLE_NAME,
        Key: keys.transaction(txId),
        ConsistentRead: true,
      }),
    );
    expect(tx.Item?.state).toBe('purchased');

    await settled();
    expect(await ledgerOf(txId, occurredAt)).toHaveLength(1);
    expect(busEventsOf(txId)).toHaveLength(1);
  });

  it('does not make a second ledger entry when a stream record is delivered again', async () => {
    const txId = randomUUID();
    const occurredAt = new Date().toISOString();
    const disbursed: OutboxEvent = {
      type: 'PayoutDisbursed',
      data: {
        transactionId: txId,
        sellerId: randomUUID(),
        provider: 'paypal',
        providerPayoutId: `PO-${txId}`,
        amount: usd(18_000),
      },
      occurredAt,
    };
    await writeOutbox(txId, 'delivered', 'received', [disbursed]);
    await eventually(async () => ((await ledgerOf(txId, occurredAt)).length > 0 ? true : undefined));

    // The same INSERT record again (a retried batch): published a second time, recorded once.
    const { PK, SK } = outboxKey(txId, 'PayoutDisbursed');
    const record: DynamoDBRecord = {
      eventName: 'INSERT',
      dynamodb: { Keys: { PK: { S: PK }, SK: { S: SK } }, SequenceNumber: '1' },
    };
    await expect(transactionStream({ Records: [record] })).resolves.toEqual({ batchItemFailures: [] });
    const deliveries = await eventually(async () => {
      const events = busEventsOf(txId);
      return events.length === 2 ? events : undefined;
    });
    expect(new Set(deliveries.map((event) => event.detail.id))).toEqual(new Set([`${txId}:PayoutDisbursed`]));
    expect(deliveries[0]!.id).not.toBe(deliveries[1]!.id);

    // The ledger target refuses the repeat (what the bus's own dispatch of it did too).
    await expect(ledgerHandler(deliveries[1] as never)).resolves.toEqual({ recorded: false });
    await settled();
    const entries = await ledgerOf(txId, occurredAt);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.eventId).toBe(deliveries[0]!.id);
  });

  it('records every event of a completed order, and the order reconciles', async () => {
    const txId = randomUUID();
    const sellerId = randomUUID();
    const customerId = randomUUID();
    const capturedAt = new Date().toISOString();
    await writeOutbox(txId, 'pending-payment', 'purchased', [
      {
        type: 'PaymentCaptured',
        data: {
          transactionId: txId,
          customerId,
          provider: 'stripe',
          providerPaymentId: 'pi_1',
          amount: usd(22_000),
        },
        occurredAt: capturedAt,
      },
    ]);
    const receivedAt = new Date(Date.parse(capturedAt) + 1).toISOString();
    await writeOutbox(txId, 'purchased', 'received', [
      {
        type: 'PayoutDisbursed',
        data: {
          transactionId: txId,
          sellerId,
          provider: 'stripe',
          providerPayoutId: 'tr_1',
          amount: usd(18_000),
        },
        occurredAt: receivedAt,
      },
      {
        type: 'CommissionEarned',
        data: {
          transactionId: txId,
          providerCommission: usd(2_000),
          customerCommission: usd(2_000),
          total: usd(4_000),
        },
        occurredAt: receivedAt,
      },
    ]);
    const prefix = capturedAt.slice(0, 7);
    const entries = await eventually(async () => {
      const found = await ledgerOf(txId, prefix);
      return found.length === 3 ? found : undefined;
    });
    expect(entries.map((entry) => entry.detailType).sort()).toEqual([
      'CommissionEarned',
      'PaymentCaptured',
      'PayoutDisbursed',
    ]);
    expect(reconcile(entries.map((entry) => entry.detail))).toEqual([]);

    // The order's own events are in the table too: Query TX#<txId>, begins_with(SK, EVENT#).
    const outbox = await dynamo().send(
      new QueryCommand({
        TableName: process.env.TABLE_NAME,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :event)',
        ExpressionAttributeValues: { ':pk': keys.transaction(txId).PK, ':event': 'EVENT#' },
      }),
    );
    expect(reconcile((outbox.Items ?? []).map((item) => item.detail))).toEqual([]);
    expect(outbox.Items).toHaveLength(3);
  });
});
