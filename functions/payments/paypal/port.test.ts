import { describe, expect, it } from 'vitest';
import { paypalPayoutReady, paypalStateOf } from '../../accounts/user-record';
import { onboardingStatusOf, partnerReferralBody } from './port';
import { hmacHex, safeEqualHex, signOnboarding, verifyOnboarding } from './simulated-signature';

const integration = {
  merchant_id: 'M1',
  payments_receivable: true,
  primary_email_confirmed: true,
  products: [{ name: 'EXPRESS_CHECKOUT', vetting_status: 'SUBSCRIBED' }],
  oauth_integrations: [{ integration_type: 'OAUTH_THIRD_PARTY', oauth_third_party: [{ scopes: ['s'] }] }],
};

describe('onboardingStatusOf', () => {
  it('reads the five flags from PayPal’s merchant integration', () => {
    expect(onboardingStatusOf(integration)).toEqual({
      paypalOnboarded: true,
      isPaymentsReceivable: true,
      isPrimaryEmailValidated: true,
      isExpressCheckoutActive: true,
      hasOAuthPermissions: true,
    });
  });
  it('is not onboarded without granted scopes, and express checkout is off when denied', () => {
    expect(
      onboardingStatusOf({
        ...integration,
        products: [{ name: 'EXPRESS_CHECKOUT', status: 'DENIED' }],
        oauth_integrations: [{ integration_type: 'OAUTH_THIRD_PARTY', oauth_third_party: [{ scopes: [] }] }],
      }),
    ).toMatchObject({ paypalOnboarded: false, hasOAuthPermissions: false, isExpressCheckoutActive: false });
  });
});

describe('partnerReferralBody', () => {
  it('leaves the e-mail out when unknown', () => {
    const body = partnerReferralBody({ trackingId: 't', returnUrl: 'https://x/r', requestId: 'r' });
    expect(body).not.toHaveProperty('email');
    expect(body.tracking_id).toBe('t');
  });
});

describe('simulated signatures', () => {
  it('accepts only the exact HMAC', () => {
    const sig = hmacHex('{"a":1}');
    expect(safeEqualHex(sig, sig)).toBe(true);
    expect(safeEqualHex(sig, sig.toUpperCase())).toBe(true);
    expect(safeEqualHex(sig, hmacHex('{"a":2}'))).toBe(false);
    expect(safeEqualHex(sig, 'zz')).toBe(false);
    expect(safeEqualHex(sig, undefined)).toBe(false);
  });
  it('binds an onboarding link to its tracking id, return path and expiry', () => {
    const now = 1_800_000_000;
    const grant = { trackingId: 'u1', returnPath: '/account/paypal', expires: now + 60 };
    const fields = { trackingId: 'u1', returnUrl: '/account/paypal', expires: String(now + 60) };
    const sig = signOnboarding(grant);
    expect(verifyOnboarding({ ...fields, sig }, now)).toEqual(grant);
    expect(verifyOnboarding({ ...fields, trackingId: 'u2', sig }, now)).toBeUndefined();
    expect(
      verifyOnboarding({ ...fields, returnUrl: '//evil.example/account/paypal', sig }, now),
    ).toBeUndefined();
    expect(verifyOnboarding({ ...fields, expires: String(now + 10 ** 9), sig }, now)).toBeUndefined();
    expect(verifyOnboarding({ ...fields, expires: '', sig }, now)).toBeUndefined();
    expect(verifyOnboarding(fields, now)).toBeUndefined();
    // Signed, but its time is over.
    expect(verifyOnboarding({ ...fields, sig }, now + 61)).toBe('expired');
  });
});

describe('paypalStateOf / paypalPayoutReady', () => {
  it('gives the view without the storage time, and readiness needs onboarded + receivable + linked', () => {
    expect(paypalStateOf(undefined)).toBeUndefined();
    expect(paypalStateOf({})).toBeUndefined();
    const state = { merchantId: 'M1', paypalOnboarded: true, isPaymentsReceivable: true, updatedAt: 'x' };
    expect(paypalStateOf({ paypal: state })).toEqual({
      merchantId: 'M1',
      paypalOnboarded: true,
      isPaymentsReceivable: true,
    });
    expect(paypalPayoutReady(state)).toBe(true);
    expect(paypalPayoutReady({ ...state, paypalOffboarded: true })).toBe(false);
    expect(paypalPayoutReady({ ...state, isPaymentsReceivable: false })).toBe(false);
    expect(paypalPayoutReady({ ...state, merchantId: null })).toBe(false);
    expect(paypalPayoutReady(undefined)).toBe(false);
  });
});

describe('paypalRuntimeConfig', () => {
  it('is live only with a client id and a secret', async () => {
    const { paypalRuntimeConfig } = await import('./runtime-config');
    expect(paypalRuntimeConfig({})).toEqual({ mode: 'simulated' });
    expect(paypalRuntimeConfig({ PAYPAL_CLIENT_ID: 'id' })).toEqual({ mode: 'simulated' });
    expect(paypalRuntimeConfig({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET_REF: 'arn' })).toEqual({
      mode: 'live',
      clientId: 'id',
    });
  });
});
