/**
 * An order as the table holds it, for the engine's pure tests and the integration tests that store
 * it in a table of their own (tests/integration/own-table.ts). Default: pending-payment since t0,
 * version 1, its expire-payment deadline 15 minutes later.
 */
import { keys } from '../lib/table-design';
import { type DueItem, dueItem, inboxKeys, type MoneyOp, type TransactionRecord } from './record';

export const t0 = Date.parse('2026-11-22T10:00:00.000Z');
export const iso = (ms: number) => new Date(t0 + ms).toISOString();

/** The due item of the default deadline (expire-payment, 15 minutes after t0). */
export function paymentDue(id = 'tx-1'): DueItem {
  return dueItem(id, { transition: 'expire-payment', dueAt: iso(15 * 60_000) });
}

export function storedOrder(overrides: Partial<TransactionRecord> = {}, id = 'tx-1'): TransactionRecord {
  const state = overrides.state ?? 'pending-payment';
  const entered = overrides.entered ?? { initial: iso(0), 'pending-payment': iso(0) };
  const due = paymentDue(id);
  return {
    ...keys.transaction(id),
    SK: 'TX',
    ...inboxKeys({ id, customerId: 'c-1', providerId: 'p-1' }, state, iso(0)),
    entity: 'transaction',
    id,
    processAlias: 'release-2',
    state,
    version: 1,
    listingId: 'l-1',
    customerId: 'c-1',
    providerId: 'p-1',
    listingSnapshot: { title: 'Trek', slug: 'trek' },
    orderData: { deliveryMethod: 'pickup', quantity: 1 },
    lineItems: [],
    payinTotal: { amount: 1000, currency: 'USD' },
    payoutTotal: { amount: 900, currency: 'USD' },
    createdAt: iso(0),
    lastTransition: 'request-payment',
    lastTransitionedAt: iso(0),
    entered,
    transitions: [{ transition: 'request-payment', by: 'customer', userId: 'c-1', createdAt: iso(0) }],
    protectedData: {},
    deadline: { transition: due.transition, dueAt: due.dueAt, dueKey: { PK: due.PK, SK: due.SK } },
    messageCount: 0,
    checkoutKey: 'k',
    ...overrides,
  };
}

/** The fields of an order paid for at t0 (purchased, version 2) whose timer is not stored. */
export function purchased(overrides: Partial<TransactionRecord> = {}): Partial<TransactionRecord> {
  return {
    state: 'purchased',
    version: 2,
    entered: { purchased: iso(0) },
    deadline: undefined,
    ...overrides,
  };
}

/** The lock of the customer's payout (mark-received-from-purchased), taken at t0. */
export function payoutLock(id = 'tx-1', overrides: Partial<MoneyOp> = {}): MoneyOp {
  return {
    op: 'payout',
    transition: 'mark-received-from-purchased',
    key: `payout-${id}`,
    startedAt: iso(0),
    retryAt: iso(0),
    ...overrides,
  };
}
