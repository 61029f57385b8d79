import type { CreatePaypalOrderRequest } from '../../../../shared/api/transactions';
import { json, jsonBody } from '../../../lib/http';
import { userHandler } from '../../../lib/user-handler';
import { createPaypalOrder } from '../create-order';

/**
 * POST /api/create-paypal-order (user) `CreatePaypalOrderRequest` → 201 `{ data: PaypalOrderView }`
 * (createPaypalOrder). The caller must have a profile.
 */
export const handler = userHandler(async ({ event, user }) => {
  const body = jsonBody(event) as Partial<Record<keyof CreatePaypalOrderRequest, unknown>>;
  return json(201, { data: await createPaypalOrder(user.id, body) });
});
