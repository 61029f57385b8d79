/**
 * A captured order's money, simulated: disbursed to the seller (a referenced payout, once per
 * capture) or refunded in full to the buyer, but never both: a disbursed capture is not refunded.
 */

import { randomUUID } from 'node:crypto';
import { tableName } from '../../../lib/aws';
import { ApiError } from '../../../lib/errors';
import { paypalKeys } from '../../../lib/table-design';
import { conditionalPut, conditionalUpdate, isConditionFailure } from '../../../lib/writes';
import { PaypalRefusal } from '../port';
import { getOrderItem, notFound, orderIdOfCapture } from './orders';
import { getItem } from './store';

/** POST /v1/payments/referenced-payouts-items, simulated: one payout per capture (a repeat answers it). */
export async function disburseCapture({
  captureId,
}: {
  captureId: string;
  requestId: string;
}): Promise<{ disbursementId: string; status: string }> {
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
}

/** POST /v2/payments/captures/{id}/refund, simulated: only by the payee, once, before any payout. */
export async function refundCapture({
  captureId,
  payeeMerchantId,
  requestId,
}: {
  captureId: string;
  payeeMerchantId: string;
  requestId: string;
}): Promise<{ refundId: string; status: string }> {
  const orderId = orderIdOfCapture(captureId);
  const order = orderId ? await getOrderItem(orderId) : undefined;
  if (!orderId || !order || order.captureId !== captureId) throw notFound();
  if (order.payeeMerchantId !== payeeMerchantId) {
    throw new PaypalRefusal('PERMISSION_DENIED', 'You do not have permission to refund this capture.', 403);
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
      UpdateExpression: 'SET captureStatus = :refunded, refundId = :refundId, refundRequestId = :requestId',
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
}
