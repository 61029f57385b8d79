import type { PaymentProviderName } from '../lib/metric-catalogue';
import { countProviderCall } from '../lib/metrics';
import { PaypalRefusal } from './paypal/port';
import { CardProcessorError } from './stripe/port';

/**
 * Counts the calls to a payment provider, and its failures, for the PaymentProviderCalls and
 * PaymentProviderFailures metrics. Wrapped once where each adapter is picked (stripe/index.ts,
 * paypal/index.ts), live and simulated alike, so no call site can forget.
 *
 * A failure is the provider not answering or answering with its own fault: a network error, a
 * timeout, a 5xx, Stripe's api_error, api_connection_error, authentication_error or rate_limit_error.
 * An answer that refuses the request is not: a card declined (card_error), a request Stripe refuses
 * (invalid_request_error, idempotency_error), PayPal's named 4xx (PaypalRefusal).
 */
const refusalTypes = new Set(['card_error', 'invalid_request_error', 'idempotency_error']);

export function isProviderFailure(error: unknown): boolean {
  if (error instanceof PaypalRefusal) return false;
  if (error instanceof CardProcessorError) {
    if ((error.options.statusCode ?? 0) >= 500) return true;
    return !refusalTypes.has(error.type);
  }
  return true;
}

/**
 * The adapter with every method counted. `local`: methods that make no call to the provider (Stripe's
 * webhook signature is checked here). Methods run on the adapter itself, so one counted call that
 * uses another method of the adapter counts once.
 */
export function countedProvider<T extends object>(
  provider: PaymentProviderName,
  adapter: T,
  local: readonly (keyof T)[] = [],
): T {
  return new Proxy(adapter, {
    get(target, property) {
      const value = Reflect.get(target, property);
      if (typeof value !== 'function' || (local as readonly PropertyKey[]).includes(property)) return value;
      return (...args: unknown[]) => {
        let result: unknown;
        try {
          result = value.apply(target, args);
        } catch (error) {
          countProviderCall(provider, isProviderFailure(error));
          throw error;
        }
        if (!(result instanceof Promise)) {
          countProviderCall(provider, false);
          return result;
        }
        return result.then(
          (answer) => {
            countProviderCall(provider, false);
            return answer;
          },
          (error: unknown) => {
            countProviderCall(provider, isProviderFailure(error));
            throw error;
          },
        );
      };
    },
  });
}
