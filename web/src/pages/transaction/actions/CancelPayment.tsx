import type { TransactionView } from '../../../../../shared/api/transactions';
import { DateLabel } from '../../../components/DateLabel';
import { type ActionSpec, paymentDueAt } from '../view';
import type { Confirmation } from './action-parts';
import type { ActionsState } from './actions-state';
import { Cancel } from './Cancel';

/**
 * The buyer's Cancel payment on an order pending payment (a card authentication abandoned, a PayPal
 * window closed): by when the payment must be finished, and the button, which opens the confirmation.
 */
export function CancelPayment({
  action,
  transaction,
  state,
  now,
  onConfirm,
}: {
  action: ActionSpec;
  transaction: TransactionView;
  state: ActionsState;
  now?: Date | undefined;
  onConfirm: () => void;
}) {
  const due = paymentDueAt(transaction);
  return (
    <Cancel action={action} state={state} onConfirm={onConfirm} kind="cancel-payment">
      <p className="tx-action-hint tx-payment-due">
        {due ? (
          <>
            Complete the payment by <DateLabel date={due} deadline {...(now ? { now } : {})} />, or cancel it
            now to release the item. After that it is canceled automatically.
          </>
        ) : (
          'Complete the payment within 15 minutes of ordering, or cancel it now to release the item.'
        )}
      </p>
    </Cancel>
  );
}

/** Asked before canceling the payment: the order is not placed, nothing was charged. */
export const cancelPaymentConfirmation: Confirmation = {
  title: 'Cancel this payment?',
  confirmLabel: 'Cancel payment',
  cancelLabel: 'Keep order',
  Body: () => (
    <p>
      The order is not placed and the item goes back on sale. You have not been charged. This cannot be
      undone.
    </p>
  ),
};
