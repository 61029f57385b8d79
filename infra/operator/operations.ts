import { randomBytes, randomUUID } from 'node:crypto';
import {
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminGetUserCommand,
  AdminInitiateAuthCommand,
  AdminRespondToAuthChallengeCommand,
  AdminUserGlobalSignOutCommand,
  type CognitoIdentityProviderClient,
  RevokeTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import {
  hashSecret,
  limitedChallengeKey,
  limitedChallengeSeconds,
  limitedSessionMetadata,
} from '../../functions/accounts/cognito-triggers/challenge';
import { normalizeEmail } from '../../functions/accounts/email';
import {
  banProfile,
  markProfileDeleted,
  removeListingsFromSearch,
} from '../../functions/accounts/moderation';
import { getUser } from '../../functions/accounts/repository';
import { dynamo, tableName } from '../../functions/lib/aws';
import { ApiError } from '../../functions/lib/http';
import { keys } from '../../functions/lib/table-design';
import { listingStateWrite } from '../../functions/listings/listing-record';
import { getListing, updateListing } from '../../functions/listings/repository';
import type { ListingState } from '../../shared/api/types';
import { type ListingAction, listingActions, listingStateAfter } from '../../shared/listings';
import { mintLimitedSessionTokens, type SessionTokens } from './limited-session';

/**
 * The operator's actions on one user, the same against the local cloud and AWS: the table through
 * the handlers' own modules (functions/accounts/moderation.ts), Cognito through the admin API.
 */
export interface OperatorContext {
  cognito: CognitoIdentityProviderClient;
  userPoolId: string;
  /** AWS only: revoke the user's refresh tokens too (cognito-local has no global sign-out). */
  globalSignOut: boolean;
  /** Local only: cognito-local's issuer and the web client id, to sign a limited session's tokens. */
  local?: { issuer: string; clientId: string };
  /** AWS only: the web client id, for the custom-auth sign-in of a limited session. */
  aws?: { clientId: string };
  log: (line: string) => void;
}

import { OperatorError } from '../../functions/lib/errors';

export { OperatorError };

export interface CognitoUser {
  id: string;
  username: string;
  email: string;
}

export async function findUser(
  context: Pick<OperatorContext, 'cognito' | 'userPoolId'>,
  email: string,
): Promise<CognitoUser> {
  try {
    const user = await context.cognito.send(
      new AdminGetUserCommand({ UserPoolId: context.userPoolId, Username: normalizeEmail(email) }),
    );
    const attribute = (name: string) => user.UserAttributes?.find((a) => a.Name === name)?.Value;
    const id = attribute('sub');
    if (!id || !user.Username) throw new OperatorError(`Cognito returned no id for ${email}`);
    return { id, username: user.Username, email: attribute('email') ?? normalizeEmail(email) };
  } catch (error) {
    if ((error as { name?: string }).name === 'UserNotFoundException') {
      throw new OperatorError(`No user with the e-mail address ${email}.`);
    }
    throw error;
  }
}

/**
 * Ban: the profile is flagged first (the API refuses the user's tokens from the next request on),
 * then the Cognito user is disabled (no more sign-in; in AWS also no token refresh), then the
 * user's listings leave search. Running it again is harmless.
 */
export async function banUser(
  context: OperatorContext,
  email: string,
): Promise<{ userId: string; listings: number }> {
  const user = await findUser(context, email);
  if (await getUser(user.id)) {
    await banProfile(user.id);
    context.log(`Profile ${user.id} flagged banned: the API answers 403 to this user.`);
  } else {
    context.log(`No profile for ${user.id} (never signed in): only Cognito is changed.`);
  }
  await context.cognito.send(
    new AdminDisableUserCommand({ UserPoolId: context.userPoolId, Username: user.username }),
  );
  if (context.globalSignOut) {
    await context.cognito.send(
      new AdminUserGlobalSignOutCommand({ UserPoolId: context.userPoolId, Username: user.username }),
    );
  }
  context.log(`Cognito user disabled${context.globalSignOut ? ' and signed out everywhere' : ''}.`);
  const listings = await removeListingsFromSearch(user.id, 'author-banned');
  context.log(`${listings} listing(s) removed from search.`);
  return { userId: user.id, listings };
}

/**
 * Delete: the profile stays as a tombstone flagged deleted (their orders and reviews still name a
 * "Deleted user"), the listings leave search, and the Cognito user is deleted last (after that the
 * e-mail address no longer finds the id).
 */
export async function deleteUser(
  context: OperatorContext,
  email: string,
): Promise<{ userId: string; listings: number }> {
  const user = await findUser(context, email);
  if (await getUser(user.id)) {
    await markProfileDeleted(user.id);
    context.log(`Profile ${user.id} flagged deleted: the API answers 403 to this user.`);
  } else {
    context.log(`No profile for ${user.id} (never signed in): only Cognito is changed.`);
  }
  const listings = await removeListingsFromSearch(user.id, 'author-deleted');
  context.log(`${listings} listing(s) removed from search.`);
  await context.cognito.send(
    new AdminDeleteUserCommand({ UserPoolId: context.userPoolId, Username: user.username }),
  );
  context.log('Cognito user deleted; the e-mail address is free again.');
  return { userId: user.id, listings };
}

/**
 * Approve (pendingApproval → published) or reject (pendingApproval → draft) a listing that waits
 * for approval (VELO_LISTINGS_REQUIRE_APPROVAL). One conditional write on the state it was read
 * in, through the handlers' own modules: the state and the GSI2 (search) keys come from
 * listingStateWrite, exactly as publish writes them; the stream consumer then refreshes search.
 * A listing that is missing, deleted or not pending is an OperatorError (the command exits 1).
 * An approved listing of a banned or deleted author is refused (it must not reach search).
 */
export async function decideListing(
  context: OperatorContext,
  listingId: string,
  action: Extract<ListingAction, 'approve' | 'reject'>,
): Promise<{ listingId: string; state: ListingState }> {
  const record = await getListing(listingId);
  if (!record || record.deleted) throw new OperatorError(`No listing with the id ${listingId}.`);
  const to = listingStateAfter(record.state, action);
  if (!to) {
    throw new OperatorError(
      `Listing ${listingId} is ${record.state}, not pending approval: nothing to ${action}.`,
    );
  }
  if (action === 'approve') {
    const author = await getUser(record.authorId);
    if (!author || author.banned || author.deleted) {
      throw new OperatorError(`The author of listing ${listingId} is banned, deleted or unknown.`);
    }
  }
  try {
    await updateListing(record.id, {
      ...listingStateWrite(record, to),
      fromStates: listingActions[action].from,
    });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'conflict') {
      throw new OperatorError(`Listing ${listingId} changed meanwhile and is no longer pending approval.`);
    }
    throw error;
  }
  context.log(
    action === 'approve'
      ? `Listing ${listingId} approved: published, and in search once the index catches up.`
      : `Listing ${listingId} rejected: back to draft; the seller can edit it and publish again.`,
  );
  return { listingId, state: to };
}

