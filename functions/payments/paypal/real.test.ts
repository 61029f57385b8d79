import { createServer, type IncomingMessage, type Server } from 'node:http';
import { Agent } from 'node:https';
import { type AddressInfo, connect } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { onboardingStatusOf, PaypalRefusal } from './port';
import { authAssertion, PaypalApiError, paypalRestAdapter, refusalOf } from './real';

// Contract tests of the real PayPal adapter: its fetch calls go to a local HTTP double of PayPal's
// REST API (PAYPAL_API_BASE_URL pointed at it), which records what is sent and answers like PayPal.

interface Recorded {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let baseUrl: string;
const recorded: Recorded[] = [];
let tokenCalls = 0;
const merchants: Record<string, unknown> = {
  MERCHANT123456: {
    merchant_id: 'MERCHANT123456',
    tracking_id: 'user-1',
    payments_receivable: true,
    primary_email_confirmed: false,
    products: [{ name: 'EXPRESS_CHECKOUT', vetting_status: 'SUBSCRIBED' }],
    oauth_integrations: [
      {
        integration_type: 'OAUTH_THIRD_PARTY',
        oauth_third_party: [
          { partner_client_id: 'P', scopes: ['https://uri.paypal.com/services/payments/realtimepayment'] },
        ],
      },
    ],
  },
};

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://double');
      recorded.push({
        method: request.method ?? '',
        path: `${url.pathname}${url.search}`,
        headers: request.headers,
        body,
      });
      const send = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      if (url.pathname === '/v1/oauth2/token') {
        tokenCalls++;
        return send(200, {
          access_token: `A21.token-${tokenCalls}`,
          token_type: 'Bearer',
          expires_in: 32400,
        });
      }
      if (request.headers.authorization?.startsWith('Bearer A21.') !== true)
        return send(401, { error: 'invalid_token' });
      if (url.pathname === '/v2/customer/partner-referrals') {
        return send(201, {
          links: [
            {
              href: 'https://api-m.sandbox.paypal.com/v2/customer/partner-referrals/ZjU',
              rel: 'self',
              method: 'GET',
            },
            {
              href: 'https://www.sandbox.paypal.com/bizsignup/partner/entry?referralToken=ZjU',
              rel: 'action_url',
              method: 'GET',
            },
          ],
        });
      }
      if (url.pathname === '/v1/customer/partners/PARTNER1/merchant-integrations') {
        return url.searchParams.get('tracking_id') === 'user-1'
          ? send(200, { merchant_id: 'MERCHANT123456', tracking_id: 'user-1' })
          : send(404, { name: 'RESOURCE_NOT_FOUND' });
      }
      const merchant = /^\/v1\/customer\/partners\/PARTNER1\/merchant-integrations\/(\w+)$/.exec(
        url.pathname,
      );
      if (merchant) {
        const found = merchants[merchant[1]!];
        return found ? send(200, found) : send(404, { name: 'RESOURCE_NOT_FOUND' });
      }
      if (url.pathname === '/v1/notifications/verify-webhook-signature') {
        const input = JSON.parse(body);
        return send(200, {
          verification_status: input.transmission_sig === 'good-signature' ? 'SUCCESS' : 'FAILURE',
        });
      }
      if (url.pathname === '/v2/checkout/orders' && request.method === 'POST') {
        return send(201, {
          id: 'ORDER1',
          status: 'CREATED',
          purchase_units: [
            {
              reference_id: 'tx-1',
              amount: { currency_code: 'USD', value: '125.50' },
              payee: { merchant_id: 'MERCHANT123456', email_address: 'seller@test.example' },
            },
          ],
          links: [
            {
              href: 'https://www.sandbox.paypal.com/checkoutnow?token=ORDER1',
              rel: 'approve',
              method: 'GET',
            },
          ],
        });
      }
      if (url.pathname === '/v2/checkout/orders/ORDER1/capture') {
        return send(201, {
          id: 'ORDER1',
          status: 'COMPLETED',
          purchase_units: [{ payments: { captures: [{ id: 'CAPTURE1', status: 'COMPLETED' }] } }],
        });
      }
      if (url.pathname === '/v2/checkout/orders/ORDER2/capture') {
        return send(422, {
          name: 'UNPROCESSABLE_ENTITY',
          message:
            'The requested action could not be performed, semantically incorrect, or failed business validation.',
          debug_id: 'd1',
          details: [
            { issue: 'ORDER_NOT_APPROVED', description: 'Payer has not yet approved the Order for payment.' },
          ],
        });
      }
      if (url.pathname === '/v2/checkout/orders/ORDER3/capture') {
        return send(503, { name: 'SERVICE_UNAVAILABLE', debug_id: 'd2' });
      }
      if (url.pathname === '/v2/checkout/orders/ORDER1')
        return send(200, {
          id: 'ORDER1',
          status: 'APPROVED',
          purchase_units: [
            {
              reference_id: 'tx-1',
              amount: { currency_code: 'USD', value: '125.50' },
              payee: { merchant_id: 'MERCHANT123456' },
            },
          ],
        });
      if (url.pathname === '/v2/payments/captures/CAPTURE1/refund') {
        return send(201, { id: 'REFUND1', status: 'COMPLETED' });
      }
      if (url.pathname === '/v2/payments/captures/CAPTURE2/refund') {
        return send(422, {
          name: 'UNPROCESSABLE_ENTITY',
          details: [
            { issue: 'CAPTURE_FULLY_REFUNDED', description: 'The capture has already been fully refunded.' },
          ],
        });
      }
      if (url.pathname === '/v2/payments/captures/CAPTURE3/refund') {
        return send(502, { name: 'BAD_GATEWAY' });
      }
      if (url.pathname.startsWith('/v2/checkout/orders/')) return send(404, { name: 'RESOURCE_NOT_FOUND' });
      if (url.pathname === '/v1/payments/referenced-payouts-items') {
        return send(200, { item_id: 'PAYOUTITEM1', processing_state: { status: 'SUCCESS' } });
      }
      return send(500, { name: 'INTERNAL_SERVER_ERROR' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  recorded.length = 0;
});

function adapter() {
  return paypalRestAdapter({
    clientId: 'client-id',
    clientSecret: 'client-secret',
    partnerId: 'PARTNER1',
    webhookId: 'WEBHOOK1',
    baseUrl,
    attributionId: 'VELO_BN',
  });
}

describe('real PayPal adapter against a PayPal double', () => {
  it('gets an OAuth token with the client credentials once and sends it as a bearer', async () => {
    const paypal = adapter();
    await paypal.merchantIdByTrackingId('user-1');
    await paypal.merchantIdByTrackingId('user-1');
    const tokens = recorded.filter((call) => call.path === '/v1/oauth2/token');
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.method).toBe('POST');
    expect(tokens[0]!.headers.authorization).toBe(
      `Basic ${Buffer.from('client-id:client-secret').toString('base64')}`,
    );
    expect(tokens[0]!.body).toBe('grant_type=client_credentials');
    const calls = recorded.filter((call) => call.path !== '/v1/oauth2/token');
    for (const call of calls) expect(call.headers.authorization).toMatch(/^Bearer A21\.token-\d+$/);
  });

  it('creates a partner referral with tracking id, operations, products, legal consents, return URL and an idempotency key', async () => {
    const { links } = await adapter().createPartnerReferral({
      trackingId: 'user-1',
      returnUrl: 'https://www.veloexchange.com/account/paypal?returnURLType=success',
      email: 'seller@test.example',
      requestId: 'referral-abc',
    });
    expect(links.find((link) => link.rel === 'action_url')?.href).toContain('bizsignup');
    const call = recorded.find((entry) => entry.path === '/v2/customer/partner-referrals')!;
    expect(call.method).toBe('POST');
    expect(call.headers['paypal-request-id']).toBe('referral-abc');
    expect(call.headers['paypal-partner-attribution-id']).toBe('VELO_BN');
    expect(call.headers['content-type']).toBe('application/json');
    expect(JSON.parse(call.body)).toEqual({
      email: 'seller@test.example',
      tracking_id: 'user-1',
      partner_config_override: {
        return_url: 'https://www.veloexchange.com/account/paypal?returnURLType=success',
      },
      operations: [
        {
          operation: 'API_INTEGRATION',
          api_integration_preference: {
            rest_api_integration: {
              integration_method: 'PAYPAL',
              integration_type: 'THIRD_PARTY',
              third_party_details: {
                features: ['PAYMENT', 'REFUND', 'PARTNER_FEE', 'DELAY_FUNDS_DISBURSEMENT'],
              },
            },
          },
        },
      ],
      products: ['EXPRESS_CHECKOUT'],
      legal_consents: [{ type: 'SHARE_DATA_CONSENT', granted: true }],
    });
  });

  it('finds the merchant by tracking id (none → undefined) and reads its status into the five flags', async () => {
    const paypal = adapter();
    expect(await paypal.merchantIdByTrackingId('user-1')).toBe('MERCHANT123456');
    expect(await paypal.merchantIdByTrackingId('nobody')).toBeUndefined();
    expect(recorded.map((call) => call.path)).toContain(
      '/v1/customer/partners/PARTNER1/merchant-integrations?tracking_id=user-1',
    );
    const integration = await paypal.merchantStatus('MERCHANT123456');
    expect(recorded.at(-1)).toMatchObject({
      method: 'GET',
      path: '/v1/customer/partners/PARTNER1/merchant-integrations/MERCHANT123456',
    });
    expect(onboardingStatusOf(integration)).toEqual({
      paypalOnboarded: true,
      isPaymentsReceivable: true,
      isPrimaryEmailValidated: false,
      isExpressCheckoutActive: true,
      hasOAuthPermissions: true,
    });
    expect(await paypal.merchantStatus('UNKNOWN')).toBeUndefined();
    expect(onboardingStatusOf(undefined).paypalOnboarded).toBe(false);
  });

  it("verifies webhooks with PayPal's verify-webhook-signature (headers, webhook id, the event)", async () => {
    const paypal = adapter();
    const event = { id: 'WH-1', event_type: 'MERCHANT.ONBOARDING.COMPLETED', resource: { merchant_id: 'M' } };
    const headers = {
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-1',
      'paypal-transmission-id': 'T-1',
      'paypal-transmission-sig': 'good-signature',
      'paypal-transmission-time': '2026-11-22T02:00:00Z',
    };
    expect(await paypal.verifyWebhook(JSON.stringify(event), headers)).toBe(true);
    const call = recorded.find((entry) => entry.path === '/v1/notifications/verify-webhook-signature')!;
    expect(JSON.parse(call.body)).toEqual({
      auth_algo: 'SHA256withRSA',
      cert_url: 'https://api.paypal.com/v1/notifications/certs/CERT-1',
      transmission_id: 'T-1',
      transmission_sig: 'good-signature',
      transmission_time: '2026-11-22T02:00:00Z',
      webhook_id: 'WEBHOOK1',
      webhook_event: event,
    });
    expect(
      await paypal.verifyWebhook(JSON.stringify(event), { ...headers, 'paypal-transmission-sig': 'forged' }),
    ).toBe(false);
    expect(await paypal.verifyWebhook('not json', headers)).toBe(false);
    expect(await paypal.verifyWebhook('{}', {})).toBe(false);
  });

  it('disburses a capture as a referenced payout with an idempotency key', async () => {
    expect(await adapter().disburse({ captureId: 'CAPTURE1', requestId: 'disburse-tx1' })).toEqual({
      disbursementId: 'PAYOUTITEM1',
      status: 'SUCCESS',
    });
    const call = recorded.find((entry) => entry.path === '/v1/payments/referenced-payouts-items')!;
    expect(call.headers['paypal-request-id']).toBe('disburse-tx1');
    expect(JSON.parse(call.body)).toEqual({ reference_id: 'CAPTURE1', reference_type: 'TRANSACTION_ID' });
  });

  it('loads the SDK for order calls only, once, and again after a failed load', async () => {
    let loads = 0;
    const paypal = paypalRestAdapter({
      clientId: 'client-id',
      clientSecret: 'client-secret',
      partnerId: 'PARTNER1',
      webhookId: 'WEBHOOK1',
      baseUrl,
      loadSdk: async () => {
        loads += 1;
        throw new Error('not installed');
      },
    });
    await paypal.disburse({ captureId: 'CAPTURE1', requestId: 'disburse-tx2' }); // REST: no SDK
    expect(loads).toBe(0);
    await expect(paypal.getOrder('ORDER1')).rejects.toThrow('not installed');
    await expect(paypal.captureOrder('ORDER1', 'capture-1')).rejects.toThrow('not installed');
    expect(loads).toBe(2);
  });

  it('creates, reads and captures orders through the SDK: payee, amounts, platform fee, idempotency keys', async () => {
    // The SDK has no base URL setting: its HTTPS agent hands it plain sockets to the double.
    const agent = new Agent();
    Object.assign(agent, { createConnection: () => connect(Number(new URL(baseUrl).port), '127.0.0.1') });
    const paypal = paypalRestAdapter({
      clientId: 'client-id',
      clientSecret: 'client-secret',
      partnerId: 'PARTNER1',
      webhookId: 'WEBHOOK1',
      baseUrl: 'https://api-m.sandbox.paypal.com',
      sdkHttpsAgent: agent,
    });
    const order = await paypal.createOrder({
      referenceId: 'tx-1',
      payeeMerchantId: 'MERCHANT123456',
      itemTotal: { currency_code: 'USD', value: '120.00' },
      shipping: { currency_code: 'USD', value: '5.50' },
      platformFee: { currency_code: 'USD', value: '12.00' },
      requestId: 'create-tx-1',
    });
    expect(order).toEqual({
      id: 'ORDER1',
      status: 'CREATED',
      referenceId: 'tx-1',
      amount: { currency_code: 'USD', value: '125.50' },
      payeeMerchantId: 'MERCHANT123456',
      links: [
        { href: 'https://www.sandbox.paypal.com/checkoutnow?token=ORDER1', rel: 'approve', method: 'GET' },
      ],
    });
    const create = recorded.find((entry) => entry.path === '/v2/checkout/orders')!;
    expect(create.headers['paypal-request-id']).toBe('create-tx-1');
    expect(create.headers.prefer).toBe('return=representation');
    expect(create.headers.authorization).toMatch(/^Bearer A21\./);
    expect(JSON.parse(create.body)).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: 'tx-1',
          custom_id: 'tx-1',
          payee: { merchant_id: 'MERCHANT123456' },
          amount: {
            currency_code: 'USD',
            value: '125.50',
            breakdown: {
              item_total: { currency_code: 'USD', value: '120.00' },
              shipping: { currency_code: 'USD', value: '5.50' },
            },
          },
          payment_instruction: {
            platform_fees: [{ amount: { currency_code: 'USD', value: '12.00' } }],
            disbursement_mode: 'DELAYED',
          },
        },
      ],
    });
    expect(await paypal.getOrder('ORDER1')).toEqual({
      id: 'ORDER1',
      status: 'APPROVED',
      referenceId: 'tx-1',
      amount: { currency_code: 'USD', value: '125.50' },
      payeeMerchantId: 'MERCHANT123456',
    });
    expect(await paypal.getOrder('MISSING')).toBeUndefined();
    expect(await paypal.captureOrder('ORDER1', 'capture-tx-1')).toMatchObject({
      status: 'COMPLETED',
      captureId: 'CAPTURE1',
    });
    const capture = recorded.find((entry) => entry.path === '/v2/checkout/orders/ORDER1/capture')!;
    expect(capture.headers['paypal-request-id']).toBe('capture-tx-1');

    // A business refusal is definite (PaypalRefusal with the issue); a 5xx stays ambiguous.
    const refused = await paypal.captureOrder('ORDER2', 'capture-tx-2').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PaypalRefusal);
    expect(refused).toMatchObject({
      issue: 'ORDER_NOT_APPROVED',
      statusCode: 422,
      message: 'Payer has not yet approved the Order for payment.',
    });
    const unavailable = await paypal.captureOrder('ORDER3', 'capture-tx-3').catch((error: unknown) => error);
    expect(unavailable).not.toBeInstanceOf(PaypalRefusal);
    expect(unavailable).toMatchObject({ statusCode: 503 });
  });

  it('refunds a capture in full for the merchant: PayPal-Request-Id and an unsigned PayPal-Auth-Assertion', async () => {
    const paypal = adapter();
    expect(
      await paypal.refundCapture({
        captureId: 'CAPTURE1',
        payeeMerchantId: 'MERCHANT123456',
        requestId: 'refund-tx-1',
      }),
    ).toEqual({ refundId: 'REFUND1', status: 'COMPLETED' });
    const call = recorded.find((entry) => entry.path === '/v2/payments/captures/CAPTURE1/refund')!;
    expect(call.method).toBe('POST');
    expect(call.headers['paypal-request-id']).toBe('refund-tx-1');
    expect(call.headers.authorization).toMatch(/^Bearer A21\./);
    expect(JSON.parse(call.body)).toEqual({});
    const assertion = String(call.headers['paypal-auth-assertion']);
    const [header, payload, signature] = assertion.split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({ alg: 'none' });
    expect(JSON.parse(Buffer.from(payload!, 'base64url').toString())).toEqual({
      iss: 'client-id',
      payer_id: 'MERCHANT123456',
    });
    expect(signature).toBe('');
    expect(assertion).toBe(authAssertion('client-id', 'MERCHANT123456'));
    expect(assertion).not.toMatch(/[=+/]/);

    const refused = await paypal
      .refundCapture({ captureId: 'CAPTURE2', payeeMerchantId: 'M', requestId: 'refund-tx-2' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PaypalRefusal);
    expect(refused).toMatchObject({ issue: 'CAPTURE_FULLY_REFUNDED', statusCode: 422 });
    const ambiguous = await paypal
      .refundCapture({ captureId: 'CAPTURE3', payeeMerchantId: 'M', requestId: 'refund-tx-3' })
      .catch((error: unknown) => error);
    expect(ambiguous).toBeInstanceOf(PaypalApiError);
    expect(ambiguous).toMatchObject({ status: 502 });
  });

  it('reads refusals from PayPal error bodies: 400/403/404/422 only', () => {
    expect(
      refusalOf(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'INSTRUMENT_DECLINED' }] }),
    ).toMatchObject({ issue: 'INSTRUMENT_DECLINED', statusCode: 422 });
    expect(refusalOf(400, { name: 'INVALID_REQUEST', message: 'Bad.' })).toMatchObject({
      issue: 'INVALID_REQUEST',
      message: 'Bad.',
    });
    expect(refusalOf(403, undefined)).toMatchObject({ issue: 'HTTP_403', statusCode: 403 });
    for (const status of [401, 408, 409, 429, 500, 503])
      expect(refusalOf(status, { name: 'X' })).toBeUndefined();
  });

  it('turns PayPal errors into PaypalApiError with the status', async () => {
    const paypal = paypalRestAdapter({
      clientId: 'client-id',
      clientSecret: 'client-secret',
      partnerId: 'OTHER',
      webhookId: 'W',
      baseUrl,
    });
    await expect(paypal.merchantStatus('X')).rejects.toMatchObject({ status: 500 });
  });
});
