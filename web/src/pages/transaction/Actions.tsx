import { type FormEvent, useEffect, useState } from 'react';
import type { TransactionView } from '../../../../shared/api/transactions';
import { disputeReasonValidator } from '../../../../shared/validation/orders';
import { errorCode, isNetworkError } from '../../api/errors';
import * as transactionsApi from '../../api/transactions';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FieldFrame } from '../../forms/fields';
import { reportError } from '../../observability/errors';
import { FocusedError, ProgressButton, usePanelState } from './panel-parts';
import {
  type ActionKind,
  type ActionSpec,
  actionErrorMessage,
  performAction,
  type TransitionApi,
  trackingNumberRequired,
  validateTrackingNumber,
} from './transaction-view';

const defaultApi: TransitionApi = {
  transition: (id, body) => transactionsApi.transition(id, body),
  transitionPrivileged: (body) => transactionsApi.transitionPrivileged(body),
  disbursePaypalFunds: (body) => transactionsApi.disbursePaypalFunds(body),
};

const errorTags: Record<ActionKind, string> = {
  'mark-delivered': 'mark-delivered-failed',
  'mark-received': 'mark-received-failed',
  dispute: 'dispute-failed',
  cancel: 'cancel-failed',
};

/** What the panel shows; `initial` lets a test (or a restored page) start from a given state. */
export interface ActionsState {
  pending: ActionKind | null;
  error: { kind: ActionKind; message: string } | null;
  trackingNumber: string;
  disputeReason: string;
  disputeOpen: boolean;
  /** A field message shown after a submit with invalid input. */
  fieldError: { kind: ActionKind; message: string } | null;
}

const emptyState: ActionsState = {
  pending: null,
  error: null,
  trackingNumber: '',
  disputeReason: '',
  disputeOpen: false,
  fieldError: null,
};

/**
 * The buttons of the order/sale page (§6), from the server's allowed transitions for the caller:
 * mark shipped (with a tracking number), mark received, dispute (with a reason), cancel (confirmed).
 * A button shows its progress and is disabled while any action runs; a failure shows the §8
 * message for that action and keeps what was typed; a success calls `onApplied` (reload + refresh
 * the notification count).
 */
