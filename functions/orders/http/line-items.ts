import type { LineItemsAnswer } from '../../../shared/api/transactions';
import { json, jsonBody } from '../../lib/http';
import { userHandler } from '../../lib/user-handler';
import { parseOrderData, parsePaymentMethod, priceRequestedOrder } from '../order-request';

/**
 * POST /api/transaction-line-items `{ listingId, orderData, paymentMethod? }` (spec §7 line items) →
 * `{ data: { lineItems, payinTotal, payoutTotal } }`: the order's price as the server computes it
 * (shared/line-items.ts), after the §5 order rules; the checkout's breakdown. Nothing is written.
 * A total no payment provider can take (or not the named one) is a 400 (assertChargeable).
 */
export const handler = userHandler({ profile: 'optional' }, async ({ event, user }) => {
  const body = jsonBody(event);
  // Before the buyer picks a way to pay, some provider must be able to take the total.
  const chargeWith = body.paymentMethod === undefined ? 'any' : parsePaymentMethod(body.paymentMethod);
  const { priced } = await priceRequestedOrder(body.listingId, user.id, parseOrderData(body.orderData), {
    requireAddress: false,
    chargeWith,
  });
  const answer: LineItemsAnswer = {
    lineItems: priced.lineItems,
    payinTotal: priced.payinTotal,
    payoutTotal: priced.payoutTotal,
  };
  return json(200, { data: answer });
});
