import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../../shared/api/account';
import type { InitiateAnswer, TransactionView } from '../../../../shared/api/transactions';
import { apiErrors, messages } from '../../../../shared/errors/catalogue';
import { addressMessages, productOrderMessages } from '../../../../shared/validation/messages';
import { ApiError } from '../../api/client';
import { CardProviderError } from '../../payments/card-provider';
import {
  type CheckoutContext,
  type CheckoutDeps,
  type CheckoutOrder,
  type CheckoutValues,
  checkoutFailure,
  checkoutLayout,
  checkoutSearch,
  enquiryCardOnly,
  initialCheckoutValues,
  lineItemsFailure,
  newRun,
  orderDataRequest,
  PaypalCanceled,
  paypalOverMaximum,
  planSteps,
  runCheckout,
  validateCheckout,
} from './checkout';
import { fixtureListing } from './fixtures';

const buyer = { id: 'buyer-1', firstName: 'Bea', lastName: 'Buyer' } as CurrentUser;
const savedCard = {
  stripePaymentMethodId: 'pm_saved',
  brand: 'visa' as const,
  last4Digits: '4242',
  expirationMonth: 12,
  expirationYear: 2099,
};
const simulated: CheckoutContext = { cardMode: 'simulated', paypal: true };

const api = (status: number, code: string, meta?: Record<string, unknown>, title?: string) =>
  new ApiError(status, {
    errors: [{ id: 'e', status, code, title: title ?? 'x', ...(meta ? { meta } : {}) }],
  });

describe('checkout search params and first values', () => {
  it('keeps a known delivery method and a whole quantity', () => {
    expect(checkoutSearch({ deliveryMethod: 'shipping', quantity: '2' })).toEqual({
      deliveryMethod: 'shipping',
      quantity: 2,
    });
    expect(checkoutSearch({ deliveryMethod: 'teleport', quantity: '-1' })).toEqual({});
  });

  it('starts from the order panel choice, within the stock', () => {
    const values = initialCheckoutValues(
      fixtureListing(),
      { deliveryMethod: 'shipping', quantity: 2 },
      buyer,
    );
    expect(values).toMatchObject({
      deliveryMethod: 'shipping',
      quantity: '2',
      paymentMethod: 'card',
      cardChoice: 'new',
      name: 'Bea Buyer',
      recipientName: 'Bea Buyer',
    });
    expect(initialCheckoutValues(fixtureListing(), { quantity: 9 }).quantity).toBe('3');
    expect(initialCheckoutValues(fixtureListing(), {}).deliveryMethod).toBe('');
  });

  it('preselects the one delivery method and fixes quantity 1 at stock 1', () => {
    const listing = fixtureListing({ currentStock: 1 }, { shippingEnabled: false });
    expect(initialCheckoutValues(listing, { deliveryMethod: 'shipping', quantity: 4 })).toMatchObject({
      deliveryMethod: 'pickup',
      quantity: '1',
    });
  });

  it('chooses the saved card when it is still valid', () => {
    const user = { ...buyer, payments: { defaultPaymentMethod: savedCard } } as CurrentUser;
    expect(initialCheckoutValues(fixtureListing(), {}, user).cardChoice).toBe('saved');
    const expired = { ...buyer, payments: { defaultPaymentMethod: { ...savedCard, expirationYear: 2001 } } };
    expect(initialCheckoutValues(fixtureListing(), {}, expired as CurrentUser).cardChoice).toBe('new');
  });
});

