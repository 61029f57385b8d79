import { createHash } from 'node:crypto';
import type {
  ListingSnapshot,
  OrderData,
  PaymentMethodKind,
  PickupLocation,
  TransactionProtectedDataView,
  TransactionView,
} from '../../shared/api/transactions';
import type { CarrierId } from '../../shared/config/carriers';
import type { LineItem } from '../../shared/line-items';
import type { Money } from '../../shared/money';
import {
  scaledWindowDeadline,
  type TimerSettings,
  timerSettingsFromEnv,
} from '../../shared/process/deadlines';
import {
  type Actor,
  fulfilmentStates,
  type ProcessState,
  type Role,
  type TransitionName,
} from '../../shared/process/graph';
import { isRelevantForInbox } from '../../shared/process/labels';
import type { ShippingAddressValues } from '../../shared/validation/addresses';
import { type DueKind, keys } from '../lib/table-design';
import type { DisputePhoto } from './dispute-evidence';

/** One entry of the transitions log on the item (≤ 12: the graph has no cycles). */
export interface TransitionLogEntry {
  transition: TransitionName;
  by: Actor;
  userId?: string;
  createdAt: string;
}

/** The state's running timer (the truth); `dueKey` is the SK of the `DUE#…` item that indexes it. */
export interface TransactionDeadline {
  transition: TransitionName;
  dueAt: string;
  dueKey: { PK: string; SK: string };
}

/**
 * An unfinished refund or payout: the lock and the intent (docs/design/orders.md, "The write
 * protocol").
 */
export interface MoneyOp {
  op: 'refund' | 'payout';
  transition: TransitionName;
  key: string;
  startedAt: string;
  retryAt: string;
  /** Payouts: who asked for the transition (a retry finishes it in their name). */
  actor?: Actor;
  userId?: string;
  /** Retries so far (each one waits longer). */
  attempts?: number;
}

export interface TransactionProtectedData {
  paypalOrderId?: string;
  paypalTransactionId?: string;
  paypalDisbursementId?: string;
  /** The reason's id (shared/config/disputes.ts); before issue 25, free text (read as "other"). */
  disputeReason?: string;
  /** What the buyer wrote with the reason (required for "other"). */
  disputeDetails?: string;
  /** The photos of the dispute, private (functions/orders/dispute-evidence.ts): shown only as presigned links. */
  disputePhotos?: DisputePhoto[];
  carrier?: CarrierId;
  trackingNumber?: string;
  /** Pickup orders: the listing's pickup place, copied when the order is made (shown to the buyer once paid). */
  pickupLocation?: PickupLocation;
}

export interface TransactionPayment {
  method: PaymentMethodKind;
  stripePaymentIntentId?: string;
  stripeChargeId?: string;
  paypalCaptureId?: string;
  /** The PayPal order's payee (refunds act for this merchant). */
  paypalPayeeMerchantId?: string;
  capturedAt?: string;
  /** What the provider captured (the refund gives back exactly this). */
  capturedAmount?: Money;
  /** The refund (Stripe re_…, PayPal refund id) once the money went back to the customer. */
  refundId?: string;
  refundedAt?: string;
  refundedAmount?: Money;
  /** The seller's payout (Stripe transfer tr_…, PayPal disbursement id). */
  payoutId?: string;
  paidOutAt?: string;
  /** Set when a payment that was never recorded as captured turned out captured (crash recovery). */
  capturedLate?: boolean;
}

/** A transaction as stored: one item `TX#<id>` / `TX` (docs/data-model.md). */
export interface TransactionRecord {
  PK: string;
  SK: 'TX';
  /** Sparse inbox keys (orders: GSI1 `CUSTOMER#…`; sales: GSI2 `PROVIDER#…`); removed on payment-expired. */
  GSI1PK?: string;
  GSI1SK?: string;
  GSI2PK?: string;
  GSI2SK?: string;
  entity: 'transaction';
  id: string;
  processAlias: string;
  state: ProcessState;
  version: number;
  listingId: string;
  customerId: string;
  providerId: string;
  listingSnapshot: ListingSnapshot;
  orderData: OrderData & { shippingDetails?: ShippingAddressValues };
  lineItems: LineItem[];
  payinTotal: Money;
  payoutTotal: Money;
  createdAt: string;
  lastTransition: TransitionName;
  lastTransitionedAt: string;
  entered: Partial<Record<ProcessState, string>>;
  transitions: TransitionLogEntry[];
  protectedData: TransactionProtectedData;
  payment?: TransactionPayment;
  deadline?: TransactionDeadline;
  moneyOp?: MoneyOp;
  /** The workflow's callback token and the version it waits on. */
  taskToken?: string;
  awaitingVersion?: number;
  executionArn?: string;
  messageCount: number;
  /** The reviews written so far (functions/orders/reviews.ts), published on entering `reviewed`. */
  reviewTypes?: ('ofProvider' | 'ofCustomer')[];
  /** The checkout's idempotency key (the id is derived from it and the customer). */
  checkoutKey: string;
}

/** A `DUE#<shard>` item: the index of a deadline, swept by due time. */
export interface DueItem {
  PK: string;
  SK: string;
  entity: 'due';
  transactionId: string;
  kind: DueKind;
  dueAt: string;
  transition: TransitionName;
}

/** A `USER#<providerId>` / `ACTION#<txId>` item: a sale that needs the provider's action. */
export interface SaleActionItem {
  PK: string;
  SK: string;
  entity: 'sale-action';
  transactionId: string;
  createdAt: string;
}

