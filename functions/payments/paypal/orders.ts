import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { PaypalOrderView } from '../../../shared/api/transactions';
import { messages } from '../../../shared/errors/catalogue';
import { fromPaypalAmount, type Money } from '../../../shared/money';
import { dynamo, tableName } from '../../lib/aws';
import { ApiError } from '../../lib/errors';
import { keys } from '../../lib/table-design';
import { conditionalPut } from '../../lib/writes';
import { paypalPort } from './index';
import { type PaypalOrder, PaypalRefusal } from './port';

/**
 * The PayPal orders of the marketplace: who made each one, for which checkout, for how
 * much and to whom. Written by create-paypal-order; read by get-paypal-order, the simulated approval
 * and, before an order is initiated with a `paypalOrderId`, by `checkApprovedOrder`.
 */
export interface PaypalOrderRecord {
  PK: string;
  SK: string;
  entity: 'paypal-order';
  orderId: string;
  /** The buyer who made it (the only one who may read, approve or pay with it). */
  userId: string;
  /** transactionIdFor(userId, checkoutKey): the transaction this order pays for (PayPal's reference_id). */
  transactionId: string;
  listingId: string;
  checkoutKey: string;
  /** The server's payin total when the order was made (our Money, minor units). */
  payinTotal: Money;
  /** The seller's PayPal merchant id: the order's payee. */
  payeeMerchantId: string;
  createdAt: string;
}

/** The ownership item of a PayPal order, if the marketplace made it (consistent read). */
export async function paypalOrderOwner(orderId: string): Promise<PaypalOrderRecord | undefined> {
  if (!orderId) return undefined;
  const result = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.paypalOrder(orderId), ConsistentRead: true }),
  );
  return result.Item as PaypalOrderRecord | undefined;
}

/**
 * Stores the ownership item. A repeat for the same buyer (create-paypal-order is idempotent per
 * checkout) rewrites it; an order id already owned by someone else is never taken over.
 */
export async function savePaypalOrderOwner(
  record: Omit<PaypalOrderRecord, 'PK' | 'SK' | 'entity'>,
): Promise<PaypalOrderRecord> {
  const item: PaypalOrderRecord = { ...keys.paypalOrder(record.orderId), entity: 'paypal-order', ...record };
  await conditionalPut({
    TableName: tableName(),
    Item: item,
    ConditionExpression: 'attribute_not_exists(PK) OR (userId = :userId AND transactionId = :transactionId)',
    ExpressionAttributeValues: { ':userId': record.userId, ':transactionId': record.transactionId },
  });
  return item;
}

/** The checkout's view of a PayPal order (approveUrl: PayPal's approve link, live only). */
export function paypalOrderView(order: PaypalOrder, record?: PaypalOrderRecord): PaypalOrderView {
  const amount = order.amount ? fromPaypalAmount(order.amount) : record?.payinTotal;
  const approve = order.links?.find((link) => link.rel === 'approve' || link.rel === 'payer-action');
  return {
    id: order.id,
    status: order.status,
    ...(amount ? { amount } : {}),
    ...(approve ? { approveUrl: approve.href } : {}),
  };
}

/** 402 transaction-payment-failed with the §8 PayPal message ('canceled' or 'error') and what PayPal said. */
function paymentFailed(canceled: boolean, meta: Record<string, unknown>): ApiError {
  return new ApiError(
    'transaction-payment-failed',
    canceled ? messages.paypalPaymentCanceled : messages.paypalPaymentError,
    meta,
  );
}

/**
 * A PayPal refusal as the API's error: for payments (create, capture, refund) 402
 * `transaction-payment-failed` with the §8 PayPal message ("canceled" when the buyer canceled or the
 * order was voided, else "something went wrong") and `meta.paypalIssue`/`paypalMessage`; for a
 * disbursement 502 `paypal-disbursement-failed`. Undefined for anything else (timeouts, 5xx: ambiguous,
 * for the caller to retry).
 */
export function paypalErrorCode(
  error: unknown,
  operation: 'payment' | 'disbursement' = 'payment',
): ApiError | undefined {
  if (!(error instanceof PaypalRefusal)) return undefined;
  const meta = { paypalIssue: error.issue, paypalMessage: error.message, paypalStatus: error.statusCode };
  if (operation === 'disbursement') return new ApiError('paypal-disbursement-failed', undefined, meta);
  return paymentFailed(/CANCEL|VOID/.test(error.issue), meta);
}

const sameMoney = (a: Money, b: Money) => a.amount === b.amount && a.currency === b.currency;

/**
 * Before an order is initiated with a PayPal order: it must be the caller's, made for this very
 * transaction (checkout), APPROVED by the buyer, for exactly `payinTotal`, and paying the payee it
 * was made for. Answers the ownership item; otherwise throws:
 * - 400 `validation-invalid-params`: an order id the marketplace did not make for this buyer and checkout;
 * - 402 `transaction-payment-failed` with messages.paypalPaymentCanceled: the buyer canceled (VOIDED);
 * - 402 `transaction-payment-failed` with messages.paypalPaymentError: not approved (yet), already
 *   captured, unknown at PayPal, another amount or payee, or a PayPal refusal. `meta.paypalStatus`
 *   tells which.
 * Timeouts and PayPal 5xx are thrown as they are.
 */
export async function checkApprovedOrder(input: {
  orderId: string;
  userId: string;
  transactionId: string;
  payinTotal: Money;
}): Promise<PaypalOrderRecord> {
  const record = await paypalOrderOwner(input.orderId);
  if (!record || record.userId !== input.userId || record.transactionId !== input.transactionId) {
    throw new ApiError('validation-invalid-params', 'paypalOrderId is not a PayPal order of this checkout.');
  }
  let order: PaypalOrder | undefined;
  try {
    order = await paypalPort().getOrder(input.orderId);
  } catch (error) {
    throw paypalErrorCode(error) ?? error;
  }
  if (!order) throw paymentFailed(false, { paypalStatus: 'NOT_FOUND' });
  if (order.status !== 'APPROVED') {
    throw paymentFailed(order.status === 'VOIDED', { paypalStatus: order.status });
  }
  if (!order.amount || !sameMoney(fromPaypalAmount(order.amount), input.payinTotal)) {
    throw paymentFailed(false, { paypalStatus: order.status, reason: 'amount-mismatch' });
  }
  if (order.payeeMerchantId !== record.payeeMerchantId) {
    throw paymentFailed(false, { paypalStatus: order.status, reason: 'payee-mismatch' });
  }
  if (order.referenceId && order.referenceId !== input.transactionId) {
    throw paymentFailed(false, { paypalStatus: order.status, reason: 'reference-mismatch' });
  }
  return record;
}
