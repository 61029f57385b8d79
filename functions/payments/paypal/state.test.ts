import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { PaypalRecordState, UserRecord } from '../../accounts/user-record';
import { ApiError } from '../../lib/errors';
import { mockTable } from '../../lib/mock-table.test-helper';
import { payoutUser } from '../payout-user.test-helper';
import { changePaypalState } from './state';

// changePaypalState writes the new PayPal state and, when PayPal's readiness flips, its
// PayoutAccountUpdated outbox item in one TransactWriteItems (issue 26).

const ddb = mockTable();

const ready: PaypalRecordState = {
  merchantId: 'M1',
  paypalOnboarded: true,
  isPaymentsReceivable: true,
  paypalOffboarded: false,
} as PaypalRecordState;

function userWith(paypal?: PaypalRecordState): UserRecord {
  return payoutUser(paypal ? { paypal } : {});
}

const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

describe('changePaypalState and PayoutAccountUpdated', () => {
  it('writes the state that makes PayPal ready and its outbox item in one transaction', async () => {
    const before = userWith({ ...ready, isPaymentsReceivable: false });
    const after = { ...userWith(ready), payoutReady: true };
    ddb.on(GetCommand, { ConsistentRead: true }).resolves({ Item: after });
    ddb.on(TransactWriteCommand).resolves({});
    await expect(
      changePaypalState(before, (current) => ({ ...current, isPaymentsReceivable: true })),
    ).resolves.toEqual(after);
    const transactions = ddb.commandCalls(TransactWriteCommand);
    expect(transactions).toHaveLength(1);
    const [update, put] = transactions[0]?.args[0].input.TransactItems ?? [];
    expect(update?.Update).toMatchObject({
      Key: { PK: 'USER#u1', SK: 'PROFILE' },
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':paypal': expect.objectContaining({ isPaymentsReceivable: true }) },
    });
    expect(update?.Update).not.toHaveProperty('ReturnValues');
    expect(put?.Put).toMatchObject({
      ConditionExpression: 'attribute_not_exists(PK)',
      Item: {
        PK: 'PAYOUT-ACCOUNT#u1',
        detail: { data: { userId: 'u1', provider: 'paypal', payoutReady: true } },
      },
    });
    // Neither the user nor the event was written apart (the stored payoutReady was already right).
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('writes the flip to not ready (offboarding) with its event', async () => {
    const before = userWith(ready);
    const after = { ...userWith({ ...ready, paypalOffboarded: true }), payoutReady: false };
    ddb.on(GetCommand, { ConsistentRead: true }).resolves({ Item: after });
    ddb.on(TransactWriteCommand).resolves({});
    await changePaypalState(before, (current) => ({ ...current, paypalOffboarded: true }));
    const [, put] = ddb.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    expect(put?.Put?.Item?.detail?.data).toMatchObject({ provider: 'paypal', payoutReady: false });
  });

  it('writes no outbox item when readiness does not flip: the one update of the state', async () => {
    const before = userWith({ trackingId: 'u1' } as PaypalRecordState);
    const after = {
      ...userWith({ trackingId: 'u1', requestOnboardingLinks: true } as PaypalRecordState),
      payoutReady: false,
    };
    ddb.on(UpdateCommand).resolves({ Attributes: after });
    await expect(
      changePaypalState(before, (current) => ({ ...current, requestOnboardingLinks: true })),
    ).resolves.toEqual(after);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(1);
  });

  it('a missing user (the update condition) is 404 as before, and nothing else is written', async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None'));
    const error = await changePaypalState(userWith(), () => ({ ...ready })).catch((caught) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('not-found');
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(1);
    // No merchant link, no payoutReady update, no read back after a failed transaction.
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
    expect(ddb.commandCalls(GetCommand)).toHaveLength(0);
  });

  it('the same flip at the same moment recorded already (the outbox condition) is a 409 conflict', async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed'));
    const error = await changePaypalState(userWith(), () => ({ ...ready })).catch((caught) => caught);
    expect((error as ApiError).code).toBe('conflict');
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
  });
});