/**
 * How long an operator's limited session lasts (its tokens cannot be refreshed): locally the
 * minted tokens' lifetime; in AWS the pool client's access/ID token validity (Cognito default 1 h).
 */
export const limitedSessionSeconds = 3600;

/**
 * A limited session (spec §2, §6: the operator acts as the user with limited rights; the user's
 * only scope is `user:limited`). Locally the tokens are signed like cognito-local's own, with that
 * single scope; the API reports `limited: true` on /api/me and refuses the account-security routes.
 * An audit item `USER#<id> / SESSION#<createdAt>#<jti>` records who started it and until when.
 * AWS: Cognito signs the tokens, through custom auth (awsLimitedSessionTokens below and the
 * triggers in functions/accounts/cognito-triggers/); the refresh token is revoked at once, so the session
 * ends when the access token expires (1 h) and cannot be refreshed into a full one.
 */
export async function startLimitedSession(
  context: OperatorContext,
  email: string,
  operator: string,
  now = new Date(),
): Promise<{ userId: string; username: string; tokens: SessionTokens; expiresAt: Date }> {
  if (!context.local && !context.aws) {
    throw new OperatorError(
      'With --aws, limited-session needs the web client id: --client-id or USER_POOL_CLIENT_ID (output Velo<Stage>Auth.UserPoolClientId).',
    );
  }
  const user = await findUser(context, email);
  const profile = await getUser(user.id);
  if (!profile) throw new OperatorError(`${email} has no profile yet (never signed in).`);
  if (profile.banned || profile.deleted) throw new OperatorError(`${email} is banned or deleted.`);
  const sessionId = randomUUID();
  const expiresAt = new Date(now.getTime() + limitedSessionSeconds * 1000);
  const tokens = context.local
    ? await mintLimitedSessionTokens({
        ...context.local,
        user: { ...user, emailVerified: profile.emailVerified === true },
        sessionId,
        now,
        expiresAt,
      })
    : await awsLimitedSessionTokens(context, context.aws!.clientId, user, sessionId, now);
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.limitedSession(user.id, now.toISOString(), sessionId),
        entity: 'limitedSession',
        userId: user.id,
        scope: 'user:limited',
        startedBy: operator,
        createdAt: now.toISOString(),
        expiresAt: Math.floor(expiresAt.getTime() / 1000),
      },
    }),
  );
  context.log(`Limited session for ${user.email} (${user.id}) until ${expiresAt.toISOString()}.`);
  return { userId: user.id, username: user.username, tokens, expiresAt };
}

