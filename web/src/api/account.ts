import type {
  AvatarUpload,
  AvatarUploadRequest,
  CurrentUser,
  EmailChangeRequest,
  IdpSignupRequest,
  PasswordChangeRequest,
  PasswordResetConfirmRequest,
  ProfileUpdateRequest,
  SignupRequest,
} from '../../../shared/api/account';
import { route } from '../../../shared/api/routes';
import { callApi, type RequestOptions } from './client';

/** The account API (shared/api/account.ts): one function per route of functions/routes.ts. */

type Data<T> = { data: T };

export async function getCurrentUser(options?: RequestOptions): Promise<CurrentUser> {
  return (await callApi(route('me'), options)).data;
}

/**
 * The signup answer. The API sends the first verification e-mail itself (functions/accounts/http/signup.ts);
 * only an answer saying it was not sent (`meta.verificationEmailSent: false`) makes the app ask.
 */
export interface SignupAnswer extends Data<CurrentUser> {
  meta?: { verificationEmailSent?: boolean };
}

export function signup(body: SignupRequest): Promise<SignupAnswer> {
  return callApi(route('signup'), { body, token: null });
}

/** The profile of someone back from Google or Facebook (409 conflict: they have one already). */
export async function createUserWithIdp(
  body: IdpSignupRequest,
  options?: RequestOptions,
): Promise<CurrentUser> {
  return (await callApi(route('createUserWithIdp'), { ...options, body })).data;
}

/** Sends a reset code; answers with the address it went to (for the "check your e-mail" state). */
export async function requestPasswordReset(email: string): Promise<string> {
  const answer = await callApi(route('requestPasswordReset'), {
    body: { email },
    token: null,
  });
  return answer?.data?.email || email;
}

export async function confirmPasswordReset(body: PasswordResetConfirmRequest): Promise<void> {
  await callApi(route('confirmPasswordReset'), { body, token: null });
}

export async function changePassword(body: PasswordChangeRequest): Promise<void> {
  await callApi(route('changePassword'), { body });
}

export async function sendVerificationEmail(): Promise<void> {
  await callApi(route('sendVerificationEmail'));
}

export async function verifyEmail(verificationToken: string): Promise<CurrentUser> {
  return (await callApi(route('verifyEmail'), { body: { verificationToken } })).data;
}

export async function changeEmail(body: EmailChangeRequest): Promise<CurrentUser> {
  return (await callApi(route('changeEmail'), { body })).data;
}

export async function updateProfile(body: ProfileUpdateRequest): Promise<CurrentUser> {
  return (await callApi(route('updateMe'), { body })).data;
}

export async function createAvatarUpload(body: AvatarUploadRequest): Promise<AvatarUpload> {
  const answer = await callApi(route('createAvatarUpload'), { body });
  return 'data' in answer ? answer.data : answer;
}

export async function setAvatar(uploadId: string): Promise<CurrentUser> {
  return (await callApi(route('setAvatar'), { body: { uploadId } })).data;
}
