import { describe, expect, it } from 'vitest';
import { captureEmf, metricValues } from '../lib/emf.test-helper';
import { flushMetrics } from '../lib/metrics';
import { PaypalRefusal } from './paypal/port';
import { countedProvider, isProviderFailure } from './provider-metrics';
import { CardProcessorError, simulatedCardProvider } from './stripe';
import { SimulatedCardProvider } from './stripe/simulated';

const { emf } = captureEmf();

function counts(provider: string) {
  flushMetrics();
  const lines = emf().filter((line) => line.provider === provider);
  return {
    calls: metricValues(lines, 'PaymentProviderCalls').length,
    failures: metricValues(lines, 'PaymentProviderFailures').length,
  };
}

class FakeAdapter {
  calls = 0;
  async capture(outcome: 'ok' | Error) {
    this.calls++;
    if (outcome instanceof Error) throw outcome;
    return 'captured';
  }
  /** Uses another method of the adapter: one call to the provider, counted once. */
  async captureTwice() {
    await this.capture('ok');
    return this.capture('ok');
  }
  verify(signature: string) {
    if (!signature) throw new Error('bad signature');
    return true;
  }
}

describe('payment provider calls and failures', () => {
  it('counts a call and no failure for an answer, a decline or a refused request', async () => {
    const stripe = countedProvider('stripe', new FakeAdapter(), ['verify']);
    expect(await stripe.capture('ok')).toBe('captured');
    const declined = new CardProcessorError('card_error', 'Your card was declined.', {
      code: 'card_declined',
      statusCode: 402,
    });
    await expect(stripe.capture(declined)).rejects.toBe(declined);
    await expect(
      stripe.capture(
        new CardProcessorError('invalid_request_error', 'No such payment_intent', { statusCode: 404 }),
      ),
    ).rejects.toThrow();
    expect(counts('stripe')).toEqual({ calls: 3, failures: 0 });
  });

  it('counts a failure for a network error, a 5xx or a Stripe api_error, and PayPal alike', async () => {
    const stripe = countedProvider('stripe', new FakeAdapter());
    await expect(stripe.capture(new Error('socket hang up'))).rejects.toThrow();
    await expect(
      stripe.capture(new CardProcessorError('api_error', 'Something went wrong', { statusCode: 500 })),
    ).rejects.toThrow();
    expect(counts('stripe')).toEqual({ calls: 2, failures: 2 });

    const paypal = countedProvider('paypal', new FakeAdapter());
    await expect(paypal.capture(new PaypalRefusal('INSTRUMENT_DECLINED', 'declined'))).rejects.toThrow();
    await expect(paypal.capture(new Error('fetch failed'))).rejects.toThrow();
    expect(counts('paypal')).toEqual({ calls: 2, failures: 1 });
  });

  it('counts a call that uses the adapter itself once, and local methods not at all', async () => {
    const adapter = new FakeAdapter();
    const stripe = countedProvider('stripe', adapter, ['verify']);
    await stripe.captureTwice();
    expect(stripe.verify('sig')).toBe(true);
    expect(() => stripe.verify('')).toThrow('bad signature');
    expect(adapter.calls).toBe(2);
    expect(counts('stripe')).toEqual({ calls: 1, failures: 0 });
  });

  it('classifies errors as the catalogue says (not card declines)', () => {
    expect(isProviderFailure(new CardProcessorError('card_error', 'declined'))).toBe(false);
    expect(
      isProviderFailure(new CardProcessorError('rate_limit_error', 'slow down', { statusCode: 429 })),
    ).toBe(true);
    expect(isProviderFailure(new CardProcessorError('invalid_request_error', 'x', { statusCode: 503 }))).toBe(
      true,
    );
    expect(isProviderFailure(new PaypalRefusal('UNPROCESSABLE_ENTITY', 'x'))).toBe(false);
    expect(isProviderFailure(new TypeError('fetch failed'))).toBe(true);
  });

  it('wraps the configured Stripe adapter, which stays the simulated one for the simulated routes', () => {
    const simulated = simulatedCardProvider();
    expect(simulated).toBeInstanceOf(SimulatedCardProvider);
    expect(simulated!.mode).toBe('simulated');
  });
});
