/**
 * The order and sale page as pure logic: who the viewer is, what the breakdown shows,
 * the activity feed, the deadlines still running, the buttons and what a failed action says. No
 * React and no fetch here, so every rule is unit-tested (transaction-view.test.ts).
 */
import type {
  AllowedTransitionView,
  DisbursePaypalFundsRequest,
  MessageView,
  PickupLocation,
  TransactionShow,
  TransactionView,
  TransitionPrivilegedRequest,
  TransitionRequest,
} from '../../../../shared/api/transactions';
import type { PublicUser } from '../../../../shared/api/types';
import { isCarrierId } from '../../../../shared/config/carriers';
import { orderWindows } from '../../../../shared/config/constants';
import type { DeliveryMethod } from '../../../../shared/config/listing-fields';
import { apiErrors, messages } from '../../../../shared/errors/catalogue';
import { type LineItem, lineItemLabel, lineItemsFor, totalForRole } from '../../../../shared/line-items';
import { formatMoney, type Money } from '../../../../shared/money';
import {
  type Actor,
  fulfilmentStates,
  type Role,
  type TransitionName,
} from '../../../../shared/process/graph';
import { actionErrors, actionLabel, activityMessage, totalLabel } from '../../../../shared/process/labels';
import type { ShippingAddressValues } from '../../../../shared/validation/addresses';
import {
  shipmentRequired as shipmentRequiredFor,
  trackingNumberOf,
} from '../../../../shared/validation/orders';
import { userDisplayName } from '../../lib/users';

// ---- Who is looking

/** Whether the signed-in user is the party of the route's role (a customer opening /sale/… is not). */
export function viewerHasRole(
  tx: Pick<TransactionView, 'customerId' | 'providerId'>,
  role: Role,
  userId: string | undefined,
) {
  if (!userId) return false;
  return role === 'customer' ? tx.customerId === userId : tx.providerId === userId;
}

/** The other party, seen from `role`. */
export function otherPartyOf(show: Pick<TransactionShow, 'customer' | 'provider'>, role: Role): PublicUser {
  return role === 'customer' ? show.provider : show.customer;
}

/** §8: "fetching order data failed" / "fetching sale data failed". */
export function fetchFailedMessage(role: Role): string {
  return role === 'customer' ? messages.fetchOrderFailed : messages.fetchSaleFailed;
}

export function pageHeading(role: Role): string {
  return role === 'customer' ? 'Order' : 'Sale';
}

// ---- Breakdown (§6: commissions only for their payer, total payin or payout)

export interface BreakdownLine {
  key: string;
  label: string;
  /** "$500 × 2" for quantity lines. */
  detail?: string;
  amount: Money;
  reversal: boolean;
}

/** The lines `role` sees: filtered by includeFor (so the customer commission only for customers…). */
export function breakdownLines(lines: readonly LineItem[], role: Role): BreakdownLine[] {
  return (
    lineItemsFor(role, lines)
      .map((line, index) => ({ line, index }))
      // The refund of a $0 line (a free pickup) says nothing.
      .filter(({ line }) => !(line.reversal && line.lineTotal.amount === 0))
      .map(({ line, index }) => ({
        key: `${line.code}-${line.reversal ? 'r' : 'n'}-${index}`,
        label: lineItemLabel(line),
        ...(line.quantity !== undefined &&
        !line.reversal &&
        !line.code.endsWith('commission') &&
        line.quantity !== 1
          ? { detail: `${formatMoney(line.unitPrice)} × ${line.quantity}` }
          : {}),
        amount: line.lineTotal,
        reversal: line.reversal,
      }))
  );
}

export function breakdownTotal(
  tx: Pick<TransactionView, 'state' | 'payinTotal' | 'payoutTotal'>,
  role: Role,
): { label: string; amount: Money } {
  return { label: totalLabel(tx.state, role), amount: totalForRole(role, tx) };
}

// ---- Delivery

export type DeliverySection =
  | { kind: 'shipping'; heading: 'Ship to' | 'Shipping to'; address: ShippingAddressValues; copy: boolean }
  | { kind: 'pickup'; heading: string; place: PickupLocation }
  | { kind: 'pickup-pending' };

/**
 * What the page shows of the delivery: the seller's "Ship to" with a copy button while the order
 * is open (purchased, shipped, disputed); the buyer's "Shipping to" (their own address); for a pickup
 * the place to collect the item (the API sends it to the buyer only once paid; until then the page
 * says when it comes) or, for the seller, where the buyer will come.
 */
