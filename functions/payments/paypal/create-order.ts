import type { CreatePaypalOrderRequest, PaypalOrderView } from '../../../shared/api/transactions';
import { paypalOrderAmounts } from '../../../shared/line-items';
import { fromMajorUnits, fromPaypalAmount } from '../../../shared/money';
import { ApiError } from '../../lib/errors';
import { parseOrderData, priceRequestedOrder, sellerPayee } from '../../orders/order-request';
import { transactionIdFor } from '../../orders/record';
import { checkoutKeyOf, listingIdOf } from '../../orders/request';
import { paypalPort } from './index';
import { paypalErrorCode, paypalOrderView, savePaypalOrderOwner } from './orders';
import type { Money as PaypalMoney, PaypalOrder } from './port';

/** The client amount fields of §7 create-paypal-order, compared with the server's. */
const amountFields = ['subtotal', 'item_total', 'shipping', 'tax', 'platform_fee'] as const;

/**
 * create-paypal-order for the buyer `userId` (§7; docs/design/orders.md, "API routes" and "Money").
 * The order is priced on the server (`priceOrder`: 404 listing, 403 own listing, 400
 * quantity/delivery, 409 stock, 402 zero pay-in/payout); the seller must be PayPal payout-ready
 * (else 409 `transaction-missing-stripe-account`, the catalogue's code for a seller without payout
 * details); client amounts (subtotal, item_total, shipping, tax, platform_fee, currency, payee)
 * that are present and differ from the server's are a 400. The PayPal order pays the seller's
 * merchant with the commission as platform fee; its reference id is the transaction id of the
 * checkout, and it is made once per checkout (PayPal-Request-Id `paypal-order-<txId>`). The
 * ownership item (PAYPAL-ORDER#id) lets only this buyer read, approve and pay with it.
 */
export async function createPaypalOrder(
  userId: string,
  body: Partial<Record<keyof CreatePaypalOrderRequest, unknown>>,
): Promise<PaypalOrderView> {
  const checkoutKey = checkoutKeyOf(
    body.checkoutKey,
    'checkoutKey must be a UUID made by the checkout page.',
  );
  // The same §5 order rules and price as the other order routes (the address may come at initiate).
  const { listing, priced } = await priceRequestedOrder(
    listingIdOf(body.listingId),
    userId,
    parseOrderData(body.orderData),
    { requireAddress: false, chargeWith: 'paypal' },
  );
  const { paypalMerchantId: payeeMerchantId } = await sellerPayee(listing.authorId, 'paypal');
  if (!payeeMerchantId) throw new ApiError('transaction-missing-stripe-account');

  const amounts = paypalOrderAmounts(priced.lineItems);
  checkClientAmounts(body, amounts, payeeMerchantId);

  const transactionId = transactionIdFor(userId, checkoutKey);
  const money = (value: string): PaypalMoney => ({ currency_code: amounts.currency, value });
  const isZero = (value: string) => Number(value) === 0;
  let order: PaypalOrder;
  try {
    order = await paypalPort().createOrder({
      referenceId: transactionId,
      payeeMerchantId,
      itemTotal: money(amounts.item_total),
      ...(isZero(amounts.shipping) ? {} : { shipping: money(amounts.shipping) }),
      ...(isZero(amounts.tax) ? {} : { tax: money(amounts.tax) }),
      ...(isZero(amounts.platform_fee) ? {} : { platformFee: money(amounts.platform_fee) }),
      requestId: `paypal-order-${transactionId}`,
    });
  } catch (error) {
    throw paypalErrorCode(error) ?? error;
  }
  // The same checkout made an order before (PayPal answers the earlier one to the same request id),
  // but the order changed since: that order no longer fits; the checkout must start again.
  const ordered = order.amount ? fromPaypalAmount(order.amount) : undefined;
  if (
    ordered &&
    (ordered.amount !== priced.payinTotal.amount || ordered.currency !== priced.payinTotal.currency)
  ) {
    throw new ApiError(
      'conflict',
      'This checkout already has a PayPal order for another amount. Please go back to the listing page and try again.',
    );
  }
  const record = await savePaypalOrderOwner({
    orderId: order.id,
    userId: userId,
    transactionId,
    listingId: listing.id,
    checkoutKey,
    payinTotal: priced.payinTotal,
    payeeMerchantId,
    createdAt: new Date().toISOString(),
  });
  const view = paypalOrderView(order, record);
  // The simulated PayPal has no approve page: the checkout shows its own Approve and Cancel buttons.
  if (paypalPort().mode === 'simulated') delete view.approveUrl;
  return view;
}

/**
 * The client's amounts, where present, must be the server's (compared as money: "1200" and
 * "1200.00" agree); currency and payee exactly. Anything else is a 400 naming the fields.
 */
function checkClientAmounts(
  body: Record<string, unknown>,
  amounts: ReturnType<typeof paypalOrderAmounts>,
  payee: string,
): void {
  const wrong: string[] = [];
  const present = (name: string) => body[name] !== undefined && body[name] !== null;
  if (present('currency') && body.currency !== amounts.currency) wrong.push('currency');
  if (present('payee') && body.payee !== payee) wrong.push('payee');
  for (const name of amountFields) {
    if (!present(name)) continue;
    const value = body[name];
    if (typeof value !== 'string' && typeof value !== 'number') {
      wrong.push(name);
      continue;
    }
    try {
      const client = fromMajorUnits(value, amounts.currency);
      const server = fromMajorUnits(amounts[name], amounts.currency);
      if (client.amount !== server.amount) wrong.push(name);
    } catch {
      wrong.push(name);
    }
  }
  if (wrong.length > 0) {
    throw new ApiError(
      'validation-invalid-params',
      `The amounts do not match the order: ${wrong.join(', ')}.`,
      { fields: Object.fromEntries(wrong.map((name) => [name, 'Does not match the order.'])) },
    );
  }
}
