/**
 * The simulated PayPal's checkout orders (`SIMPAYPAL#ORDER#…`): created idempotently per
 * PayPal-Request-Id with PayPal's amount limits, approved or cancelled by the buyer in the
 * simulated popup, and captured once, each step a conditional write.
 */

import { createHash } from 'node:crypto';
import { chargeBounds } from '../../../../shared/config/charge-limits';
import { fromPaypalAmount, type Money as OurMoney, sumMoney, toPaypalAmount } from '../../../../shared/money';
import { tableName } from '../../../lib/aws';
import { ApiError } from '../../../lib/errors';
import { paypalKeys } from '../../../lib/table-design';
import { conditionalPut, conditionalUpdate, isConditionFailure } from '../../../lib/writes';
import { type CreateOrderInput, type Money, type PaypalOrder, PaypalRefusal } from '../port';
import { getItem } from './store';

export interface SimulatedOrderItem extends PaypalOrder {
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

const orderPrefix = 'SIMORDER';
const capturePrefix = 'SIMCAPTURE';

/** The order id a create request id makes (PayPal-Request-Id idempotency: the same request, the same order). */
function orderIdFor(requestId: string): string {
  return `${orderPrefix}${createHash('sha256').update(requestId).digest('hex').slice(0, 12).toUpperCase()}`;
}

/** An order's capture id, and back: the simulated PayPal finds a capture's order without another item. */
const captureIdOf = (orderId: string) => `${capturePrefix}${orderId.slice(orderPrefix.length)}`;
export const orderIdOfCapture = (captureId: string) =>
  captureId.startsWith(capturePrefix) ? `${orderPrefix}${captureId.slice(capturePrefix.length)}` : undefined;

export const getOrderItem = (orderId: string) =>
  getItem<SimulatedOrderItem>(paypalKeys.simulatedOrder(orderId));

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

/** PayPal's 404 for an order or capture it does not know. */
export const notFound = () =>
  new PaypalRefusal('RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 404);

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

/** POST /v2/checkout/orders, simulated: the order is the request id's, its total within bounds. */
export async function createSimulatedOrder(input: CreateOrderInput): Promise<PaypalOrder> {
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
}

export async function getSimulatedOrder(orderId: string): Promise<PaypalOrder | undefined> {
  const order = await getOrderItem(orderId);
  return order ? viewOf(order) : undefined;
}

/** Captures an approved order once; the same request id again answers the same capture. */
export async function captureSimulatedOrder(orderId: string, requestId: string): Promise<PaypalOrder> {
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
}
