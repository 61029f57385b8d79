import { type FormEvent, useEffect } from 'react';
import { disputeReasonValidator } from '../../../../../shared/validation/orders';
import { FieldFrame } from '../../../forms/fields';
import { ActionButton, ActionError } from './action-parts';
import type { ActionGroupProps } from './actions-state';

/** The buyer's report a problem: a button that opens the form for the reason, which is required. */
export function Dispute({ action, state, update, onRun }: ActionGroupProps) {
  const busy = state.pending !== null;
  const disputeOpen = state.disputeOpen;
  useEffect(() => {
    if (disputeOpen) document.getElementById('tx-dispute-reason')?.focus();
  }, [disputeOpen]);
  // An invalid submit moves focus to the field whose message appeared.
  const invalidKind = state.fieldError?.kind;
  useEffect(() => {
    if (invalidKind === 'dispute') document.getElementById('tx-dispute-reason')?.focus();
  }, [invalidKind]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const message = disputeReasonValidator(state.disputeReason);
    if (message) return update({ fieldError: { kind: 'dispute', message }, error: null });
    onRun(action);
  };

  return (
    <div className="tx-action">
      {state.disputeOpen ? (
        <form className="form" onSubmit={submit} noValidate aria-label={action.label}>
          <FieldFrame
            id="tx-dispute-reason"
            label="What went wrong?"
            hint="Tell the marketplace why you are disputing the order."
            message={state.fieldError?.kind === 'dispute' ? state.fieldError.message : undefined}
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
          <ActionError error={state.error} kind="dispute" />
          <div className="tx-action-buttons">
            <ActionButton
              action={action}
              pending={state.pending}
              type="submit"
              className="button button-primary"
            />
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
          {action.label}
        </button>
      )}
    </div>
  );
}