export function deliverySection(
  tx: Pick<TransactionView, 'state' | 'orderData' | 'protectedData'>,
  role: Role,
): DeliverySection | undefined {
  if (tx.orderData.deliveryMethod === 'pickup') {
    const place = tx.protectedData.pickupLocation;
    if (role === 'customer') {
      if (place) return { kind: 'pickup', heading: 'Pickup address', place };
      return tx.state === 'pending-payment' ? { kind: 'pickup-pending' } : undefined;
    }
    return place && fulfilmentStates.includes(tx.state)
      ? { kind: 'pickup', heading: 'The buyer collects it at', place }
      : undefined;
  }
  const address = tx.protectedData.shippingDetails ?? tx.orderData.shippingDetails;
  if (!address) return undefined;
  if (role === 'customer') return { kind: 'shipping', heading: 'Shipping to', address, copy: false };
  return fulfilmentStates.includes(tx.state)
    ? { kind: 'shipping', heading: 'Ship to', address, copy: true }
    : undefined;
}

// ---- Activity feed

/** Lines for the transitions the shared labels leave out (enquiries, payment, reviews). */
const extraActivity: Partial<Record<TransitionName, string>> = {
  enquire: 'An enquiry was sent.',
  'request-payment': 'The order was started.',
  'request-payment-after-enquiry': 'The order was started.',
  'expire-payment': `The payment was not completed in ${orderWindows.paymentMinutes} minutes.`,
  'cancel-payment': 'The payment was canceled.',
  'review-1-by-customer': 'A review was left.',
  'review-1-by-provider': 'A review was left.',
  'review-2-by-customer': 'A review was left.',
  'review-2-by-provider': 'A review was left.',
  'expire-review-period': 'The review period ended.',
  'expire-customer-review-period': 'The review period ended.',
  'expire-provider-review-period': 'The review period ended.',
};

export interface TimelineEntry {
  key: string;
  text: string;
  /** Who took it: "You", the other party's name, "Automatically" (system) or "Marketplace" (operator). */
  by: string;
  at: string;
}

export function actorName(by: Actor, role: Role, otherName: string): string {
  if (by === 'system') return 'Automatically';
  if (by === 'operator') return 'Marketplace';
  return by === role ? 'You' : otherName;
}

export function timelineEntries(
  tx: Pick<TransactionView, 'transitions' | 'orderData'>,
  role: Role,
  otherName: string,
): TimelineEntry[] {
  const shipping = tx.orderData.deliveryMethod === 'shipping';
  const entries: TimelineEntry[] = [];
  tx.transitions.forEach((entry, index) => {
    const text = activityMessage(entry.transition, { shipping }) ?? extraActivity[entry.transition];
    if (!text) return; // auto-complete and the like: nothing to tell
    entries.push({
      key: `${entry.transition}-${index}`,
      text,
      by: actorName(entry.by, role, otherName),
      at: entry.createdAt,
    });
  });
  return entries;
}

// ---- Deadlines still running

export type DeadlineKind = 'ship-by' | 'cancel-until' | 'report-until';

export interface DeadlineNotice {
  kind: DeadlineKind;
  /** The text before the date and after it: `${before}<date>${after}`. */
  before: string;
  after: string;
  at: Date;
}

/**
 * The state's timer deadline as the server computed it (`deadline.dueAt`: it knows the delivery
 * method, the transit allowance and the deployment's timer scale), when it is that timer.
 */
