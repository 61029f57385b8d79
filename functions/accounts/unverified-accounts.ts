/**
 * Accounts whose address is never verified are removed after 7 days (issue 25): anyone can sign up
 * with anyone's address, and the address's owner must be able to sign up with it in the end
 * (claim-address.ts tells them so). Sign-up records each new account in its day's partition
 * (`UNVERIFIED#<yyyy-mm-dd>` / `USER#<id>`); a scheduled task reads the partitions of the days that
 * are old enough (a Query per day, never a Scan) and, for each account still unverified, deletes
 * the Cognito user and the profile item. An account with any listing (drafts included) or any
 * order, enquiry or sale is never removed: that would take other people's conversations and money
 * with it; it stays unverified (and may not enquire or message before payment).
 */
import { AdminDeleteUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { DAY_MS } from '../../shared/config/constants';
import { dynamo, tableName } from '../lib/aws';
import { cognito, isCognitoError, userPoolId } from '../lib/cognito';
import { utcDay } from '../lib/daily-limits';
import { log } from '../lib/logger';
import { queryAll, queryAny } from '../lib/paging';
import { keyPrefixes, keys, partitions } from '../lib/table-design';
import { isConditionFailure } from '../lib/writes';
import { unverifiedAccountDays } from './code-emails';
import { getUser } from './repository';

/** How many days before the removal day are read again: missed runs (an outage) catch up. */
export const catchUpDays = 30;

/** The day an account is recorded under: the UTC date, as every daily key's (functions/lib/daily-limits.ts). */
export const accountDay = utcDay;

/** Sign-up: the new, unverified account enters its day's partition. */
export async function recordUnverifiedAccount(userId: string, createdAt: string): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.unverifiedAccount(accountDay(new Date(createdAt)), userId),
        entity: 'unverifiedAccount',
        userId,
        createdAt,
      },
    }),
  );
}

/**
 * A verified address: the account leaves its day's partition for good, so a later e-mail change
 * (unverified again until its code is entered) never makes it one to remove.
 */
export async function forgetUnverifiedAccount(userId: string, createdAt: string): Promise<void> {
  await dynamo().send(
    new DeleteCommand({
      TableName: tableName(),
      Key: keys.unverifiedAccount(accountDay(new Date(createdAt)), userId),
    }),
  );
}

export interface RemovalResult {
  removed: string[];
  /** Unverified, but with listings or orders: kept for good. */
  kept: string[];
  /** Verified since (or gone): only the record was deleted. */
  settled: number;
}

/** The scheduled removal: every account recorded on a day old enough, still unverified after 7 days. */
export async function removeUnverifiedAccounts(now = new Date()): Promise<RemovalResult> {
  const result: RemovalResult = { removed: [], kept: [], settled: 0 };
  const cutoff = now.getTime() - unverifiedAccountDays * DAY_MS;
  for (const day of daysToRead(now)) {
    for (const record of await recordsOf(day)) {
      // The cutoff's own day: only the accounts made before the cutoff's time.
      if (Date.parse(record.createdAt) <= cutoff) await settleAccount(record, result);
    }
  }
  return result;
}

/** The days whose accounts may be old enough: the cutoff's day and the catch-up days before it, oldest first. */
export function daysToRead(now: Date): string[] {
  const cutoff = now.getTime() - unverifiedAccountDays * DAY_MS;
  return Array.from({ length: catchUpDays + 1 }, (_, i) =>
    accountDay(new Date(cutoff - (catchUpDays - i) * DAY_MS)),
  );
}

export interface UnverifiedRecord {
  PK: string;
  SK: string;
  userId: string;
  createdAt: string;
}

async function recordsOf(day: string): Promise<UnverifiedRecord[]> {
  const { PK } = keys.unverifiedAccount(day, '');
  return queryAll<UnverifiedRecord>({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': PK },
  });
}

/**
 * One recorded account, old enough: removed if still unverified and without activity, else kept
 * for good; its record goes either way.
 */
export async function settleAccount(record: UnverifiedRecord, result: RemovalResult): Promise<void> {
  const profile = await getUser(record.userId);
  if (!profile || profile.emailVerified || profile.deleted || profile.banned) {
    // Verified (nothing to do), or moderation decides about it.
    result.settled++;
  } else if (await hasActivity(record.userId)) {
    result.kept.push(record.userId);
  } else if (await deleteUnverifiedProfile(record.userId)) {
    // The profile first, on the condition that it is still unverified: an address verified in the
    // meantime keeps its account (its Cognito user is never deleted under it).
    await cognito()
      .send(new AdminDeleteUserCommand({ UserPoolId: userPoolId(), Username: record.userId }))
      .catch((error: unknown) => {
        if (!isCognitoError(error, 'UserNotFoundException')) throw error;
      });
    log.info('unverified account removed', { userId: record.userId, createdAt: record.createdAt });
    result.removed.push(record.userId);
  } else {
    result.settled++;
  }
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: { PK: record.PK, SK: record.SK } }));
}

/** Deletes the profile if it is still unverified; false when it was verified meanwhile. */
async function deleteUnverifiedProfile(userId: string): Promise<boolean> {
  try {
    await dynamo().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.user(userId),
        ConditionExpression: 'emailVerified = :false',
        ExpressionAttributeValues: { ':false': false },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Any listing (a draft too), or any transaction as buyer or seller. */
async function hasActivity(userId: string): Promise<boolean> {
  const any = (index: 'GSI1' | 'GSI2', pk: string, prefix: string) =>
    queryAny({
      TableName: tableName(),
      IndexName: index,
      KeyConditionExpression: `${index}PK = :pk AND begins_with(${index}SK, :prefix)`,
      ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
      Limit: 1,
    });
  const found = await Promise.all([
    any('GSI1', partitions.author(userId), keyPrefixes.listing),
    any('GSI1', partitions.customer(userId), keyPrefixes.transaction),
    any('GSI2', partitions.provider(userId), keyPrefixes.transaction),
  ]);
  return found.some(Boolean);
}