describe('which parts show', () => {
  const values = { deliveryMethod: 'pickup', paymentMethod: 'card', cardChoice: 'new' } as const;

  it('shows one delivery method as text and hides quantity at stock 1', () => {
    const layout = checkoutLayout(
      fixtureListing({ currentStock: 1 }, { pickupEnabled: false }),
      values,
      simulated,
    );
    expect(layout.fixedDeliveryMethod).toBe('shipping');
    expect(layout.quantityHidden).toBe(true);
    const both = checkoutLayout(fixtureListing(), values, simulated);
    expect(both.fixedDeliveryMethod).toBeUndefined();
    expect(both.deliveryChoices).toEqual(['pickup', 'shipping']);
    expect(both.quantityChoices).toEqual([1, 2, 3]);
  });

  it('shows the shipping address only for shipping', () => {
    expect(checkoutLayout(fixtureListing(), values, simulated).shipping).toBe(false);
    expect(
      checkoutLayout(fixtureListing(), { ...values, deliveryMethod: 'shipping' }, simulated).shipping,
    ).toBe(true);
  });

  it('picks how the card is entered', () => {
    const listing = fixtureListing();
    expect(checkoutLayout(listing, values, simulated)).toMatchObject({
      card: 'simulated',
      saveCardOption: true,
    });
    expect(checkoutLayout(listing, values, { ...simulated, cardMode: 'live' }).card).toBe('elements');
    expect(checkoutLayout(listing, values, { ...simulated, cardMode: null })).toMatchObject({
      card: 'missing-key',
      saveCardOption: false,
    });
    expect(
      checkoutLayout(listing, { ...values, cardChoice: 'saved' }, { ...simulated, savedCard }),
    ).toMatchObject({ card: 'saved', saveCardOption: false });
    expect(checkoutLayout(listing, { ...values, paymentMethod: 'paypal' }, simulated).card).toBeUndefined();
    expect(checkoutLayout(listing, values, { ...simulated, paypal: false }).paypalOffered).toBe(false);
  });

  it("hides PayPal above its maximum and says why; shows the §8 amount too low below the card's minimum", () => {
    const listing = fixtureListing();
    const usd = (amount: number) => ({ amount, currency: 'USD' });
    const atMax = checkoutLayout(listing, values, { ...simulated, payinTotal: usd(1_000_000) });
    expect(atMax.paypalOffered).toBe(true);
    expect(atMax.paypalUnavailable).toBeUndefined();
    const above = checkoutLayout(listing, values, { ...simulated, payinTotal: usd(1_000_001) });
    expect(above.paypalOffered).toBe(false);
    expect(above.paypalUnavailable).toBe(paypalOverMaximum(usd(1_000_000)));
    expect(above.paypalUnavailable).toBe(
      'PayPal takes at most $10,000 in one payment, so this order is paid by card.',
    );
    expect(above.chargeProblem).toBeUndefined();

    expect(checkoutLayout(listing, values, { ...simulated, payinTotal: usd(49) }).chargeProblem).toBe(
      messages.amountTooLow,
    );
    expect(
      checkoutLayout(listing, { ...values, paymentMethod: 'paypal' }, { ...simulated, payinTotal: usd(49) })
        .chargeProblem,
    ).toBeUndefined();
    expect(
      checkoutLayout(listing, values, { ...simulated, payinTotal: usd(100_000_000) }).chargeProblem,
    ).toBe(messages.amountTooHigh);
    expect(
      checkoutLayout(listing, values, { ...simulated, payinTotal: usd(50) }).chargeProblem,
    ).toBeUndefined();
  });
});

