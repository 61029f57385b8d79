import { defaultDisplayName } from '../../../shared/text/names';
import { sanitizeText } from '../../../shared/text/sanitize';
import { validateIdpSignup } from '../../../shared/validation/account';
import { cognitoAttributes } from '../../lib/cognito';
import { ApiError, accessToken, assertValid, json, jsonBody, textFields } from '../../lib/http';
import { userHandler } from '../../lib/user-handler';
import { normalizeEmail } from '../email';
import { createUser } from '../repository';
import { toCurrentUser } from '../user-record';

const alreadyCreated = 'This account has been created already.';

/**
 * POST /api/auth/create-user-with-idp {firstName, lastName} → 201 { data: CurrentUser }.
 *
 * Called from `/confirm` after a Google or Facebook sign-in: the Cognito user exists (Cognito made
 * it from the provider's answer) and the token is theirs, so the identity is the token's `sub`
 * and the e-mail and its `email_verified` (true for provider e-mails) come from Cognito `GetUser`
 * with the caller's access token; only the names come from the body (sanitised, with the signup
 * form's messages). The user guard lets a caller without a profile through (`profile` undefined).
 * A caller who already has a profile gets 409 `conflict`, checked before the body, so the web app
 * can post the provider's names first and learn in one request whether the account exists.
 */
export const handler = userHandler({ profile: 'optional' }, async ({ event, user }) => {
  if (user.profile) throw new ApiError('conflict', alreadyCreated);
  const body = jsonBody(event);
  const values = textFields(body, ['firstName', 'lastName'] as const);
  assertValid(validateIdpSignup(values));
  const firstName = sanitizeText(values.firstName!.trim());
  const lastName = sanitizeText(values.lastName!.trim());

  const attributes = await cognitoAttributes(accessToken(event));
  if (!attributes.email)
    throw new ApiError('validation-invalid-params', 'The account has no e-mail address.');
  try {
    const record = await createUser({
      id: user.id,
      email: normalizeEmail(attributes.email),
      emailVerified: attributes.email_verified === 'true',
      firstName,
      lastName,
      displayName: defaultDisplayName(firstName, lastName),
      createdAt: new Date().toISOString(),
    });
    return json(201, { data: toCurrentUser(record, { limited: user.limited }) });
  } catch (error) {
    // Created in the meantime (a second request, or GET /api/me's first-sign-in profile).
    if (error instanceof ApiError && error.code === 'conflict')
      throw new ApiError('conflict', alreadyCreated);
    throw error;
  }
});
