import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, it } from 'vitest';
import { signupMessages } from '../../shared/validation/messages';
import { api, errorOf, signIn, signUp, testCloud, uniqueEmail } from './accounts';

beforeAll(() => {
  testCloud();
});

/**
 * A federated sign-in cannot happen locally (cognito-local has no identity providers), so the
 * stand-in is what Cognito leaves behind after one: a confirmed Cognito user with a verified
 * e-mail and no profile item. It signs in with a password instead of the provider.
 */
async function givenCognitoUserWithoutProfile(): Promise<{ email: string; token: string }> {
  const email = uniqueEmail('idp');
  const password = 'Correct-horse-9';
  const cognito = new CognitoIdentityProviderClient({});
  try {
    const userPoolId = process.env.USER_POOL_ID!;
    await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    await cognito.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: userPoolId,
        Username: email,
        Password: password,
        Permanent: true,
      }),
    );
  } finally {
    cognito.destroy();
  }
  return { email, token: await signIn(email, password) };
}

describe('POST /api/auth/create-user-with-idp', () => {
  it('creates the caller’s profile with the e-mail and its verified flag from Cognito', async () => {
    const { email, token } = await givenCognitoUserWithoutProfile();
    const response = await api('POST', '/api/auth/create-user-with-idp', {
      token,
      body: { firstName: ' Grace ', lastName: 'Hopper<b>', email: 'someone-else@test.example', id: 'x' },
    });
    expect(response.status).toBe(201);
    const user = response.body.data;
    expect(user).toMatchObject({
      email,
      emailVerified: true,
      firstName: 'Grace',
      displayName: 'Grace H',
      abbreviatedName: 'GH',
    });
    expect(user.lastName).not.toContain('<');
    expect(user.id).not.toBe('x');
    const me = await api('GET', '/api/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.data).toEqual({ ...user, hasListings: false, hasOrders: false });
  });

  it('answers 409 conflict once the caller has a profile, whatever the body', async () => {
    const { token } = await givenCognitoUserWithoutProfile();
    const body = { firstName: 'Grace', lastName: 'Hopper' };
    expect((await api('POST', '/api/auth/create-user-with-idp', { token, body })).status).toBe(201);
    const again = await api('POST', '/api/auth/create-user-with-idp', { token, body });
    expect(again.status).toBe(409);
    expect(errorOf(again.body).code).toBe('conflict');
    const empty = await api('POST', '/api/auth/create-user-with-idp', { token, body: {} });
    expect(empty.status).toBe(409);

    const account = await signUp();
    const signedUp = await api('POST', '/api/auth/create-user-with-idp', {
      token: account.accessToken,
      body,
    });
    expect(signedUp.status).toBe(409);
  });

  it('refuses missing names with the signup form’s messages and creates nothing', async () => {
    const { token } = await givenCognitoUserWithoutProfile();
    const response = await api('POST', '/api/auth/create-user-with-idp', {
      token,
      body: { firstName: '  ', lastName: 42 },
    });
    expect(response.status).toBe(400);
    expect(errorOf(response.body).code).toBe('validation-invalid-params');
    expect(errorOf(response.body).meta).toEqual({
      fields: { firstName: signupMessages.firstNameRequired, lastName: signupMessages.lastNameRequired },
    });
    const created = await api('POST', '/api/auth/create-user-with-idp', {
      token,
      body: { firstName: 'Grace', lastName: 'Hopper' },
    });
    expect(created.status).toBe(201);
  });

  it('answers 401 without a token', async () => {
    const response = await api('POST', '/api/auth/create-user-with-idp', {
      body: { firstName: 'Grace', lastName: 'Hopper' },
    });
    expect(response.status).toBe(401);
    expect(errorOf(response.body).code).toBe('unauthorized');
  });
});
