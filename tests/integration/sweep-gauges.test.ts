import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { dynamo, tableName } from '../../functions/lib/aws';
import { captureEmf } from '../../functions/lib/emf.test-helper';
import { dueItem } from '../../functions/orders/record';
import { queryLaterMoneyDueItems } from '../../functions/orders/repository';
import { iso, payoutLock, storedOrder, t0 } from '../../functions/orders/stored-order.test-helper';
import { handler as sweepDue } from '../../functions/orders/workflow/sweep-due';
import { ownTablePerTest } from './own-table';

// The sweeper reads only what is due for its work, and the money items postponed past now for its
// gauge of unfinished refunds and payouts (issue 27): against DynamoDB Local's key conditions and
// filter, not a fake.
ownTablePerTest();
const { emf } = captureEmf();

const minutes = (n: number) => n * 60_000;
const put = (item: object) => dynamo().send(new PutCommand({ TableName: tableName(), Item: item }));

describe("the sweeper's reads for its gauges", () => {
  it('finds the money items whose retry is later, in every shard, and nothing else', async () => {
    const now = new Date(t0);
    const later = ['tx-a', 'tx-b', 'tx-c'].map((id) =>
      dueItem(id, { transition: 'mark-received-from-purchased', dueAt: iso(minutes(30)) }, 'money'),
    );
    for (const item of later) await put(item);
    await put(dueItem('tx-d', { transition: 'auto-cancel', dueAt: iso(minutes(30)) })); // a later timer
    await put(dueItem('tx-e', { transition: 'cancel', dueAt: iso(-minutes(5)) }, 'money')); // due now
    const found = await queryLaterMoneyDueItems(now);
    expect(found.map((item) => item.transactionId).sort()).toEqual(['tx-a', 'tx-b', 'tx-c']);
  });

  it('a payout open for 2 hours whose retry was postponed past now counts in the gauge', async () => {
    const now = new Date(t0 + minutes(120));
    // Started at t0, its next retry in 20 minutes: not due, still unfinished.
    await put(storedOrder({ state: 'purchased', moneyOp: payoutLock('tx-1') }, 'tx-1'));
    await put(
      dueItem('tx-1', { transition: 'mark-received-from-purchased', dueAt: iso(minutes(140)) }, 'money'),
    );
    const result = await sweepDue({ now: now.toISOString() });
    expect(result.moneyRetried).toBe(0); // not due: left alone
    const [line] = emf();
    expect(line?.OldestUnfinishedMoneyOperationAge).toBe(120 * 60);
    expect(line?.OldestOverdueDueItemAge).toBe(0);
  });
});
