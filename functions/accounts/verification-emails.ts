import { randomUUID } from 'node:crypto';
import { GetUserAttributeVerificationCodeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { VerificationLimitMeta } from '../../shared/api/account';
import { limits } from '../../shared/config/constants';
import { dynamo, tableName } from '../lib/aws';
import { callCognito } from '../lib/cognito';
import { keepCountersDays, utcDay } from '../lib/daily-limits';
import { ApiError } from '../lib/errors';
import { keys } from '../lib/table-design';
import { isConditionFailure } from '../lib/writes';

/**
 * Verification e-mails (Cognito's attribute verification code), at most 5 a day per user besides
 * the sign-up's first (`sendSignUpVerificationEmail`), and one at a time. Both limits live on one
 * item per user and UTC day, `USER#<id> / VERIFY#<yyyy-mm-dd>`: a conditional update counts the send and takes a short lease (`sendingUntil`) in one write, so
 * two sends racing cannot both pass, and a send still in flight refuses a second one. The count is
 * the key's day, never a TTL (DynamoDB Local does not expire items); `expiresAt` only lets AWS
 * delete old counters. A send that fails gives its count back. E-mail changes count on the same
 * item (functions/accounts/email-address.ts), since each mails a code too.
 */
export const verificationLeaseMs = 15_000;

/** The day a send counts on, as every daily limit's (functions/lib/daily-limits.ts). */
export const verificationDay = utcDay;

/**
 * `via`: the user's access token (GetUserAttributeVerificationCode), or another Cognito call that
 * sends the code (a sign-up that found the address taken by this unverified account: sign-up.ts),
 * counted the same way.
 */
export async function sendVerificationEmail(
  userId: string,
  via: string | (() => Promise<unknown>),
  now = new Date(),
): Promise<void> {
  const key = keys.verificationEmails(userId, verificationDay(now));
  const leaseId = randomUUID();
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression:
          'SET sentCount = if_not_exists(sentCount, :zero) + :one, sendingUntil = :until, leaseId = :lease, entity = :entity, expiresAt = :expiresAt',
        ConditionExpression:
          '(attribute_not_exists(sentCount) OR sentCount < :max) AND (attribute_not_exists(sendingUntil) OR sendingUntil < :now)',
        ExpressionAttributeValues: {
          ':zero': 0,
          ':one': 1,
          ':max': limits.maxVerificationEmailsPerDay,
          ':now': now.getTime(),
          ':until': now.getTime() + verificationLeaseMs,
          ':lease': leaseId,
          ':entity': 'verificationEmails',
          ':expiresAt': Math.floor(now.getTime() / 1000) + keepCountersDays * 86_400,
        },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw await refusal(key, now);
    throw error;
  }

  try {
    await sendCode(via);
  } catch (error) {
    await releaseLease(key, leaseId, { giveBack: true });
    throw error;
  }
  await releaseLease(key, leaseId, { giveBack: false });
}

/**
 * The first verification e-mail of a sign-up, not counted in the user's five a day: sign-ups are
 * limited per address (5 a day, sign-up.ts), which bounds these, and a new user keeps five resends
 * or e-mail changes for the day (issue 25: "the sixth e-mail change is refused").
 */
export async function sendSignUpVerificationEmail(accessToken: string): Promise<void> {
  await sendCode(accessToken);
}

/** Asks Cognito to mail the code; Cognito's own e-mail limit gets the same answer as ours. */
async function sendCode(via: string | (() => Promise<unknown>)): Promise<void> {
  const cognitoLimit = () => tooMany({ reason: 'daily-limit', limit: limits.maxVerificationEmailsPerDay });
  await callCognito(
    (client) =>
      typeof via === 'string'
        ? client.send(
            new GetUserAttributeVerificationCodeCommand({ AccessToken: via, AttributeName: 'email' }),
          )
        : via(),
    { LimitExceededException: cognitoLimit, TooManyRequestsException: cognitoLimit },
  );
}

async function refusal(key: { PK: string; SK: string }, now: Date): Promise<ApiError> {
  const item = (
    await dynamo().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))
  ).Item as { sentCount?: number; sendingUntil?: number } | undefined;
  const limitReached = (item?.sentCount ?? 0) >= limits.maxVerificationEmailsPerDay;
  const inFlight = !limitReached && (item?.sendingUntil ?? 0) >= now.getTime();
  return tooMany({
    reason: inFlight ? 'in-flight' : 'daily-limit',
    limit: limits.maxVerificationEmailsPerDay,
  });
}

function tooMany(meta: VerificationLimitMeta): ApiError {
  return meta.reason === 'in-flight'
    ? new ApiError(
        'email-too-many-verification-requests',
        'A verification email is already being sent. Please wait a moment.',
        { ...meta },
      )
    : new ApiError('email-too-many-verification-requests', undefined, { ...meta });
}

/** Ends this send's lease (only if it is still ours); a failed send also gives its count back. */
async function releaseLease(
  key: { PK: string; SK: string },
  leaseId: string,
  { giveBack }: { giveBack: boolean },
) {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: giveBack
          ? 'SET sentCount = sentCount - :one REMOVE sendingUntil, leaseId'
          : 'REMOVE sendingUntil, leaseId',
        ConditionExpression: 'leaseId = :lease',
        ExpressionAttributeValues: { ':lease': leaseId, ...(giveBack ? { ':one': 1 } : {}) },
      }),
    );
  } catch (error) {
    // The lease ran out and another send took it: leave theirs alone.
    if (!isConditionFailure(error)) throw error;
  }
}
