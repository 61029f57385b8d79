import {
  CognitoIdentityProviderClient,
  GetUserCommand,
  InitiateAuthCommand,
  RevokeTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { requiredEnv } from './aws';
import { ApiError } from './errors';

/**
 * The Cognito user pool client, created once per container. Its endpoint comes from the SDK's own
 * AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER (cognito-local in the local cloud). Admin calls need
 * IAM (granted per handler group in the CDK API stack); token and client-id calls do not.
 */
let client: CognitoIdentityProviderClient | undefined;

export function cognito(): CognitoIdentityProviderClient {
  client ??= new CognitoIdentityProviderClient({});
  return client;
}

export const userPoolId = () => requiredEnv('USER_POOL_ID');
export const userPoolClientId = () => requiredEnv('USER_POOL_CLIENT_ID');

/** The Cognito exception name of an error (`UsernameExistsException`…), or undefined. */
export function cognitoError(error: unknown): string | undefined {
  const name = (error as { name?: unknown } | null)?.name;
  return typeof name === 'string' && name.endsWith('Exception') ? name : undefined;
}

/** Cognito's own throttles and attempt limits become our 429. */
export function rethrowCognitoLimits(error: unknown): void {
  const name = cognitoError(error);
  if (name === 'LimitExceededException' || name === 'TooManyRequestsException') {
    throw new ApiError('too-many-requests');
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
    const name = cognitoError(error);
    if (
      name === 'NotAuthorizedException' ||
      name === 'InvalidPasswordException' ||
      name === 'UserNotFoundException'
    ) {
      return undefined;
    }
    rethrowCognitoLimits(error);
    throw error;
  }
}

/** The caller's Cognito attributes by name (GetUser with their access token); Cognito's limits as 429. */
export async function cognitoAttributes(token: string): Promise<Record<string, string>> {
  try {
    const result = await cognito().send(new GetUserCommand({ AccessToken: token }));
    return Object.fromEntries(
      (result.UserAttributes ?? []).map((attribute) => [attribute.Name ?? '', attribute.Value ?? '']),
    );
  } catch (error) {
    rethrowCognitoLimits(error);
    throw error;
  }
}
