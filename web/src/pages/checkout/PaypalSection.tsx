import { useState } from 'react';
import { route } from '../../../../shared/api/routes';
import type { PaypalOrderView } from '../../../../shared/api/transactions';
import { callApi, type RequestOptions } from '../../api/client';
import { getPaypalOrder } from '../../api/transactions';
import { PaypalCanceled } from './failures';

/**
 * Paying with PayPal (the PayPal flow in docs/design/orders.md, "Money"): the order is made on the
 * server (`create-paypal-order`, amounts priced there), the buyer approves it, then the checkout
 * initiates the order with its id and confirms it (the capture). With the simulated PayPal the
 * buyer's approval is two buttons here; with the real one PayPal's approve page opens in a window
 * and the page waits until the order is approved, or the window is closed (canceled).
 */

/** `POST /api/simulated-paypal/orders/{id}/approve` `{ action }`: the simulated buyer's answer. */
export async function answerSimulatedPaypalOrder(
  orderId: string,
  action: 'approve' | 'cancel',
  options?: RequestOptions,
): Promise<PaypalOrderView> {
  return (
    await callApi(route('simulatedPaypalApproveOrder', { id: orderId }), {
      ...options,
      body: { action },
    })
  ).data;
}

/** Opens the (empty) PayPal window on the click itself, so no popup blocker stops it. */
export function openPaypalWindow(): Window | null {
  if (typeof window === 'undefined') return null;
  return window.open('about:blank', 'velo-paypal', 'popup,width=480,height=680');
}

const pollMs = 2000;
const maxWaitMs = 15 * 60 * 1000;

/** Real PayPal: shows the approve page in `popup` and waits for APPROVED; a closed window is a cancel. */
export async function approveInPaypalWindow(
  order: PaypalOrderView,
  popup: Window | null,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<PaypalOrderView> {
  if (!order.approveUrl || !popup) {
    popup?.close();
    throw new Error('The PayPal window could not be opened.');
  }
  popup.location.href = order.approveUrl;
  const started = Date.now();
  while (Date.now() - started < maxWaitMs) {
    await wait(pollMs);
    const now = await getPaypalOrder(order.id);
    if (now.status === 'APPROVED' || now.status === 'VOIDED' || now.status === 'COMPLETED') {
      popup.close();
      return now;
    }
    if (popup.closed) {
      const last = await getPaypalOrder(order.id);
      if (last.status === 'APPROVED') return last;
      throw new PaypalCanceled('The PayPal window was closed.');
    }
  }
  popup.close();
  throw new PaypalCanceled('PayPal approval timed out.');
}

/**
 * The PayPal part of the form. Simulated: "Approve with PayPal (simulated)" and "Cancel" (both make
 * the PayPal order first, then answer it as the buyer would). Real: "Pay with PayPal".
 */
export function PaypalSection({
  mode,
  busy,
  onPay,
}: {
  mode: 'simulated' | 'live';
  busy: boolean;
  onPay: (action: 'approve' | 'cancel') => void;
}) {
  // The button pressed last shows the progress while the steps run.
  const [pressed, setPressed] = useState<'approve' | 'cancel' | null>(null);
  const button = (action: 'approve' | 'cancel', className: string, label: string, progress: string) => {
    const pending = busy && pressed === action;
    return (
      <button
        type="button"
        className={className}
        disabled={busy}
        aria-busy={pending || undefined}
        onClick={() => {
          setPressed(action);
          onPay(action);
        }}
      >
        {pending ? (
          <>
            <span className="button-spinner" aria-hidden="true" />
            {progress}
          </>
        ) : (
          label
        )}
      </button>
    );
  };
  return (
    <div className="checkout-paypal">
      {mode === 'simulated' ? (
        <>
          <p className="field-hint">
            Test mode: no PayPal account is used. Approve or cancel the payment as the buyer would in PayPal.
          </p>
          <div className="checkout-paypal-buttons">
            {button(
              'approve',
              'button button-primary',
              'Approve with PayPal (simulated)',
              'Processing payment…',
            )}
            {button('cancel', 'button button-secondary', 'Cancel', 'Canceling payment…')}
          </div>
        </>
      ) : (
        <>
          <p className="field-hint">PayPal opens in a new window where you approve the payment.</p>
          {button('approve', 'button button-primary', 'Pay with PayPal', 'Processing payment…')}
        </>
      )}
    </div>
  );
}
