import { ApiError } from '../../lib/errors';
import { type PaypalOrderRecord, paypalErrorCode, paypalOrderOwner } from './orders';

/**
 * The caller's PayPal order (one they made with create-paypal-order); anyone else's order, or one
 * the marketplace did not make, is 404.
 */
export async function ownPaypalOrder(orderId: string, userId: string): Promise<PaypalOrderRecord> {
  // PayPal order ids are short and alphanumeric: anything else is unknown, never a table read.
  if (!/^[A-Za-z0-9-]{1,64}$/.test(orderId)) throw new ApiError('not-found', 'PayPal order not found.');
  const record = await paypalOrderOwner(orderId);
  if (!record || record.userId !== userId) throw new ApiError('not-found', 'PayPal order not found.');
  return record;
}

/** A call to PayPal, its refusals answered as the API's payment errors (§8). */
export async function callPaypal<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw paypalErrorCode(error) ?? error;
  }
}