describe('validation messages (§5, exact)', () => {
  const listing = fixtureListing();
  const empty = {
    deliveryMethod: '',
    quantity: '',
    paymentMethod: 'card',
    cardChoice: 'new',
  } as CheckoutValues;

  it('asks for the delivery method and quantity', () => {
    const errors = validateCheckout(empty, listing, simulated);
    expect(errors.deliveryMethod).toBe(productOrderMessages.deliveryMethodRequired);
    expect(errors.quantity).toBe(productOrderMessages.quantityRequired);
    expect(
      validateCheckout({ ...empty, deliveryMethod: 'pickup', quantity: '4' }, listing, simulated).quantity,
    ).toBe(productOrderMessages.quantityTooLarge);
  });

  it('asks for the shipping address when shipping', () => {
    const errors = validateCheckout(
      { ...empty, deliveryMethod: 'shipping', quantity: '1' },
      listing,
      simulated,
    );
    expect(errors).toMatchObject({
      recipientName: 'Recipient name is required.',
      recipientAddressLine1: addressMessages.addressLine1Required,
      recipientCity: addressMessages.cityRequired,
      recipientPostal: addressMessages.postalCodeRequired,
      recipientCountry: addressMessages.countryRequired,
    });
    expect(errors.recipientPhoneNumber).toBeUndefined();
    expect(errors.recipientAddressLine2).toBeUndefined();
    expect(errors.recipientState).toBeUndefined();
  });

  it('asks for the card holder, the billing address and the test card', () => {
    const errors = validateCheckout(
      { ...empty, deliveryMethod: 'pickup', quantity: '1' },
      listing,
      simulated,
    );
    expect(errors).toMatchObject({
      name: addressMessages.cardHolderNameRequired,
      addressLine1: addressMessages.addressLine1Required,
      postal: addressMessages.postalCodeRequired,
      city: addressMessages.cityRequired,
      country: addressMessages.countryRequired,
      cardNumber: 'Enter the card number.',
    });
    expect(errors.addressLine2).toBeUndefined();
    expect(errors.state).toBeUndefined();
    expect(errors.recipientName).toBeUndefined();
  });

  it('needs no card fields for PayPal or a saved card', () => {
    const paypal = validateCheckout(
      { ...empty, deliveryMethod: 'pickup', quantity: '1', paymentMethod: 'paypal' },
      listing,
      simulated,
    );
    expect(paypal).toEqual({});
    const saved = validateCheckout(
      { ...empty, deliveryMethod: 'pickup', quantity: '1', cardChoice: 'saved' },
      listing,
      { ...simulated, savedCard },
    );
    expect(saved.cardNumber).toBeUndefined();
    expect(saved.name).toBe(addressMessages.cardHolderNameRequired);
  });

  it('sends the quantity as stockReservationQuantity with the trimmed address', () => {
    expect(
      orderDataRequest({
        ...empty,
        deliveryMethod: 'shipping',
        quantity: '2',
        recipientName: ' Bea ',
        recipientAddressLine1: '1 Main St',
        recipientCity: 'Town',
        recipientPostal: '123',
        recipientCountry: 'US',
        recipientState: '',
      }),
    ).toEqual({
      deliveryMethod: 'shipping',
      stockReservationQuantity: 2,
      shippingDetails: {
        recipientName: 'Bea',
        recipientAddressLine1: '1 Main St',
        recipientCity: 'Town',
        recipientPostal: '123',
        recipientCountry: 'US',
      },
    });
    expect(orderDataRequest({ ...empty, deliveryMethod: 'pickup', quantity: '1' })).toEqual({
      deliveryMethod: 'pickup',
      stockReservationQuantity: 1,
    });
  });
});

// ---------------------------------------------------------------- The step machine

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

