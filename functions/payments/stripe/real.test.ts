import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CardProcessorError, WebhookSignatureError } from './port';
import { RealCardProvider, signStripePayload, verifyStripeSignature } from './real';

// Contract tests of the real adapter: the official `stripe` SDK against a local HTTP double of
// Stripe's API, checking what is sent (paths, form fields, idempotency keys) and how answers map.

interface Recorded {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  form: URLSearchParams;
}

let server: Server;
let port: number;
let recorded: Recorded[] = [];
let reply: (request: Recorded) => { status: number; body: unknown } = () => ({ status: 200, body: {} });

const account = {
  id: 'acct_123',
  object: 'account',
  country: 'CA',
  default_currency: 'cad',
  business_type: 'individual',
  charges_enabled: false,
  payouts_enabled: false,
  details_submitted: false,
  capabilities: { card_payments: 'inactive', transfers: 'inactive' },
  requirements: {
    currently_due: ['individual.verification.document'],
    past_due: ['individual.dob.day'],
    errors: [],
    disabled_reason: 'requirements.past_due',
  },
  external_accounts: { object: 'list', data: [{ id: 'ba_1', object: 'bank_account', last4: '6789' }] },
  metadata: { userId: 'user-1' },
};

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => resolve(text));
  });

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = await readBody(request);
    const url = new URL(request.url ?? '/', 'http://localhost');
    const entry: Recorded = {
      method: request.method ?? '',
      path: url.pathname,
      idempotencyKey: request.headers['idempotency-key'] as string | undefined,
      form: new URLSearchParams(request.method === 'GET' ? url.search : body),
    };
    recorded.push(entry);
    const { status, body: answer } = reply(entry);
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test' });
    response.end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  recorded = [];
});

const provider = () =>
  new RealCardProvider({ secretKey: 'sk_test_contract', host: '127.0.0.1', port, protocol: 'http' });

