/**
 * The reconciliation rule of the finance events (docs/design/orders.md, "Money";
 * docs/finance-events.md), per transaction and currency:
 *
 *   Σ PaymentCaptured − Σ RefundIssued = Σ PayoutDisbursed + Σ CommissionEarned.total
 *
 * A completed order: payin = payout + commission. A canceled order: captured = refunded, with no
 * payout or commission. Every other event type is ignored (PayoutScheduled is a plan, not a movement).
 */
import type { EventData } from './definitions';
import type { DomainEvent } from './envelope';

type MoneyEventType = 'PaymentCaptured' | 'RefundIssued' | 'PayoutDisbursed' | 'CommissionEarned';

/** What reconcile reads of an event: the envelope's id, type and payload. */
export type ReconcilableEvent = Pick<DomainEvent, 'id' | 'type' | 'data'>;

/** The sums of one transaction in one currency, in minor units. */
export interface TransactionBalance {
  transactionId: string;
  currency: string;
  captured: number;
  refunded: number;
  paidOut: number;
  commission: number;
  /** (captured − refunded) − (paidOut + commission): 0 when the transaction balances. */
  difference: number;
}

function money(event: ReconcilableEvent): { amount: number; currency: string } | undefined {
  switch (event.type as MoneyEventType) {
    case 'PaymentCaptured':
    case 'RefundIssued':
    case 'PayoutDisbursed':
      return (event.data as EventData<'PaymentCaptured'>).amount;
    case 'CommissionEarned':
      return (event.data as EventData<'CommissionEarned'>).total;
    default:
      return undefined;
  }
}

const field: Record<MoneyEventType, 'captured' | 'refunded' | 'paidOut' | 'commission'> = {
  PaymentCaptured: 'captured',
  RefundIssued: 'refunded',
  PayoutDisbursed: 'paidOut',
  CommissionEarned: 'commission',
};

/**
 * The sums of every transaction (per currency) of the money events given, in order of first
 * appearance. Each event id counts once (events are delivered at least once).
 */
export function balances(events: Iterable<ReconcilableEvent>): TransactionBalance[] {
  const seen = new Set<string>();
  const byKey = new Map<string, TransactionBalance>();
  for (const event of events) {
    const amount = money(event);
    const transactionId = (event.data as { transactionId?: unknown }).transactionId;
    if (!amount || typeof transactionId !== 'string') continue;
    if (seen.has(event.id)) continue;
    seen.add(event.id);
    const key = `${transactionId}\u0000${amount.currency}`;
    let balance = byKey.get(key);
    if (!balance) {
      balance = {
        transactionId,
        currency: amount.currency,
        captured: 0,
        refunded: 0,
        paidOut: 0,
        commission: 0,
        difference: 0,
      };
      byKey.set(key, balance);
    }
    balance[field[event.type as MoneyEventType]] += amount.amount;
    balance.difference = balance.captured - balance.refunded - (balance.paidOut + balance.commission);
  }
  return [...byKey.values()];
}

/**
 * The transactions (per currency) whose finance events do not balance; empty when all do.
 * An order still in progress (captured, not yet paid out or refunded) shows as an imbalance too:
 * reconcile closed orders, or read `difference` as the money still held.
 */
export function reconcile(events: Iterable<ReconcilableEvent>): TransactionBalance[] {
  return balances(events).filter((balance) => balance.difference !== 0);
}
