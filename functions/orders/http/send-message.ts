import { json, jsonBody } from '../../lib/http';
import { userHandler } from '../../lib/user-handler';
import { messageContent, sendMessage } from '../messages';
import { transactionIdParam } from './params';

/**
 * POST /api/transactions/{id}/messages {content} — spec messages.send → 201 `{data: MessageView}`.
 * The content is trimmed, required and at most 5000 characters (400); parties only (404); never to a
 * banned or deleted other party (403 `forbidden`).
 */
export const handler = userHandler({ profile: 'optional' }, async ({ event, user: { id: userId } }) => {
  const txId = transactionIdParam(event);
  const content = messageContent(jsonBody(event).content);
  return json(201, { data: await sendMessage(txId, userId, content) });
});
