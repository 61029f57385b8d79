import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../api/client';
import {
  CardProviderError,
  cardProviderFor,
  chooseCardProvider,
  createLiveCardProvider,
  createSimulatedCardProvider,
  normaliseProviderError,
  setupIntentIdFromSecret,
} from './card-provider';

vi.mock('../auth/token', () => ({ getAccessToken: async () => 'token-1' }));

const stripeJs = vi.hoisted(() => ({
  confirmCardPayment: vi.fn(),
  mount: vi.fn(),
}));
vi.mock('@stripe/stripe-js', () => ({
  loadStripe: async () => ({
    confirmCardPayment: stripeJs.confirmCardPayment,
    elements: () => ({ create: () => ({ mount: stripeJs.mount, destroy: () => undefined }) }),
  }),
}));

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('choosing the card provider client', () => {
  it('uses the simulated client in simulated mode', () => {
    expect(
      chooseCardProvider({
        stripe: { mode: 'simulated', publishableKey: 'pk_simulated' },
        paypal: { mode: 'simulated' },
      }),
    ).toEqual({
      ok: true,
      mode: 'simulated',
      publishableKey: 'pk_simulated',
    });
    expect(cardProviderFor({ stripe: { mode: 'simulated' }, paypal: { mode: 'simulated' } })?.mode).toBe(
      'simulated',
    );
  });

  it('uses Stripe.js in live mode with a publishable key', () => {
    expect(
      chooseCardProvider({ stripe: { mode: 'live', publishableKey: 'pk_test_1' }, paypal: { mode: 'live' } }),
    ).toEqual({
      ok: true,
      mode: 'live',
      publishableKey: 'pk_test_1',
    });
    expect(
      cardProviderFor({ stripe: { mode: 'live', publishableKey: 'pk_test_1' }, paypal: { mode: 'live' } })
        ?.mode,
    ).toBe('live');
  });

  it('reports the missing key without payments or in live mode without a key', () => {
    expect(chooseCardProvider(undefined)).toEqual({ ok: false, reason: 'missing-publishable-key' });
    expect(chooseCardProvider({ stripe: { mode: 'live' }, paypal: { mode: 'live' } })).toEqual({
      ok: false,
      reason: 'missing-publishable-key',
    });
    expect(
      chooseCardProvider({ stripe: { mode: 'live', publishableKey: '' }, paypal: { mode: 'live' } }).ok,
    ).toBe(false);
    expect(cardProviderFor(undefined)).toBeNull();
  });
});

describe('the simulated client', () => {
  it('asks the API for a bank-account token with the cleaned fields', async () => {
    const fetchImpl = vi.fn(async () => jsonResponse(201, { data: { id: 'btok_1' } }));
    const provider = createSimulatedCardProvider(fetchImpl as unknown as typeof fetch);
    const token = await provider.createBankAccountToken({
      country: 'CA',
      currency: 'CAD',
      fields: { transitNumber: '11000', institutionNumber: '000', accountNumber: '000123456789' },
    });
    expect(token).toBe('btok_1');
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/simulated-stripe/tokens');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer token-1');
    expect(JSON.parse(String(init.body))).toEqual({
      kind: 'bank_account',
      country: 'CA',
      currency: 'CAD',
      fields: { transitNumber: '11000', institutionNumber: '000', accountNumber: '000123456789' },
    });
  });

  it('asks for an account token with the business type and the terms accepted', async () => {
    const fetchImpl = vi.fn(async () => jsonResponse(201, { data: { id: 'ct_1' } }));
    const provider = createSimulatedCardProvider(fetchImpl as unknown as typeof fetch);
    expect(await provider.createAccountToken({ businessType: 'company', tosShownAndAccepted: true })).toBe(
      'ct_1',
    );
    const [, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({
      kind: 'account',
      businessType: 'company',
      tosShownAndAccepted: true,
    });
  });

  it('normalises the API error body and the provider error shape', async () => {
    const apiBody = {
      errors: [
        {
          id: 'r1',
          status: 400,
          code: 'validation-invalid-params',
          title: 'Bad',
          meta: { stripeMessage: 'Invalid routing number' },
        },
      ],
    };
    const provider = createSimulatedCardProvider((async () =>
      jsonResponse(400, apiBody)) as unknown as typeof fetch);
    const failure = await provider
      .createBankAccountToken({ country: 'CA', currency: 'CAD', fields: {} })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CardProviderError);
    expect(failure).toMatchObject({
      type: 'invalid_request_error',
      code: 'validation-invalid-params',
      message: 'Invalid routing number',
    });

    const cardBody = { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' };
    const cards = createSimulatedCardProvider((async () =>
      jsonResponse(402, cardBody)) as unknown as typeof fetch);
    const declined = await cards
      .confirmCardSetup('seti_1_secret_x', {
        card: { number: '4000000000000002', expMonth: 1, expYear: 2030, cvc: '123' },
      })
      .catch((error: unknown) => error);
    expect(declined).toMatchObject(cardBody);
  });

  it('confirms a setup intent by the id inside its client secret', async () => {
    const fetchImpl = vi.fn(async () =>
      jsonResponse(200, { data: { paymentMethodId: 'pm_1', status: 'succeeded' } }),
    );
    const provider = createSimulatedCardProvider(fetchImpl as unknown as typeof fetch);
    const card = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };
    expect(await provider.confirmCardSetup('seti_123_secret_abc', { card })).toEqual({
      paymentMethodId: 'pm_1',
    });
    expect((fetchImpl.mock.calls[0] as unknown as [string])[0]).toBe(
      '/api/simulated-stripe/setup-intents/seti_123/confirm',
    );
  });
});

