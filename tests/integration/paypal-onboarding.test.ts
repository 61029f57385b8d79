import { beforeAll, describe, expect, it } from 'vitest';
import { getUser } from '../../functions/accounts/repository';
import { paypalStateOf } from '../../functions/accounts/user-record';
import { hmacHex, simulatedSignatureHeader } from '../../functions/payments/paypal/simulated-signature';
import { api, errorOf, signUp, type TestAccount, testCloud } from './accounts';

// PayPal onboarding against the local cloud, which has no PayPal keys: the simulated PayPal (state in
// the table, webhooks signed with its own secret) stands in for PayPal.

let url: string;
beforeAll(() => {
  ({ url } = testCloud());
});

async function onboardingLink(account: TestAccount): Promise<URL> {
  const response = await api('POST', '/api/get-paypal-onboarding-link', {
    token: account.accessToken,
    body: { trackingId: account.user.id },
  });
  expect(response.status).toBe(200);
  const action = response.body.links.find((link: { rel: string }) => link.rel === 'action_url');
  expect(action).toMatchObject({ rel: 'action_url', method: 'GET' });
  return new URL(action.href);
}

/** Opens the simulated PayPal page and submits its form as the browser would. */
async function onboard(account: TestAccount, extra: Record<string, string> = {}): Promise<URL> {
  const link = await onboardingLink(account);
  const page = await fetch(`${url}${link.pathname}${link.search}`);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('Agree and connect');
  expect(html).toContain('Cancel');
  const form = new URLSearchParams({
    trackingId: link.searchParams.get('trackingId')!,
    returnUrl: link.searchParams.get('returnUrl')!,
    expires: link.searchParams.get('expires')!,
    sig: link.searchParams.get('sig')!,
    action: 'agree',
    ...extra,
  });
  const answer = await fetch(`${url}/api/simulated-paypal/onboarding`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
    redirect: 'manual',
  });
  expect(answer.status).toBe(303);
  return new URL(answer.headers.get('location')!);
}

function webhook(body: object, signature?: string) {
  const raw = JSON.stringify(body);
  return fetch(`${url}/api/webhooks/paypal`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [simulatedSignatureHeader]: signature ?? hmacHex(raw) },
    body: raw,
  });
}

describe('PayPal onboarding (simulated)', () => {
  it('links a seller: link → simulated PayPal → return → merchant id → status stored with the five flags', async () => {
    const account = await signUp();
    const back = await onboard(account);
    expect(back.origin).toBe(new URL(url).origin);
    expect(back.pathname).toBe('/account/paypal');
    expect(back.searchParams.get('returnURLType')).toBe('success');
    expect(back.searchParams.get('permissionsGranted')).toBe('true');
    expect(back.searchParams.get('accountStatus')).toBe('BUSINESS_ACCOUNT');
    const merchantIdInPayPal = back.searchParams.get('merchantIdInPayPal');
    expect(merchantIdInPayPal).toMatch(/^[A-Z0-9]{13}$/);

    const id = await api('POST', '/api/get-paypal-merchant-id', {
      token: account.accessToken,
      body: { trackingId: account.user.id },
    });
    expect(id).toEqual({ status: 200, body: { merchant_id: merchantIdInPayPal } });

    const status = await api('POST', '/api/get-paypal-onboarding-status', {
      token: account.accessToken,
      body: { merchantId: merchantIdInPayPal, updateUserMaybe: true },
    });
    expect(status.status).toBe(200);
    const flags = {
      paypalOnboarded: true,
      isPaymentsReceivable: true,
      isPrimaryEmailValidated: true,
      isExpressCheckoutActive: true,
      hasOAuthPermissions: true,
    };
    expect(status.body).toEqual(flags);
    expect(paypalStateOf(await getUser(account.user.id))).toEqual({
      trackingId: account.user.id,
      merchantId: merchantIdInPayPal,
      paypalOffboarded: false,
      requestOnboardingLinks: false,
      ...flags,
    });
    // The one gating fact and the current user's PayPal state.
    expect((await getUser(account.user.id))?.payoutReady).toBe(true);
    const me = await api('GET', '/api/me', { token: account.accessToken });
    expect(me.body.data.payments).toMatchObject({
      payoutReady: true,
      paypal: { merchantId: merchantIdInPayPal, paypalOnboarded: true },
    });
  });

  it('shows an unconfirmed e-mail and a restricted account as PayPal reports them', async () => {
    const account = await signUp();
    const back = await onboard(account, { emailUnconfirmed: 'true', paymentsNotReceivable: 'true' });
    expect(back.searchParams.get('isEmailConfirmed')).toBe('false');
    const status = await api('POST', '/api/get-paypal-onboarding-status', {
      token: account.accessToken,
      body: { merchantId: back.searchParams.get('merchantIdInPayPal'), updateUserMaybe: true },
    });
    expect(status.body).toMatchObject({
      isPrimaryEmailValidated: false,
      isPaymentsReceivable: false,
      hasOAuthPermissions: true,
    });
    // The webhook of the simulated onboarding already stored the same flags.
    expect((await getUser(account.user.id))?.paypal).toMatchObject({ isPrimaryEmailValidated: false });
  });

  it('cancel returns without a merchant', async () => {
    const account = await signUp();
    const link = await onboardingLink(account);
    const answer = await fetch(`${url}/api/simulated-paypal/onboarding`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...Object.fromEntries(link.searchParams), action: 'cancel' }),
      redirect: 'manual',
    });
    expect(answer.status).toBe(303);
    const back = new URL(answer.headers.get('location')!);
    expect(back.searchParams.get('permissionsGranted')).toBe('false');
    expect(back.searchParams.has('merchantIdInPayPal')).toBe(false);
    const id = await api('POST', '/api/get-paypal-merchant-id', { token: account.accessToken, body: {} });
    expect(id.body).toEqual({ merchant_id: null });
  });

  it('offboarding stores paypalOffboarded and clears the merchant', async () => {
    const account = await signUp();
    const merchantId = (await onboard(account)).searchParams.get('merchantIdInPayPal');
    const answer = await api('POST', '/api/paypal/offboard', { token: account.accessToken });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      paypalOffboarded: true,
      merchantId: null,
      paypalOnboarded: false,
    });
    const stored = await getUser(account.user.id);
    expect(stored?.paypal).toMatchObject({ paypalOffboarded: true, merchantId: null });
    expect(stored?.payoutReady).toBe(false);
    expect(merchantId).toBeTruthy();
  });

  it("refuses another user's tracking id and merchant (403) and a foreign return URL (400)", async () => {
    const [owner, other] = await Promise.all([signUp(), signUp()]);
    const merchantId = (await onboard(owner)).searchParams.get('merchantIdInPayPal');
    for (const path of ['/api/get-paypal-onboarding-link', '/api/get-paypal-merchant-id']) {
      const response = await api('POST', path, {
        token: other.accessToken,
        body: { trackingId: owner.user.id },
      });
      expect(response.status, path).toBe(403);
      expect(errorOf(response.body).code).toBe('forbidden');
    }
    const status = await api('POST', '/api/get-paypal-onboarding-status', {
      token: other.accessToken,
      body: { merchantId, updateUserMaybe: true },
    });
    expect(status.status).toBe(403);
    const foreign = await api('POST', '/api/get-paypal-onboarding-link', {
      token: other.accessToken,
      body: { trackingId: other.user.id, returnUrl: 'https://evil.example/steal' },
    });
    expect(foreign.status).toBe(400);
    // A tampered onboarding link is refused by the simulated PayPal.
    const link = await onboardingLink(other);
    link.searchParams.set('returnUrl', 'https://evil.example/steal');
    expect((await fetch(`${url}${link.pathname}${link.search}`)).status).toBe(400);
  });

  it('needs a signed-in user', async () => {
    expect((await api('POST', '/api/get-paypal-onboarding-link', { body: {} })).status).toBe(401);
  });
});

