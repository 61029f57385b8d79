import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { chargeBounds } from '../../../shared/config/charge-limits';
import { fromPaypalAmount, type Money as OurMoney, sumMoney, toPaypalAmount } from '../../../shared/money';
import { dynamo, tableName } from '../../lib/aws';
import { ApiError } from '../../lib/errors';
import { onSite, siteOrigin, sitePath } from '../../lib/site-origin';
import { paypalKeys } from '../../lib/table-design';
import { conditionalPut, conditionalUpdate, isConditionFailure } from '../../lib/writes';
import {
  type MerchantIntegration,
  type Money,
  type PaypalOrder,
  type PaypalPort,
  PaypalRefusal,
} from './port';
import {
  hmacHex,
  onboardingLinkLifetimeSeconds,
  safeEqualHex,
  signOnboarding,
  simulatedSignatureHeader,
} from './simulated-signature';

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
  /** The PayPal-Request-Id of the capture (a repeat with it gets the same capture back). */
  captureRequestId?: string;
  /** The capture's own status: COMPLETED, then REFUNDED. */
  captureStatus?: 'COMPLETED' | 'REFUNDED';
  refundId?: string;
  refundRequestId?: string;
  /** What the order was made of (PayPal's breakdown and payment instruction): shown to tests and tools. */
  breakdown?: { itemTotal: Money; shipping?: Money; tax?: Money; platformFee?: Money };
}

/** The simulated PayPal with the buyer's side of the popup (approve or cancel), for the simulated checkout. */
export interface SimulatedPaypalPort extends PaypalPort {
  readonly mode: 'simulated';
  /** The buyer approves the order in the (simulated) PayPal popup: CREATED → APPROVED. */
  approveOrder(orderId: string): Promise<PaypalOrder>;
  /** The buyer cancels in the (simulated) popup: CREATED or APPROVED → VOIDED. */
  cancelOrder(orderId: string): Promise<PaypalOrder>;
}

const orderPrefix = 'SIMORDER';
const capturePrefix = 'SIMCAPTURE';

/** The order id a create request id makes (PayPal-Request-Id idempotency: the same request, the same order). */
function orderIdFor(requestId: string): string {
  return `${orderPrefix}${createHash('sha256').update(requestId).digest('hex').slice(0, 12).toUpperCase()}`;
}

/** An order's capture id, and back: the simulated PayPal finds a capture's order without another item. */
const captureIdOf = (orderId: string) => `${capturePrefix}${orderId.slice(orderPrefix.length)}`;
const orderIdOfCapture = (captureId: string) =>
  captureId.startsWith(capturePrefix) ? `${orderPrefix}${captureId.slice(capturePrefix.length)}` : undefined;

const getOrderItem = (orderId: string) => getItem<SimulatedOrderItem>(paypalKeys.simulatedOrder(orderId));

/** The order as the port answers it (PayPal's fields only). */
function viewOf(order: SimulatedOrderItem): PaypalOrder {
  return {
    id: order.id,
    status: order.status,
    ...(order.captureId ? { captureId: order.captureId } : {}),
    referenceId: order.referenceId,
    amount: order.amount,
    payeeMerchantId: order.payeeMerchantId,
  };
}

/**
 * PayPal's refusals of an order amount it will not take (422 UNPROCESSABLE_ENTITY with an issue):
 * zero or less, or above the per-transaction limit (shared/config/charge-limits).
 */
function refuseOutOfBounds(total: OurMoney): void {
  const bounds = chargeBounds('paypal', total.currency);
  if (total.amount <= 0 || (bounds && total.amount < bounds.minimumMinor)) {
    throw new PaypalRefusal(
      'CANNOT_BE_ZERO_OR_NEGATIVE',
      'Must be greater than zero. If the currency supports decimals, only two decimal place precision is supported.',
    );
  }
  if (bounds && total.amount > bounds.maximumMinor) {
    throw new PaypalRefusal('TRANSACTION_LIMIT_EXCEEDED', 'Total payment amount exceeded transaction limit.');
  }
}

const notFound = () => new PaypalRefusal('RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 404);

/** Moves an order from one of `from` to `to` with a conditional write; false when the condition failed. */
async function moveOrder(orderId: string, from: readonly string[], to: string): Promise<boolean> {
  try {
    await conditionalUpdate({
      TableName: tableName(),
      Key: paypalKeys.simulatedOrder(orderId),
      UpdateExpression: 'SET #status = :to',
      ConditionExpression: `attribute_exists(PK) AND #status IN (${from.map((_, i) => `:from${i}`).join(', ')})`,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':to': to,
        ...Object.fromEntries(from.map((status, i) => [`:from${i}`, status])),
      },
    });
    return true;
  } catch (error) {
    if (isConditionFailure(error) || error instanceof ApiError) return false;
    throw error;
  }
}

/** The buyer approves a simulated order (idempotent); a voided or captured order is refused. */
export async function approveSimulatedOrder(orderId: string): Promise<PaypalOrder> {
  await moveOrder(orderId, ['CREATED'], 'APPROVED');
  const order = await getOrderItem(orderId);
  if (!order) throw notFound();
  if (order.status === 'VOIDED') throw new PaypalRefusal('ORDER_CANCELED', 'The order was canceled.');
  if (order.status === 'COMPLETED')
    throw new PaypalRefusal('ORDER_ALREADY_CAPTURED', 'The order has already been captured.');
  return viewOf(order);
}

