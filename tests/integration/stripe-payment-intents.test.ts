import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { CardProcessorError, type CreatePaymentIntentInput } from '../../functions/payments/stripe/port';
import { SimulatedCardProvider, testCards } from '../../functions/payments/stripe/simulated';
import { onboardDemoSeller } from '../../infra/local/seed/payouts';
import { api, signUp, type TestAccount, testCloud } from './accounts';

// Order payments against the simulated Stripe (state in the integration cloud's table): manual-capture
// PaymentIntents, confirmation with the test cards, capture / cancel / refund state rules,
// idempotency keys, Stripe's minimum amounts, transfers to a connected account, and the
// confirmCardPayment stand-in route over HTTP.

let provider: SimulatedCardProvider;
beforeAll(() => {
  provider = new SimulatedCardProvider({ origin: testCloud().url });
});

const key = (prefix: string) => `${prefix}-${randomUUID()}`;
const card = (number: string, extra: Record<string, unknown> = {}) => ({
  number,
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 2,
  cvc: '123',
  ...extra,
});

async function customer() {
  const userId = randomUUID();
  const { id } = await provider.createCustomer({
    userId,
    email: `${userId}@example.com`,
    idempotencyKey: key('customer'),
  });
  return { userId, customerId: id };
}

async function paymentIntent(overrides: Partial<CreatePaymentIntentInput> = {}) {
  const buyer = await customer();
  const txId = randomUUID();
  const intent = await provider.createPaymentIntent({
    amount: 12345,
    currency: 'CAD',
    customerId: buyer.customerId,
    captureMethod: 'manual',
    transferGroup: txId,
    metadata: { txId, customerUserId: buyer.userId },
    idempotencyKey: `pi-${txId}`,
    ...overrides,
  });
  return { intent, txId, ...buyer };
}

async function authorised() {
  const made = await paymentIntent();
  const confirmed = await provider.confirmPaymentIntent(made.intent.id, card(testCards.success));
  return { ...made, intent: confirmed };
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a CardProcessorError');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(CardProcessorError);
      return error as CardProcessorError;
    },
  );