describe('confirming an order payment', () => {
  const card = { number: '4000002500003155', expMonth: 12, expYear: 2030, cvc: '123' };

  it('simulated: posts a saved card to the payment intent route', async () => {
    const fetchImpl = vi.fn(async () =>
      jsonResponse(200, { data: { id: 'pi_1', status: 'requires_capture' } }),
    );
    const provider = createSimulatedCardProvider(fetchImpl as unknown as typeof fetch);
    expect(await provider.confirmPayment('pi_1_secret_x', 'pi_1', { paymentMethodId: 'pm_1' })).toEqual({
      status: 'requires_capture',
    });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/simulated-stripe/payment-intents/pi_1/confirm');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ paymentMethodId: 'pm_1' });
  });

  it('simulated: passes the 3-D Secure step by confirming again authenticated', async () => {
    const fetchImpl = vi
      .fn()
      .mockResolvedValueOnce(jsonResponse(200, { data: { id: 'pi_1', status: 'requires_action' } }))
      .mockResolvedValueOnce(jsonResponse(200, { data: { id: 'pi_1', status: 'requires_capture' } }));
    const provider = createSimulatedCardProvider(fetchImpl as unknown as typeof fetch);
    expect(await provider.confirmPayment('pi_1_secret_x', 'pi_1', { card })).toEqual({
      status: 'requires_capture',
    });
    const second = fetchImpl.mock.calls[1] as unknown as [string, RequestInit];
    expect(JSON.parse(String(second[1].body))).toEqual({ ...card, authenticate: true });
  });

  it('simulated: a decline is the card error, as in the setup flow', async () => {
    const body = {
      error: {
        type: 'card_error',
        code: 'card_declined',
        message: 'The card was declined.',
        payment_intent: { id: 'pi_1', status: 'requires_payment_method' },
      },
    };
    const provider = createSimulatedCardProvider((async () =>
      jsonResponse(402, body)) as unknown as typeof fetch);
    const declined = await provider
      .confirmPayment('pi_1_secret_x', 'pi_1', { card: { ...card, number: '4000000000000002' } })
      .catch((error: unknown) => error);
    expect(declined).toBeInstanceOf(CardProviderError);
    expect(declined).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      message: 'The card was declined.',
    });
    await expect(provider.confirmPayment('s', 'pi_1', {})).rejects.toMatchObject({
      type: 'validation_error',
    });
  });

  it('live: confirmCardPayment with the saved card or the card element', async () => {
    const provider = createLiveCardProvider('pk_test_1');
    stripeJs.confirmCardPayment.mockResolvedValueOnce({ paymentIntent: { status: 'requires_capture' } });
    expect(await provider.confirmPayment('pi_1_secret_x', 'pi_1', { paymentMethodId: 'pm_1' })).toEqual({
      status: 'requires_capture',
    });
    expect(stripeJs.confirmCardPayment).toHaveBeenLastCalledWith('pi_1_secret_x', { payment_method: 'pm_1' });

    const form = await provider.mountCardForm({} as HTMLElement);
    stripeJs.confirmCardPayment.mockResolvedValueOnce({
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });
    await expect(
      provider.confirmPayment('pi_1_secret_x', 'pi_1', { cardForm: form, billingDetails: { name: 'Bea' } }),
    ).rejects.toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      message: 'Your card was declined.',
    });
    const [, options] = stripeJs.confirmCardPayment.mock.lastCall as [string, { payment_method: unknown }];
    expect(options.payment_method).toMatchObject({ billing_details: { name: 'Bea' } });
    await expect(provider.confirmPayment('s', 'pi_1', {})).rejects.toMatchObject({
      type: 'validation_error',
    });
  });
});

describe('error normalisation', () => {
  it('keeps the provider shape, maps API and network errors, wraps anything else', () => {
    expect(
      normaliseProviderError({ type: 'card_error', code: 'expired_card', message: 'Expired' }),
    ).toMatchObject({
      type: 'card_error',
      code: 'expired_card',
      message: 'Expired',
    });
    expect(normaliseProviderError(new ApiRequestError(0, null, 'offline'))).toMatchObject({
      type: 'api_connection_error',
    });
    expect(normaliseProviderError(new ApiRequestError(500, null))).toMatchObject({ type: 'api_error' });
    expect(normaliseProviderError('boom')).toMatchObject({ type: 'api_error', message: 'boom' });
  });

  it('finds the setup intent id', () => {
    expect(setupIntentIdFromSecret('seti_9_secret_z')).toBe('seti_9');
    expect(setupIntentIdFromSecret('seti_9')).toBe('seti_9');
  });
});
