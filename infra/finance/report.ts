import { addMoney, formatMoneyExact, isMoney, type Money, zeroMoney } from '../../shared/money';

/**
 * The finance reports, pure: from one month's ledger items (Query `LEDGER#<yyyy-mm>`,
 * docs/finance-events.md "The ledger's items") to what finance asked for. No I/O here, so the
 * sums, the dedupe and the wording are tested without a table (./report.test.ts); ./ledger.ts reads
 * the items and ./cli.ts prints.
 */

/** A ledger item as stored (new entries and those written before issue 8 alike). */
export interface LedgerItem {
  SK?: unknown;
  detailType?: unknown;
  dedupeId?: unknown;
  eventId?: unknown;
  detail?: unknown;
}

/** A finance event of the ledger, counted once: its type, id, time and `data`. */
export interface LedgerEvent {
  id: string;
  type: string;
  occurredAt: string;
  data: Record<string, unknown>;
}

/** `yyyy-mm`, a real month: what `--month` takes and the ledger partitions on. */
export const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;

export function isMonth(value: unknown): value is string {
  return typeof value === 'string' && monthPattern.test(value);
}

/**
 * The month's events, each `detail.id` once. An event delivered twice is stored once under its
 * own key, but an entry written before issue 8 (keyed on the EventBridge id) and its replay under
 * the new key are two items with the same `detail.id`: the first in key order counts. Items whose
 * detail is not an envelope are read by their `dedupeId`/`eventId` and the item's `detailType`.
 */
export function uniqueEvents(items: readonly LedgerItem[]): LedgerEvent[] {
  const seen = new Set<string>();
  const events: LedgerEvent[] = [];
  const sorted = [...items].sort((a, b) => String(a.SK ?? '').localeCompare(String(b.SK ?? '')));
  for (const item of sorted) {
    const event = eventOf(item);
    if (!event || seen.has(event.id)) continue;
    seen.add(event.id);
    events.push(event);
  }
  return events;
}

function eventOf(item: LedgerItem): LedgerEvent | undefined {
  const detail = (typeof item.detail === 'object' && item.detail !== null ? item.detail : {}) as Record<
    string,
    unknown
  >;
  const id = [detail.id, item.dedupeId, item.eventId].find(isText);
  const type = [detail.type, item.detailType].find(isText);
  const data = detail.data;
  if (!id || !type || typeof data !== 'object' || data === null) return undefined;
  const occurredAt = [detail.occurredAt, String(item.SK ?? '').split('#')[0]].find(isText) ?? '';
  return { id, type, occurredAt, data: data as Record<string, unknown> };
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

/** Money per currency, currencies in alphabetical order. */
export type CurrencyTotals = Money[];

function addTo(totals: Map<string, Money>, amount: Money): void {
  totals.set(amount.currency, addMoney(totals.get(amount.currency) ?? zeroMoney(amount.currency), amount));
}

function sortedTotals(totals: Map<string, Money>): CurrencyTotals {
  return [...totals.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

export interface PayoutLine {
  at: string;
  transactionId: string;
  provider: string;
  providerPayoutId: string;
  amount: Money;
}

export interface PayoutReport {
  month: string;
  sellerId: string;
  /** The e-mail address the seller was named by, if any (for the heading). */
  sellerEmail?: string;
  payouts: PayoutLine[];
  /** Paid out per currency (a seller paid in two currencies gets two totals, never one sum). */
  totals: CurrencyTotals;
  /** Ledger events of the month that could not be read as their type says (not counted). */
  unreadable: number;
}

/** The seller's `PayoutDisbursed` events of the month, oldest first, and the total per currency. */
export function payoutReport(
  items: readonly LedgerItem[],
  seller: { id: string; email?: string },
  month: string,
): PayoutReport {
  const payouts: PayoutLine[] = [];
  const totals = new Map<string, Money>();
  let unreadable = 0;
  for (const event of uniqueEvents(items)) {
    if (event.type !== 'PayoutDisbursed' || event.data.sellerId !== seller.id) continue;
    const { transactionId, provider, providerPayoutId, amount } = event.data;
    if (!isText(transactionId) || !isText(provider) || !isText(providerPayoutId) || !isMoney(amount)) {
      unreadable++;
      continue;
    }
    payouts.push({ at: event.occurredAt, transactionId, provider, providerPayoutId, amount });
    addTo(totals, amount);
  }
  payouts.sort((a, b) => a.at.localeCompare(b.at));
  return {
    month,
    sellerId: seller.id,
    ...(seller.email ? { sellerEmail: seller.email } : {}),
    payouts,
    totals: sortedTotals(totals),
    unreadable,
  };
}

export interface CommissionTotals {
  currency: string;
  /** The part the seller paid (the provider commission's magnitude). */
  provider: Money;
  /** The part the buyer paid on top of the price. */
  customer: Money;
  total: Money;
  /** Orders with a `CommissionEarned` of the month in this currency. */
  orders: number;
}

export interface CommissionReport {
  month: string;
  commission: CommissionTotals[];
  /** For context: payments captured and refunded in the month, per currency, with their counts. */
  captured: { amount: Money; count: number }[];
  refunded: { amount: Money; count: number }[];
  unreadable: number;
}

/** The month's `CommissionEarned` totals per currency, and what was captured and refunded. */
export function commissionReport(items: readonly LedgerItem[], month: string): CommissionReport {
  const commission = new Map<string, CommissionTotals>();
  const captured = new Map<string, { amount: Money; count: number }>();
  const refunded = new Map<string, { amount: Money; count: number }>();
  let unreadable = 0;
  const count = (into: typeof captured, amount: unknown) => {
    if (!isMoney(amount)) return false;
    const previous = into.get(amount.currency) ?? { amount: zeroMoney(amount.currency), count: 0 };
    into.set(amount.currency, { amount: addMoney(previous.amount, amount), count: previous.count + 1 });
    return true;
  };
  for (const event of uniqueEvents(items)) {
    if (event.type === 'PaymentCaptured') {
      if (!count(captured, event.data.amount)) unreadable++;
    } else if (event.type === 'RefundIssued') {
      if (!count(refunded, event.data.amount)) unreadable++;
    } else if (event.type === 'CommissionEarned') {
      const { providerCommission, customerCommission, total } = event.data;
      if (!isMoney(providerCommission) || !isMoney(customerCommission) || !isMoney(total)) {
        unreadable++;
        continue;
      }
      const zero = zeroMoney(total.currency);
      const previous = commission.get(total.currency) ?? {
        currency: total.currency,
        provider: zero,
        customer: zero,
        total: zero,
        orders: 0,
      };
      commission.set(total.currency, {
        currency: total.currency,
        provider: addMoney(previous.provider, providerCommission),
        customer: addMoney(previous.customer, customerCommission),
        total: addMoney(previous.total, total),
        orders: previous.orders + 1,
      });
    }
  }
  const byCurrency = <T>(map: Map<string, T>) =>
    [...map.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, value]) => value);
  return {
    month,
    commission: byCurrency(commission),
    captured: byCurrency(captured),
    refunded: byCurrency(refunded),
    unreadable,
  };
}

/** "2026-10-06 14:03:12" (UTC): a ledger time for a table column. */
function utcText(at: string): string {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/.test(at) ? `${at.slice(0, 10)} ${at.slice(11, 19)}` : at;
}

function table(rows: string[][], rightAligned: ReadonlySet<number>): string[] {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) =>
    row
      .map((cell, column) =>
        rightAligned.has(column) ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!),
      )
      .join('  ')
      .trimEnd(),
  );
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function unreadableLine(unreadable: number): string[] {
  return unreadable > 0
    ? [
        `(${plural(unreadable, 'ledger event', 'ledger events')} of this month could not be read: not counted.)`,
      ]
    : [];
}

