import type { CreateAuthChallengeTriggerEvent } from 'aws-lambda';
import { loggedHandler } from '../../lib/lambda-handler';

/**
 * Cognito custom auth, step 2: the challenge carries nothing. The answer is a one-time secret the
 * operator stored (hashed) in the table beforehand; verify-auth-challenge checks it there.
 */
async function trigger(event: CreateAuthChallengeTriggerEvent): Promise<CreateAuthChallengeTriggerEvent> {
  event.response = {
    publicChallengeParameters: {},
    privateChallengeParameters: {},
    challengeMetadata: 'VELO_LIMITED_SESSION',
  };
  return event;
}

/** The Lambda entry: its own log context, and the metrics it records flushed (functions/lib/lambda-handler.ts). */
export const handler = loggedHandler(trigger);
