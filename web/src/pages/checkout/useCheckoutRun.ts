import { useNavigate, useRouter } from '@tanstack/react-router';
import { useSetAtom } from 'jotai';
import { type MutableRefObject, type RefObject, useRef, useState } from 'react';
import type { SavedCard } from '../../../../shared/api/payments';
import { pages } from '../../../../shared/pages';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import type { CardFormHandle } from '../../payments/card-provider';
import { refreshNotificationsAtom } from '../../state/notifications';
import { nextAttempt } from './attempt';
import { realCheckoutDeps } from './checkout-deps';
import { openPaypalWindow } from './PaypalSection';
import { runCheckout } from './run';
import type { CheckoutDeps, CheckoutFailure, CheckoutOrder, CheckoutRun } from './steps';
import type { PaymentsSetup } from './usePaymentsSetup';
import type { CheckoutValues } from './values';

export interface CheckoutRunOptions {
  listingId: string;
  /** `?transactionId=` of an enquiry's "Buy now": the order is made on it, paid by card. */
  enquiryTransactionId: string | undefined;
  payments: PaymentsSetup;
  savedCard: SavedCard | undefined;
  /** For tests and resumed pages: a run to show (e.g. stopped at "payment made but not confirmed"). */
  initialRun?: CheckoutRun | undefined;
  /** Replaces the real calls (tests). */
  deps?: Partial<CheckoutDeps> | undefined;
}

export interface CheckoutRunControls {
  run: CheckoutRun | undefined;
  /** Steps are running (a submit, or the retry). */
  running: boolean;
  /** Nothing to pay again: the order awaits the retry of confirm-payment, or is placed. */
  locked: boolean;
  /** Where the mounted Stripe Element is kept for confirming the payment. */
  cardForm: MutableRefObject<CardFormHandle | null>;
  /** The progress and failure, focused when a run stops. */
  statusRef: RefObject<HTMLDivElement | null>;
  /** The form's submit: runs the checkout; the field messages of a refused order, if any. */
  submit(values: CheckoutValues): Promise<CheckoutFailure['fields']>;
  /** "Try again" after "payment made but not confirmed": the same order from its failed step. */
  retryConfirm(): Promise<void>;
  /**
   * How the buyer answers PayPal on the next submit. Live PayPal's window opens here, on the click
   * itself (no popup blocker), and only when the form is valid.
   */
  answerPaypal(action: 'approve' | 'cancel', formValid: boolean): void;
  /** Closes the PayPal window opened for a submit that did not run. */
  closePaypalWindow(): void;
}

/**
 * The run of a checkout (docs/design/orders.md, "Money" and "Web"): each submit starts the order
 * (or goes on with the stopped one), pays by card or PayPal, confirms, and on success goes to the
 * order page; its steps' progress, failure and warnings are in `run`. The form stays mounted, so a
 * failure keeps what was typed.
 */
export function useCheckoutRun({
  listingId,
  enquiryTransactionId,
  payments,
  savedCard,
  initialRun,
  deps: testDeps,
}: CheckoutRunOptions): CheckoutRunControls {
  const navigate = useNavigate();
  const router = useRouter();
  const refreshNotifications = useSetAtom(refreshNotificationsAtom);
  // One checkout key per visit, kept so retries reuse it; a new order (changed after initiate, or a
  // PayPal attempt that ended before an order existed) gets a new one.
  const [checkoutKey, setCheckoutKey] = useState(newIdempotencyKey);
  const [run, setRun] = useState<CheckoutRun | undefined>(initialRun);
  const lastOrder = useRef<CheckoutOrder | undefined>(undefined);
  const paypalAction = useRef<{ action: 'approve' | 'cancel'; popup: Window | null }>({
    action: 'approve',
    popup: null,
  });
  const cardForm = useRef<CardFormHandle | null>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const [running, setRunning] = useState(false);

  const depsFor = (): CheckoutDeps => ({
    ...realCheckoutDeps(
      payments.provider,
      { mode: payments.paypalMode, ...paypalAction.current },
      refreshNotifications,
    ),
    ...testDeps,
  });

  const finish = (done: CheckoutRun) => {
    if (done.completed && done.transactionId && done.warnings.length === 0) {
      const arrived = navigate({ to: pages.orderDetails, params: { id: done.transactionId } });
      // From an enquiry the order page may be cached from before (state enquiry): load it again.
      if (enquiryTransactionId) void arrived.then(() => router.invalidate());
      return;
    }
    requestAnimationFrame(() => statusRef.current?.focus());
  };

  const execute = async (start: CheckoutRun, order: CheckoutOrder) => {
    setRunning(true);
    try {
      const done = await runCheckout(start, order, depsFor(), setRun);
      finish(done);
      return done;
    } finally {
      setRunning(false);
    }
  };

  const submit = async (values: CheckoutValues) => {
    const { order, start } = nextAttempt(values, {
      listingId,
      enquiryTransactionId,
      savedCard,
      cardElement: cardForm.current,
      run,
      lastOrder: lastOrder.current,
      checkoutKey,
      newKey: newIdempotencyKey,
    });
    if (order.checkoutKey !== checkoutKey) setCheckoutKey(order.checkoutKey);
    lastOrder.current = order;
    const done = await execute(start, order);
    return done.failure?.fields;
  };

  const retryConfirm = async () => {
    if (!run || !lastOrder.current) return;
    await execute(run, lastOrder.current);
  };

  const answerPaypal = (action: 'approve' | 'cancel', formValid: boolean) => {
    paypalAction.current = {
      action,
      popup: payments.paypalMode === 'live' && formValid ? openPaypalWindow() : null,
    };
  };

  return {
    run,
    running,
    locked: Boolean(run?.failure?.retry) || Boolean(run?.completed),
    cardForm,
    statusRef,
    submit,
    retryConfirm,
    answerPaypal,
    closePaypalWindow: () => paypalAction.current.popup?.close(),
  };
}
