import { describe, expect, it } from 'vitest';
import type { InitiateAnswer, TransactionView } from '../../../../shared/api/transactions';
import { messages } from '../../../../shared/errors/catalogue';
import { ApiRequestError } from '../../api/client';
import { CardProviderError } from '../../payments/card-provider';
import { fixtureApiError } from './fixtures';
import { runCheckout } from './run';
import { type CheckoutDeps, type CheckoutOrder, newRun } from './steps';

const tx = { id: 'tx-1' } as TransactionView;
const initiated: InitiateAnswer = {
  transaction: tx,
  stripePaymentIntentClientSecret: 'pi_1_secret_x',
  stripePaymentIntentId: 'pi_1',
};

function fakeDeps(overrides: Partial<CheckoutDeps> = {}) {
  const calls: string[] = [];
  const bodies: unknown[] = [];
  const deps: CheckoutDeps = {
    initiateOrder: async (body) => {
      calls.push('initiate');
      bodies.push(body);
      return initiated;
    },
    confirmCardPayment: async () => {
      calls.push('confirm-card');
      return { status: 'requires_capture' };
    },
    transitionPrivileged: async (body) => {
      calls.push(`transition:${body.transition}`);
      return { transaction: tx };
    },
    saveCard: async () => {
      calls.push('save-card');
    },
    sendMessage: async () => {
      calls.push('message');
    },
    createPaypalOrder: async () => {
      calls.push('paypal-order');
      return { id: 'PP-1', status: 'CREATED' };
    },
    approvePaypalOrder: async (order) => {
      calls.push('paypal-approve');
      return { ...order, status: 'APPROVED' };
    },
    onOrderMade: () => calls.push('order-made'),
    now: () => 1_000,
    ...overrides,
  };
  return { deps, calls, bodies };
}

const cardOrder: CheckoutOrder = {
  listingId: 'listing-1',
  checkoutKey: 'key-1',
  orderData: { deliveryMethod: 'pickup', stockReservationQuantity: 1 },
  card: {
    input: { card: { number: '4242424242424242', expMonth: 1, expYear: 2099, cvc: '123' } },
    save: true,
  },
  message: 'Hello!',
};

