/**
 * Messages of a transaction (docs/design/orders.md, "Messages" in "Data: items in the single
 * table"): items `TX#<id>` / `MSG#<createdAt>#<msgId>`, read newest first 100 a page, counted by
 * the transaction's `messageCount`. A message is written in ONE TransactWrite with `ADD
 * messageCount 1` on the transaction, conditional on the sender being a party, so the count and the
 * messages cannot disagree and a stranger can never write one.
 */
import { randomUUID } from 'node:crypto';
import type { MessageView } from '../../shared/api/transactions';
import { limits } from '../../shared/config/constants';
import { pageSizes } from '../../shared/config/marketplace';
import { messagingNeedsVerifiedEmail } from '../../shared/config/verified-email';
import { requireVerifiedEmail } from '../accounts/verified';
import { tableName } from '../lib/aws';
import { type DailyLimit, dailyCountUpdate, refusedByCount, userSubject } from '../lib/daily-limits';
import { ApiError } from '../lib/errors';
import { keyPrefixes, keys } from '../lib/table-design';
import { cancellationCodes, sendTransactWrite } from '../lib/writes';
import { getPartyTransaction, getProfiles, otherPartyId, type PageRequest, queryPage } from './views';

/** The longest message (spec §9 "Text area 5000 chars"), counted after trimming. */
export const MESSAGE_MAX_LENGTH = limits.textAreaMaxLength;

/** The messages page size (spec §9): 100, and never more. */
export const messagesPerPage = { fallback: pageSizes.messages, max: pageSizes.messages } as const;

/** A stored message. */
export interface MessageItem {
  PK: string;
  SK: string;
  entity: 'message';
  id: string;
  transactionId: string;
  senderId: string;
  content: string;
  createdAt: string;
}

export function messageItem(
  transactionId: string,
  senderId: string,
  content: string,
  createdAt: string,
  id: string = randomUUID(),
): MessageItem {
  return {
    ...keys.message(transactionId, createdAt, id),
    entity: 'message',
    id,
    transactionId,
    senderId,
    content,
    createdAt,
  };
}

export function toMessageView(item: MessageItem): MessageView {
  return {
    id: item.id,
    transactionId: item.transactionId,
    createdAt: item.createdAt,
    content: item.content,
    senderId: item.senderId,
  };
}

/**
 * The message text of a send: a string, trimmed, not blank (400 `validation-invalid-params`), at
 * most MESSAGE_MAX_LENGTH characters.
 */
export function messageContent(value: unknown): string {
  const content = typeof value === 'string' ? value.trim() : '';
  if (!content) {
    throw new ApiError('validation-invalid-params', 'The message must not be empty.', {
      fields: { content: 'The message must not be empty.' },
    });
  }
  if (content.length > MESSAGE_MAX_LENGTH) {
    const message = `The message must be at most ${MESSAGE_MAX_LENGTH} characters.`;
    throw new ApiError('validation-invalid-params', message, { fields: { content: message } });
  }
  return content;
}

/** A page of a transaction's messages, newest first (Query `TX#id`, `begins_with(SK, MSG#)`, backwards). */
export async function queryMessages(transactionId: string, request: PageRequest): Promise<MessageView[]> {
  const items = await queryPage<MessageItem>(
    {
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :msg)',
      ExpressionAttributeValues: { ':pk': keys.transaction(transactionId).PK, ':msg': keyPrefixes.message },
      ConsistentRead: true,
    },
    ['PK', 'SK'],
    request,
  );
  return items.map(toMessageView);
}

/** What one user may send a day (each message may mail the other party): 429 too-many-requests after. */
export function messageLimit(senderId: string): DailyLimit {
  return { subject: userSubject(senderId), purpose: 'MESSAGE', max: limits.maxMessagesPerDay };
}

/**
 * Writes a message and counts it, in ONE TransactWrite: Put the message + Update the transaction
 * `ADD messageCount :one` if `customerId = :me OR providerId = :me` (+ the sender's daily count, when
 * `limit` is given). A failed condition (no such transaction, or not a party) is 404 `not-found`;
 * the daily count at its limit is 429 `too-many-requests`.
 */
export async function putMessage(
  transactionId: string,
  senderId: string,
  content: string,
  now: Date = new Date(),
  limit?: DailyLimit,
): Promise<MessageView> {
  const item = messageItem(transactionId, senderId, content, now.toISOString());
  try {
    await sendTransactWrite(
      {
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: { ...item },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: keys.transaction(transactionId),
              UpdateExpression: 'ADD messageCount :one',
              ConditionExpression: 'attribute_exists(PK) AND (customerId = :me OR providerId = :me)',
              ExpressionAttributeValues: { ':one': 1, ':me': senderId },
            },
          },
          ...(limit ? [dailyCountUpdate(limit, now)] : []),
        ],
      },
      { retryConflicts: true },
    );
  } catch (error) {
    const codes = cancellationCodes(error);
    if (codes?.[1] === 'ConditionalCheckFailed') {
      throw new ApiError('not-found', 'This transaction does not exist.');
    }
    const refused = limit && refusedByCount(error, 2, limit);
    if (refused) throw refused;
    throw error;
  }
  return toMessageView(item);
}

/**
 * Sends a message as `senderId` (POST /api/transactions/{id}/messages): a party only (404 for
 * anybody else), never to a banned or deleted other party (403 `forbidden`), before the order is
 * paid only from a verified address (403 `forbidden`, shared/config/verified-email.ts), and at most
 * `limits.maxMessagesPerDay` a day (429 `too-many-requests`).
 */
export async function sendMessage(
  transactionId: string,
  senderId: string,
  content: string,
  now: Date = new Date(),
): Promise<MessageView> {
  const { transaction, role } = await getPartyTransaction(transactionId, senderId);
  const otherId = otherPartyId(transaction, role);
  const profiles = await getProfiles([otherId, senderId]);
  if (messagingNeedsVerifiedEmail(transaction.state)) requireVerifiedEmail(profiles.get(senderId));
  const other = profiles.get(otherId);
  if (!other || other.deleted) {
    throw new ApiError('forbidden', 'You cannot send messages to a deleted user.');
  }
  if (other.banned) throw new ApiError('forbidden', 'You cannot send messages to a banned user.');
  return putMessage(transactionId, senderId, content, now, messageLimit(senderId));
}
