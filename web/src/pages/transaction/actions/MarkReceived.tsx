import type { TransactionView } from '../../../../../shared/api/transactions';
import { formatMoney } from '../../../../../shared/money';
import { type ActionSpec, shipmentRequired } from '../view';
import { ActionButton, ActionError, type Confirmation } from './action-parts';
import type { ActionsState } from './actions-state';

/**
 * Marking received before the seller shipped or handed it over is allowed (spec §4), but not the
 * usual way: a secondary button, and the confirmation says so.
 */
const receivedBeforeShipped = (action: ActionSpec) => action.transition === 'mark-received-from-purchased';

/** The buyer's mark received: the button, which opens the confirmation (it pays the seller). */
export function MarkReceived({
  action,
  transaction,
  state,
  onConfirm,
}: {
  action: ActionSpec;
  transaction: TransactionView;
  state: ActionsState;
  onConfirm: () => void;
}) {
  const early = receivedBeforeShipped(action);
  return (
    <div className="tx-action">
      {early ? (
        <p className="tx-action-hint">
          {shipmentRequired(transaction)
            ? 'Already have the item? You can mark it received now.'
            : 'Collected the item already? You can mark it received now.'}
        </p>
      ) : null}
      <ActionError error={state.error} kind="mark-received" />
      <ActionButton
        action={action}
        pending={state.pending}
        className={early ? 'button button-secondary' : 'button button-primary'}
        onClick={onConfirm}
      />
    </div>
  );
}

/** Asked before marking received: it pays the seller and ends the time to report a problem. */
export const markReceivedConfirmation: Confirmation = {
  title: 'Mark this order received?',
  confirmLabel: 'I received it',
  cancelLabel: 'Not yet',
  Body: ({ action, transaction }) => (
    <>
      {receivedBeforeShipped(action) ? (
        <p>
          <strong>
            {shipmentRequired(transaction)
              ? 'The seller has not marked this order as shipped yet.'
              : 'The seller has not marked the item as handed over yet.'}
          </strong>{' '}
          Only continue if the item is already with you.
        </p>
      ) : null}
      <p>
        This releases {formatMoney(transaction.payinTotal)} to the seller and completes the order. You can no
        longer report a problem afterwards.
      </p>
    </>
  ),
};
