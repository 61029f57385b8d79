import type { CreateAuthChallengeTriggerEvent } from 'aws-lambda';

/**
 * Cognito custom auth, step 2: the challenge carries nothing. The answer is a one-time secret the
 * operator stored (hashed) in the table beforehand; verify-auth-challenge checks it there.
 */
export async function handler(
  event: CreateAuthChallengeTriggerEvent,
): Promise<CreateAuthChallengeTriggerEvent> {
  event.response = {
    publicChallengeParameters: {},
    privateChallengeParameters: {},
    challengeMetadata: 'VELO_LIMITED_SESSION',
  };
  return event;
}
