import {
  ProvisionedThroughputExceededException,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { UserRecord } from '../../accounts/user-record';
import { ApiError } from '../../lib/errors';
import { mockTable } from '../../lib/mock-table.test-helper';
import { payoutUser } from '../payout-user.test-helper';
import type { ProviderAccount } from './port';
import { storeAccount } from './service';

// storeAccount writes the readiness flip and its PayoutAccountUpdated outbox item in one
// TransactWriteItems (issue 26), so a failed write leaves neither and the webhook's retry sees the flip.

const ddb = mockTable();

const user = payoutUser();

function account(transfersActive: boolean): ProviderAccount {
  return {
    id: 'acct_1',
    country: 'CA',
    currency: 'CAD',
    businessType: 'individual',
    chargesEnabled: transfersActive,
    payoutsEnabled: transfersActive,
    transfersActive,
    detailsSubmitted: true,
    requirementsDue: [],
    requirementErrors: [],
  };
}

const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

/** The user as stored before, and (consistent read) after, the write. */
function stored(before: UserRecord, after: UserRecord) {
  ddb.on(GetCommand).resolves({ Item: before });
  ddb.on(GetCommand, { ConsistentRead: true }).resolves({ Item: after });
}

const writes = () => ({
  transactions: ddb.commandCalls(TransactWriteCommand).map((call) => call.args[0].input),
  updates: ddb.commandCalls(UpdateCommand).length,
  puts: ddb.commandCalls(PutCommand).length,
});

describe('storeAccount and PayoutAccountUpdated', () => {
  it('writes a flip to ready and its outbox item in one transaction, and answers the stored user', async () => {
    const after = { ...user, payoutReady: true, stripeAccount: { stripeAccountId: 'acct_1' } } as UserRecord;
    stored(user, after);
    ddb.on(TransactWriteCommand).resolves({});
    await expect(storeAccount('u1', account(true), { create: true })).resolves.toEqual(after);
    const { transactions, updates, puts } = writes();
    expect({ updates, puts }).toEqual({ updates: 0, puts: 0 });
    expect(transactions).toHaveLength(1);
    const [update, put] = transactions[0]?.TransactItems ?? [];
    expect(update?.Update).toMatchObject({
      Key: { PK: 'USER#u1', SK: 'PROFILE' },
      UpdateExpression: 'SET #stripeAccount = :account, #payoutReady = :ready, #updatedAt = :now',
      ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(#stripeAccount)',
      ExpressionAttributeValues: expect.objectContaining({ ':ready': true }),
    });
    const now = update?.Update?.ExpressionAttributeValues?.[':now'];
    expect(put?.Put).toMatchObject({
      ConditionExpression: 'attribute_not_exists(PK)',
      Item: {
        PK: 'PAYOUT-ACCOUNT#u1',
        SK: `EVENT#${now}#stripe`,
        eventType: 'PayoutAccountUpdated',
        detail: { data: { userId: 'u1', provider: 'stripe', payoutReady: true, at: now } },
      },
    });
    // The answer is read back consistently (a transaction returns no item).
    expect(ddb.commandCalls(GetCommand, { ConsistentRead: true })).toHaveLength(1);
  });

  it('writes a flip to not ready with its event too', async () => {
    const before = {
      ...user,
      stripeAccount: { stripeAccountId: 'acct_1', transfersActive: true },
    } as UserRecord;
    stored(before, before);
    ddb.on(TransactWriteCommand).resolves({});
    await storeAccount('u1', account(false));
    const [update, put] = writes().transactions[0]?.TransactItems ?? [];
    expect(put?.Put?.Item?.detail?.data).toMatchObject({ provider: 'stripe', payoutReady: false });
    // Only if the stored readiness is still the one the flip was decided on (a racing update loses).
    expect(update?.Update?.ConditionExpression).toBe(
      'attribute_exists(PK) AND #stripeAccount.#id = :id AND #stripeAccount.#transfersActive = :wasReady',
    );
    expect(update?.Update?.ExpressionAttributeValues).toMatchObject({ ':id': 'acct_1', ':wasReady': true });
  });

  it('writes no outbox item when readiness does not flip: the one conditional update, as before', async () => {
    const before = {
      ...user,
      stripeAccount: { stripeAccountId: 'acct_1', transfersActive: true },
    } as UserRecord;
    const after = { ...before, updatedAt: 'now' } as UserRecord;
    ddb.on(GetCommand).resolves({ Item: before });
    ddb.on(UpdateCommand).resolves({ Attributes: after });
    await expect(storeAccount('u1', account(true))).resolves.toEqual(after);
    const { transactions, puts } = writes();
    expect({ transactions: transactions.length, puts }).toEqual({ transactions: 0, puts: 0 });
    expect(ddb.commandCalls(UpdateCommand)[0]?.args[0].input).toMatchObject({
      // No flip seen: still only if nobody flipped it meanwhile (that flip would lose its event).
      ConditionExpression:
        'attribute_exists(PK) AND #stripeAccount.#id = :id AND #stripeAccount.#transfersActive = :wasReady',
      ReturnValues: 'ALL_NEW',
    });
  });

  it.each([
    ['the user update', ['ConditionalCheckFailed', 'None']],
    ['the outbox put', ['None', 'ConditionalCheckFailed']],
  ])('a condition failure of %s is a 409 conflict and writes nothing else', async (_which, codes) => {
    stored(user, user);
    ddb.on(TransactWriteCommand).rejects(cancelled(...codes));
    const error = await storeAccount('u1', account(true), { create: true }).catch((caught) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('conflict');
    const { transactions, updates, puts } = writes();
    expect({ transactions: transactions.length, updates, puts }).toEqual({
      transactions: 1,
      updates: 0,
      puts: 0,
    });
  });

  it('any other failure of the transaction is thrown as it came, with nothing written apart', async () => {
    stored(user, user);
    ddb
      .on(TransactWriteCommand)
      .rejects(new ProvisionedThroughputExceededException({ message: 'slow down', $metadata: {} }));
    await expect(storeAccount('u1', account(true), { create: true })).rejects.toBeInstanceOf(
      ProvisionedThroughputExceededException,
    );
    const { updates, puts } = writes();
    expect({ updates, puts }).toEqual({ updates: 0, puts: 0 });
  });
});