describe('simulated PaymentIntents', () => {
  it('creates a manual-capture intent awaiting a card; the same key answers the same intent', async () => {
    const { intent, txId, customerId, userId } = await paymentIntent();
    expect(intent).toMatchObject({
      status: 'requires_payment_method',
      amount: 12345,
      currency: 'CAD',
      customerId,
      amountReceived: 0,
      metadata: { txId, customerUserId: userId },
    });
    expect(intent.id).toMatch(/^pi_/);
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.id}_secret_`));
    expect(intent.latestChargeId).toBeUndefined();
    const again = await provider.createPaymentIntent({
      amount: 12345,
      currency: 'CAD',
      customerId,
      captureMethod: 'manual',
      transferGroup: txId,
      metadata: { txId },
      idempotencyKey: `pi-${txId}`,
    });
    expect(again).toEqual(intent);
    expect(await provider.retrievePaymentIntent(intent.id)).toEqual(intent);
    expect(await provider.paymentIntentOwner(intent.id)).toBe(userId);
  });

  it('answers every request racing on one key with the one intent the key kept, as Stripe does', async () => {
    const buyer = await customer();
    const txId = randomUUID();
    const create = () =>
      provider.createPaymentIntent({
        amount: 5000,
        currency: 'EUR',
        customerId: buyer.customerId,
        captureMethod: 'manual',
        transferGroup: txId,
        metadata: { txId, customerUserId: buyer.userId },
        idempotencyKey: `pi-race-${txId}`,
      });
    const answers = await Promise.all(Array.from({ length: 6 }, create));
    expect(new Set(answers.map((answer) => answer.id)).size).toBe(1);
    expect(await create()).toEqual(answers[0]);
    const customers = await Promise.all(
      Array.from({ length: 4 }, () =>
        provider.createCustomer({
          userId: buyer.userId,
          email: 'race@example.com',
          idempotencyKey: `cus-race-${txId}`,
        }),
      ),
    );
    expect(new Set(customers.map((made) => made.id)).size).toBe(1);
  });

  it("refuses amounts below Stripe's minimum with Stripe's words", async () => {
    const tooSmall = await failure(paymentIntent({ amount: 49, currency: 'USD' }));
    expect(tooSmall).toMatchObject({
      type: 'invalid_request_error',
      code: 'amount_too_small',
      message: 'Amount must be at least $0.50 usd',
    });
    const pounds = await failure(paymentIntent({ amount: 29, currency: 'GBP' }));
    expect(pounds.message).toBe('Amount must be at least £0.30 gbp');
    expect((await paymentIntent({ amount: 50, currency: 'USD' })).intent.status).toBe(
      'requires_payment_method',
    );
    expect((await paymentIntent({ amount: 30, currency: 'GBP' })).intent.currency).toBe('GBP');
  });

  it('authorises with the success card, captures once per key, then refunds once', async () => {
    const { intent, txId } = await authorised();
    expect(intent.status).toBe('requires_capture');
    expect(intent.latestChargeId).toMatch(/^ch_/);
    expect(intent.paymentMethodId).toMatch(/^pm_/);
    expect(intent.amountReceived).toBe(0);

    const refundTooEarly = await failure(
      provider.refundPayment({ paymentIntentId: intent.id, idempotencyKey: `refund-${txId}` }),
    );
    expect(refundTooEarly.type).toBe('invalid_request_error');

    const [captured, concurrent] = await Promise.all([
      provider.capturePaymentIntent(intent.id, `capture-${txId}`),
      provider.capturePaymentIntent(intent.id, `capture-${txId}`),
    ]);
    expect(captured).toMatchObject({ status: 'succeeded', amountReceived: 12345 });
    expect(concurrent).toEqual(captured);
    expect(await provider.capturePaymentIntent(intent.id, `capture-${txId}`)).toEqual(captured);
    const otherKey = await failure(provider.capturePaymentIntent(intent.id, 'capture-other'));
    expect(otherKey).toMatchObject({
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
    });
    const cancelAfterCapture = await failure(provider.cancelPaymentIntent(intent.id, `cancel-${txId}`));
    expect(cancelAfterCapture.code).toBe('payment_intent_unexpected_state');

    const refund = await provider.refundPayment({
      paymentIntentId: intent.id,
      idempotencyKey: `refund-${txId}`,
    });
    expect(refund).toMatchObject({ status: 'succeeded', amount: 12345, currency: 'CAD' });
    expect(refund.id).toMatch(/^re_/);
    expect(
      await provider.refundPayment({ paymentIntentId: intent.id, idempotencyKey: `refund-${txId}` }),
    ).toEqual(refund);
    const twice = await failure(
      provider.refundPayment({ paymentIntentId: intent.id, idempotencyKey: 'refund-2' }),
    );
    expect(twice.code).toBe('charge_already_refunded');
    expect((await provider.retrievePaymentIntent(intent.id)).status).toBe('succeeded');
  });

  it('cancels an uncaptured intent once per key; a canceled intent cannot be captured or confirmed', async () => {
    const { intent, txId } = await authorised();
    const canceled = await provider.cancelPaymentIntent(intent.id, `cancel-${txId}`);
    expect(canceled.status).toBe('canceled');
    expect(await provider.cancelPaymentIntent(intent.id, `cancel-${txId}`)).toEqual(canceled);
    expect((await failure(provider.cancelPaymentIntent(intent.id, 'cancel-other'))).code).toBe(
      'payment_intent_unexpected_state',
    );
    expect((await failure(provider.capturePaymentIntent(intent.id, `capture-${txId}`))).code).toBe(
      'payment_intent_unexpected_state',
    );
    const confirm = await failure(provider.confirmPaymentIntent(intent.id, card(testCards.success)));
    expect(confirm.options.paymentIntent).toEqual({ id: intent.id, status: 'canceled' });

    const fresh = await paymentIntent();
    expect((await provider.cancelPaymentIntent(fresh.intent.id, `cancel-${fresh.txId}`)).status).toBe(
      'canceled',
    );
  });

  it('declines like setup intents and can be retried; the 3-D Secure card needs authentication', async () => {
    const { intent } = await paymentIntent();
    const declined = await failure(provider.confirmPaymentIntent(intent.id, card(testCards.declined)));
    expect(declined).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      message: 'The card was declined.',
    });
    expect(declined.options.paymentIntent).toEqual({ id: intent.id, status: 'requires_payment_method' });
    expect((await provider.retrievePaymentIntent(intent.id)).status).toBe('requires_payment_method');
    expect((await failure(provider.confirmPaymentIntent(intent.id, card(testCards.expired)))).code).toBe(
      'expired_card',
    );
    expect((await failure(provider.confirmPaymentIntent(intent.id, card('4242424242424241')))).code).toBe(
      'incorrect_number',
    );

    const action = await provider.confirmPaymentIntent(intent.id, card(testCards.authenticationRequired));
    expect(action.status).toBe('requires_action');
    expect(action.latestChargeId).toBeUndefined();
    const passed = await provider.confirmPaymentIntent(
      intent.id,
      card(testCards.authenticationRequired, { authenticate: true }),
    );
    expect(passed.status).toBe('requires_capture');
    expect(passed.latestChargeId).toMatch(/^ch_/);
    expect((await failure(provider.confirmPaymentIntent(intent.id, card(testCards.success)))).code).toBe(
      'payment_intent_unexpected_state',
    );
  });

  it('charges a saved card (given at creation or at confirmation) without card fields', async () => {
    const buyer = await customer();
    const setup = await provider.createSetupIntent({
      customerId: buyer.customerId,
      idempotencyKey: key('seti'),
    });
    const saved = await provider.confirmSetupIntent(setup.setupIntentId, card(testCards.success));
    const paymentMethodId = saved.paymentMethodId ?? '';

    const txId = randomUUID();
    const withCard = await provider.createPaymentIntent({
      amount: 5000,
      currency: 'USD',
      customerId: buyer.customerId,
      paymentMethodId,
      captureMethod: 'manual',
      transferGroup: txId,
      metadata: { txId, customerUserId: buyer.userId },
      idempotencyKey: `pi-${txId}`,
    });
    expect(withCard.status).toBe('requires_confirmation');
    expect(withCard.paymentMethodId).toBe(paymentMethodId);
    const confirmed = await provider.confirmPaymentIntent(withCard.id, {});
    expect(confirmed).toMatchObject({ status: 'requires_capture', paymentMethodId });

    const { intent } = await paymentIntent({ customerId: buyer.customerId, currency: 'USD' });
    const byId = await provider.confirmPaymentIntent(intent.id, { paymentMethodId });
    expect(byId).toMatchObject({ status: 'requires_capture', paymentMethodId });

    const stranger = await paymentIntent();
    const notTheirs = await failure(provider.confirmPaymentIntent(stranger.intent.id, { paymentMethodId }));
    expect(notTheirs.type).toBe('invalid_request_error');
  });

  it('keeps a new card for the customer with setupFutureUsage', async () => {
    const { intent, customerId } = await paymentIntent({ setupFutureUsage: true });
    const confirmed = await provider.confirmPaymentIntent(intent.id, card('5555555555554444'));
    const method = await provider.fetchPaymentMethod(confirmed.paymentMethodId ?? '');
    expect(method).toMatchObject({ customerId, brand: 'mastercard', last4: '4444' });
  });
});

describe('simulated transfers to the seller', () => {
  let destination: string;
  beforeAll(async () => {
    const seller = await signUp({ firstName: 'Tess', lastName: 'Transfer' });
    const account = await onboardDemoSeller({
      userId: seller.user.id,
      country: 'CA',
      origin: testCloud().url,
    });
    destination = account?.id ?? '';
    expect(destination).toMatch(/^acct_/);
  });

  it('pays the seller from the captured charge, once per key', async () => {
    const { intent, txId } = await authorised();
    const input = {
      amount: 11000,
      currency: 'CAD',
      destination,
      sourceTransaction: intent.latestChargeId ?? '',
      transferGroup: txId,
      idempotencyKey: `payout-${txId}`,
    };
    const uncaptured = await failure(provider.createTransfer(input));
    expect(uncaptured.type).toBe('invalid_request_error');
    await provider.capturePaymentIntent(intent.id, `capture-${txId}`);

    const tooMuch = await failure(provider.createTransfer({ ...input, amount: 20000 }));
    expect(tooMuch.options.param).toBe('amount');

    const transfer = await provider.createTransfer(input);
    expect(transfer).toMatchObject({ amount: 11000, currency: 'CAD', destination });
    expect(transfer.id).toMatch(/^tr_/);
    expect(await provider.createTransfer(input)).toEqual(transfer);
    expect(await provider.transferObject(transfer.id)).toMatchObject({
      source_transaction: intent.latestChargeId,
      transfer_group: txId,
    });

    const nowhere = await failure(
      provider.createTransfer({ ...input, destination: 'acct_missing', idempotencyKey: key('payout') }),
    );
    expect(nowhere.code).toBe('resource_missing');
  });
});

describe('POST /api/simulated-stripe/payment-intents/{id}/confirm', () => {
  const confirm = (account: TestAccount, id: string, body: unknown) =>
    api('POST', `/api/simulated-stripe/payment-intents/${id}/confirm`, { token: account.accessToken, body });

  async function buyersIntent(buyer: TestAccount) {
    const txId = randomUUID();
    return provider.createPaymentIntent({
      amount: 25000,
      currency: 'USD',
      captureMethod: 'manual',
      transferGroup: txId,
      metadata: { txId, customerUserId: buyer.user.id },
      idempotencyKey: `pi-${txId}`,
    });
  }

  it("answers 404 for someone else's intent or an unknown one", async () => {
    const buyer = await signUp({ firstName: 'Bea', lastName: 'Buyer' });
    const other = await signUp({ firstName: 'Otto', lastName: 'Other' });
    const intent = await buyersIntent(buyer);
    expect((await confirm(other, intent.id, card(testCards.success))).status).toBe(404);
    expect((await confirm(buyer, 'pi_simnothing', card(testCards.success))).status).toBe(404);
    expect((await provider.retrievePaymentIntent(intent.id)).status).toBe('requires_payment_method');
  });

  it('402 for a declined card, requires_action then requires_capture for the 3-D Secure card', async () => {
    const buyer = await signUp({ firstName: 'Dee', lastName: 'Secure' });
    const intent = await buyersIntent(buyer);
    const declined = await confirm(buyer, intent.id, card(testCards.declined));
    expect(declined.status).toBe(402);
    expect(declined.body.error).toEqual({
      type: 'card_error',
      code: 'card_declined',
      message: 'The card was declined.',
      payment_intent: { id: intent.id, status: 'requires_payment_method' },
    });
    const action = await confirm(buyer, intent.id, card(testCards.authenticationRequired));
    expect(action.status).toBe(200);
    expect(action.body.data).toEqual({ id: intent.id, status: 'requires_action' });
    const passed = await confirm(
      buyer,
      intent.id,
      card(testCards.authenticationRequired, { authenticate: true }),
    );
    expect(passed.status).toBe(200);
    expect(passed.body.data).toEqual({
      id: intent.id,
      status: 'requires_capture',
      paymentMethodId: expect.stringMatching(/^pm_/),
    });
    const again = await confirm(buyer, intent.id, card(testCards.success));
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('payment_intent_unexpected_state');
  });
});