describe('RealCardProvider (stripe SDK against an HTTP double)', () => {
  it('creates a cross-border (CA) account: transfers only, recipient agreement, MCC 5734, the profile URL and an idempotency key', async () => {
    reply = () => ({ status: 200, body: account });
    const created = await provider().createAccount({
      userId: 'user-1',
      country: 'CA',
      accountToken: 'ct_1',
      bankAccountToken: 'btok_1',
      businessProfileUrl: 'https://www.veloexchange.com/u/user-1',
      mcc: '5734',
      idempotencyKey: 'account-user-1-abc',
    });
    const [sent] = recorded;
    expect(sent?.method).toBe('POST');
    expect(sent?.path).toBe('/v1/accounts');
    expect(sent?.idempotencyKey).toBe('account-user-1-abc');
    expect(Object.fromEntries(sent?.form ?? [])).toEqual({
      type: 'custom',
      country: 'CA',
      account_token: 'ct_1',
      external_account: 'btok_1',
      'capabilities[transfers][requested]': 'true',
      'tos_acceptance[service_agreement]': 'recipient',
      'business_profile[mcc]': '5734',
      'business_profile[url]': 'https://www.veloexchange.com/u/user-1',
      'metadata[userId]': 'user-1',
    });
    expect(created).toEqual({
      id: 'acct_123',
      country: 'CA',
      currency: 'CAD',
      businessType: 'individual',
      chargesEnabled: false,
      payoutsEnabled: false,
      transfersActive: false,
      detailsSubmitted: false,
      requirementsDue: ['individual.dob.day', 'individual.verification.document'],
      requirementErrors: [],
      disabledReason: 'requirements.past_due',
      bankAccountLast4: '6789',
      userId: 'user-1',
    });
  });

  it('creates a domestic (US) account with card_payments and transfers under the full agreement', async () => {
    reply = () => ({ status: 200, body: { ...account, country: 'US', default_currency: 'usd' } });
    await provider().createAccount({
      userId: 'user-2',
      country: 'US',
      accountToken: 'ct_2',
      bankAccountToken: 'btok_2',
      businessProfileUrl: 'https://www.veloexchange.com/u/user-2',
      mcc: '5734',
      idempotencyKey: 'account-user-2-abc',
    });
    const form = recorded[0]?.form;
    expect(form?.get('capabilities[card_payments][requested]')).toBe('true');
    expect(form?.get('capabilities[transfers][requested]')).toBe('true');
    expect(form?.has('tos_acceptance[service_agreement]')).toBe(false);
  });

  it('updates the bank account and fetches the account', async () => {
    reply = () => ({ status: 200, body: { ...account, capabilities: { transfers: 'active' } } });
    const updated = await provider().updateAccount('acct_123', { bankAccountToken: 'btok_2' });
    expect(recorded[0]?.path).toBe('/v1/accounts/acct_123');
    expect(recorded[0]?.form.get('external_account')).toBe('btok_2');
    expect(recorded[0]?.form.get('capabilities[transfers][requested]')).toBe('true');
    expect(recorded[0]?.form.has('capabilities[card_payments][requested]')).toBe(false);
    expect(updated.transfersActive).toBe(true);
    await provider().fetchAccount('acct_123');
    expect(recorded[1]).toMatchObject({ method: 'GET', path: '/v1/accounts/acct_123' });
  });

  it('creates account links that collect currently_due with the failure and success URLs', async () => {
    reply = () => ({
      status: 200,
      body: { object: 'account_link', url: 'https://connect.stripe.com/setup/x' },
    });
    const link = await provider().createAccountLink({
      accountId: 'acct_123',
      type: 'account_onboarding',
      failureURL: 'https://site/account/payments/failure',
      successURL: 'https://site/account/payments/success',
    });
    expect(link).toEqual({ url: 'https://connect.stripe.com/setup/x' });
    expect(recorded[0]?.path).toBe('/v1/account_links');
    expect(Object.fromEntries(recorded[0]?.form ?? [])).toEqual({
      account: 'acct_123',
      type: 'account_onboarding',
      refresh_url: 'https://site/account/payments/failure',
      return_url: 'https://site/account/payments/success',
      collect: 'currently_due',
    });
  });

  it('creates customers and setup intents with idempotency keys, and attaches, fetches and detaches cards', async () => {
    const method = {
      id: 'pm_1',
      object: 'payment_method',
      customer: 'cus_1',
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
    };
    reply = ({ path }) => {
      if (path === '/v1/customers') return { status: 200, body: { id: 'cus_1', object: 'customer' } };
      if (path === '/v1/setup_intents')
        return {
          status: 200,
          body: { id: 'seti_1', object: 'setup_intent', client_secret: 'seti_1_secret_x' },
        };
      return { status: 200, body: path.endsWith('/detach') ? { ...method, customer: null } : method };
    };
    const p = provider();
    expect(await p.createCustomer({ userId: 'u1', email: 'a@b.c', idempotencyKey: 'customer-u1' })).toEqual({
      id: 'cus_1',
    });
    expect(recorded[0]).toMatchObject({ path: '/v1/customers', idempotencyKey: 'customer-u1' });
    expect(recorded[0]?.form.get('metadata[userId]')).toBe('u1');
    expect(await p.createSetupIntent({ customerId: 'cus_1', idempotencyKey: 'setup-1' })).toEqual({
      setupIntentId: 'seti_1',
      clientSecret: 'seti_1_secret_x',
    });
    expect(recorded[1]).toMatchObject({ path: '/v1/setup_intents', idempotencyKey: 'setup-1' });
    expect(Object.fromEntries(recorded[1]?.form ?? [])).toEqual({ customer: 'cus_1', usage: 'off_session' });
    expect(await p.attachPaymentMethod('pm_1', 'cus_1')).toEqual({
      id: 'pm_1',
      customerId: 'cus_1',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
    });
    expect(recorded[2]?.path).toBe('/v1/payment_methods/pm_1/attach');
    expect(recorded[2]?.form.get('customer')).toBe('cus_1');
    await p.fetchPaymentMethod('pm_1');
    expect(recorded[3]).toMatchObject({ method: 'GET', path: '/v1/payment_methods/pm_1' });
    await p.detachPaymentMethod('pm_1');
    expect(recorded[4]).toMatchObject({ method: 'POST', path: '/v1/payment_methods/pm_1/detach' });
  });

  it("maps Stripe's errors to CardProcessorError with type, code and message", async () => {
    reply = () => ({
      status: 402,
      body: { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } },
    });
    const error = await provider()
      .attachPaymentMethod('pm_x', 'cus_1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CardProcessorError);
    expect(error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      message: 'Your card was declined.',
    });
  });

  it('refuses to make tokens (Stripe.js makes them in the browser)', () => {
    expect(() => provider().createBankAccountToken()).toThrow(CardProcessorError);
    expect(() => provider().createAccountToken()).toThrow(CardProcessorError);
  });
});

