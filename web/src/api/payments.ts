import type {
  SimulatedCardRequest,
  SimulatedTokenRequest,
  StripeAccountCreateRequest,
  StripeAccountLinkRequest,
  StripeAccountUpdateRequest,
  StripeAccountView,
} from '../../../shared/api/payments';
import { route } from '../../../shared/api/routes';
import { callApi, type RequestOptions } from './client';

/** The payout API (shared/api/payments.ts): Stripe Connect account, account links, simulated tokens. */

/** The signed-in user's connected account, or null when there is none yet. */
export async function getStripeAccount(options?: RequestOptions): Promise<StripeAccountView | null> {
  const answer = await callApi(route('stripeAccount'), options);
  return answer?.data ?? null;
}

export async function createStripeAccount(
  body: StripeAccountCreateRequest,
  options?: RequestOptions,
): Promise<StripeAccountView> {
  return (await callApi(route('createStripeAccount'), { ...options, body })).data;
}

/** Replaces the bank account of the connected account. */
export async function updateStripeAccount(
  body: StripeAccountUpdateRequest,
  options?: RequestOptions,
): Promise<StripeAccountView> {
  return (await callApi(route('updateStripeAccount'), { ...options, body })).data;
}

/** A hosted onboarding (or update) link of the card provider: where to send the browser. */
export async function createStripeAccountLink(
  body: StripeAccountLinkRequest,
  options?: RequestOptions,
): Promise<string> {
  return (await callApi(route('createStripeAccountLink'), { ...options, body })).data.url;
}

/** The simulated card provider's stand-in for Stripe.js tokens (`btok_…`, `ct_…`). */
export async function createSimulatedToken(
  body: SimulatedTokenRequest,
  options?: RequestOptions,
): Promise<string> {
  return (await callApi(route('simulatedStripeToken'), { ...options, body })).data.id;
}

/** Confirms a simulated setup intent with a test card (docs/payments.md lists the test cards). */
export async function confirmSimulatedSetupIntent(
  setupIntentId: string,
  card: SimulatedCardRequest,
  options?: RequestOptions,
): Promise<{ paymentMethodId: string; status: string }> {
  return (
    await callApi(route('simulatedStripeConfirmSetupIntent', { id: setupIntentId }), {
      ...options,
      body: card,
    })
  ).data;
}
