import type { MessageView, TransactionPage } from '../../../shared/api/transactions';
import { json } from '../../lib/http';
import { userHandler } from '../../lib/user-handler';
import { messagesPerPage, queryMessages } from '../messages';
import { getPartyTransaction, pagination } from '../views';
import { pageRequest, transactionIdParam } from './params';

/**
 * GET /api/transactions/{id}/messages?page= — spec messages.query: newest first, 100 a page;
 * `totalItems` is the transaction's `messageCount`. Parties only (404).
 */
export const handler = userHandler({ profile: 'optional' }, async ({ event, user: { id: userId } }) => {
  const { transaction } = await getPartyTransaction(transactionIdParam(event), userId);
  const request = pageRequest(event, messagesPerPage);
  const body: TransactionPage<MessageView> = {
    data: await queryMessages(transaction.id, request),
    meta: pagination(request, transaction.messageCount ?? 0),
  };
  return json(200, body);
});
