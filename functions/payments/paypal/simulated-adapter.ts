import { randomBytes, randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../lib/aws';
import { ApiError } from '../../lib/http';
import { paypalKeys } from '../../lib/table-design';
import { conditionalPut, conditionalUpdate, isConditionFailure } from '../../lib/writes';
import type { MerchantIntegration, PaypalOrder, PaypalPort } from './port';
import { hmacHex, safeEqualHex, signOnboarding, simulatedSignatureHeader } from './simulated-signature';

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

async function getItem<T>(key: { PK: string; SK: string }): Promise<T | undefined> {
  const result = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }),
  );
  return result.Item as T | undefined;
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

/** A webhook event as PayPal sends it, signed with the simulated secret. */
export function simulatedWebhook(eventType: string, resource: Record<string, unknown>) {
  const body = JSON.stringify({
    id: `WH-SIM-${randomUUID()}`,
    event_version: '1.0',
    create_time: new Date().toISOString(),
    resource_type: 'merchant-onboarding',
    event_type: eventType,
    summary: eventType,
    resource,
  });
  return { body, headers: { [simulatedSignatureHeader]: hmacHex(body), 'content-type': 'application/json' } };
}

interface SimulatedOrderItem extends PaypalOrder {
  referenceId: string;
  payeeMerchantId: string;
  amount: { currency_code: string; value: string };
}

/** The simulated PayPal: state in the table, webhooks signed with its own shared secret. */
export function simulatedPaypalAdapter(): PaypalPort {
  return {
    mode: 'simulated',

    async createPartnerReferral(input) {
      const origin = new URL(input.returnUrl).origin;
      const params = new URLSearchParams({
        trackingId: input.trackingId,
        returnUrl: input.returnUrl,
        sig: signOnboarding(input.trackingId, input.returnUrl),
      });
      return {
        links: [{ href: `${origin}${simulatedOnboardingPath}?${params}`, rel: 'action_url', method: 'GET' }],
      };
    },

    async merchantIdByTrackingId(trackingId) {
      return (await getItem<{ merchantId: string }>(paypalKeys.simulatedTracking(trackingId)))?.merchantId;
    },

    async merchantStatus(merchantId) {
      const merchant = await simulatedMerchant(merchantId);
      return merchant ? integrationOf(merchant) : undefined;
    },

    async verifyWebhook(rawBody, headers) {
      return safeEqualHex(hmacHex(rawBody), headers[simulatedSignatureHeader]);
    },

    async createOrder(input) {
      const id = `SIMORDER${randomUUID().replaceAll('-', '').slice(0, 12).toUpperCase()}`;
      const cents = [input.itemTotal, input.shipping, input.tax].reduce(
        (total, amount) => total + (amount ? Math.round(Number(amount.value) * 100) : 0),
        0,
      );
      const order: SimulatedOrderItem = {
        id,
        status: 'CREATED',
        referenceId: input.referenceId,
        payeeMerchantId: input.payeeMerchantId,
        amount: { currency_code: input.itemTotal.currency_code, value: (cents / 100).toFixed(2) },
      };
      await conditionalPut({
        TableName: tableName(),
        Item: { ...paypalKeys.simulatedOrder(id), entity: 'simulated-paypal-order', ...order },
        ConditionExpression: 'attribute_not_exists(PK)',
      });
      return { id, status: 'CREATED' };
    },

    async getOrder(orderId) {
      const order = await getItem<SimulatedOrderItem>(paypalKeys.simulatedOrder(orderId));
      return order
        ? { id: order.id, status: order.status, ...(order.captureId ? { captureId: order.captureId } : {}) }
        : undefined;
    },

    async captureOrder(orderId) {
      const captureId = `SIMCAPTURE${randomUUID().replaceAll('-', '').slice(0, 10).toUpperCase()}`;
      try {
        await conditionalUpdate({
          TableName: tableName(),
          Key: paypalKeys.simulatedOrder(orderId),
          UpdateExpression: 'SET #status = :completed, captureId = :captureId',
          ConditionExpression: 'attribute_exists(PK) AND #status <> :completed',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':completed': 'COMPLETED', ':captureId': captureId },
        });
      } catch (error) {
        if (!isConditionFailure(error) && !(error instanceof ApiError)) throw error;
      }
      const order = await getItem<SimulatedOrderItem>(paypalKeys.simulatedOrder(orderId));
      if (!order) throw new ApiError('not-found', 'PayPal order not found.');
      return {
        id: order.id,
        status: order.status,
        ...(order.captureId ? { captureId: order.captureId } : {}),
      };
    },

    async disburse({ captureId }) {
      const disbursementId = `SIMPAYOUT${randomUUID().replaceAll('-', '').slice(0, 12).toUpperCase()}`;
      try {
        await conditionalPut({
          TableName: tableName(),
          Item: {
            ...paypalKeys.simulatedPayout(captureId),
            entity: 'simulated-paypal-payout',
            captureId,
            disbursementId,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        });
        return { disbursementId, status: 'SUCCESS' };
      } catch (error) {
        if (!(error instanceof ApiError && error.code === 'conflict')) throw error;
        const earlier = await getItem<{ disbursementId: string }>(paypalKeys.simulatedPayout(captureId));
        return { disbursementId: earlier?.disbursementId ?? disbursementId, status: 'SUCCESS' };
      }
    },
  };
}
