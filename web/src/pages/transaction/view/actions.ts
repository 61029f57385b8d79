/** The buttons the page shows for the server's allowed transitions, and what a failed one says (§8). */
import type { AllowedTransitionView, TransactionView } from '../../../../../shared/api/transactions';
import type { DeliveryMethod } from '../../../../../shared/config/listing-fields';
import { apiErrors, messages } from '../../../../../shared/errors/catalogue';
import type { Role, TransitionName } from '../../../../../shared/process/graph';
import { actionErrors, actionLabel } from '../../../../../shared/process/labels';
import { shipmentRequired as shipmentRequiredFor } from '../../../../../shared/validation/orders';

export type ActionKind = 'mark-delivered' | 'mark-received' | 'dispute' | 'cancel' | 'cancel-payment';

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
  'cancel-payment': { kind: 'cancel-payment', role: 'customer', progressLabel: 'Canceling payment…' },
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

/** Canceling (an order or its payment) has no §8 text of its own: the generic "refresh and try again". */
const cancelFailed = messages.oopsSomethingWentWrong;
const cancelTransitions: readonly TransitionName[] = ['cancel', 'cancel-payment'];

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
  return (
    actionErrors[transition] ??
    (cancelTransitions.includes(transition) ? cancelFailed : messages.somethingWentWrong)
  );
}

/** The refusals (409) that mean the order moved on meanwhile (the payment completed, the timer ran out). */
const movedOnCodes: readonly string[] = [
  'transaction-invalid-transition',
  'transition-in-progress',
  'conflict',
];

/**
 * Whether a failed action reloads the order, so the page shows where it is now under the message.
 * Only Cancel payment: nothing is typed for it, while the other actions keep the carrier, tracking
 * number or reason typed (a reload would mount their panel again, empty).
 */
export function reloadsAfterRefusal(kind: ActionKind, code: string | undefined): boolean {
  return kind === 'cancel-payment' && code !== undefined && movedOnCodes.includes(code);
}

/** Whether mark shipped on this order asks for the carrier and tracking number (the shared rule). */
export function shipmentRequired(tx: Pick<TransactionView, 'orderData'>): boolean {
  return shipmentRequiredFor(tx.orderData.deliveryMethod);
}
