import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import type { TransactionView } from '../../../../shared/api/transactions';
import { carriers } from '../../../../shared/config/carriers';
import { formatMoney } from '../../../../shared/money';
import type { FieldErrors } from '../../../../shared/validation/core';
import {
  disputeReasonValidator,
  type ShipmentValues,
  validateShipment,
} from '../../../../shared/validation/orders';
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
  shipmentRequired,
  type TransitionApi,
} from './view';

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
  carrier: string;
  trackingNumber: string;
  disputeReason: string;
  disputeOpen: boolean;
  /** A field message shown after a submit with invalid input (the dispute reason). */
  fieldError: { kind: ActionKind; message: string } | null;
  /** The shipment fields' messages after a submit with invalid input. */
  shipmentErrors: FieldErrors<ShipmentValues> | null;
}

const emptyState: ActionsState = {
  pending: null,
  error: null,
  carrier: '',
  trackingNumber: '',
  disputeReason: '',
  disputeOpen: false,
  fieldError: null,
  shipmentErrors: null,
};

/** Which confirmation is open: canceling, or marking received (which pays the seller). */
type Confirming = 'cancel' | 'mark-received' | null;

/**
 * The buttons of the order/sale page (§6), from the server's allowed transitions for the caller:
 * mark shipped (with the carrier and tracking number; a pickup is marked handed over), mark received
 * (confirmed: it pays the seller; before the seller shipped, with a warning), report a problem (a
 * dispute, with a reason), cancel (confirmed: "Keep order" / "Cancel order").
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
  const [confirming, setConfirming] = useState<Confirming>(null);
  const busy = state.pending !== null;
  const byKind = (kind: ActionKind) => actions.find((action) => action.kind === kind);
  const disputeOpen = state.disputeOpen;
  useEffect(() => {
    if (disputeOpen) document.getElementById('tx-dispute-reason')?.focus();
  }, [disputeOpen]);
  // An invalid submit moves focus to the first field whose message appeared.
  const invalidKind = state.fieldError?.kind;
  useEffect(() => {
    if (invalidKind === 'dispute') document.getElementById('tx-dispute-reason')?.focus();
  }, [invalidKind]);
  // Only an invalid submit moves focus (to the first field with a message): clearing a message while
  // choosing a carrier with the arrow keys must leave the focus where it is.
  const [invalidShipmentSubmits, setInvalidShipmentSubmits] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus again on each invalid submit, not on each edit
  useEffect(() => {
    if (!invalidShipmentSubmits) return;
    const errors = state.shipmentErrors;
    const first = errors?.carrier ? 'tx-carrier' : errors?.trackingNumber ? 'tx-tracking-number' : undefined;
    if (first) document.getElementById(first)?.focus();
  }, [invalidShipmentSubmits]);

  if (actions.length === 0) return null;

  async function run(action: ActionSpec) {
    update({ pending: action.kind, error: null, fieldError: null });
    try {
      await performAction(api, transaction, action, {
        carrier: state.carrier,
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
        carrier: '',
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
  const asksShipment = shipmentRequired(transaction);
  // Marking received before the seller shipped or handed it over is allowed (spec §4), but not the
  // usual way: a secondary button, and the confirmation says so.
  const receivedBeforeShipped = markReceived?.transition === 'mark-received-from-purchased';

  const submitMarkDelivered = (event: FormEvent) => {
    event.preventDefault();
    if (!markDelivered || busy) return;
    const errors = validateShipment(
      { carrier: state.carrier, trackingNumber: state.trackingNumber },
      transaction.orderData.deliveryMethod,
    );
    if (Object.keys(errors).length > 0) {
      update({ shipmentErrors: errors, error: null });
      setInvalidShipmentSubmits((count) => count + 1);
      return;
    }
    void run(markDelivered);
  };
  const shipmentField = (field: keyof ShipmentValues, value: string) =>
    update({
      [field]: value,
      ...(state.shipmentErrors?.[field]
        ? { shipmentErrors: { ...state.shipmentErrors, [field]: undefined } }
        : {}),
    });
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

  /**
   * Asks before an action that cannot be undone (cancel; mark received, which pays the seller); the
   * action itself then runs on the page's button (its progress, its §8 message).
   */
  const confirmation = (
    action: ActionSpec,
    labels: { title: string; confirmLabel: string; cancelLabel: string },
    body: ReactNode,
  ) => (
    <ConfirmDialog
      {...labels}
      busyLabel={action.progressLabel}
      failureMessage={actionErrorMessage(action.transition, undefined)}
      errorTag={errorTags[action.kind]}
      action={() => Promise.resolve()}
      onDone={() => {
        setConfirming(null);
        void run(action);
      }}
      onClose={() => setConfirming(null)}
    >
      {body}
    </ConfirmDialog>
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
          {asksShipment ? (
            <div className="tx-shipment-fields">
              <FieldFrame
                id="tx-carrier"
                label="Carrier"
                message={state.shipmentErrors?.carrier}
                control={(ids) => (
                  <select
                    {...ids}
                    name="carrier"
                    value={state.carrier}
                    aria-required
                    onChange={(event) => shipmentField('carrier', event.target.value)}
                  >
                    <option value="">Choose the carrier…</option>
                    {carriers.map((carrier) => (
                      <option key={carrier.id} value={carrier.id}>
                        {carrier.label}
                      </option>
                    ))}
                  </select>
                )}
              />
              <FieldFrame
                id="tx-tracking-number"
                label="Tracking number"
                message={state.shipmentErrors?.trackingNumber}
                control={(ids) => (
                  <input
                    {...ids}
                    name="trackingNumber"
                    type="text"
                    autoComplete="off"
                    spellCheck={false}
                    value={state.trackingNumber}
                    aria-required
                    onChange={(event) => shipmentField('trackingNumber', event.target.value)}
                  />
                )}
              />
            </div>
          ) : (
            <p className="tx-action-hint">Press this once the buyer has collected the item.</p>
          )}
          {asksShipment ? (
            <p className="tx-action-hint">
              The buyer follows the parcel with the tracking number, linked to the carrier, on their order
              page.
            </p>
          ) : null}
          {errorFor('mark-delivered')}
          {actionButton(markDelivered, { type: 'submit', className: 'button button-primary' })}
        </form>
      ) : null}

      {markReceived ? (
        <div className="tx-action">
          {receivedBeforeShipped ? (
            <p className="tx-action-hint">
              {asksShipment
                ? 'Already have the item? You can mark it received now.'
                : 'Collected the item already? You can mark it received now.'}
            </p>
          ) : null}
          {errorFor('mark-received')}
          {actionButton(markReceived, {
            className: receivedBeforeShipped ? 'button button-secondary' : 'button button-primary',
            onClick: () => setConfirming('mark-received'),
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
            onClick: () => setConfirming('cancel'),
          })}
        </div>
      ) : null}

      {confirming === 'cancel' && cancel
        ? confirmation(
            cancel,
            { title: 'Cancel this order?', confirmLabel: 'Cancel order', cancelLabel: 'Keep order' },
            <p>
              The order is canceled and your payment of {formatMoney(transaction.payinTotal)} is refunded in
              full. This cannot be undone.
            </p>,
          )
        : null}

      {confirming === 'mark-received' && markReceived
        ? confirmation(
            markReceived,
            { title: 'Mark this order received?', confirmLabel: 'I received it', cancelLabel: 'Not yet' },
            <>
              {receivedBeforeShipped ? (
                <p>
                  <strong>
                    {asksShipment
                      ? 'The seller has not marked this order as shipped yet.'
                      : 'The seller has not marked the item as handed over yet.'}
                  </strong>{' '}
                  Only continue if the item is already with you.
                </p>
              ) : null}
              <p>
                This releases {formatMoney(transaction.payinTotal)} to the seller and completes the order. You
                can no longer report a problem afterwards.
              </p>
            </>,
          )
        : null}
    </section>
  );
}