describe('RealCardProvider: order payments (payment intents, refunds, transfers)', () => {
  const intent = {
    id: 'pi_1',
    object: 'payment_intent',
    amount: 12345,
    amount_received: 0,
    currency: 'cad',
    status: 'requires_payment_method',
    client_secret: 'pi_1_secret_x',
    capture_method: 'manual',
    customer: 'cus_1',
    payment_method: null,
    latest_charge: null,
    transfer_group: 'tx-1',
    metadata: { txId: 'tx-1', customerUserId: 'buyer-1' },
  };

  it('creates a manual-capture PaymentIntent with the transfer group, metadata and an idempotency key', async () => {
    reply = () => ({ status: 200, body: intent });
    const created = await provider().createPaymentIntent({
      amount: 12345,
      currency: 'CAD',
      customerId: 'cus_1',
      paymentMethodId: 'pm_1',
      setupFutureUsage: true,
      captureMethod: 'manual',
      transferGroup: 'tx-1',
      metadata: { txId: 'tx-1', customerUserId: 'buyer-1' },
      idempotencyKey: 'pi-tx-1',
    });
    const [sent] = recorded;
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/payment_intents', idempotencyKey: 'pi-tx-1' });
    expect(Object.fromEntries(sent?.form ?? [])).toEqual({
      amount: '12345',
      currency: 'cad',
      capture_method: 'manual',
      transfer_group: 'tx-1',
      'metadata[txId]': 'tx-1',
      'metadata[customerUserId]': 'buyer-1',
      customer: 'cus_1',
      payment_method: 'pm_1',
      setup_future_usage: 'off_session',
    });
    expect(created).toEqual({
      id: 'pi_1',
      status: 'requires_payment_method',
      amount: 12345,
      currency: 'CAD',
      clientSecret: 'pi_1_secret_x',
      customerId: 'cus_1',
      amountReceived: 0,
      metadata: { txId: 'tx-1', customerUserId: 'buyer-1' },
    });
  });

  it('leaves out the customer, card and future usage when not asked', async () => {
    reply = () => ({ status: 200, body: { ...intent, customer: null } });
    await provider().createPaymentIntent({
      amount: 5000,
      currency: 'USD',
      captureMethod: 'manual',
      transferGroup: 'tx-2',
      metadata: { txId: 'tx-2' },
      idempotencyKey: 'pi-tx-2',
    });
    expect(Object.fromEntries(recorded[0]?.form ?? [])).toEqual({
      amount: '5000',
      currency: 'usd',
      capture_method: 'manual',
      transfer_group: 'tx-2',
      'metadata[txId]': 'tx-2',
    });
  });

  it('retrieves, captures and cancels with the idempotency keys, mapping latest_charge', async () => {
    const authorised = {
      ...intent,
      status: 'requires_capture',
      payment_method: 'pm_1',
      latest_charge: 'ch_1',
    };
    reply = ({ path }) => {
      if (path.endsWith('/capture'))
        return { status: 200, body: { ...authorised, status: 'succeeded', amount_received: 12345 } };
      if (path.endsWith('/cancel')) return { status: 200, body: { ...authorised, status: 'canceled' } };
      return { status: 200, body: authorised };
    };
    const p = provider();
    expect(await p.retrievePaymentIntent('pi_1')).toMatchObject({
      status: 'requires_capture',
      latestChargeId: 'ch_1',
      paymentMethodId: 'pm_1',
    });
    expect(recorded[0]).toMatchObject({ method: 'GET', path: '/v1/payment_intents/pi_1' });
    expect(await p.capturePaymentIntent('pi_1', 'capture-tx-1')).toMatchObject({
      status: 'succeeded',
      amountReceived: 12345,
      latestChargeId: 'ch_1',
    });
    expect(recorded[1]).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents/pi_1/capture',
      idempotencyKey: 'capture-tx-1',
    });
    expect(await p.cancelPaymentIntent('pi_1', 'cancel-tx-1')).toMatchObject({ status: 'canceled' });
    expect(recorded[2]).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents/pi_1/cancel',
      idempotencyKey: 'cancel-tx-1',
    });
  });

  it('maps an expanded latest_charge object to its id', async () => {
    reply = () => ({
      status: 200,
      body: { ...intent, status: 'succeeded', latest_charge: { id: 'ch_9', object: 'charge' } },
    });
    expect((await provider().retrievePaymentIntent('pi_1')).latestChargeId).toBe('ch_9');
  });

  it('refunds a PaymentIntent in full with the idempotency key', async () => {
    reply = () => ({
      status: 200,
      body: { id: 're_1', object: 'refund', amount: 12345, currency: 'cad', status: 'succeeded' },
    });
    expect(
      await provider().refundPayment({ paymentIntentId: 'pi_1', idempotencyKey: 'refund-tx-1' }),
    ).toEqual({
      id: 're_1',
      status: 'succeeded',
      amount: 12345,
      currency: 'CAD',
    });
    expect(recorded[0]).toMatchObject({ method: 'POST', path: '/v1/refunds', idempotencyKey: 'refund-tx-1' });
    expect(Object.fromEntries(recorded[0]?.form ?? [])).toEqual({ payment_intent: 'pi_1' });
  });

  it('transfers to the connected account funded by the charge, in the transfer group', async () => {
    reply = () => ({
      status: 200,
      body: { id: 'tr_1', object: 'transfer', amount: 11000, currency: 'cad', destination: 'acct_123' },
    });
    const transfer = await provider().createTransfer({
      amount: 11000,
      currency: 'CAD',
      destination: 'acct_123',
      sourceTransaction: 'ch_1',
      transferGroup: 'tx-1',
      idempotencyKey: 'payout-tx-1',
    });
    expect(transfer).toEqual({ id: 'tr_1', amount: 11000, currency: 'CAD', destination: 'acct_123' });
    expect(recorded[0]).toMatchObject({
      method: 'POST',
      path: '/v1/transfers',
      idempotencyKey: 'payout-tx-1',
    });
    expect(Object.fromEntries(recorded[0]?.form ?? [])).toEqual({
      amount: '11000',
      currency: 'cad',
      destination: 'acct_123',
      source_transaction: 'ch_1',
      transfer_group: 'tx-1',
    });
  });

  it("keeps Stripe's amount_too_small message and the payment intent of an error", async () => {
    reply = () => ({
      status: 400,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'amount_too_small',
          param: 'amount',
          message: 'Amount must be at least $0.50 usd',
        },
      },
    });
    const tooSmall = await provider()
      .createPaymentIntent({
        amount: 10,
        currency: 'USD',
        captureMethod: 'manual',
        transferGroup: 'tx-3',
        metadata: {},
        idempotencyKey: 'pi-tx-3',
      })
      .catch((e: unknown) => e);
    expect(tooSmall).toMatchObject({
      type: 'invalid_request_error',
      code: 'amount_too_small',
      message: 'Amount must be at least $0.50 usd',
    });
    reply = () => ({
      status: 400,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: 'This PaymentIntent could not be captured because it has a status of canceled.',
          payment_intent: { ...intent, status: 'canceled' },
        },
      },
    });
    const state = (await provider()
      .capturePaymentIntent('pi_1', 'capture-tx-1')
      .catch((e: unknown) => e)) as CardProcessorError;
    expect(state.code).toBe('payment_intent_unexpected_state');
    expect(state.options.paymentIntent).toEqual({ id: 'pi_1', status: 'canceled' });
  });
});

