import type { TransactionShow } from '../../../shared/api/transactions';
import { json } from '../../lib/http';
import { userHandler } from '../../lib/user-handler';
import { transactionViewWithDispute } from '../dispute';
import { getPartyTransaction, getPublicUsers, getReviews } from '../views';
import { transactionIdParam } from './params';

/**
 * GET /api/transactions/{id} — spec transactions.show (docs/design/orders.md, "API routes"): the
 * transaction with both parties (one BatchGet; banned/deleted flags kept so the page can disable
 * messaging) and its reviews. Parties only: anybody else, like an unknown id, gets 404 `not-found`.
 */
export const handler = userHandler({ profile: 'optional' }, async ({ event, user: { id: userId } }) => {
  const { transaction, role } = await getPartyTransaction(transactionIdParam(event), userId);
  const [users, reviews] = await Promise.all([
    getPublicUsers([transaction.customerId, transaction.providerId]),
    getReviews(transaction.id, userId),
  ]);
  const data: TransactionShow = {
    transaction: await transactionViewWithDispute(transaction, role),
    customer: users.get(transaction.customerId)!,
    provider: users.get(transaction.providerId)!,
    reviews,
  };
  return json(200, { data });
});
