import { BatchGetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { HOUR_MS, MINUTE_MS } from '../../shared/config/constants';
import { mockTable } from '../lib/mock-table.test-helper';
import { queryCount } from '../lib/paging';
import type { TransactionRecord } from './record';
import {
  allowedTransitionViews,
  getPublicUsers,
  otherPartyId,
  pagination,
  queryPage,
  toTransactionRow,
} from './views';

const ddb = mockTable();

const t0 = Date.parse('2026-11-22T10:00:00.000Z');
const iso = (ms: number) => new Date(t0 + ms).toISOString();

describe('allowedTransitionViews', () => {
  const purchased = { state: 'purchased' as const, entered: { purchased: iso(0) } };

  it("gives each role only its own transitions, labelled; never the system's or the operator's", () => {
    expect(allowedTransitionViews(purchased, 'customer', new Date(t0 + MINUTE_MS), { scale: 1 })).toEqual([
      { name: 'mark-received-from-purchased', label: 'Mark received' },
      { name: 'cancel', label: 'Cancel order' },
    ]);
    expect(allowedTransitionViews(purchased, 'provider', new Date(t0), { scale: 1 })).toEqual([
      { name: 'mark-delivered', label: 'Mark shipped' },
    ]);
    const pickup = { ...purchased, orderData: { deliveryMethod: 'pickup' as const, quantity: 1 } };
    expect(allowedTransitionViews(pickup, 'provider', new Date(t0), { scale: 1 })).toEqual([
      { name: 'mark-delivered', label: 'Mark handed over' },
    ]);
    const disputed = { state: 'disputed' as const, entered: { disputed: iso(0) } };
    expect(allowedTransitionViews(disputed, 'customer', new Date(t0), { scale: 1 })).toEqual([]);
    expect(allowedTransitionViews(disputed, 'provider', new Date(t0), { scale: 1 })).toEqual([]);
  });

  it("closes the customer's cancel after the window, scaled as the engine scales it", () => {
    const at = (ms: number, scale: number) =>
      allowedTransitionViews(purchased, 'customer', new Date(t0 + ms), { scale }).map((t) => t.name);
    expect(at(3 * HOUR_MS, 1)).toContain('cancel');
    expect(at(3 * HOUR_MS + 1, 1)).not.toContain('cancel');
    // At scale 0.01 the 3-hour window lasts 108 s.
    expect(at(108_000, 0.01)).toContain('cancel');
    expect(at(109_000, 0.01)).toEqual(['mark-received-from-purchased']);
  });

  it('labels the review and cancel-payment buttons; a transition without a button label keeps only its name', () => {
    const completed = { state: 'completed' as const, entered: { completed: iso(0) } };
    expect(allowedTransitionViews(completed, 'provider', new Date(t0), { scale: 1 })).toEqual([
      { name: 'review-1-by-provider', label: 'Leave review' },
    ]);
    const pending = { state: 'pending-payment' as const, entered: { 'pending-payment': iso(0) } };
    expect(allowedTransitionViews(pending, 'customer', new Date(t0), { scale: 1 })).toEqual([
      { name: 'cancel-payment', label: 'Cancel payment' },
      { name: 'confirm-payment' },
    ]);
  });
});

describe('pagination', () => {
  it('computes the pagination meta', () => {
    expect(pagination({ page: 2, perPage: 10 }, 12)).toEqual({
      page: 2,
      perPage: 10,
      totalItems: 12,
      totalPages: 2,
    });
    expect(pagination({ page: 1, perPage: 10 }, 0)).toEqual({
      page: 1,
      perPage: 10,
      totalItems: 0,
      totalPages: 0,
    });
  });
});

describe('rows and parties', () => {
  const tx = {
    id: 'tx-1',
    state: 'purchased',
    lastTransition: 'confirm-payment',
    lastTransitionedAt: iso(0),
    listingId: 'l-1',
    listingSnapshot: { title: 'Trek', slug: 'trek' },
    customerId: 'c-1',
    providerId: 'p-1',
    payinTotal: { amount: 100, currency: 'USD' },
    payoutTotal: { amount: 90, currency: 'USD' },
    orderData: { deliveryMethod: 'shipping', quantity: 1 },
    deadline: { transition: 'auto-cancel', dueAt: iso(5), dueKey: { PK: 'DUE#0', SK: 'k' } },
  } as unknown as TransactionRecord;

  it("names the other party from the caller's role", () => {
    expect(otherPartyId(tx, 'customer')).toBe('p-1');
    expect(otherPartyId(tx, 'provider')).toBe('c-1');
  });

  it('makes an inbox row with the listing id and the other party', () => {
    const other = { id: 'p-1', displayName: 'Pat', abbreviatedName: 'PP' };
    expect(toTransactionRow(tx, 'customer', other)).toEqual({
      id: 'tx-1',
      state: 'purchased',
      lastTransition: 'confirm-payment',
      lastTransitionedAt: iso(0),
      listing: { title: 'Trek', slug: 'trek', id: 'l-1' },
      otherParty: other,
      role: 'customer',
      payinTotal: tx.payinTotal,
      payoutTotal: tx.payoutTotal,
      deliveryMethod: 'shipping',
      deadline: { transition: 'auto-cancel', dueAt: iso(5) },
    });
    const refunded = {
      ...tx,
      state: 'canceled',
      payment: { method: 'card', refundedAmount: tx.payinTotal, refundedAt: iso(9) },
    } as TransactionRecord;
    expect(toTransactionRow(refunded, 'provider', other).refund).toEqual({
      amount: tx.payinTotal,
      refundedAt: iso(9),
    });
  });

  it('reads the profiles in one BatchGet, asks again for unprocessed keys, and flags missing, banned and deleted', async () => {
    const profile = (id: string, extra = {}) => ({
      id,
      displayName: `${id} D.`,
      firstName: id,
      lastName: 'Doe',
      ...extra,
    });
    ddb
      .on(BatchGetCommand)
      .resolvesOnce({
        Responses: { 'velo-test': [profile('a'), profile('b', { banned: true })] },
        UnprocessedKeys: { 'velo-test': { Keys: [{ PK: 'USER#c', SK: 'PROFILE' }] } },
      })
      .resolvesOnce({ Responses: { 'velo-test': [profile('c', { deleted: true })] } });
    const users = await getPublicUsers(['a', 'b', 'a', 'c', 'd']);
    const calls = ddb.commandCalls(BatchGetCommand);
    expect(calls).toHaveLength(2);
    expect(calls[0]!.args[0].input.RequestItems!['velo-test']!.Keys).toHaveLength(4);
    expect(users.get('a')).toMatchObject({ id: 'a', displayName: 'a D.' });
    expect(users.get('b')).toMatchObject({ banned: true, displayName: 'Banned user' });
    expect(users.get('c')).toMatchObject({ deleted: true, displayName: 'Deleted user' });
    expect(users.get('d')).toMatchObject({ deleted: true });
  });
});

describe('queryPage', () => {
  const input = {
    TableName: 'velo-test',
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :msg)',
    ExpressionAttributeValues: { ':pk': 'TX#1', ':msg': 'MSG#' },
  };

  it('reads page 1 directly, newest first', async () => {
    ddb.on(QueryCommand).resolves({ Items: [{ n: 1 }, { n: 2 }], Count: 2 });
    expect(await queryPage(input, ['PK', 'SK'], { page: 1, perPage: 2 })).toEqual([{ n: 1 }, { n: 2 }]);
    const calls = ddb.commandCalls(QueryCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.args[0].input).toMatchObject({ ScanIndexForward: false, Limit: 2 });
  });

  it('skips (page−1)×perPage items with a keys-only Query (over several DynamoDB pages), then reads one page', async () => {
    ddb
      .on(QueryCommand)
      .resolvesOnce({ Count: 15, LastEvaluatedKey: { PK: 'TX#1', SK: 'MSG#15' } })
      .resolvesOnce({ Count: 5, LastEvaluatedKey: { PK: 'TX#1', SK: 'MSG#20' } })
      .resolvesOnce({ Items: [{ n: 21 }], Count: 1 });
    expect(await queryPage(input, ['PK', 'SK'], { page: 3, perPage: 10 })).toEqual([{ n: 21 }]);
    const [first, second, read] = ddb.commandCalls(QueryCommand).map((call) => call.args[0].input);
    expect(first).toMatchObject({
      Limit: 20,
      ProjectionExpression: '#k0, #k1',
      ExpressionAttributeNames: { '#k0': 'PK', '#k1': 'SK' },
    });
    expect(second).toMatchObject({ Limit: 5, ExclusiveStartKey: { PK: 'TX#1', SK: 'MSG#15' } });
    expect(read).toMatchObject({ Limit: 10, ExclusiveStartKey: { PK: 'TX#1', SK: 'MSG#20' } });
    expect(read!.ProjectionExpression).toBeUndefined();
  });

  it('answers an empty page past the end', async () => {
    ddb.on(QueryCommand).resolves({ Count: 3 });
    expect(await queryPage(input, ['PK', 'SK'], { page: 2, perPage: 10 })).toEqual([]);
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(1);
  });

  it('counts with Select COUNT over every DynamoDB page', async () => {
    ddb
      .on(QueryCommand)
      .resolvesOnce({ Count: 7, LastEvaluatedKey: { PK: 'x' } })
      .resolvesOnce({ Count: 5 });
    expect(await queryCount(input)).toBe(12);
    expect(ddb.commandCalls(QueryCommand)[1]!.args[0].input).toMatchObject({
      Select: 'COUNT',
      ExclusiveStartKey: { PK: 'x' },
    });
  });
});