describe('the checkout steps', () => {
  it('plans the card and PayPal flows', () => {
    expect(planSteps({ payment: 'card', saveCard: true, hasMessage: true })).toEqual([
      'initiate',
      'confirm-card',
      'confirm-payment',
      'save-card',
      'message',
    ]);
    expect(planSteps({ payment: 'card', saveCard: false, hasMessage: false })).toEqual([
      'initiate',
      'confirm-card',
      'confirm-payment',
    ]);
    expect(planSteps({ payment: 'paypal', saveCard: false, hasMessage: true })).toEqual([
      'paypal-order',
      'paypal-approve',
      'initiate',
      'confirm-payment',
      'message',
    ]);
  });

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
        if (fail) throw new ApiError(503, null);
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
        throw new ApiError(500, null);
      },
      sendMessage: async () => {
        throw new ApiError(500, null);
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

  it('keeps a transaction id that looks like one', () => {
    expect(checkoutSearch({ transactionId: 'tx-1', quantity: '1' })).toEqual({
      transactionId: 'tx-1',
      quantity: 1,
    });
    expect(checkoutSearch({ transactionId: '../x' })).toEqual({});
    expect(checkoutSearch({ transactionId: 42 })).toEqual({});
  });

  it('offers card only, with one line about PayPal', () => {
    const listing = fixtureListing();
    const values = initialCheckoutValues(listing, {}, buyer);
    const layout = checkoutLayout(listing, values, { ...simulated, enquiry: true });
    expect(layout).toMatchObject({
      paypalOffered: false,
      paypalUnavailable: enquiryCardOnly,
      card: 'simulated',
    });
    expect(checkoutLayout(listing, values, simulated).paypalUnavailable).toBeUndefined();
    // Without PayPal configured there is nothing to explain.
    expect(
      checkoutLayout(listing, values, { ...simulated, paypal: false, enquiry: true }).paypalUnavailable,
    ).toBeUndefined();
  });

  it('plans the card steps even when PayPal was chosen', () => {
    expect(planSteps({ payment: 'paypal', saveCard: false, hasMessage: true, enquiry: true })).toEqual([
      'initiate',
      'confirm-card',
      'confirm-payment',
      'message',
    ]);
    expect(newRun({ payment: 'paypal', saveCard: false, hasMessage: false, enquiry: true }).payment).toBe(
      'card',
    );
  });

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
        throw api(409, 'transaction-listing-insufficient-stock');
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

describe('errors → §8 messages', () => {
  it('maps the order codes', () => {
    expect(checkoutFailure('initiate', api(409, 'transaction-listing-insufficient-stock')).message).toBe(
      messages.notEnoughStock,
    );
    expect(checkoutFailure('initiate', api(404, 'transaction-listing-not-found')).message).toBe(
      messages.listingUnavailable,
    );
    expect(checkoutFailure('initiate', api(409, 'transaction-missing-stripe-account')).message).toBe(
      messages.providerLacksPayoutInfo,
    );
    expect(checkoutFailure('paypal-order', api(409, 'transaction-missing-stripe-account')).message).toBe(
      messages.providerLacksPayoutInfo,
    );
    expect(checkoutFailure('initiate', api(409, 'old-total-mismatch')).message).toBe(messages.stockOutOfSync);
    expect(checkoutFailure('initiate', api(400, 'transaction-charge-zero-payin')).message).toBe(
      messages.amountTooLow,
    );
    expect(checkoutFailure('initiate', api(400, 'transaction-charge-too-high')).message).toBe(
      messages.amountTooHigh,
    );
    expect(checkoutFailure('initiate', api(403, 'forbidden')).message).toBe(productOrderMessages.ownListing);
  });

  it('maps payment failures', () => {
    expect(
      checkoutFailure(
        'initiate',
        api(402, 'transaction-payment-failed', { stripeMessage: 'Amount must be at least $0.50 usd' }),
      ).message,
    ).toBe(messages.amountTooLow);
    expect(
      checkoutFailure(
        'initiate',
        api(402, 'transaction-payment-failed', { stripeCode: 'payment_intent_authentication_failure' }),
      ).message,
    ).toBe(messages.paymentMethodAuthenticationFailed);
    expect(
      checkoutFailure('initiate', api(402, 'transaction-payment-failed', { stripeMessage: 'nope' })).message,
    ).toBe(apiErrors['transaction-payment-failed'].title);
    expect(
      checkoutFailure(
        'confirm-card',
        new CardProviderError({
          type: 'card_error',
          code: 'payment_intent_authentication_failure',
          message: 'x',
        }),
      ).message,
    ).toBe(messages.paymentMethodAuthenticationFailed);
    expect(
      checkoutFailure('confirm-card', new CardProviderError({ type: 'api_error', message: 'x' })).message,
    ).toBe(messages.couldNotHandlePaymentData);
    expect(checkoutFailure('confirm-card', new Error('boom')).message).toBe(
      messages.couldNotHandlePaymentData,
    );
  });

  it('maps PayPal failures', () => {
    expect(checkoutFailure('paypal-approve', new PaypalCanceled('x')).message).toBe(
      messages.paypalPaymentCanceled,
    );
    expect(checkoutFailure('paypal-approve', new Error('x')).message).toBe(messages.paypalPaymentError);
    expect(
      checkoutFailure(
        'initiate',
        api(402, 'transaction-payment-failed', { paypalStatus: 'VOIDED' }, messages.paypalPaymentCanceled),
      ).message,
    ).toBe(messages.paypalPaymentCanceled);
    expect(
      checkoutFailure(
        'initiate',
        api(402, 'transaction-payment-failed', { paypalStatus: 'CREATED' }, messages.paypalPaymentError),
      ).message,
    ).toBe(messages.paypalPaymentError);
    expect(
      checkoutFailure(
        'confirm-payment',
        api(402, 'transaction-payment-failed', { paypalIssue: 'INSTRUMENT_DECLINED' }),
      ).message,
    ).toBe(messages.paypalPaymentError);
  });

  it('says payment made but not confirmed, or expired after 15 minutes', () => {
    expect(checkoutFailure('confirm-payment', new ApiError(0, null))).toEqual({
      message: messages.paymentNotConfirmed,
      retry: 'confirm-payment',
    });
    expect(
      checkoutFailure(
        'confirm-payment',
        api(409, 'transaction-invalid-transition', undefined, messages.paymentExpired),
      ),
    ).toEqual({ message: messages.paymentExpired });
    expect(
      checkoutFailure('confirm-payment', api(409, 'transaction-invalid-transition'), {
        initiatedAt: 0,
        now: 15 * 60 * 1000,
      }),
    ).toEqual({ message: messages.paymentExpired });
    expect(
      checkoutFailure('confirm-payment', new ApiError(500, null), { initiatedAt: 0, now: 16 * 60 * 1000 })
        .message,
    ).toBe(messages.paymentExpired);
  });

  it('says what failed after the order was made', () => {
    expect(checkoutFailure('save-card', new Error('x'))).toMatchObject({
      message: messages.saveDefaultPaymentMethodFailed,
      link: { href: '/account/payment-methods' },
      orderKept: true,
    });
    expect(checkoutFailure('message', new Error('x'))).toMatchObject({
      message: messages.initialMessageFailed,
      orderKept: true,
    });
  });

  it('puts field errors of a 400 on the fields', () => {
    const failure = checkoutFailure(
      'initiate',
      api(400, 'validation-invalid-params', {
        fields: {
          'shippingDetails.recipientCity': 'City is required',
          stockReservationQuantity: 'Please select a quantity',
        },
      }),
    );
    expect(failure.fields).toEqual({
      recipientCity: 'City is required',
      quantity: 'Please select a quantity',
    });
  });

  it('explains a failed breakdown', () => {
    expect(lineItemsFailure(new ApiError(500, null))).toBe(messages.breakdownFailed);
    expect(lineItemsFailure(api(400, 'transaction-charge-too-high'))).toBe(messages.amountTooHigh);
    expect(lineItemsFailure(api(400, 'transaction-charge-zero-payin'))).toBe(messages.amountTooLow);
    expect(lineItemsFailure(api(409, 'transaction-listing-insufficient-stock'))).toBe(
      messages.notEnoughStock,
    );
  });

  it('has a message for a missing publishable key and a failed network', () => {
    expect(messages.missingPublishableKey).toContain('publishable key');
    expect(checkoutFailure('initiate', new ApiError(0, null)).message).toBe(messages.topbarNetworkError);
  });
});