describe('webhook signatures', () => {
  const payload = JSON.stringify({
    id: 'evt_1',
    object: 'event',
    type: 'account.updated',
    data: { object: { id: 'acct_1' } },
  });

  it('accepts a body signed with the secret and gives the event', () => {
    const event = verifyStripeSignature(payload, signStripePayload(payload, 'whsec_a'), 'whsec_a');
    expect(event).toEqual({ id: 'evt_1', type: 'account.updated', object: { id: 'acct_1' } });
  });

  it('refuses another secret, a changed body, a stale timestamp and no header', () => {
    expect(() => verifyStripeSignature(payload, signStripePayload(payload, 'whsec_b'), 'whsec_a')).toThrow(
      WebhookSignatureError,
    );
    expect(() =>
      verifyStripeSignature(`${payload} `, signStripePayload(payload, 'whsec_a'), 'whsec_a'),
    ).toThrow(WebhookSignatureError);
    const stale = signStripePayload(payload, 'whsec_a', Math.floor(Date.now() / 1000) - 3600);
    expect(() => verifyStripeSignature(payload, stale, 'whsec_a')).toThrow(WebhookSignatureError);
    expect(() => verifyStripeSignature(payload, undefined, 'whsec_a')).toThrow(WebhookSignatureError);
  });

  it('signs and verifies exactly as the stripe SDK does (no SDK needed for webhooks)', () => {
    const sdk = new Stripe('sk_test').webhooks;
    const event = sdk.constructEvent(payload, signStripePayload(payload, 'whsec_a'), 'whsec_a');
    expect(event.id).toBe('evt_1');
    const timestamp = Math.floor(Date.now() / 1000) - 10;
    const header = sdk.generateTestHeaderString({ payload, secret: 'whsec_a', timestamp });
    expect(signStripePayload(payload, 'whsec_a', timestamp)).toBe(header);
    expect(verifyStripeSignature(payload, header, 'whsec_a').id).toBe('evt_1');
    const other = sdk.generateTestHeaderString({ payload, secret: 'whsec_b', timestamp }); // several v1: any may match
    expect(() =>
      verifyStripeSignature(payload, `${header},v1=${other.split('v1=')[1]}`, 'whsec_b'),
    ).not.toThrow();
    expect(() => sdk.constructEvent(payload, signStripePayload(payload, 'whsec_b'), 'whsec_a')).toThrow();
  });

  it('loads the SDK on the first API call only, and again after a failed load', async () => {
    let loads = 0;
    const failing = new RealCardProvider({
      secretKey: 'sk_test',
      loadSdk: async () => {
        loads += 1;
        throw new Error('not installed');
      },
    });
    expect(loads).toBe(0);
    await expect(failing.fetchAccount('acct_1')).rejects.toThrow('not installed');
    await expect(failing.fetchAccount('acct_1')).rejects.toThrow('not installed');
    expect(loads).toBe(2);
  });

  it('a client that cannot be made is forgotten too: the next call tries again', async () => {
    let loads = 0;
    const broken = new RealCardProvider({
      secretKey: 'sk_test',
      loadSdk: async () => {
        loads += 1;
        return class {
          constructor() {
            throw new Error('bad settings');
          }
        } as never;
      },
    });
    await expect(broken.fetchAccount('acct_1')).rejects.toThrow('bad settings');
    await expect(broken.fetchAccount('acct_1')).rejects.toThrow('bad settings');
    expect(loads).toBe(2);
  });

  it('the real adapter needs STRIPE_WEBHOOK_SECRET', () => {
    expect(() => provider().verifyWebhook(payload, signStripePayload(payload, 'whsec_a'))).toThrow(
      WebhookSignatureError,
    );
    const configured = new RealCardProvider({ secretKey: 'sk_test', webhookSecret: 'whsec_a' });
    expect(configured.verifyWebhook(payload, signStripePayload(payload, 'whsec_a')).id).toBe('evt_1');
  });
});