/** A namespace of our own for transaction ids (uuid v5 names are `<customerId>:<checkoutKey>`). */
export const TRANSACTION_ID_NAMESPACE = '0c4b7f1e-3a9d-5e62-9b8f-7d1e2c3a4b5f';

/** RFC 4122 version-5 (SHA-1, name-based) UUID. */
export function uuidV5(name: string, namespace: string): string {
  const ns = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  if (ns.length !== 16) throw new Error(`Not a UUID: ${namespace}`);
  const bytes = createHash('sha1').update(ns).update(name, 'utf8').digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The deterministic id of the order a checkout makes: a retried initiate finds the same transaction. */
export function transactionIdFor(customerId: string, checkoutKey: string): string {
  return uuidV5(`${customerId}:${checkoutKey}`, TRANSACTION_ID_NAMESPACE);
}

/** The sparse inbox keys of a transaction in `state` at `at`, or undefined when hidden (payment-expired). */
export function inboxKeys(
  tx: Pick<TransactionRecord, 'id' | 'customerId' | 'providerId'>,
  state: ProcessState,
  at: string,
): { GSI1PK: string; GSI1SK: string; GSI2PK: string; GSI2SK: string } | undefined {
  if (!isRelevantForInbox(state)) return undefined;
  return {
    ...keys.customerOrder(tx.customerId, at, tx.id),
    ...keys.providerSale(tx.providerId, at, tx.id),
  };
}

export function dueItem(
  transactionId: string,
  deadline: { transition: TransitionName; dueAt: string },
  kind: DueKind = 'timer',
): DueItem {
  return {
    ...keys.due(transactionId, deadline.dueAt, kind),
    entity: 'due',
    transactionId,
    kind,
    dueAt: deadline.dueAt,
    transition: deadline.transition,
  };
}

export function saleActionItem(providerId: string, transactionId: string, createdAt: string): SaleActionItem {
  return { ...keys.saleAction(providerId, transactionId), entity: 'sale-action', transactionId, createdAt };
}

/** Whether the buyer has paid: from `purchased` on. */
function wasPurchased(record: Pick<TransactionRecord, 'entered'>): boolean {
  return record.entered.purchased !== undefined;
}

/**
 * The protected data `role` sees: the seller gets the buyer's shipping address from the
 * purchase until the order ends (purchased, shipped, disputed: never while the payment is pending,
 * nor once received or canceled); the buyer gets the pickup place from the purchase on, until the
 * order is canceled; the seller always sees their own pickup place, the buyer their own address.
 * Payment bookkeeping never leaves the server.
 */
export function protectedDataView(record: TransactionRecord, role: Role): TransactionProtectedDataView {
  // The photos go out only as short-lived links (TransactionView.dispute), never as keys.
  const { pickupLocation, disputePhotos: _links, ...shared } = record.protectedData;
  const shippingDetails = record.orderData.shippingDetails;
  const showShipping = shippingDetails && (role === 'customer' || fulfilmentStates.includes(record.state));
  const showPickup =
    pickupLocation && (role === 'provider' || (wasPurchased(record) && record.state !== 'canceled'));
  return {
    ...shared,
    ...(showShipping ? { shippingDetails } : {}),
    ...(showPickup ? { pickupLocation } : {}),
  };
}

/** The API view for the party `role`: no keys, payment ids or workflow bookkeeping. */
export function toTransactionView(
  record: TransactionRecord,
  role: Role,
  timers: TimerSettings = timerSettingsFromEnv(process.env),
): TransactionView {
  const cancelUntil =
    record.state === 'purchased'
      ? scaledWindowDeadline('cancel', 'customer', record.entered, timers)
      : undefined;
  const { shippingDetails: _private, ...orderData } = record.orderData;
  const protectedData = protectedDataView(record, role);
  const refund = refundOf(record);
  return {
    id: record.id,
    processAlias: record.processAlias,
    state: record.state,
    version: record.version,
    createdAt: record.createdAt,
    lastTransition: record.lastTransition,
    lastTransitionedAt: record.lastTransitionedAt,
    listingId: record.listingId,
    customerId: record.customerId,
    providerId: record.providerId,
    listing: record.listingSnapshot,
    orderData: {
      ...orderData,
      ...(protectedData.shippingDetails ? { shippingDetails: protectedData.shippingDetails } : {}),
    },
    lineItems: record.lineItems,
    payinTotal: record.payinTotal,
    payoutTotal: record.payoutTotal,
    ...(record.payment ? { paymentMethod: record.payment.method } : {}),
    transitions: record.transitions.map(({ transition, by, createdAt }) => ({ transition, by, createdAt })),
    protectedData,
    entered: record.entered,
    ...deadlineView(record),
    ...(cancelUntil ? { customerCancelUntil: cancelUntil.toISOString() } : {}),
    ...(refund ? { refund } : {}),
  };
}

/** The running timer as a party sees it (no `dueKey`), or nothing. */
export function deadlineView(record: Pick<TransactionRecord, 'deadline'>): Pick<TransactionView, 'deadline'> {
  const { deadline } = record;
  return deadline ? { deadline: { transition: deadline.transition, dueAt: deadline.dueAt } } : {};
}

/** The refund of an order, once recorded (amount and time, from the RefundIssued write). */
export function refundOf(record: Pick<TransactionRecord, 'payment'>): TransactionView['refund'] {
  const { refundedAmount, refundedAt } = record.payment ?? {};
  return refundedAmount && refundedAt ? { amount: refundedAmount, refundedAt } : undefined;
}