export function Actions({
  transaction,
  actions,
  onApplied,
  api = defaultApi,
  initial,
}: {
  transaction: TransactionView;
  actions: readonly ActionSpec[];
  onApplied: () => void | Promise<void>;
  api?: TransitionApi;
  initial?: Partial<ActionsState>;
}) {
  const [state, update, setState] = usePanelState(emptyState, initial);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const busy = state.pending !== null;
  const byKind = (kind: ActionKind) => actions.find((action) => action.kind === kind);
  const disputeOpen = state.disputeOpen;
  useEffect(() => {
    if (disputeOpen) document.getElementById('tx-dispute-reason')?.focus();
  }, [disputeOpen]);
  // An invalid submit moves focus to the field whose message appeared.
  const invalidKind = state.fieldError?.kind;
  useEffect(() => {
    if (invalidKind === 'mark-delivered') document.getElementById('tx-tracking-number')?.focus();
    if (invalidKind === 'dispute') document.getElementById('tx-dispute-reason')?.focus();
  }, [invalidKind]);

  if (actions.length === 0) return null;

  async function run(action: ActionSpec) {
    update({ pending: action.kind, error: null, fieldError: null });
    try {
      await performAction(api, transaction, action, {
        trackingNumber: state.trackingNumber,
        disputeReason: state.disputeReason,
      });
    } catch (failure) {
      reportError(failure, errorTags[action.kind]);
      update({
        pending: null,
        error: {
          kind: action.kind,
          message: actionErrorMessage(action.transition, errorCode(failure), isNetworkError(failure)),
        },
      });
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
        trackingNumber: '',
        disputeReason: '',
        disputeOpen: false,
      }));
    }
  }

  const errorFor = (kind: ActionKind) =>
    state.error?.kind === kind ? <FocusedError message={state.error.message} /> : null;
  const fieldMessage = (kind: ActionKind) =>
    state.fieldError?.kind === kind ? state.fieldError.message : undefined;

  const markDelivered = byKind('mark-delivered');
  const markReceived = byKind('mark-received');
  const dispute = byKind('dispute');
  const cancel = byKind('cancel');
  const trackingRequired = trackingNumberRequired(transaction);

  const submitMarkDelivered = (event: FormEvent) => {
    event.preventDefault();
    if (!markDelivered || busy) return;
    const message = validateTrackingNumber(state.trackingNumber, trackingRequired);
    if (message) return update({ fieldError: { kind: 'mark-delivered', message }, error: null });
    void run(markDelivered);
  };
  const submitDispute = (event: FormEvent) => {
    event.preventDefault();
    if (!dispute || busy) return;
    const message = disputeReasonValidator(state.disputeReason);
    if (message) return update({ fieldError: { kind: 'dispute', message }, error: null });
    void run(dispute);
  };

  /** The button of an action: its progress while it runs; disabled while any action runs. */
  const actionButton = (
    action: ActionSpec,
    props: { type?: 'submit'; className: string; onClick?: () => void },
  ) => (
    <ProgressButton
      {...props}
      pending={state.pending === action.kind}
      disabled={busy}
      progressLabel={action.progressLabel}
    >
      {action.label}
    </ProgressButton>
  );

  const progress = state.pending
    ? actions.find((action) => action.kind === state.pending)?.progressLabel
    : '';

  return (
    <section className="tx-section tx-actions" aria-labelledby="actions-heading">
      <h2 id="actions-heading">What you can do</h2>
      <p className="visually-hidden" role="status">
        {progress ?? ''}
      </p>

      {markDelivered ? (
        <form
          className="form tx-action"
          onSubmit={submitMarkDelivered}
          noValidate
          aria-label={markDelivered.label}
        >
          <FieldFrame
            id="tx-tracking-number"
            label={trackingRequired ? 'Tracking number' : 'Tracking number (optional)'}
            hint="The buyer sees it on their order page."
            message={fieldMessage('mark-delivered')}
            control={(ids) => (
              <input
                {...ids}
                name="trackingNumber"
                type="text"
                autoComplete="off"
                spellCheck={false}
                value={state.trackingNumber}
                aria-required={trackingRequired || undefined}
                onChange={(event) =>
                  update({
                    trackingNumber: event.target.value,
                    ...(state.fieldError?.kind === 'mark-delivered' ? { fieldError: null } : {}),
                  })
                }
              />
            )}
          />
          {errorFor('mark-delivered')}
          {actionButton(markDelivered, { type: 'submit', className: 'button button-primary' })}
        </form>
      ) : null}

      {markReceived ? (
        <div className="tx-action">
          {errorFor('mark-received')}
          {actionButton(markReceived, {
            className: 'button button-primary',
            onClick: () => void run(markReceived),
          })}
        </div>
      ) : null}

      {dispute ? (
        <div className="tx-action">
          {state.disputeOpen ? (
            <form className="form" onSubmit={submitDispute} noValidate aria-label={dispute.label}>
              <FieldFrame
                id="tx-dispute-reason"
                label="What went wrong?"
                hint="Tell the marketplace why you are disputing the order."
                message={fieldMessage('dispute')}
                control={(ids) => (
                  <textarea
                    {...ids}
                    name="disputeReason"
                    rows={4}
                    value={state.disputeReason}
                    aria-required
                    onChange={(event) =>
                      update({
                        disputeReason: event.target.value,
                        ...(state.fieldError?.kind === 'dispute' ? { fieldError: null } : {}),
                      })
                    }
                  />
                )}
              />
              {errorFor('dispute')}
              <div className="tx-action-buttons">
                {actionButton(dispute, { type: 'submit', className: 'button button-primary' })}
                <button
                  type="button"
                  className="button"
                  disabled={busy}
                  onClick={() => update({ disputeOpen: false, fieldError: null, error: null })}
                >
                  Back
                </button>
              </div>
            </form>
          ) : (
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              onClick={() => update({ disputeOpen: true })}
            >
              {dispute.label}
            </button>
          )}
        </div>
      ) : null}

      {cancel ? (
        <div className="tx-action">
          {errorFor('cancel')}
          {actionButton(cancel, {
            className: 'button button-secondary',
            onClick: () => setConfirmCancel(true),
          })}
        </div>
      ) : null}

      {confirmCancel && cancel ? (
        <ConfirmDialog
          title="Cancel this order?"
          confirmLabel="Cancel order"
          busyLabel={cancel.progressLabel}
          failureMessage={actionErrorMessage('cancel', undefined)}
          errorTag={errorTags.cancel}
          // The cancel itself runs on the page's button (its progress, its §8 message).
          action={() => Promise.resolve()}
          onDone={() => {
            setConfirmCancel(false);
            void run(cancel);
          }}
          onClose={() => setConfirmCancel(false)}
        >
          <p>The order is canceled and the full payment is refunded to you. This cannot be undone.</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
