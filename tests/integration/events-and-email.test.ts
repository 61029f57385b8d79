import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventSources } from '../../functions/event-rules';
import { dynamo } from '../../functions/lib/aws';
import { sendEmail } from '../../functions/lib/email';
import { publishEvent } from '../../functions/lib/events';
import { LocalEventBus } from '../../infra/local/event-bus';
import { LocalOutbox } from '../../infra/local/outbox';
import { eventually, useLocalCloud } from './cloud-env';

let url: string;
let dataDir: string;
beforeAll(() => {
  ({ url, dataDir } = useLocalCloud());
});

describe('local event bus', () => {
  it('records an event and dispatches it to its rule target (the finance ledger)', async () => {
    const orderId = randomUUID();
    const eventId = await publishEvent(eventSources.finance, 'PaymentCaptured', {
      transactionId: orderId,
      amount: { amount: 125_000, currency: 'USD' },
    });
    const recorded = new LocalEventBus(`${dataDir}/events.ndjson`)
      .events()
      .find((event) => event.id === eventId);
    expect(recorded).toMatchObject({ source: 'velo.finance', 'detail-type': 'PaymentCaptured' });

    const month = new Date().toISOString().slice(0, 7);
    const entry = await eventually(async () => {
      const result = await dynamo().send(
        new QueryCommand({
          TableName: process.env.TABLE_NAME,
          KeyConditionExpression: 'PK = :pk',
          FilterExpression: 'eventId = :id',
          ExpressionAttributeValues: { ':pk': `LEDGER#${month}`, ':id': eventId },
        }),
      );
      return result.Items?.[0];
    });
    expect(entry).toMatchObject({ detailType: 'PaymentCaptured', detail: { transactionId: orderId } });
  });

  it('does not dispatch events no rule matches, but still records them', async () => {
    const eventId = await publishEvent(eventSources.marketplace, 'ListingViewed', {
      listingId: randomUUID(),
    });
    expect(new LocalEventBus(`${dataDir}/events.ndjson`).events().some((event) => event.id === eventId)).toBe(
      true,
    );
  });
});

describe('dev outbox', () => {
  it('stores a sent e-mail, lists it and shows it on the outbox page', async () => {
    const to = `buyer-${randomUUID()}@test.example`;
    await sendEmail({ to, subject: 'Your order is on its way', text: 'Tracking number 1Z999.' });
    const message = new LocalOutbox(`${dataDir}/outbox`).list().find((m) => m.to.includes(to));
    expect(message).toMatchObject({ subject: 'Your order is on its way', text: 'Tracking number 1Z999.' });
    const page = await (await fetch(`${url}/_dev/outbox`)).text();
    expect(page).toContain(to);
    const listed = (await (await fetch(`${url}/_dev/outbox.json`)).json()) as {
      data: Array<{ to: string[] }>;
    };
    expect(listed.data.some((m) => m.to.includes(to))).toBe(true);
  });
});
