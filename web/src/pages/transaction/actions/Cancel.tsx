import type { ReactNode } from 'react';
import { formatMoney } from '../../../../../shared/money';
import type { ActionKind, ActionSpec } from '../view';
import { ActionButton, ActionError, type Confirmation } from './action-parts';
import type { ActionsState } from './actions-state';

/**
 * The buyer's cancel (and, with `kind` cancel-payment, Cancel payment): what it is about (`children`),
 * its error, and the button, which opens the confirmation ("Keep order" / "Cancel order").
 */
export function Cancel({
  action,
  state,
  onConfirm,
  kind = 'cancel',
  children,
}: {
  action: ActionSpec;
  state: ActionsState;
  onConfirm: () => void;
  kind?: Extract<ActionKind, 'cancel' | 'cancel-payment'>;
  children?: ReactNode;
}) {
  return (
    <div className="tx-action">
      {children}
      <ActionError error={state.error} kind={kind} />
      <ActionButton
        action={action}
        pending={state.pending}
        className="button button-secondary"
        onClick={onConfirm}
      />
    </div>
  );
}

/** Asked before canceling: a full refund, for good. */
export const cancelConfirmation: Confirmation = {
  title: 'Cancel this order?',
  confirmLabel: 'Cancel order',
  cancelLabel: 'Keep order',
  Body: ({ transaction }) => (
    <p>
      The order is canceled and your payment of {formatMoney(transaction.payinTotal)} is refunded in full.
      This cannot be undone.
    </p>
  ),
};