describe('running the checkout steps', () => {
  it('pays by card: initiate, confirm the card, confirm-payment, save, message', async () => {
    const { deps, calls, bodies } = fakeDeps();
    const seen: string[] = [];
    const run = await runCheckout(
      newRun({ payment: 'card', saveCard: true, hasMessage: true }),
      cardOrder,
      deps,
      (r) => seen.push(Object.values(r.status).join(',')),
    );
    expect(calls).toEqual([
      'initiate',
      'confirm-card',
      'transition:confirm-payment',
      'order-made',
      'save-card',
      'message',
    ]);
    expect(run).toMatchObject({ completed: true, transactionId: 'tx-1', warnings: [] });
    expect(bodies[0]).toMatchObject({
      checkoutKey: 'key-1',
      bodyParams: {
        transition: 'request-payment',
        params: {
          listingId: 'listing-1',
          paymentMethod: 'card',
          stockReservationQuantity: 1,
          setupFutureUsage: true,
        },
      },
    });
    expect(seen[0]).toBe('running,pending,pending,pending,pending');
  });

  it('charges a saved card by its id', async () => {
    const { deps, bodies } = fakeDeps();
    await runCheckout(
      newRun({ payment: 'card', saveCard: false, hasMessage: false }),
      { ...cardOrder, card: { input: { paymentMethodId: 'pm_saved' }, save: false } },
      deps,
    );
    expect(bodies[0]).toMatchObject({ bodyParams: { params: { stripePaymentMethodId: 'pm_saved' } } });
    expect((bodies[0] as { bodyParams: { params: object } }).bodyParams.params).not.toHaveProperty(
      'setupFutureUsage',
    );
  });

  it('pays with PayPal: order, approval, initiate with the PayPal order, confirm', async () => {
    const { deps, calls, bodies } = fakeDeps();
    const run = await runCheckout(
      newRun({ payment: 'paypal', saveCard: false, hasMessage: false }),
      { ...cardOrder, card: undefined, message: '' },
      deps,
    );
    expect(calls).toEqual([
      'paypal-order',
      'paypal-approve',
      'initiate',
      'transition:confirm-payment',
      'order-made',
    ]);
    expect(run.completed).toBe(true);
    expect(bodies[0]).toMatchObject({
      bodyParams: { params: { paymentMethod: 'paypal', protectedData: { paypalOrderId: 'PP-1' } } },
    });
  });

  it('stops on a PayPal cancel with no order made', async () => {
    const { deps, calls } = fakeDeps({
      approvePaypalOrder: async (order) => ({ ...order, status: 'VOIDED' }),
    });
    const run = await runCheckout(
      newRun({ payment: 'paypal', saveCard: false, hasMessage: false }),
      cardOrder,
      deps,
    );
    expect(run.failure?.message).toBe(messages.paypalPaymentCanceled);
    expect(run.transactionId).toBeUndefined();
    expect(calls).toEqual(['paypal-order']);
  });

  it('retries only confirm-payment after "payment made but not confirmed"', async () => {
    let fail = true;
    const { deps, calls } = fakeDeps({
      transitionPrivileged: async () => {
        calls.push('transition:confirm-payment');
        if (fail) throw new ApiRequestError(503, null);
        return { transaction: tx };
      },
    });
    const first = await runCheckout(
      newRun({ payment: 'card', saveCard: false, hasMessage: true }),
      cardOrder,
      deps,
    );
    expect(first.failure).toEqual({ message: messages.paymentNotConfirmed, retry: 'confirm-payment' });
    expect(first.status).toMatchObject({
      initiate: 'done',
      'confirm-card': 'done',
      'confirm-payment': 'failed',
      message: 'pending',
    });
    fail = false;
    calls.length = 0;
    const second = await runCheckout(first, cardOrder, deps);
    expect(calls).toEqual(['transition:confirm-payment', 'order-made', 'message']);
    expect(second.completed).toBe(true);
    expect(second.failure).toBeUndefined();
  });

  it('keeps the order when saving the card or sending the message fails', async () => {
    const { deps } = fakeDeps({
      saveCard: async () => {
        throw new ApiRequestError(500, null);
      },
      sendMessage: async () => {
        throw new ApiRequestError(500, null);
      },
    });
    const run = await runCheckout(
      newRun({ payment: 'card', saveCard: true, hasMessage: true }),
      cardOrder,
      deps,
    );
    expect(run.completed).toBe(true);
    expect(run.failure).toBeUndefined();
    expect(run.warnings).toEqual([
      {
        message: messages.saveDefaultPaymentMethodFailed,
        link: { href: '/account/payment-methods', label: 'Go to payment methods' },
        orderKept: true,
      },
      { message: messages.initialMessageFailed, orderKept: true },
    ]);
  });

  it("reports a failed initiate as §8's initiate-order-failed, and no other step's failure", async () => {
    const reports: [unknown, string][] = [];
    const refusal = fixtureApiError(409, 'transaction-listing-insufficient-stock');
    const { deps } = fakeDeps({
      initiateOrder: async () => {
        throw refusal;
      },
      reportError: (error, tag) => reports.push([error, tag]),
    });
    const run = await runCheckout(
      newRun({ payment: 'card', saveCard: false, hasMessage: false }),
      cardOrder,
      deps,
    );
    expect(run.failure?.message).toBe(messages.notEnoughStock);
    expect(reports).toEqual([[refusal, 'initiate-order-failed']]);

    reports.length = 0;
    const declined = fakeDeps({
      confirmCardPayment: async () => {
        throw new CardProviderError({ type: 'card_error', code: 'card_declined', message: 'declined' });
      },
      reportError: (error, tag) => reports.push([error, tag]),
    });
    await runCheckout(
      newRun({ payment: 'card', saveCard: false, hasMessage: false }),
      cardOrder,
      declined.deps,
    );
    expect(reports).toEqual([]);
  });

  it('stops at a declined card and confirms the same order with the next card', async () => {
    let declined = true;
    const { deps, calls } = fakeDeps({
      confirmCardPayment: async () => {
        calls.push('confirm-card');
        if (declined)
          throw new CardProviderError({ type: 'card_error', code: 'card_declined', message: 'declined' });
        return { status: 'requires_capture' };
      },
    });
    const first = await runCheckout(
      newRun({ payment: 'card', saveCard: false, hasMessage: false }),
      cardOrder,
      deps,
    );
    expect(first.failure?.message).toBe('The card was declined.');
    declined = false;
    calls.length = 0;
    await runCheckout(first, cardOrder, deps);
    expect(calls).toEqual(['confirm-card', 'transition:confirm-payment', 'order-made']);
  });
});

