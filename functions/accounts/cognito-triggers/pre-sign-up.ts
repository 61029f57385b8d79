import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { loggedHandler } from '../../lib/lambda-handler';

/** What the caller of Cognito's public SignUp reads. */
export const publicSignUpRefused = 'Please sign up on Velo Exchange.';

/**
 * Pre sign-up: accounts are made by our API (AdminCreateUser, after the shared validators, with
 * the profile item; functions/accounts/sign-up.ts) or by a social sign-in. Cognito's public SignUp
 * API is open to anyone who reads the web client's id from /config.json: it would make users that
 * skipped our checks and have no profile, and send verification mails on our quota. It is refused;
 * the other two ways through are left alone.
 */
async function trigger(event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> {
  if (event.triggerSource === 'PreSignUp_SignUp') throw new Error(publicSignUpRefused);
  return event;
}

/** The Lambda entry: its own log context, and the metrics it records flushed (functions/lib/lambda-handler.ts). */
export const handler = loggedHandler(trigger);
