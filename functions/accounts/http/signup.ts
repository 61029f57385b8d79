import type { SignupResponse } from '../../../shared/api/account';
import { validateSignupRequest } from '../../../shared/validation/account-requests';
import { assertValid, type HttpEvent, httpHandler, json, jsonBody, textFields } from '../../lib/http';
import { commonPasswords } from '../common-passwords';
import { signUp } from '../sign-up';
import { toCurrentUser } from '../user-record';

/**
 * POST /api/auth/signup {email, password, firstName, lastName} → 201 { data: CurrentUser }: the
 * shared signup validators (the spec's messages; the password rule 8–256 is checked here because
 * cognito-local enforces no policy) with the common-password check (account-requests.ts), then
 * signUp (the Cognito user, the profile, the first verification e-mail).
 */
export const handler = httpHandler(async (event: HttpEvent) => {
  const values = textFields(jsonBody(event), ['email', 'password', 'firstName', 'lastName'] as const);
  assertValid(validateSignupRequest(values, await commonPasswords()));
  const { record, verificationEmailSent } = await signUp({
    email: values.email!,
    password: values.password!,
    firstName: values.firstName!,
    lastName: values.lastName!,
  });
  const answer: SignupResponse = { data: toCurrentUser(record), meta: { verificationEmailSent } };
  return json(201, answer);
});
