import {
  CognitoIdentityProviderClient,
  GetUserCommand,
  InitiateAuthCommand,
  RevokeTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { requiredEnv } from './aws';
import { ApiError } from './errors';
import { traced } from './tracing';

/**
 * The Cognito user pool client, created once per container. Its endpoint comes from the SDK's own
 * AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER (cognito-local in the local cloud). Admin calls need
 * IAM (granted per handler group in the CDK API stack); token and client-id calls do not.
 */
let client: CognitoIdentityProviderClient | undefined;

export function cognito(): CognitoIdentityProviderClient {
  client ??= traced(new CognitoIdentityProviderClient({}));
  return client;
}

export const userPoolId = () => requiredEnv('USER_POOL_ID');
export const userPoolClientId = () => requiredEnv('USER_POOL_CLIENT_ID');

/** The Cognito exceptions we answer; a typo in an answer table is a type error. */
export type CognitoException =
  | 'AliasExistsException'
  | 'CodeMismatchException'
  | 'ExpiredCodeException'
  | 'InvalidParameterException'
  | 'InvalidPasswordException'
  | 'LimitExceededException'
  | 'NotAuthorizedException'
  | 'TooManyRequestsException'
  | 'UserNotFoundException'
  | 'UsernameExistsException';

/** What to throw instead of a Cognito exception, by its name. */
export type CognitoAnswers = Partial<Record<CognitoException, (error: Error) => unknown>>;

/** Whether an error is one of the named Cognito exceptions. */
export function isCognitoError(error: unknown, ...names: CognitoException[]): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return typeof name === 'string' && (names as string[]).includes(name);
}

/**
 * The one Cognito error mapping: the caller's answer for the exception if it has one, else
 * Cognito's throttles and attempt limits as our 429, else the error itself (a server error).
 */
export function cognitoFailure(error: unknown, answers: CognitoAnswers = {}): unknown {
  const name = (error as { name?: unknown } | null)?.name;
  const answer = typeof name === 'string' ? answers[name as CognitoException] : undefined;
  if (answer) return answer(error as Error);
  if (isCognitoError(error, 'LimitExceededException', 'TooManyRequestsException')) {
    return new ApiError('too-many-requests');
  }
  return error;
}

/** Runs one Cognito call; its failure goes through `cognitoFailure` with these answers. */
export async function callCognito<T>(
  call: (client: CognitoIdentityProviderClient) => Promise<T>,
  answers: CognitoAnswers = {},
): Promise<T> {
  try {
    return await call(cognito());
  } catch (error) {
    throw cognitoFailure(error, answers);
  }
}

/**
 * Checks a password by signing in (USER_PASSWORD_AUTH) and returns the access token; the refresh
 * token of that extra session is revoked at once (best effort). Wrong password → undefined.
 * AWS answers NotAuthorizedException; cognito-local InvalidPasswordException or UserNotFoundException.
 */
export async function passwordSignIn(email: string, password: string): Promise<string | undefined> {
  try {
    const result = await cognito().send(
      new InitiateAuthCommand({
        ClientId: userPoolClientId(),
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    const tokens = result.AuthenticationResult;
    if (tokens?.RefreshToken) {
      await cognito()
        .send(new RevokeTokenCommand({ ClientId: userPoolClientId(), Token: tokens.RefreshToken }))
        .catch(() => undefined);
    }
    return tokens?.AccessToken;
  } catch (error) {
    if (
      isCognitoError(error, 'NotAuthorizedException', 'InvalidPasswordException', 'UserNotFoundException')
    ) {
      return undefined;
    }
    throw cognitoFailure(error);
  }
}

/** The caller's Cognito attributes by name (GetUser with their access token); Cognito's limits as 429. */
export async function cognitoAttributes(token: string): Promise<Record<string, string>> {
  const result = await callCognito((client) => client.send(new GetUserCommand({ AccessToken: token })));
  return Object.fromEntries(
    (result.UserAttributes ?? []).map((attribute) => [attribute.Name ?? '', attribute.Value ?? '']),
  );
}
