import { randomUUID } from 'node:crypto';
import {
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { LocalOutbox } from '../../infra/local/outbox';
import { signWithLocalCognitoKey } from './authorization-tokens';
import { eventually, useLocalCloud } from './cloud-env';

let url: string;
let outbox: LocalOutbox;
let accessToken: string;
let userId: string;

beforeAll(async () => {
  const cloud = useLocalCloud();
  url = cloud.url;
  outbox = new LocalOutbox(`${cloud.dataDir}/outbox`);
  const cognito = new CognitoIdentityProviderClient({});
  const clientId = inject('cognitoClientId');
  const email = `rider-${randomUUID()}@test.example`;
  const password = 'Correct-horse-9';
  const signUp = await cognito.send(
    new SignUpCommand({
      ClientId: clientId,
      Username: email,
      Password: password,
      UserAttributes: [{ Name: 'email', Value: email }],
    }),
  );
  userId = signUp.UserSub!;
  // cognito-local "sends" the confirmation code; the local cloud puts it in the dev outbox.
  const code = await eventually(async () => {
    const message = outbox.list().find((m) => m.to.includes(email));
    return message ? /code is (\d+)/.exec(message.text)?.[1] : undefined;
  });
  await cognito.send(
    new ConfirmSignUpCommand({ ClientId: clientId, Username: email, ConfirmationCode: code }),
  );
  const auth = await cognito.send(
    new InitiateAuthCommand({
      ClientId: clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  accessToken = auth.AuthenticationResult!.AccessToken!;
});

const me = (authorization?: string) =>
  fetch(`${url}/api/me`, { headers: authorization ? { authorization } : {} });

describe('cognito-local and the gateway JWT authorizer', () => {
  it('signs up, confirms and signs in; the token opens an authenticated route', async () => {
    const response = await me(`Bearer ${accessToken}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { id: string } };
    expect(body.data.id).toBe(userId);
  });

  it('rejects a missing token with 401 and the error shape', async () => {
    const response = await me();
    expect(response.status).toBe(401);
    const body = (await response.json()) as { errors: Array<{ code: string; status: number; id: string }> };
    expect(body.errors[0]).toMatchObject({ code: 'unauthorized', status: 401 });
    expect(body.errors[0]!.id).toBe(response.headers.get('apigw-requestid'));
  });

  it('rejects a tampered token with 401', async () => {
    const [header, payload, signature] = accessToken.split('.');
    const claims = { ...decodeJwt(accessToken), sub: randomUUID() };
    const forged = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    expect((await me(`Bearer ${forged}`)).status).toBe(401);
    expect((await me(`Bearer ${header}.${payload}.${signature!.slice(0, -4)}AAAA`)).status).toBe(401);
  });

  it('rejects an expired token with 401, even when correctly signed', async () => {
    const claims = decodeJwt(accessToken);
    const past = Math.floor(Date.now() / 1000) - 7200;
    const expired = await signWithLocalCognitoKey({ ...claims, iat: past, exp: past + 3600 });
    const fresh = await signWithLocalCognitoKey({ ...claims, iat: past, exp: past + 3 * 3600 });
    expect((await me(`Bearer ${expired}`)).status).toBe(401);
    expect((await me(`Bearer ${fresh}`)).status).toBe(200); // same key, not expired: the check is the expiry
  });
});
