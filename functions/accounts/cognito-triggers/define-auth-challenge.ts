import type { DefineAuthChallengeTriggerEvent } from 'aws-lambda';
import { loggedHandler } from '../../lib/lambda-handler';

/**
 * Cognito custom auth, step 1 (operator's limited sessions only): no answer yet → one
 * CUSTOM_CHALLENGE; the last answer correct → tokens; anything else → fail. One attempt only.
 */
async function trigger(event: DefineAuthChallengeTriggerEvent): Promise<DefineAuthChallengeTriggerEvent> {
  const session = event.request.session ?? [];
  const last = session.at(-1);
  if (event.request.userNotFound) {
    event.response = { issueTokens: false, failAuthentication: true };
  } else if (session.length === 0) {
    event.response = { challengeName: 'CUSTOM_CHALLENGE', issueTokens: false, failAuthentication: false };
  } else if (
    session.length === 1 &&
    last?.challengeName === 'CUSTOM_CHALLENGE' &&
    last.challengeResult === true
  ) {
    event.response = { issueTokens: true, failAuthentication: false };
  } else {
    event.response = { issueTokens: false, failAuthentication: true };
  }
  return event;
}

/** The Lambda entry: its own log context, and the metrics it records flushed (functions/lib/lambda-handler.ts). */
export const handler = loggedHandler(trigger);