/** The buyer cancels a simulated order (idempotent); a captured order is refused. */
export async function cancelSimulatedOrder(orderId: string): Promise<PaypalOrder> {
  await moveOrder(orderId, ['CREATED', 'APPROVED'], 'VOIDED');
  const order = await getOrderItem(orderId);
  if (!order) throw notFound();
  if (order.status === 'COMPLETED')
    throw new PaypalRefusal('ORDER_ALREADY_CAPTURED', 'The order has already been captured.');
  return viewOf(order);
}

/** The simulated PayPal: state in the table, webhooks signed with its own shared secret. */
export function simulatedPaypalAdapter(): SimulatedPaypalPort {
  return {
    mode: 'simulated',

    async createPartnerReferral(input) {
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
      // Idempotent per PayPal-Request-Id, as PayPal is: the request id decides the order id.
      const id = orderIdFor(input.requestId);
      // PayPal reads `value` strictly (a dot is the decimal point, no grouping), and so do we.
      const total = sumMoney(
        [input.itemTotal, input.shipping, input.tax].flatMap((amount) =>
          amount ? [fromPaypalAmount(amount)] : [],
        ),
        input.itemTotal.currency_code,
      );
      refuseOutOfBounds(total);
      const order: SimulatedOrderItem = {
        id,
        status: 'CREATED',
        referenceId: input.referenceId,
        payeeMerchantId: input.payeeMerchantId,
        amount: toPaypalAmount(total),
        breakdown: {
          itemTotal: input.itemTotal,
          ...(input.shipping ? { shipping: input.shipping } : {}),
          ...(input.tax ? { tax: input.tax } : {}),
          ...(input.platformFee ? { platformFee: input.platformFee } : {}),
        },
      };
      try {
        await conditionalPut({
          TableName: tableName(),
          Item: { ...paypalKeys.simulatedOrder(id), entity: 'simulated-paypal-order', ...order },
          ConditionExpression: 'attribute_not_exists(PK)',
        });
        return viewOf(order);
      } catch (error) {
        if (!(error instanceof ApiError && error.code === 'conflict')) throw error;
        const earlier = await getOrderItem(id);
        if (!earlier) throw error;
        return viewOf(earlier);
      }
    },

    async getOrder(orderId) {
      const order = await getOrderItem(orderId);
      return order ? viewOf(order) : undefined;
    },

    async captureOrder(orderId, requestId) {
      try {
        await conditionalUpdate({
          TableName: tableName(),
          Key: paypalKeys.simulatedOrder(orderId),
          UpdateExpression:
            'SET #status = :completed, captureId = :captureId, captureRequestId = :requestId, captureStatus = :completed',
          ConditionExpression: 'attribute_exists(PK) AND #status = :approved',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':completed': 'COMPLETED',
            ':approved': 'APPROVED',
            ':captureId': captureIdOf(orderId),
            ':requestId': requestId,
          },
        });
      } catch (error) {
        if (!isConditionFailure(error) && !(error instanceof ApiError)) throw error;
      }
      const order = await getOrderItem(orderId);
      if (!order) throw notFound();
      if (order.status === 'COMPLETED') {
        // The same request again gets the same capture; another request is refused, as PayPal does.
        if (order.captureRequestId === requestId) return viewOf(order);
        throw new PaypalRefusal('ORDER_ALREADY_CAPTURED', 'The order has already been captured.');
      }
      throw new PaypalRefusal('ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.', 422);
    },

    async disburse({ captureId }) {
      const orderId = orderIdOfCapture(captureId);
      const order = orderId ? await getOrderItem(orderId) : undefined;
      if (!order || order.captureId !== captureId) throw notFound();
      if (order.captureStatus === 'REFUNDED')
        throw new PaypalRefusal('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.');
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

    async refundCapture({ captureId, payeeMerchantId, requestId }) {
      const orderId = orderIdOfCapture(captureId);
      const order = orderId ? await getOrderItem(orderId) : undefined;
      if (!orderId || !order || order.captureId !== captureId) throw notFound();
      if (order.payeeMerchantId !== payeeMerchantId) {
        throw new PaypalRefusal(
          'PERMISSION_DENIED',
          'You do not have permission to refund this capture.',
          403,
        );
      }
      if (order.refundId) {
        if (order.refundRequestId === requestId) return { refundId: order.refundId, status: 'COMPLETED' };
        throw new PaypalRefusal('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.');
      }
      if (await getItem(paypalKeys.simulatedPayout(captureId))) {
        throw new PaypalRefusal('REFUND_NOT_ALLOWED', 'The funds of this capture were already disbursed.');
      }
      const refundId = `SIMREFUND${randomUUID().replaceAll('-', '').slice(0, 12).toUpperCase()}`;
      try {
        await conditionalUpdate({
          TableName: tableName(),
          Key: paypalKeys.simulatedOrder(orderId),
          UpdateExpression:
            'SET captureStatus = :refunded, refundId = :refundId, refundRequestId = :requestId',
          ConditionExpression: 'captureId = :captureId AND attribute_not_exists(refundId)',
          ExpressionAttributeValues: {
            ':refunded': 'REFUNDED',
            ':refundId': refundId,
            ':requestId': requestId,
            ':captureId': captureId,
          },
        });
        return { refundId, status: 'COMPLETED' };
      } catch (error) {
        if (!isConditionFailure(error) && !(error instanceof ApiError)) throw error;
        const now = await getOrderItem(orderId);
        if (now?.refundId && now.refundRequestId === requestId)
          return { refundId: now.refundId, status: 'COMPLETED' };
        throw new PaypalRefusal('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.');
      }
    },

    approveOrder: approveSimulatedOrder,
    cancelOrder: cancelSimulatedOrder,
  };
}
