import type { NotificationsView } from '../../../shared/api/transactions';
import { pageSizes } from '../../../shared/config/marketplace';
import { httpHandler, json, requestUser } from '../../lib/http';
import { countSaleActions } from '../repository';

/**
 * GET /api/me/notifications — the provider's sales needing action (whose last transition leads to
 * `purchased`): the `ACTION#…` items of the caller, counted up to 100 (spec §9 notification query).
 */
export const handler = httpHandler(async (event) => {
  const { id: userId } = requestUser(event);
  const data: NotificationsView = {
    saleNotificationCount: await countSaleActions(userId, pageSizes.notifications),
  };
  return json(200, { data });
});
