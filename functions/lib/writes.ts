import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  type PutCommandInput,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  type TransactWriteCommandOutput,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { ApiErrorCode } from '../../shared/errors/catalogue';
import { dynamo, tableName } from './aws';
import { ApiError } from './errors';

/**
 * Every write that depends on current state is conditional. When the condition fails, the caller
 * gets an ApiError with the code it names (a clean 409-style conflict), never a 500.
 */
export function isConditionFailure(error: unknown): boolean {
  if (error instanceof ConditionalCheckFailedException) return true;
  if (error instanceof TransactionCanceledException) {
    return (error.CancellationReasons ?? []).some((reason) => reason.Code === 'ConditionalCheckFailed');
  }
  return false;
}

async function conditional<T>(write: () => Promise<T>, conflict: ApiErrorCode): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isConditionFailure(error)) throw new ApiError(conflict);
    // Lost to concurrent transactions on every try (no condition failed): crowded, not refused.
    if (isTransactionConflict(error)) throw new ApiError('conflict');
    throw error;
  }
}

/**
 * Retry of a TransactWriteItems that DynamoDB cancelled with `TransactionConflict` (another
 * transaction touched one of its items at the same time). That is not a condition failure and the SDK
 * does not retry it. Full jitter: try n waits a random time in [minDelayMs, min(maxDelayMs, minDelayMs × 2ⁿ)].
 */
export interface ConflictRetry {
  /** Tries in all, the first included (default 6). */
  attempts?: number;
  minDelayMs?: number;
  maxDelayMs?: number;
  /** For tests. */
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export interface TransactWriteOptions {
  /** Retry `TransactionConflict` cancellations (true: the defaults of ConflictRetry). */
  retryConflicts?: boolean | ConflictRetry;
}

/** The cancellation codes of a cancelled transaction, by item index (`None` for items that were fine). */
export function cancellationCodes(error: unknown): (string | undefined)[] | undefined {
  if (!(error instanceof TransactionCanceledException)) return undefined;
  return (error.CancellationReasons ?? []).map((reason) => reason.Code);
}

/** Cancelled only because of a conflicting concurrent transaction (no condition failed): worth retrying. */
export function isTransactionConflict(error: unknown): boolean {
  const codes = cancellationCodes(error) ?? [];
  return (
    codes.includes('TransactionConflict') &&
    codes.every((code) => code === undefined || code === 'None' || code === 'TransactionConflict')
  );
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The delay before try `attempt + 1` (attempt ≥ 1), full jitter. */
export function conflictDelayMs(attempt: number, retry: ConflictRetry = {}): number {
  const min = retry.minDelayMs ?? 20;
  const max = retry.maxDelayMs ?? 400;
  const ceiling = Math.min(max, min * 2 ** attempt);
  return min + Math.floor((retry.random ?? Math.random)() * (ceiling - min));
}

/**
 * Sends a TransactWriteItems, retrying conflicts when asked; every other error (a failed condition
 * included) is thrown as the SDK gave it, so callers can read `CancellationReasons`.
 */
export async function sendTransactWrite(
  input: TransactWriteCommandInput,
  options: TransactWriteOptions = {},
): Promise<TransactWriteCommandOutput> {
  const retry: ConflictRetry | undefined =
    options.retryConflicts === true ? {} : options.retryConflicts || undefined;
  const attempts = retry ? Math.max(1, retry.attempts ?? 6) : 1;
  for (let attempt = 1; ; attempt++) {
    try {
      return await dynamo().send(new TransactWriteCommand(input));
    } catch (error) {
      if (!retry || attempt >= attempts || !isTransactionConflict(error)) throw error;
      await (retry.sleep ?? defaultSleep)(conflictDelayMs(attempt, retry));
    }
  }
}

export function transactWrite(
  input: TransactWriteCommandInput,
  conflict: ApiErrorCode = 'conflict',
  options: TransactWriteOptions = {},
) {
  return conditional(() => sendTransactWrite(input, options), conflict);
}

export function conditionalPut(input: PutCommandInput, conflict: ApiErrorCode = 'conflict') {
  return conditional(() => dynamo().send(new PutCommand(input)), conflict);
}

export function conditionalUpdate(input: UpdateCommandInput, conflict: ApiErrorCode = 'conflict') {
  return conditional(() => dynamo().send(new UpdateCommand(input)), conflict);
}

/** A Put of a TransactWriteItems (what `updateWithPut` and the outbox builders take). */
export type TransactPut = NonNullable<NonNullable<TransactWriteCommandInput['TransactItems']>[number]['Put']>;

/**
 * An update and, when there is one, a put that must never be written apart (a state change and its
 * outbox item): one TransactWriteItems, all or nothing, so a failed write leaves neither and the
 * caller's retry sees the change still to do. Answers the updated item as `ReturnValues: 'ALL_NEW'`
 * would: without a put it is that single update; with one, a transaction cannot return values, so
 * the item is read back with a consistent read. A failed condition of the update is `conflicts.update`,
 * of the put `conflicts.put` (default `conflict`).
 */
export async function updateWithPut<Item = Record<string, unknown>>(
  update: UpdateCommandInput,
  put: TransactPut | undefined,
  conflicts: { update: ApiErrorCode; put?: ApiErrorCode },
): Promise<Item> {
  if (!put) {
    const result = await conditionalUpdate({ ...update, ReturnValues: 'ALL_NEW' }, conflicts.update);
    return (result.Attributes ?? {}) as Item;
  }
  const { TableName, Key, UpdateExpression, ConditionExpression } = update;
  if (!UpdateExpression) throw new Error('updateWithPut needs an UpdateExpression');
  try {
    await sendTransactWrite(
      {
        TransactItems: [
          {
            Update: {
              TableName,
              Key,
              UpdateExpression,
              ...(ConditionExpression ? { ConditionExpression } : {}),
              ...(update.ExpressionAttributeNames
                ? { ExpressionAttributeNames: update.ExpressionAttributeNames }
                : {}),
              ...(update.ExpressionAttributeValues
                ? { ExpressionAttributeValues: update.ExpressionAttributeValues }
                : {}),
            },
          },
          { Put: put },
        ],
      },
      { retryConflicts: true },
    );
  } catch (error) {
    const codes = cancellationCodes(error);
    if (codes?.[0] === 'ConditionalCheckFailed') throw new ApiError(conflicts.update);
    if (codes?.[1] === 'ConditionalCheckFailed') throw new ApiError(conflicts.put ?? 'conflict');
    throw error;
  }
  const result = await dynamo().send(new GetCommand({ TableName, Key, ConsistentRead: true }));
  if (!result.Item) throw new ApiError('not-found');
  return result.Item as Item;
}

/** What recordOnce did: applied now (with apply's result), or not, because the record was there already. */
export type Once<T> = { duplicate: false; result: T } | { duplicate: true };

/**
 * Record once, apply, undo on failure: `record` is put only if its key is new; then `apply` runs. A
 * record that exists already means it was applied before (a replayed webhook, a mail sent): nothing
 * runs. If `apply` fails, the record is deleted again so a retry applies it.
 */
export async function recordOnce<T>(
  record: Record<string, unknown> & { PK: string; SK: string },
  apply: () => Promise<T>,
): Promise<Once<T>> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: record,
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) return { duplicate: true };
    throw error;
  }
  try {
    return { duplicate: false, result: await apply() };
  } catch (error) {
    await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: { PK: record.PK, SK: record.SK } }));
    throw error;
  }
}