/**
 * AWS: sign in as the user through Cognito's custom auth. A random one-time secret is stored only
 * as its SHA-256 on `USER#<id> / LIMITED-CHALLENGE#<jti>` (5 minutes, unused), and answered as
 * `<jti>.<secret>` with the client metadata `velo_session: limited`: the verify trigger marks the
 * item used, the pre-token trigger (V2_0) replaces the access token's scopes with `user:limited`.
 * The refresh token is revoked at once (a refresh would not carry the metadata and would yield full
 * scopes), so the session lasts the access token's lifetime, 1 h.
 * The operator's own credentials need cognito-idp:AdminGetUser, AdminInitiateAuth and
 * AdminRespondToAuthChallenge on the pool and dynamodb:PutItem on the table (RevokeToken needs none).
 */
async function awsLimitedSessionTokens(
  context: OperatorContext,
  clientId: string,
  user: CognitoUser,
  jti: string,
  now: Date,
): Promise<SessionTokens> {
  const secret = randomBytes(32).toString('base64url');
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...limitedChallengeKey(user.id, jti),
        entity: 'limitedChallenge',
        userId: user.id,
        secretHash: hashSecret(secret),
        used: false,
        createdAt: now.toISOString(),
        expiresAt: Math.floor(now.getTime() / 1000) + limitedChallengeSeconds,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
  const started = await context.cognito.send(
    new AdminInitiateAuthCommand({
      UserPoolId: context.userPoolId,
      ClientId: clientId,
      AuthFlow: 'CUSTOM_AUTH',
      AuthParameters: { USERNAME: user.username },
      ClientMetadata: { ...limitedSessionMetadata },
    }),
  );
  if (started.ChallengeName !== 'CUSTOM_CHALLENGE' || !started.Session) {
    throw new OperatorError(
      `Cognito did not ask the custom challenge (got ${started.ChallengeName ?? 'tokens'}): are the custom-auth triggers deployed?`,
    );
  }
  const answered = await context.cognito.send(
    new AdminRespondToAuthChallengeCommand({
      UserPoolId: context.userPoolId,
      ClientId: clientId,
      ChallengeName: 'CUSTOM_CHALLENGE',
      Session: started.Session,
      ChallengeResponses: { USERNAME: user.username, ANSWER: `${jti}.${secret}` },
      ClientMetadata: { ...limitedSessionMetadata },
    }),
  );
  const result = answered.AuthenticationResult;
  if (!result?.AccessToken || !result.IdToken) {
    throw new OperatorError('Cognito did not accept the limited-session challenge.');
  }
  if (result.RefreshToken) {
    await context.cognito.send(new RevokeTokenCommand({ ClientId: clientId, Token: result.RefreshToken }));
  }
  return { accessToken: result.AccessToken, idToken: result.IdToken };
}
