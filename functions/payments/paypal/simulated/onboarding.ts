/**
 * The simulated PayPal's merchant onboarding: the partner referral's link to the simulated
 * onboarding page (signed, with an expiry), the merchant the seller's agreement creates, its
 * integration status in PayPal's shape (webhooks.ts sends the event that tells the API about it).
 */

import { randomBytes } from 'node:crypto';
import type { PaypalLink } from '../../../../shared/api/payments';
import { tableName } from '../../../lib/aws';
import { ApiError } from '../../../lib/errors';
import { onSite, siteOrigin, sitePath } from '../../../lib/site-origin';
import { paypalKeys } from '../../../lib/table-design';
import { conditionalPut, conditionalUpdate } from '../../../lib/writes';
import type { MerchantIntegration, PartnerReferralInput } from '../port';
import { onboardingLinkLifetimeSeconds, signOnboarding } from '../simulated-signature';
import { getItem } from './store';

/** The simulated merchant as the table keeps it (what PayPal would know about the seller). */
export interface SimulatedMerchant {
  merchantId: string;
  trackingId: string;
  paymentsReceivable: boolean;
  primaryEmailConfirmed: boolean;
  consentGranted: boolean;
  createdAt: string;
  updatedAt: string;
}

/** Options of the simulated onboarding page (checkboxes to try PayPal's problem states). */
export interface SimulatedOnboardingOptions {
  emailUnconfirmed?: boolean;
  paymentsNotReceivable?: boolean;
}

export const simulatedOnboardingPath = '/api/simulated-paypal/onboarding';

/** A PayPal-looking merchant id: 13 upper-case letters and digits. */
function newMerchantId(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return [...randomBytes(13)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

export function simulatedMerchant(merchantId: string): Promise<SimulatedMerchant | undefined> {
  return getItem<SimulatedMerchant>(paypalKeys.simulatedMerchant(merchantId));
}

/**
 * The seller agreed on the simulated onboarding page: the merchant for this tracking id is created
 * (or, on a repeat, its flags updated; the merchant id stays), with conditional writes.
 */
export async function simulatedOnboard(
  trackingId: string,
  options: SimulatedOnboardingOptions = {},
): Promise<SimulatedMerchant> {
  const now = new Date().toISOString();
  const existing = await getItem<{ merchantId: string }>(paypalKeys.simulatedTracking(trackingId));
  const merchantId = existing?.merchantId ?? newMerchantId();
  if (!existing) {
    try {
      await conditionalPut({
        TableName: tableName(),
        Item: {
          ...paypalKeys.simulatedTracking(trackingId),
          entity: 'simulated-paypal-tracking',
          merchantId,
          trackingId,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      });
    } catch (error) {
      // Another onboarding of the same tracking id won the race: use its merchant.
      if (!(error instanceof ApiError && error.code === 'conflict')) throw error;
      return simulatedOnboard(trackingId, options);
    }
  }
  const merchant: SimulatedMerchant = {
    merchantId,
    trackingId,
    paymentsReceivable: !options.paymentsNotReceivable,
    primaryEmailConfirmed: !options.emailUnconfirmed,
    consentGranted: true,
    createdAt: now,
    updatedAt: now,
  };
  await conditionalUpdate({
    TableName: tableName(),
    Key: paypalKeys.simulatedMerchant(merchantId),
    UpdateExpression:
      'SET entity = :entity, merchantId = :merchantId, trackingId = :trackingId, paymentsReceivable = :pr, primaryEmailConfirmed = :pe, consentGranted = :cg, createdAt = if_not_exists(createdAt, :now), updatedAt = :now',
    ConditionExpression: 'attribute_not_exists(PK) OR trackingId = :trackingId',
    ExpressionAttributeValues: {
      ':entity': 'simulated-paypal-merchant',
      ':merchantId': merchantId,
      ':trackingId': trackingId,
      ':pr': merchant.paymentsReceivable,
      ':pe': merchant.primaryEmailConfirmed,
      ':cg': true,
      ':now': now,
    },
  });
  return merchant;
}

/** The simulated merchant's integration, in PayPal's shape. */
export function integrationOf(merchant: SimulatedMerchant): MerchantIntegration {
  return {
    merchant_id: merchant.merchantId,
    tracking_id: merchant.trackingId,
    payments_receivable: merchant.paymentsReceivable,
    primary_email_confirmed: merchant.primaryEmailConfirmed,
    products: [{ name: 'EXPRESS_CHECKOUT', vetting_status: 'SUBSCRIBED', capabilities: ['PAYPAL_CHECKOUT'] }],
    capabilities: [{ name: 'PAYPAL_CHECKOUT', status: 'ACTIVE' }],
    oauth_integrations: merchant.consentGranted
      ? [
          {
            integration_type: 'OAUTH_THIRD_PARTY',
            integration_method: 'PAYPAL',
            oauth_third_party: [
              {
                partner_client_id: 'SIMULATED-PARTNER',
                merchant_client_id: `SIMULATED-${merchant.merchantId}`,
                scopes: [
                  'https://uri.paypal.com/services/payments/realtimepayment',
                  'https://uri.paypal.com/services/payments/refund',
                  'https://uri.paypal.com/services/payments/payment/authcapture',
                ],
              },
            ],
          },
        ]
      : [],
  };
}

/** The partner referral: its `action_url` is the simulated onboarding page, on the configured site. */
export async function createPartnerReferral(input: PartnerReferralInput): Promise<{ links: PaypalLink[] }> {
  // The page lives on the configured site; the link carries only the return path, signed with
  // its expiry, so neither a request header nor an old link can send the seller anywhere else.
  const origin = siteOrigin();
  const grant = {
    trackingId: input.trackingId,
    returnPath: sitePath(onSite(input.returnUrl, origin)),
    expires: Math.floor(Date.now() / 1000) + onboardingLinkLifetimeSeconds,
  };
  const params = new URLSearchParams({
    trackingId: grant.trackingId,
    returnUrl: grant.returnPath,
    expires: String(grant.expires),
    sig: signOnboarding(grant),
  });
  return {
    links: [{ href: `${origin}${simulatedOnboardingPath}?${params}`, rel: 'action_url', method: 'GET' }],
  };
}

export async function merchantIdByTrackingId(trackingId: string): Promise<string | undefined> {
  return (await getItem<{ merchantId: string }>(paypalKeys.simulatedTracking(trackingId)))?.merchantId;
}

export async function merchantStatus(merchantId: string): Promise<MerchantIntegration | undefined> {
  const merchant = await simulatedMerchant(merchantId);
  return merchant ? integrationOf(merchant) : undefined;
}
