/** The deadlines still running (ship by, cancel until, report a problem until), as the server set them. */
import type { TransactionView } from '../../../../../shared/api/transactions';
import type { Role, TransitionName } from '../../../../../shared/process/graph';

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

/**
 * When an order pending payment is canceled automatically (expire-payment, 15 minutes after it was
 * started), as the server set it; undefined in any other state.
 */
export function paymentDueAt(tx: Pick<TransactionView, 'state' | 'deadline'>): Date | undefined {
  return tx.state === 'pending-payment' ? runningTimer(tx, 'expire-payment') : undefined;
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
