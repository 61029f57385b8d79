import type { LineItemsAnswer } from '../../shared/api/transactions';
import { type HttpEvent, httpHandler, json, jsonBody, requestUser } from '../lib/http';
import { parseOrderData, priceRequestedOrder } from './order-request';

/**
 * POST /api/transaction-line-items `{ listingId, orderData }` (spec §7 line items) →
 * `{ data: { lineItems, payinTotal, payoutTotal } }`: the order's price as the server computes it
 * (shared/line-items.ts), after the §5 order rules; the checkout's breakdown. Nothing is written.
 */
export const handler = httpHandler(async (event: HttpEvent) => {
  const user = requestUser(event);
  const body = jsonBody(event);
  const { priced } = await priceRequestedOrder(body.listingId, user.id, parseOrderData(body.orderData), {
    requireAddress: false,
  });
  const answer: LineItemsAnswer = {
    lineItems: priced.lineItems,
    payinTotal: priced.payinTotal,
    payoutTotal: priced.payoutTotal,
  };
  return json(200, { data: answer });
});