function runningTimer(tx: Pick<TransactionView, 'deadline'>, transition: TransitionName): Date | undefined {
  if (tx.deadline?.transition !== transition) return undefined;
  const at = new Date(tx.deadline.dueAt);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/** The words around each deadline's date, per role (`shipping`: the order is shipped, not picked up). */
function deadlineWords(
  kind: DeadlineKind,
  role: Role,
  shipping: boolean,
): Pick<DeadlineNotice, 'before' | 'after'> {
  const receivedLater = '. After that the order is marked received automatically.';
  switch (kind) {
    case 'ship-by':
      return role === 'provider'
        ? {
            before: shipping ? 'Ship by ' : 'Hand over by ',
            after: shipping
              ? ' and add a tracking number, or the order is canceled automatically.'
              : ', or the order is canceled automatically.',
          }
        : {
            before: shipping ? 'The seller must ship by ' : 'The seller must hand the item over by ',
            after: ', or the order is canceled and refunded automatically.',
          };
    case 'cancel-until':
      return { before: 'You can cancel the order until ', after: '.' };
    case 'report-until':
      // Terms: "within 3 days of delivery"; a parcel counts as delivered 10 days after it was shipped.
      return role === 'customer'
        ? { before: 'Report a problem until ', after: receivedLater }
        : { before: 'The buyer can report a problem until ', after: receivedLater };
  }
}

/**
 * What still runs out (spec §1 terms: ship within 5 days, cancel within 3 hours, report a problem
 * within 3 days of delivery). Past deadlines are not shown.
 */
export function deadlineNotices(
  tx: Pick<TransactionView, 'state' | 'deadline' | 'orderData' | 'customerCancelUntil'>,
  role: Role,
  now: Date = new Date(),
): DeadlineNotice[] {
  const notices: DeadlineNotice[] = [];
  const shipping = tx.orderData.deliveryMethod !== 'pickup';
  const add = (kind: DeadlineKind, at: Date | undefined) => {
    if (at !== undefined && at.getTime() > now.getTime())
      notices.push({ kind, ...deadlineWords(kind, role, shipping), at });
  };
  if (tx.state === 'purchased') {
    add('ship-by', runningTimer(tx, 'auto-cancel'));
    // The server's end of the window: it knows the timer scale of this deployment.
    if (role === 'customer')
      add('cancel-until', tx.customerCancelUntil ? new Date(tx.customerCancelUntil) : undefined);
  }
  if (tx.state === 'delivered') add('report-until', runningTimer(tx, 'auto-mark-received'));
  return notices;
}

// ---- Actions

export type ActionKind = 'mark-delivered' | 'mark-received' | 'dispute' | 'cancel';

export interface ActionSpec {
  kind: ActionKind;
  transition: TransitionName;
  label: string;
  progressLabel: string;
}

const actionRoles: Record<string, { kind: ActionKind; role: Role; progressLabel: string }> = {
  'mark-delivered': { kind: 'mark-delivered', role: 'provider', progressLabel: 'Marking shipped…' },
  'mark-received': { kind: 'mark-received', role: 'customer', progressLabel: 'Marking received…' },
  'mark-received-from-purchased': {
    kind: 'mark-received',
    role: 'customer',
    progressLabel: 'Marking received…',
  },
  dispute: { kind: 'dispute', role: 'customer', progressLabel: 'Sending dispute…' },
  cancel: { kind: 'cancel', role: 'customer', progressLabel: 'Canceling order…' },
};

/**
 * The buttons to show: the server's list for the caller (`GET …/transitions`) restricted to what the
 * route's role presses on this page, in the list's order, one per kind. Reviews are not here.
 */
export function actionsFor(
  allowed: readonly AllowedTransitionView[],
  role: Role,
  deliveryMethod?: DeliveryMethod,
): ActionSpec[] {
  const seen = new Set<ActionKind>();
  const result: ActionSpec[] = [];
  for (const { name } of allowed) {
    const known = actionRoles[name];
    if (!known || known.role !== role || seen.has(known.kind)) continue;
    seen.add(known.kind);
    const pickup = deliveryMethod === 'pickup' && known.kind === 'mark-delivered';
    result.push({
      kind: known.kind,
      transition: name,
      label: actionLabel(name, deliveryMethod) ?? name,
      progressLabel: pickup ? 'Marking handed over…' : known.progressLabel,
    });
  }
  return result;
}

/** Canceling has no §8 text of its own: the generic "refresh and try again". */
const cancelFailed = messages.oopsSomethingWentWrong;

/** The message for a failed action (§8), by the API error's code first, then the action's own. */
export function actionErrorMessage(
  transition: TransitionName,
  code: string | undefined,
  network = false,
): string {
  if (code === 'transition-in-progress') return messages.transitionInProgress;
  if (code === 'transaction-invalid-transition') return apiErrors['transaction-invalid-transition'].title;
  if (code === 'paypal-disbursement-failed') return messages.paypalDisbursementFailed;
  if (network) return messages.topbarNetworkError;
  return actionErrors[transition] ?? (transition === 'cancel' ? cancelFailed : messages.somethingWentWrong);
}

/** Whether mark shipped on this order asks for the carrier and tracking number (the shared rule). */
export function shipmentRequired(tx: Pick<TransactionView, 'orderData'>): boolean {
  return shipmentRequiredFor(tx.orderData.deliveryMethod);
}

export interface TransitionApi {
  transition(id: string, body: TransitionRequest): Promise<unknown>;
  transitionPrivileged(body: TransitionPrivilegedRequest): Promise<unknown>;
  disbursePaypalFunds(body: DisbursePaypalFundsRequest): Promise<{ paypalDisbursementId: string }>;
}

export interface ActionInput {
  carrier?: string;
  trackingNumber?: string;
  disputeReason?: string;
}

/** Thrown when a PayPal order lacks the capture id the disbursement needs. */
export class MissingPaypalTransactionError extends Error {
  override readonly name = 'MissingPaypalTransactionError';
}

/**
 * Applies an action with the calls the design names (§4): mark shipped and dispute through the
 * non-privileged route, mark received and cancel privileged; a PayPal order is disbursed first and
 * mark received carries the disbursement id. Every call sends the version the page showed.
 */
export async function performAction(
  api: TransitionApi,
  tx: Pick<TransactionView, 'id' | 'version' | 'paymentMethod' | 'protectedData'>,
  action: Pick<ActionSpec, 'kind' | 'transition'>,
  input: ActionInput = {},
): Promise<void> {
  const expectedVersion = tx.version;
  switch (action.kind) {
    case 'mark-delivered': {
      const trackingNumber = trackingNumberOf(input.trackingNumber);
      const carrier = isCarrierId(input.carrier) ? input.carrier : undefined;
      await api.transition(tx.id, {
        transition: action.transition,
        expectedVersion,
        params: {
          protectedData: {
            ...(carrier ? { carrier } : {}),
            ...(trackingNumber ? { trackingNumber } : {}),
          },
        },
      });
      return;
    }
    case 'dispute':
      await api.transition(tx.id, {
        transition: action.transition,
        expectedVersion,
        params: { protectedData: { disputeReason: (input.disputeReason ?? '').trim() } },
      });
      return;
    case 'mark-received': {
      if (tx.paymentMethod === 'paypal') {
        const paypalTransactionId = tx.protectedData.paypalTransactionId;
        if (!paypalTransactionId) throw new MissingPaypalTransactionError('No PayPal capture on this order');
        const { paypalDisbursementId } = await api.disbursePaypalFunds({
          paypalTransactionId,
          sharetribeTransactionId: tx.id,
        });
        await api.transitionPrivileged({
          transactionId: tx.id,
          transition: action.transition,
          expectedVersion,
          params: { paypalDisbursementId },
        });
        return;
      }
      await api.transitionPrivileged({
        transactionId: tx.id,
        transition: action.transition,
        expectedVersion,
      });
      return;
    }
    case 'cancel':
      await api.transitionPrivileged({
        transactionId: tx.id,
        transition: action.transition,
        expectedVersion,
      });
      return;
  }
}

// ---- Messages

/** Sending is not possible once the other party was removed (§6), with the spec's explanation. */
export function messagingDisabledReason(
  show: Pick<TransactionShow, 'customer' | 'provider'>,
  role: Role,
): string | undefined {
  const other = otherPartyOf(show, role);
  return other.banned || other.deleted ? messages.sendingMessageNotAllowed : undefined;
}

export function senderLabel(
  message: Pick<MessageView, 'senderId'>,
  userId: string | undefined,
  other: PublicUser,
) {
  return message.senderId === userId ? 'You' : userDisplayName(other);
}

/**
 * Pages arrive newest first (page 1 = the latest 100). The thread shows them oldest at the top:
 * later pages (older messages) go above, and a message sent here goes at the bottom. Duplicates (a
 * page boundary that moved because of a new message) are dropped.
 */
export function threadOrder(
  pages: readonly (readonly MessageView[])[],
  sent: readonly MessageView[] = [],
): MessageView[] {
  const seen = new Set<string>();
  const result: MessageView[] = [];
  const push = (message: MessageView) => {
    if (seen.has(message.id)) return;
    seen.add(message.id);
    result.push(message);
  };
  for (let p = pages.length - 1; p >= 0; p--) {
    const page = pages[p] ?? [];
    for (let i = page.length - 1; i >= 0; i--) push(page[i]!);
  }
  for (const message of sent) push(message);
  return result;
}
