import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { captureEmf } from '../../lib/emf.test-helper';
import { flushMetrics } from '../../lib/metrics';
import { mockTable } from '../../lib/mock-table.test-helper';
import { keys } from '../../lib/table-design';
import { type DueItem, dueItem } from '../record';
import { recordSweepGauges } from './sweep-gauges';

const ddb = mockTable();
const { emf } = captureEmf();

const now = new Date('2026-11-27T12:00:00.000Z');
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();
const minutesAhead = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();

/** The orders' moneyOp as the table holds it (GetItem of TX#<id>). */
function seedOrders(moneyOps: Record<string, string | undefined>) {
  ddb.on(GetCommand).callsFake((input: { Key: { PK: string; SK: string } }) => {
    const id = Object.keys(moneyOps).find((txId) => keys.transaction(txId).PK === input.Key.PK);
    if (!id) return { Item: undefined };
    const startedAt = moneyOps[id];
    return {
      Item: { ...keys.transaction(id), id, ...(startedAt ? { moneyOp: { op: 'refund', startedAt } } : {}) },
    };
  });
}

function gaugeLine() {
  flushMetrics();
  const lines = emf();
  expect(lines).toHaveLength(1);
  return lines[0]!;
}

describe("the sweeper's gauges", () => {
  it('the oldest timer still unfired past its due time, and the oldest unfinished money operation', async () => {
    seedOrders({ tx3: minutesAgo(95), tx4: minutesAgo(30) });
    const fired = dueItem('tx1', { transition: 'expire-payment', dueAt: minutesAgo(60) });
    const items: DueItem[] = [
      fired,
      dueItem('tx2', { transition: 'auto-cancel', dueAt: minutesAgo(12) }),
      dueItem('tx5', { transition: 'auto-cancel', dueAt: minutesAhead(5) }), // not due yet
      { ...dueItem('tx6', { transition: 'auto-cancel', dueAt: minutesAgo(300) }), kind: 'reminder' },
      // A money operation's item is due at its next retry; its age is from the order's moneyOp.
      dueItem('tx3', { transition: 'cancel', dueAt: minutesAhead(20) }, 'money'),
      dueItem('tx4', { transition: 'cancel', dueAt: minutesAgo(1) }, 'money'),
    ];
    const gauges = await recordSweepGauges(items, new Set([fired]), now);
    expect(gauges).toEqual({ overdueSeconds: 12 * 60, moneyOpSeconds: 95 * 60 });
    const line = gaugeLine();
    expect(line.OldestOverdueDueItemAge).toBe(720);
    expect(line.OldestUnfinishedMoneyOperationAge).toBe(5700);
    expect(line._aws.CloudWatchMetrics[0]!.Metrics).toEqual([
      { Name: 'OldestOverdueDueItemAge', Unit: 'Seconds' },
      { Name: 'OldestUnfinishedMoneyOperationAge', Unit: 'Seconds' },
    ]);
  });

  it('0 for each when nothing is overdue or unfinished (a money item whose order has no lock left)', async () => {
    seedOrders({ tx3: undefined });
    const finished = dueItem('tx4', { transition: 'cancel', dueAt: minutesAgo(2) }, 'money');
    const gauges = await recordSweepGauges(
      [
        dueItem('tx5', { transition: 'auto-cancel', dueAt: minutesAhead(5) }),
        dueItem('tx3', { transition: 'cancel', dueAt: minutesAhead(2) }, 'money'),
        finished,
      ],
      new Set([finished]),
      now,
    );
    expect(gauges).toEqual({ overdueSeconds: 0, moneyOpSeconds: 0 });
    const line = gaugeLine();
    expect(line.OldestOverdueDueItemAge).toBe(0);
    expect(line.OldestUnfinishedMoneyOperationAge).toBe(0);
  });
});
