import { createPrivateKey, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { decodeJwt, SignJWT } from 'jose';

/**
 * The bad tokens of the authorization matrix, each made from real access tokens, so the only thing
 * wrong with it is the one thing its name says. The local Cognito's private key (the package's own,
 * as tests/integration/auth.test.ts uses it) signs the ones that must carry a valid signature: an
 * expired token and one issued to another app client.
 */
export type BadToken = 'forged' | 'expired' | 'algNone' | 'wrongAudience';
export const badTokens: readonly BadToken[] = ['forged', 'expired', 'algNone', 'wrongAudience'];

const keyFile = createRequire(import.meta.url).resolve('cognito-local/lib/keys/cognitoLocal.private.json');
const signingKey = () => createPrivateKey((JSON.parse(readFileSync(keyFile, 'utf8')) as { pem: string }).pem);

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token signed with the local Cognito's own key: valid but for whatever its claims say. */
export function signWithLocalCognitoKey(claims: Record<string, unknown>): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' }).sign(signingKey());
}

/**
 * The four bad tokens for the owner of `ownerToken`. The forged one is the attack itself: the
 * attacker's own valid token (`attackerToken`) with its claims changed to the owner's identity and
 * its signature kept; the others carry the owner's own claims, so nothing but their defect refuses them.
 */
export async function badTokensOf(
  ownerToken: string,
  attackerToken: string,
): Promise<Record<BadToken, string>> {
  const owner = decodeJwt(ownerToken) as Record<string, unknown>;
  const [attackerHeader, , attackerSignature] = attackerToken.split('.');
  const attacker = decodeJwt(attackerToken) as Record<string, unknown>;
  const now = Math.floor(Date.now() / 1000);
  return {
    forged: `${attackerHeader}.${base64url({ ...attacker, sub: owner.sub, username: owner.username })}.${attackerSignature}`,
    expired: await signWithLocalCognitoKey({ ...owner, iat: now - 7200, exp: now - 3600 }),
    algNone: `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(owner)}.`,
    wrongAudience: await signWithLocalCognitoKey({
      ...owner,
      client_id: `other-${randomUUID()}`,
      exp: now + 3600,
    }),
  };
}
