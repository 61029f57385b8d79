import { useState } from 'react';
import type { TransactionView } from '../../../../../shared/api/transactions';
import { errorCode, isNetworkError } from '../../../api/errors';
import * as transactionsApi from '../../../api/transactions';
import { reportError } from '../../../observability/errors';
import { usePanelState } from '../panel-parts';
import {
  type ActionKind,
  type ActionSpec,
  actionErrorMessage,
  performAction,
  reloadsAfterRefusal,
  type TransitionApi,
} from '../view';
import { ActionConfirmation, type Confirmation } from './action-parts';
import { type ActionsState, emptyState, errorTags } from './actions-state';
import { Cancel, cancelConfirmation } from './Cancel';
import { CancelPayment, cancelPaymentConfirmation } from './CancelPayment';
import { Dispute } from './Dispute';
import { MarkDelivered } from './MarkDelivered';
import { MarkReceived, markReceivedConfirmation } from './MarkReceived';

export type { ActionsState } from './actions-state';

const defaultApi: TransitionApi = {
  transition: (id, body) => transactionsApi.transition(id, body),
  transitionPrivileged: (body) => transactionsApi.transitionPrivileged(body),
  disbursePaypalFunds: (body) => transactionsApi.disbursePaypalFunds(body),
};

/** Which confirmation is open: canceling (the order or its payment), or marking received (which pays the seller). */
type Confirming = 'cancel' | 'cancel-payment' | 'mark-received' | null;

const confirmations: Record<NonNullable<Confirming>, Confirmation> = {
  cancel: cancelConfirmation,
  'cancel-payment': cancelPaymentConfirmation,
  'mark-received': markReceivedConfirmation,
};

/**
 * The buttons of the order/sale page (§6), from the server's allowed transitions for the caller:
 * mark shipped (with the carrier and tracking number; a pickup is marked handed over), mark received
 * (confirmed: it pays the seller; before the seller shipped, with a warning), report a problem (a
 * dispute, with a reason), cancel (confirmed: "Keep order" / "Cancel order"), cancel payment on an
 * order pending payment (confirmed: "Keep order" / "Cancel payment"). Each group is its own
 * module; this panel holds their one state and runs the action they ask for.
 * A button shows its progress and is disabled while any action runs; a failure shows the §8
 * message for that action and keeps what was typed; a success calls `onApplied` (reload + refresh
 * the notification count). A Cancel payment refused because the order moved on (the payment
 * completed meanwhile) hands its message to `onRefused`, which reloads the order under it.
 */
export function Actions({
  transaction,
  actions,
  onApplied,
  onRefused,
  api = defaultApi,
  initial,
  now,
}: {
  transaction: TransactionView;
  actions: readonly ActionSpec[];
  onApplied: () => void | Promise<void>;
  /** The order moved on: show `message` above the reloaded order (this panel is mounted again). */
  onRefused?: (message: string) => void | Promise<void>;
  api?: TransitionApi;
  initial?: Partial<ActionsState>;
  /** The clock for deadlines (tests). */
  now?: Date | undefined;
}) {
  const [state, update, setState] = usePanelState(emptyState, initial);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const byKind = (kind: ActionKind) => actions.find((action) => action.kind === kind);

  if (actions.length === 0) return null;

  async function run(action: ActionSpec) {
    update({ pending: action.kind, error: null, fieldError: null, disputeErrors: null });
    try {
      await performAction(api, transaction, action, {
        carrier: state.carrier,
        trackingNumber: state.trackingNumber,
        disputeReason: state.disputeReason,
        disputeDetails: state.disputeDetails,
        disputePhotos: state.disputePhotos.flatMap((photo) => (photo.uploadId ? [photo.uploadId] : [])),
      });
    } catch (failure) {
      reportError(failure, errorTags[action.kind]);
      const code = errorCode(failure);
      const message = actionErrorMessage(action.transition, code, isNetworkError(failure));
      if (onRefused && reloadsAfterRefusal(action.kind, code)) {
        // The buttons stay disabled until the page shows the order as it is now, with the message.
        try {
          await onRefused(message);
        } finally {
          update({ pending: null });
        }
        return;
      }
      update({ pending: null, error: { kind: action.kind, message } });
      return;
    }
    // Applied: the buttons stay disabled until the page has the new version (the panel is then
    // mounted again for it, empty).
    try {
      await onApplied();
    } finally {
      setState((current) => ({
        ...current,
        pending: null,
        carrier: '',
        trackingNumber: '',
        disputeReason: '',
        disputeDetails: '',
        disputePhotos: [],
        disputeOpen: false,
      }));
    }
  }
  const onRun = (action: ActionSpec) => void run(action);
  /** A confirmation said yes: close it and run the action on the page's button. */
  const confirmed = (action: ActionSpec) => () => {
    setConfirming(null);
    void run(action);
  };
  const close = () => setConfirming(null);

  const markDelivered = byKind('mark-delivered');
  const markReceived = byKind('mark-received');
  const dispute = byKind('dispute');
  const cancel = byKind('cancel');
  const cancelPayment = byKind('cancel-payment');
  const group = { state, update, onRun };
  const confirmingAction = confirming ? byKind(confirming) : undefined;

  const progress = state.pending
    ? actions.find((action) => action.kind === state.pending)?.progressLabel
    : '';

  return (
    <section className="tx-section tx-actions" aria-labelledby="actions-heading">
      <h2 id="actions-heading">What you can do</h2>
      <p className="visually-hidden" role="status">
        {progress ?? ''}
      </p>

      {markDelivered ? <MarkDelivered {...group} action={markDelivered} transaction={transaction} /> : null}

      {markReceived ? (
        <MarkReceived
          action={markReceived}
          transaction={transaction}
          state={state}
          onConfirm={() => setConfirming('mark-received')}
        />
      ) : null}

      {dispute ? (
        <Dispute
          {...group}
          action={dispute}
          transaction={transaction}
          updateWith={(change) => setState((current) => ({ ...current, ...change(current) }))}
        />
      ) : null}

      {cancel ? <Cancel action={cancel} state={state} onConfirm={() => setConfirming('cancel')} /> : null}

      {cancelPayment ? (
        <CancelPayment
          action={cancelPayment}
          transaction={transaction}
          state={state}
          now={now}
          onConfirm={() => setConfirming('cancel-payment')}
        />
      ) : null}

      {confirming && confirmingAction ? (
        <ActionConfirmation
          key={confirming}
          action={confirmingAction}
          transaction={transaction}
          confirmation={confirmations[confirming]}
          onConfirmed={confirmed(confirmingAction)}
          onClose={close}
        />
      ) : null}
    </section>
  );
}