/** The payouts report as text lines (money with all its decimals: formatMoneyExact). */
export function payoutLines(report: PayoutReport): string[] {
  const who = report.sellerEmail ? `${report.sellerEmail} (${report.sellerId})` : report.sellerId;
  if (report.payouts.length === 0)
    return [`No payouts to ${who} in ${report.month}.`, ...unreadableLine(report.unreadable)];
  const rows = [
    ['Date (UTC)', 'Order', 'Provider', 'Provider payout id', 'Amount'],
    ...report.payouts.map((line) => [
      utcText(line.at),
      line.transactionId,
      line.provider,
      line.providerPayoutId,
      formatMoneyExact(line.amount),
    ]),
  ];
  const counts = new Map<string, number>();
  for (const line of report.payouts)
    counts.set(line.amount.currency, (counts.get(line.amount.currency) ?? 0) + 1);
  return [
    `Payouts to ${who} in ${report.month} (UTC)`,
    '',
    ...table(rows, new Set([4])),
    '',
    ...report.totals.map(
      (total) =>
        `Total ${total.currency}: ${formatMoneyExact(total)} (${plural(counts.get(total.currency) ?? 0, 'payout', 'payouts')})`,
    ),
    ...unreadableLine(report.unreadable),
  ];
}

/** The commission report as text lines. */
export function commissionLines(report: CommissionReport): string[] {
  if (report.commission.length === 0 && report.captured.length === 0 && report.refunded.length === 0)
    return [`No commission, payments or refunds in ${report.month}.`, ...unreadableLine(report.unreadable)];
  const lines = [`Commission earned in ${report.month} (UTC)`, ''];
  if (report.commission.length === 0) lines.push('No commission earned (no order was paid out).');
  else {
    lines.push(
      ...table(
        [
          ['Currency', 'Orders', 'From sellers', 'From buyers', 'Total'],
          ...report.commission.map((row) => [
            row.currency,
            String(row.orders),
            formatMoneyExact(row.provider),
            formatMoneyExact(row.customer),
            formatMoneyExact(row.total),
          ]),
        ],
        new Set([1, 2, 3, 4]),
      ),
    );
  }
  const context = (label: string, rows: CommissionReport['captured']) =>
    rows.length === 0
      ? [`${label}: none`]
      : rows.map(
          (row) =>
            `${label} ${row.amount.currency}: ${formatMoneyExact(row.amount)} (${plural(row.count, 'order', 'orders')})`,
        );
  return [
    ...lines,
    '',
    ...context('Payments captured', report.captured),
    ...context('Refunded', report.refunded),
    ...unreadableLine(report.unreadable),
  ];
}
