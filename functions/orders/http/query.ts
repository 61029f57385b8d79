import { json } from '../../lib/http';
import { userHandler } from '../../lib/user-handler';
import { inboxPerPage, queryInbox } from '../views';
import { inboxKind, pageRequest } from './params';

/**
 * GET /api/transactions?only=order|sale&page=&perPage= — spec transactions.query (the inbox):
 * the caller's orders (GSI1 `CUSTOMER#<me>`) or sales (GSI2 `PROVIDER#<me>`), last transition
 * first, 10 a page by default and at most 100; a bad `only`, page or perPage is 400.
 */
export const handler = userHandler({ profile: 'optional' }, async ({ event, user: { id: userId } }) => {
  const only = inboxKind(event);
  const request = pageRequest(event, inboxPerPage);
  return json(200, await queryInbox(userId, only, request));
});
