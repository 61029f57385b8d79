import type { AllowedTransitionView } from '../../../shared/api/transactions';
import { json } from '../../lib/http';
import { userHandler } from '../../lib/user-handler';
import { allowedTransitionViews, getPartyTransaction } from '../views';
import { transactionIdParam } from './params';

/**
 * GET /api/transactions/{id}/transitions — spec processTransitions.query: what the caller's role
 * may do now (windows on the engine's scaled clock), with the buttons' labels. Parties only (404).
 */
export const handler = userHandler({ profile: 'optional' }, async ({ event, user: { id: userId } }) => {
  const { transaction, role } = await getPartyTransaction(transactionIdParam(event), userId);
  const data: AllowedTransitionView[] = allowedTransitionViews(transaction, role);
  return json(200, { data });
});
