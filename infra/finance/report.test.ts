import { describe, expect, it } from 'vitest';
import {
  commissionLines,
  commissionReport,
  isMonth,
  type LedgerItem,
  payoutLines,
  payoutReport,
  uniqueEvents,
} from './report';

const usd = (amount: number) => ({ amount, currency: 'USD' });
const eur = (amount: number) => ({ amount, currency: 'EUR' });

/** A ledger item as the ledger writes it (SK = occurredAt#detail.id). */
function entry(type: string, id: string, occurredAt: string, data: Record<string, unknown>): LedgerItem {
  return {
    SK: `${occurredAt}#${id}`,
    detailType: type,
    dedupeId: id,
    eventId: `eb-${id}`,
    detail: { id, type, version: 1, occurredAt, source: 'velo.finance', data },
  };
}

const payout = (tx: string, at: string, sellerId: string, amount: { amount: number; currency: string }) =>
  entry('PayoutDisbursed', `${tx}:PayoutDisbursed`, at, {
    transactionId: tx,
    sellerId,
    provider: 'stripe',
    providerPayoutId: `tr_${tx}`,
    amount,
  });

const commission = (tx: string, at: string, provider: number, customer: number, currency = 'USD') =>
  entry('CommissionEarned', `${tx}:CommissionEarned`, at, {
    transactionId: tx,
    providerCommission: { amount: provider, currency },
    customerCommission: { amount: customer, currency },
    total: { amount: provider + customer, currency },
  });

describe('uniqueEvents', () => {
  it('counts each detail.id once, also when an entry from before issue 8 and its replay both exist', () => {
    const event = payout('tx-1', '2026-10-06T10:00:00.000Z', 'maya', usd(10_000));
    // The legacy key: EventBridge time (to the second) and the EventBridge id, no dedupeId.
    const legacy = { ...event, SK: '2026-10-06T10:00:00Z#eb-old', dedupeId: undefined, eventId: 'eb-old' };
    expect(uniqueEvents([event, legacy, event])).toHaveLength(1);
  });

  it('reads a detail that is not an envelope by the item’s own type and ids', () => {
    const events = uniqueEvents([
      { SK: '2026-10-01T00:00:00Z#eb-9', detailType: 'Other', eventId: 'eb-9', detail: { data: {} } },
      { SK: 'x', detail: 'not an object' },
    ]);
    expect(events).toEqual([{ id: 'eb-9', type: 'Other', occurredAt: '2026-10-01T00:00:00Z', data: {} }]);
  });
});

describe('payoutReport', () => {
  const items = [
    payout('tx-2', '2026-10-20T09:30:00.000Z', 'maya', usd(45_050)),
    payout('tx-1', '2026-10-06T14:03:12.000Z', 'maya', usd(120_000)),
    payout('tx-3', '2026-10-21T08:00:00.000Z', 'maya', eur(9_999)),
    payout('tx-4', '2026-10-22T08:00:00.000Z', 'sofia', usd(5_000)),
    payout('tx-2', '2026-10-20T09:30:00.000Z', 'maya', usd(45_050)),
    commission('tx-1', '2026-10-06T14:03:12.000Z', 6_000, 0),
  ];

  it("lists only the seller's payouts, oldest first, each once, with a total per currency", () => {
    const report = payoutReport(items, { id: 'maya' }, '2026-10');
    expect(report.payouts.map((line) => line.transactionId)).toEqual(['tx-1', 'tx-2', 'tx-3']);
    expect(report.totals).toEqual([eur(9_999), usd(165_050)]);
    expect(report.unreadable).toBe(0);
  });

  it('prints the lines with exact money and a total line per currency', () => {
    const lines = payoutLines(payoutReport(items, { id: 'maya', email: 'maya@velo.example' }, '2026-10'));
    expect(lines[0]).toBe('Payouts to maya@velo.example (maya) in 2026-10 (UTC)');
    expect(lines.find((line) => line.includes('tx-1'))).toMatch(
      /^2026-10-06 14:03:12 {2}tx-1 +stripe +tr_tx-1 +\$1,200\.00$/,
    );
    expect(lines.slice(-2)).toEqual(['Total EUR: €99.99 (1 payout)', 'Total USD: $1,650.50 (2 payouts)']);
  });

  it('says so when the seller has nothing in the month, and counts what it could not read', () => {
    const broken = { ...payout('tx-9', '2026-10-09T00:00:00.000Z', 'owen', usd(1)) };
    (broken.detail as { data: { amount: unknown } }).data.amount = { amount: 1.5, currency: 'USD' };
    const report = payoutReport([broken], { id: 'owen' }, '2026-10');
    expect(report.payouts).toEqual([]);
    expect(payoutLines(report)).toEqual([
      'No payouts to owen in 2026-10.',
      '(1 ledger event of this month could not be read: not counted.)',
    ]);
  });
});

describe('commissionReport', () => {
  const items = [
    commission('tx-1', '2026-10-06T14:03:12.000Z', 6_000, 500),
    commission('tx-2', '2026-10-20T09:30:00.000Z', 2_250, 0),
    commission('tx-2', '2026-10-20T09:30:00.000Z', 2_250, 0),
    commission('tx-3', '2026-10-21T08:00:00.000Z', 500, 0, 'EUR'),
    entry('PaymentCaptured', 'tx-5:PaymentCaptured', '2026-10-03T00:00:00.000Z', { amount: usd(30_000) }),
    entry('PaymentCaptured', 'tx-6:PaymentCaptured', '2026-10-04T00:00:00.000Z', { amount: usd(12_345) }),
    entry('RefundIssued', 'tx-6:RefundIssued', '2026-10-04T02:00:00.000Z', { amount: usd(12_345) }),
  ];

  it('sums the provider and customer parts per currency and counts the orders once each', () => {
    const report = commissionReport(items, '2026-10');
    expect(report.commission).toEqual([
      { currency: 'EUR', provider: eur(500), customer: eur(0), total: eur(500), orders: 1 },
      { currency: 'USD', provider: usd(8_250), customer: usd(500), total: usd(8_750), orders: 2 },
    ]);
    expect(report.captured).toEqual([{ amount: usd(42_345), count: 2 }]);
    expect(report.refunded).toEqual([{ amount: usd(12_345), count: 1 }]);
  });

  it('prints a table per currency and the captured and refunded context', () => {
    const lines = commissionLines(commissionReport(items, '2026-10'));
    expect(lines[0]).toBe('Commission earned in 2026-10 (UTC)');
    expect(lines.find((line) => line.startsWith('USD'))).toMatch(/^USD +2 +\$82\.50 +\$5\.00 +\$87\.50$/);
    expect(lines).toContain('Payments captured USD: $423.45 (2 orders)');
    expect(lines).toContain('Refunded USD: $123.45 (1 order)');
  });

  it('says so for an empty month', () => {
    expect(commissionLines(commissionReport([], '2026-09'))).toEqual([
      'No commission, payments or refunds in 2026-09.',
    ]);
  });
});

describe('isMonth', () => {
  it('takes yyyy-mm of a real month only', () => {
    expect(['2026-10', '1999-01', '2026-12'].every(isMonth)).toBe(true);
    expect(['2026-13', '2026-1', '2026-00', '2026/10', '', undefined].some(isMonth)).toBe(false);
  });
});
