import type { NotificationsView } from '../../../shared/api/transactions';
import { pageSizes } from '../../../shared/config/marketplace';
import { json } from '../../lib/http';
import { userHandler } from '../../lib/user-handler';
import { countSaleActions } from '../repository';

/**
 * GET /api/me/notifications — the provider's sales needing action (whose last transition leads to
 * `purchased`): the `ACTION#…` items of the caller, counted up to 100 (spec §9 notification query).
 */
export const handler = userHandler({ profile: 'optional' }, async ({ user: { id: userId } }) => {
  const data: NotificationsView = {
    saleNotificationCount: await countSaleActions(userId, pageSizes.notifications),
  };
  return json(200, { data });
});
