import type { CurrentUser } from '../../../shared/api/account';
import type {
  PaypalLink,
  PaypalOnboardingStatus,
  SavedCard,
  SavePaymentMethodRequest,
  SetupIntentView,
} from '../../../shared/api/payments';
import { route } from '../../../shared/api/routes';
import { callApi, type RequestOptions } from './client';

/**
 * The saved card (the card itself is confirmed by web/src/payments/card-provider.ts), PayPal onboarding and the missing-information flag
 * (shared/api/payments.ts).
 */

export async function createSetupIntent(options?: RequestOptions): Promise<SetupIntentView> {
  return (await callApi(route('createSetupIntent'), options)).data;
}

export async function savePaymentMethod(
  body: SavePaymentMethodRequest,
  options?: RequestOptions,
): Promise<SavedCard> {
  return (await callApi(route('savePaymentMethod'), { ...options, body })).data;
}

export async function deletePaymentMethod(options?: RequestOptions): Promise<void> {
  await callApi(route('deletePaymentMethod'), options);
}

/** Marks the missing-information modal seen (PATCH /api/me). */
export async function markMissingInformationSeen(options?: RequestOptions): Promise<CurrentUser> {
  return (
    await callApi(route('updateMe'), {
      ...options,
      body: { seenMissingInformation: true },
    })
  ).data;
}

export async function getPaypalOnboardingLinks(
  trackingId: string,
  options?: RequestOptions,
): Promise<PaypalLink[]> {
  const answer = await callApi(route('paypalOnboardingLink'), { ...options, body: { trackingId } });
  return answer.links ?? answer.data?.links ?? [];
}

export async function getPaypalMerchantId(
  trackingId: string,
  options?: RequestOptions,
): Promise<string | undefined> {
  const answer = await callApi(route('paypalMerchantId'), { ...options, body: { trackingId } });
  return answer.merchant_id ?? answer.data?.merchant_id ?? undefined;
}

export async function getPaypalOnboardingStatus(
  merchantId: string,
  options?: RequestOptions,
): Promise<PaypalOnboardingStatus> {
  const answer = await callApi(route('paypalOnboardingStatus'), {
    ...options,
    body: { merchantId, updateUserMaybe: true },
  });
  return answer.data ?? answer;
}

export async function offboardPaypal(options?: RequestOptions): Promise<void> {
  await callApi(route('paypalOffboard'), options);
}

/** The link PayPal's onboarding starts at (rel `action_url`). */
export function actionUrlOf(links: readonly PaypalLink[]): string | undefined {
  return links.find((link) => link.rel === 'action_url')?.href;
}