describe('buying from an enquiry (?transactionId=)', () => {
  const enquiryOrder: CheckoutOrder = { ...cardOrder, enquiryTransactionId: 'tx-1' };

  it('requests payment on the enquiry instead of a new order, then confirms it as usual', async () => {
    const bodies: unknown[] = [];
    const { deps, calls } = fakeDeps({
      transitionPrivileged: async (body) => {
        calls.push(`transition:${body.transition}`);
        bodies.push(body);
        return body.transition === 'request-payment-after-enquiry' ? initiated : { transaction: tx };
      },
    });
    const run = await runCheckout(
      newRun({ payment: 'card', saveCard: true, hasMessage: true, enquiry: true }),
      enquiryOrder,
      deps,
    );
    expect(calls).toEqual([
      'transition:request-payment-after-enquiry',
      'confirm-card',
      'transition:confirm-payment',
      'order-made',
      'save-card',
      'message',
    ]);
    expect(run).toMatchObject({ completed: true, transactionId: 'tx-1', clientSecret: 'pi_1_secret_x' });
    expect(bodies[0]).toEqual({
      transactionId: 'tx-1',
      transition: 'request-payment-after-enquiry',
      params: {
        deliveryMethod: 'pickup',
        stockReservationQuantity: 1,
        paymentMethod: 'card',
        setupFutureUsage: true,
      },
    });
    expect(bodies[1]).toEqual({ transactionId: 'tx-1', transition: 'confirm-payment' });
  });

  it('charges a saved card by its id on the enquiry', async () => {
    const bodies: unknown[] = [];
    const { deps } = fakeDeps({
      transitionPrivileged: async (body) => {
        bodies.push(body);
        return initiated;
      },
    });
    await runCheckout(
      newRun({ payment: 'card', saveCard: false, hasMessage: false, enquiry: true }),
      { ...enquiryOrder, card: { input: { paymentMethodId: 'pm_saved' }, save: false } },
      deps,
    );
    expect(bodies[0]).toMatchObject({
      params: { paymentMethod: 'card', stripePaymentMethodId: 'pm_saved' },
    });
    expect((bodies[0] as { params: object }).params).not.toHaveProperty('setupFutureUsage');
  });

  it('stops when the order is not on the enquiry, and says why a refused request failed', async () => {
    const { deps, calls } = fakeDeps({
      transitionPrivileged: async (body) => {
        calls.push(body.transition);
        return { ...initiated, transaction: { id: 'tx-other' } as TransactionView };
      },
    });
    const run = await runCheckout(
      newRun({ payment: 'card', saveCard: false, hasMessage: false, enquiry: true }),
      enquiryOrder,
      deps,
    );
    expect(calls).toEqual(['request-payment-after-enquiry']);
    expect(run.failure?.message).toBe(messages.somethingWentWrong);

    const refused = fakeDeps({
      transitionPrivileged: async () => {
        throw fixtureApiError(409, 'transaction-listing-insufficient-stock');
      },
    });
    const stopped = await runCheckout(
      newRun({ payment: 'card', saveCard: false, hasMessage: false, enquiry: true }),
      enquiryOrder,
      refused.deps,
    );
    expect(stopped).toMatchObject({ failure: { message: messages.notEnoughStock }, completed: false });
    expect(refused.calls).toEqual([]);
  });
});
