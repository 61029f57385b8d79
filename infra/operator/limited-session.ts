import { createPrivateKey, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { SignJWT } from 'jose';
import { limitedScope } from '../../shared/api/account';

/**
 * The tokens of a local limited session, signed the way cognito-local signs its own (RS256 with the
 * development key shipped in the cognito-local package, key id `CognitoLocal`), so the local gateway
 * verifies them against cognito-local's JWKS like any other. The access token's only scope is
 * `user:limited`; there is no refresh token (the session ends when the tokens expire).
 * This works only because cognito-local's key is public: it is a stand-in's feature, not AWS's.
 */
export interface SessionTokens {
  accessToken: string;
  idToken: string;
}

function cognitoLocalKey() {
  const file = createRequire(import.meta.url).resolve('cognito-local/lib/keys/cognitoLocal.private.json');
  const { pem } = JSON.parse(readFileSync(file, 'utf8')) as { pem: string };
  return createPrivateKey(pem);
}

export async function mintLimitedSessionTokens(options: {
  issuer: string;
  clientId: string;
  user: { id: string; username: string; email: string; emailVerified: boolean };
  sessionId: string;
  now: Date;
  expiresAt: Date;
}): Promise<SessionTokens> {
  const key = cognitoLocalKey();
  const iat = Math.floor(options.now.getTime() / 1000);
  const exp = Math.floor(options.expiresAt.getTime() / 1000);
  const eventId = randomUUID();
  const sign = (claims: Record<string, unknown>) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
      .setIssuer(options.issuer)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(key);
  return {
    accessToken: await sign({
      sub: options.user.id,
      client_id: options.clientId,
      token_use: 'access',
      scope: limitedScope,
      username: options.user.username,
      auth_time: iat,
      event_id: eventId,
      jti: options.sessionId,
    }),
    idToken: await sign({
      sub: options.user.id,
      aud: options.clientId,
      token_use: 'id',
      'cognito:username': options.user.username,
      email: options.user.email,
      email_verified: options.user.emailVerified,
      auth_time: iat,
      event_id: eventId,
      jti: randomUUID(),
    }),
  };
}

/**
 * What to paste into the browser's console on the local site to use the session: Amplify v6 keeps
 * its tokens in localStorage under `CognitoIdentityServiceProvider.<clientId>.…`.
 */
export function browserSnippet(clientId: string, username: string, tokens: SessionTokens): string {
  const prefix = `CognitoIdentityServiceProvider.${clientId}`;
  const entries: Array<[string, string]> = [
    [`${prefix}.LastAuthUser`, username],
    [`${prefix}.${username}.accessToken`, tokens.accessToken],
    [`${prefix}.${username}.idToken`, tokens.idToken],
    [`${prefix}.${username}.clockDrift`, '0'],
  ];
  return [
    ...entries.map(
      ([name, value]) => `localStorage.setItem(${JSON.stringify(name)}, ${JSON.stringify(value)});`,
    ),
    'location.reload();',
  ].join('\n');
}