describe('POST /api/webhooks/paypal', () => {
  it('answers 400 to a wrong signature and changes nothing', async () => {
    const account = await signUp();
    const merchantId = (await onboard(account)).searchParams.get('merchantIdInPayPal');
    const response = await webhook(
      {
        id: `WH-${crypto.randomUUID()}`,
        event_type: 'MERCHANT.PARTNER-CONSENT.REVOKED',
        resource: { merchant_id: merchantId },
      },
      'deadbeef',
    );
    expect(response.status).toBe(400);
    // The same answer as Stripe's webhook gives (stripe-payouts.test.ts).
    expect(errorOf(await response.json())).toMatchObject({
      code: 'validation-invalid-value',
      title: 'The webhook signature is not valid.',
    });
    expect((await getUser(account.user.id))?.paypal?.hasOAuthPermissions).toBe(true);
  });

  it('applies the same event once: a replay changes nothing', async () => {
    const account = await signUp();
    const merchantId = (await onboard(account)).searchParams.get('merchantIdInPayPal');
    const event = {
      id: `WH-${crypto.randomUUID()}`,
      event_type: 'MERCHANT.PARTNER-CONSENT.REVOKED',
      resource: { merchant_id: merchantId, tracking_id: account.user.id },
    };
    const first = await webhook(event);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ outcome: 'processed' });
    const afterFirst = await getUser(account.user.id);
    expect(afterFirst?.paypal).toMatchObject({ hasOAuthPermissions: false, paypalOnboarded: false });

    const again = await webhook(event);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ outcome: 'duplicate' });
    expect((await getUser(account.user.id))?.paypal).toEqual(afterFirst?.paypal);
  });
});

describe('simulated PayPal orders and payouts (for the orders issue)', () => {
  it('creates, reads and captures an order once, and disburses a capture once', async () => {
    const { simulatedPaypalAdapter } = await import('../../functions/payments/paypal/simulated');
    const paypal = simulatedPaypalAdapter();
    const order = await paypal.createOrder({
      referenceId: crypto.randomUUID(),
      payeeMerchantId: 'MERCHANT00001',
      itemTotal: { currency_code: 'USD', value: '120.00' },
      shipping: { currency_code: 'USD', value: '5.50' },
      requestId: 'create-1',
    });
    expect(order.status).toBe('CREATED');
    expect(await paypal.getOrder(order.id)).toMatchObject({ id: order.id, status: 'CREATED' });
    await paypal.approveOrder(order.id);
    const captured = await paypal.captureOrder(order.id, 'capture-1');
    expect(captured).toMatchObject({ status: 'COMPLETED', captureId: expect.stringMatching(/^SIMCAPTURE/) });
    expect(await paypal.captureOrder(order.id, 'capture-1')).toEqual(captured);
    expect(await paypal.getOrder('NOPE')).toBeUndefined();
    const payout = await paypal.disburse({ captureId: captured.captureId!, requestId: 'd-1' });
    expect(await paypal.disburse({ captureId: captured.captureId!, requestId: 'd-1' })).toEqual(payout);
  });
});
