import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { loggedHandler } from '../../lib/lambda-handler';
import { type CodePurpose, codeEmail } from '../code-emails';

/**
 * The client metadata key our own calls set when the source alone does not say what the code is
 * for: `claim-address` when a sign-up found the address taken by an unverified account.
 */
export const codePurposeMetadata = 'velo_code_purpose';

/** What each of Cognito's code mails is for, by trigger source. */
export const purposeBySource: Partial<Record<CustomMessageTriggerEvent['triggerSource'], CodePurpose>> = {
  // Cognito's own sign-up confirmation (public SignUp is refused by pre-sign-up, but a social
  // sign-in or a resend can still confirm an address this way).
  CustomMessage_SignUp: 'verify-email',
  CustomMessage_ResendCode: 'verify-email',
  // Our sign-up and the "send a new code" button (GetUserAttributeVerificationCode).
  CustomMessage_VerifyUserAttribute: 'verify-email',
  // An e-mail change (UpdateUserAttributes): the code goes to the new address.
  CustomMessage_UpdateUserAttribute: 'confirm-new-email',
  CustomMessage_ForgotPassword: 'reset-password',
  // We create users with the invitation suppressed; should one ever go, it says what it is.
  CustomMessage_AdminCreateUser: 'invitation',
};

/**
 * Cognito's CustomMessage trigger: every code e-mail says what the code is for, how long it is
 * valid and what to do if it was not you (texts: ../code-emails.ts). A source without a purpose
 * (CustomMessage_Authentication: sign-in codes, which this pool does not use, MFA being off) keeps
 * Cognito's default message. Only the e-mail is set: the pool sends no SMS.
 */
async function trigger(event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> {
  const purpose =
    event.request.clientMetadata?.[codePurposeMetadata] === 'claim-address'
      ? 'claim-address'
      : purposeBySource[event.triggerSource];
  if (!purpose) return event;
  const { subject, html } = codeEmail(purpose, {
    codeParameter: event.request.codeParameter,
    ...(event.request.usernameParameter ? { usernameParameter: event.request.usernameParameter } : {}),
    ...(event.request.userAttributes?.given_name
      ? { firstName: event.request.userAttributes.given_name }
      : {}),
  });
  event.response = { ...event.response, emailSubject: subject, emailMessage: html };
  return event;
}

/** The Lambda entry: its own log context, and the metrics it records flushed (functions/lib/lambda-handler.ts). */
export const handler = loggedHandler(trigger);
