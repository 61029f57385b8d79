import { Link } from '@tanstack/react-router';
import type { RefObject } from 'react';
import { formatMoney, type Money } from '../../../../shared/money';
import { pages } from '../../../../shared/pages';
import type { CheckoutFailure, CheckoutRun, StepStatus } from './steps';
import { stepLabels } from './steps';

/**
 * The checkout's submit and what follows it: the pay button, the steps' progress (announced), the
 * failure with its retry, and the placed order with its warnings (card save, message) and link.
 */

/**
 * "Confirm and pay" with the total beside it (once priced): waits while the steps run, without a
 * card entry, or when the total cannot be charged.
 */
export function SubmitButton({
  busy,
  disabled,
  total,
}: {
  busy: boolean;
  disabled: boolean;
  total: Money | undefined;
}) {
  return (
    <div className="checkout-pay-row">
      {total ? (
        <p className="checkout-pay-total">
          Total <strong>{formatMoney(total)}</strong>
        </p>
      ) : null}
      <button
        type="submit"
        className="button button-primary button-block checkout-submit"
        disabled={busy || disabled}
        aria-busy={busy}
      >
        {busy ? (
          <>
            <span className="button-spinner" aria-hidden="true" />
            Processing payment…
          </>
        ) : (
          'Confirm and pay'
        )}
      </button>
    </div>
  );
}

/** The steps' progress (announced), the failure with its retry or link, and the warnings after the order. */
export function CheckoutStatus({
  run,
  statusRef,
  busy,
  onRetry,
}: {
  run: CheckoutRun | undefined;
  statusRef?: RefObject<HTMLDivElement | null>;
  busy: boolean;
  onRetry: () => void;
}) {
  return (
    <div className="checkout-status" ref={statusRef} tabIndex={-1}>
      <div aria-live="polite" className="checkout-progress">
        {run ? <StepProgress run={run} /> : null}
      </div>
      {run?.failure ? <FailureNotice failure={run.failure} busy={busy} onRetry={onRetry} /> : null}
      {run?.completed ? <OrderPlaced run={run} /> : null}
    </div>
  );
}

const statusText: Record<StepStatus, string> = {
  pending: 'waiting',
  running: 'in progress…',
  done: 'done',
  failed: 'failed',
};

function StepProgress({ run }: { run: CheckoutRun }) {
  return (
    <ol className="checkout-steps">
      {run.steps.map((step) => {
        const status = run.status[step] ?? 'pending';
        return (
          <li key={step} className={`checkout-step checkout-step-${status}`}>
            {stepLabels[step]}: <span className="checkout-step-status">{statusText[status]}</span>
          </li>
        );
      })}
    </ol>
  );
}

/** The §8 message of the step that stopped the run; "Try again" for "payment made but not confirmed". */
function FailureNotice({
  failure,
  busy,
  onRetry,
}: {
  failure: CheckoutFailure;
  busy: boolean;
  onRetry: () => void;
}) {
  return (
    <div className="notice notice-error" role="alert">
      <p>{failure.message}</p>
      {failure.retry ? (
        <button
          type="button"
          className="button button-secondary"
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={onRetry}
        >
          {busy ? 'Trying again…' : 'Try again'}
        </button>
      ) : null}
    </div>
  );
}

/** The order is placed: the warnings of what failed after it, and the way to the order. */
function OrderPlaced({ run }: { run: CheckoutRun }) {
  return (
    <div className={run.warnings.length ? 'notice notice-warning' : 'notice'} role="status">
      <p>Your order has been placed.</p>
      {run.warnings.map((warning) => (
        <p key={warning.message}>
          {warning.message} {warning.link ? <a href={warning.link.href}>{warning.link.label}</a> : null}
        </p>
      ))}
      {run.transactionId ? (
        <p>
          <Link to={pages.orderDetails} params={{ id: run.transactionId }} className="button button-primary">
            View your order
          </Link>
        </p>
      ) : null}
    </div>
  );
}
