import { createHash } from 'node:crypto';
import { type TransactWriteCommandInput, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DailyLimitMeta } from '../../shared/api/account';
import { dynamo, tableName } from './aws';
import { ApiError } from './errors';
import { type DailyLimitPurpose, keys, partitions } from './table-design';
import { cancellationCodes, isConditionFailure } from './writes';

/**
 * Daily limits on what makes us mail other people (issue 25: enquiries, messages, e-mail changes,
 * password resets, sign-ups), as the verification e-mails have had since the start: one counter
 * item per subject, purpose and UTC day (`keys.dailyCount`), raised by a conditional update that
 * refuses at the limit, so two requests racing cannot both take the last one. The day is in the
 * key, never a TTL (DynamoDB Local does not expire items); `expiresAt` only lets AWS delete old
 * counters. A count whose mail could not go out because of us is given back (`giveBack`).
 *
 * Either on its own (`countOrRefuse`, then the action) or as one more item of the action's own
 * TransactWrite (`dailyCountUpdate`, then `refusedByCount` on its cancellation), which needs no
 * give-back: the count and the action commit together or not at all.
 */
export const keepCountersDays = 2;

/** The day a count belongs to: the UTC date (yyyy-mm-dd). */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** A user's counters live in their partition. */
export function userSubject(userId: string): string {
  return partitions.user(userId);
}

/** An address's counters, by the SHA-256 of the address as given (normalize it first). */
export function addressSubject(normalizedEmail: string): string {
  return partitions.emailAddress(createHash('sha256').update(normalizedEmail).digest('hex'));
}

export interface DailyLimit {
  subject: string;
  purpose: DailyLimitPurpose;
  max: number;
  /** The answer when the limit is reached; default 429 too-many-requests with `{ limit, period: 'day' }`. */
  refusal?: () => ApiError;
}

/** A count taken, for `giveBack`. */
export interface DailyCount {
  key: { PK: string; SK: string };
}

type UpdateItem = NonNullable<NonNullable<TransactWriteCommandInput['TransactItems']>[number]['Update']>;

/** The conditional update that counts one more, refused (ConditionalCheckFailed) at `max`. */
export function dailyCountUpdate(limit: DailyLimit, now: Date = new Date()): { Update: UpdateItem } {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.dailyCount(limit.subject, limit.purpose, utcDay(now)),
      UpdateExpression:
        'SET sentCount = if_not_exists(sentCount, :zero) + :one, entity = if_not_exists(entity, :entity), expiresAt = :expiresAt',
      ConditionExpression: 'attribute_not_exists(sentCount) OR sentCount < :max',
      ExpressionAttributeValues: {
        ':zero': 0,
        ':one': 1,
        ':max': limit.max,
        ':entity': 'dailyCount',
        ':expiresAt': Math.floor(now.getTime() / 1000) + keepCountersDays * 86_400,
      },
    },
  };
}

export function limitRefusal(limit: DailyLimit): ApiError {
  const meta: DailyLimitMeta = { limit: limit.max, period: 'day' };
  return limit.refusal?.() ?? new ApiError('too-many-requests', undefined, { ...meta });
}

/** Counts one more for the subject today, or throws the limit's refusal (429) when it is reached. */
export async function countOrRefuse(limit: DailyLimit, now: Date = new Date()): Promise<DailyCount> {
  const update = dailyCountUpdate(limit, now);
  try {
    await dynamo().send(new UpdateCommand(update.Update));
  } catch (error) {
    if (isConditionFailure(error)) throw limitRefusal(limit);
    throw error;
  }
  return { key: update.Update.Key as DailyCount['key'] };
}

/**
 * The refusal when the `index`-th item of a cancelled TransactWrite was a `dailyCountUpdate` that
 * failed its condition; undefined for any other failure.
 */
export function refusedByCount(error: unknown, index: number, limit: DailyLimit): ApiError | undefined {
  const codes = cancellationCodes(error);
  const at = index < 0 ? (codes?.length ?? 0) + index : index;
  return codes?.[at] === 'ConditionalCheckFailed' ? limitRefusal(limit) : undefined;
}

/** Gives a count back (its mail did not go out because of us); never below zero. */
export async function giveBack(count: DailyCount): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: count.key,
        UpdateExpression: 'SET sentCount = sentCount - :one',
        ConditionExpression: 'sentCount >= :one',
        ExpressionAttributeValues: { ':one': 1 },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/**
 * Runs `action` under a count: a refusal of ours (a 4xx `ApiError`: not found, taken, banned…) keeps
 * the count, so asking about an address that has no account is counted like one that has; any
 * other failure (Cognito or the network down) gives it back.
 */
export async function withDailyCount<T>(
  limit: DailyLimit,
  action: () => Promise<T>,
  now: Date = new Date(),
): Promise<T> {
  const count = await countOrRefuse(limit, now);
  try {
    return await action();
  } catch (error) {
    if (!(error instanceof ApiError && error.status < 500)) await giveBack(count);
    throw error;
  }
}
