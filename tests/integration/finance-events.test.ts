import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { getUser } from '../../functions/accounts/repository';
import { dynamo } from '../../functions/lib/aws';
import { recordPayoutAccountUpdated } from '../../functions/orders/finance/payout-account';
import type { ProviderAccount } from '../../functions/payments/stripe/port';
import { storeAccount } from '../../functions/payments/stripe/service';
import { LocalEventBus } from '../../infra/local/event-bus';
import { validateEvent } from '../../shared/events/envelope';
import { api, signUp } from './accounts';
import { eventually, useLocalCloud } from './cloud-env';

// Finance events on the local bus: recorded in <data dir>/events.ndjson (what
// docs/finance-events.md tells finance to query locally) and delivered to the finance ledger.

let url: string;
let dataDir: string;
beforeAll(() => {
  ({ url, dataDir } = useLocalCloud());
});

// biome-ignore lint/suspicious/noExplicitAny: bus events carry untyped JSON details
function payoutEventsOf(userId: string): any[] {
  return new LocalEventBus(`${dataDir}/events.ndjson`)
    .events()
    .filter(
      (event) =>
        event.source === 'velo.finance' &&
        event['detail-type'] === 'PayoutAccountUpdated' &&
        (event.detail as { data?: { userId?: string } }).data?.userId === userId,
    );
}

describe('PayoutAccountUpdated', () => {
  it('is published when PayPal becomes ready and when it is unlinked, as a valid v1 envelope', async () => {
    const account = await signUp();
    const link = await api('POST', '/api/get-paypal-onboarding-link', {
      token: account.accessToken,
      body: { trackingId: account.user.id },
    });
    const action = new URL(link.body.links.find((l: { rel: string }) => l.rel === 'action_url').href);
    const submitted = await fetch(`${url}/api/simulated-paypal/onboarding`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...Object.fromEntries(action.searchParams), action: 'agree' }),
      redirect: 'manual',
    });
    expect(submitted.status).toBe(303);
    // Asking for the status again stores the same flags: no second event.
    const merchantId = new URL(submitted.headers.get('location')!).searchParams.get('merchantIdInPayPal');
    await api('POST', '/api/get-paypal-onboarding-status', {
      token: account.accessToken,
      body: { merchantId, updateUserMaybe: true },
    });
    await api('POST', '/api/paypal/offboard', { token: account.accessToken });

    // Published by the outbox's stream consumer, a moment after the writes.
    const events = await eventually(async () => {
      const found = payoutEventsOf(account.user.id);
      return found.length >= 2 ? found : undefined;
    });
    expect(events.map((event) => event.detail.data.payoutReady)).toEqual([true, false]);
    for (const event of events) {
      const { eventId: _busId, ...envelope } = event.detail;
      expect(validateEvent(envelope)).toMatchObject({ ok: true });
      expect(envelope).toMatchObject({
        type: 'PayoutAccountUpdated',
        version: 1,
        source: 'velo.finance',
        data: { userId: account.user.id, provider: 'paypal' },
      });
    }

    // The finance-ledger rule received them too.
    const month = new Date().toISOString().slice(0, 7);
    const ledger = await eventually(async () => {
      const result = await dynamo().send(
        new QueryCommand({
          TableName: process.env.TABLE_NAME,
          KeyConditionExpression: 'PK = :pk',
          FilterExpression: 'detailType = :type AND detail.#data.userId = :user',
          ExpressionAttributeNames: { '#data': 'data' },
          ExpressionAttributeValues: {
            ':pk': `LEDGER#${month}`,
            ':type': 'PayoutAccountUpdated',
            ':user': account.user.id,
          },
        }),
      );
      return (result.Items?.length ?? 0) >= 2 ? result.Items : undefined;
    });
    expect(ledger).toHaveLength(2);
  });

  it('the helper for other producers (Stripe) validates and publishes through the outbox, once', async () => {
    const userId = crypto.randomUUID();
    const at = new Date().toISOString();
    const eventId = await recordPayoutAccountUpdated({ userId, provider: 'stripe', payoutReady: true, at });
    expect(eventId).toBeTruthy();
    // The same flip recorded again (a retried webhook) is one event, and answers the stored item's id.
    await expect(
      recordPayoutAccountUpdated({ userId, provider: 'stripe', payoutReady: true, at }),
    ).resolves.toBe(eventId);
    await eventually(async () => (payoutEventsOf(userId).length > 0 ? true : undefined));
    expect(payoutEventsOf(userId)).toEqual([
      expect.objectContaining({
        detail: expect.objectContaining({
          id: eventId,
          data: expect.objectContaining({ provider: 'stripe' }),
        }),
      }),
    ]);
    await expect(
      // biome-ignore lint/suspicious/noExplicitAny: an invalid provider on purpose
      recordPayoutAccountUpdated({ userId, provider: 'bank' as any, payoutReady: true }),
    ).rejects.toThrow(/provider/);
  });

  it('a readiness change that cannot be stored writes neither the user nor its event (one transaction)', async () => {
    const account = await signUp();
    const userId = account.user.id;
    const before = await getUser(userId);
    const ready: ProviderAccount = {
      id: 'acct_not_theirs',
      country: 'CA',
      currency: 'CAD',
      businessType: 'individual',
      chargesEnabled: true,
      payoutsEnabled: true,
      transfersActive: true,
      detailsSubmitted: true,
      requirementsDue: [],
      requirementErrors: [],
    };
    // A flip to ready, but the user has no such account: the update's condition fails (409 as
    // before), and the outbox item of the flip, in the same transaction, is not written either.
    await expect(storeAccount(userId, ready)).rejects.toMatchObject({ code: 'conflict' });
    expect(await getUser(userId)).toEqual(before);
    const outbox = await dynamo().send(
      new QueryCommand({
        TableName: process.env.TABLE_NAME,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': `PAYOUT-ACCOUNT#${userId}` },
        ConsistentRead: true,
      }),
    );
    expect(outbox.Items ?? []).toEqual([]);
  });
});
