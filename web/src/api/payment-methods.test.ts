import { describe, expect, it } from 'vitest';
import {
  createSetupIntent,
  deletePaymentMethod,
  getPaypalMerchantId,
  getPaypalOnboardingLinks,
  getPaypalOnboardingStatus,
  markMissingInformationSeen,
  offboardPaypal,
  savePaymentMethod,
} from './payment-methods';

/** A fake fetch answering `body` with `status`, recording the calls. */
function fakeFetch(body: unknown, status = 200) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    calls.push({
      url,
      method: String(init.method),
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    });
    return new Response(body === undefined ? null : JSON.stringify(body), { status });
  }) as unknown as typeof fetch;
  return { calls, options: { fetch: fetchImpl, token: null } };
}

describe('payment methods API', () => {
  it('creates a setup intent, saves and deletes the card', async () => {
    const intent = fakeFetch({ data: { setupIntentId: 'seti_1', clientSecret: 'seti_1_secret_x' } }, 201);
    expect(await createSetupIntent(intent.options)).toEqual({
      setupIntentId: 'seti_1',
      clientSecret: 'seti_1_secret_x',
    });
    expect(intent.calls[0]).toMatchObject({ url: '/api/stripe/setup-intents', method: 'POST' });

    const card = {
      stripePaymentMethodId: 'pm_1',
      brand: 'visa',
      last4Digits: '4242',
      expirationMonth: 4,
      expirationYear: 2030,
    };
    const save = fakeFetch({ data: card });
    expect(await savePaymentMethod({ stripePaymentMethodId: 'pm_1' }, save.options)).toEqual(card);
    expect(save.calls[0]).toEqual({
      url: '/api/me/payment-method',
      method: 'PUT',
      body: { stripePaymentMethodId: 'pm_1' },
    });

    const remove = fakeFetch(undefined, 204);
    await deletePaymentMethod(remove.options);
    expect(remove.calls[0]).toMatchObject({ url: '/api/me/payment-method', method: 'DELETE' });
  });

  it('marks the missing-information modal seen', async () => {
    const patch = fakeFetch({ data: { id: 'u1' } });
    await markMissingInformationSeen(patch.options);
    expect(patch.calls[0]).toEqual({
      url: '/api/me',
      method: 'PATCH',
      body: { seenMissingInformation: true },
    });
  });

  it('calls the PayPal endpoints of the spec', async () => {
    const links = fakeFetch({ links: [{ href: 'https://paypal.test/x', rel: 'action_url' }] });
    expect(await getPaypalOnboardingLinks('u1', links.options)).toEqual([
      { href: 'https://paypal.test/x', rel: 'action_url' },
    ]);
    expect(links.calls[0]).toEqual({
      url: '/api/get-paypal-onboarding-link',
      method: 'POST',
      body: { trackingId: 'u1' },
    });

    const merchant = fakeFetch({ merchant_id: 'M1' });
    expect(await getPaypalMerchantId('u1', merchant.options)).toBe('M1');
    expect(merchant.calls[0]?.body).toEqual({ trackingId: 'u1' });

    const flags = {
      paypalOnboarded: true,
      isPaymentsReceivable: true,
      isPrimaryEmailValidated: true,
      isExpressCheckoutActive: true,
      hasOAuthPermissions: true,
    };
    const status = fakeFetch(flags);
    expect(await getPaypalOnboardingStatus('M1', status.options)).toEqual(flags);
    expect(status.calls[0]).toEqual({
      url: '/api/get-paypal-onboarding-status',
      method: 'POST',
      body: { merchantId: 'M1', updateUserMaybe: true },
    });
    // The same answer wrapped in `data` is read too.
    expect(await getPaypalOnboardingStatus('M1', fakeFetch({ data: flags }).options)).toEqual(flags);

    const offboard = fakeFetch(undefined, 204);
    await offboardPaypal(offboard.options);
    expect(offboard.calls[0]).toMatchObject({ url: '/api/paypal/offboard', method: 'POST' });
  });
});
