import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import { dynamo, tableName } from '../../lib/aws';
import { loggedHandler } from '../../lib/lambda-handler';
import { hashSecret, limitedChallengeKey, limitedSessionMetadata, parseAnswer } from './challenge';

/**
 * Cognito custom auth, step 3: the answer `<jti>.<secret>` is right when the user's challenge item
 * `USER#<sub> / LIMITED-CHALLENGE#<jti>` exists, is unused, unexpired and holds the secret's
 * SHA-256; one conditional update checks all that and marks it used, so an answer works once.
 * The answer is accepted only with the limited-session client metadata: the same call's metadata
 * reaches the pre-token trigger, so a correct answer always yields a `user:limited` session.
 */
async function trigger(
  event: VerifyAuthChallengeResponseTriggerEvent,
): Promise<VerifyAuthChallengeResponseTriggerEvent> {
  event.response = { answerCorrect: await verifyAnswer(event, new Date()) };
  return event;
}

export async function verifyAnswer(
  event: VerifyAuthChallengeResponseTriggerEvent,
  now: Date,
): Promise<boolean> {
  const userId = event.request.userAttributes?.sub;
  const answer = parseAnswer(event.request.challengeAnswer);
  if (event.request.userNotFound || !userId || !answer) return false;
  if (event.request.clientMetadata?.velo_session !== limitedSessionMetadata.velo_session) return false;
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: limitedChallengeKey(userId, answer.jti),
        UpdateExpression: 'SET #used = :true, usedAt = :usedAt',
        ConditionExpression:
          'attribute_exists(PK) AND #used = :false AND expiresAt > :now AND secretHash = :hash',
        ExpressionAttributeNames: { '#used': 'used' },
        ExpressionAttributeValues: {
          ':true': true,
          ':false': false,
          ':usedAt': now.toISOString(),
          ':now': Math.floor(now.getTime() / 1000),
          ':hash': hashSecret(answer.secret),
        },
      }),
    );
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** The Lambda entry: its own log context, and the metrics it records flushed (functions/lib/lambda-handler.ts). */
export const handler = loggedHandler(trigger);
