import { randomUUID } from 'node:crypto';
import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamo, tableName } from '../../functions/lib/aws';
import { getListing } from '../../functions/listings/repository';
import { api, errorOf, operator, signUp, type TestAccount, testCloud } from './accounts';
import { eventually } from './cloud-env';
import { givenListing } from './fixtures';

let cognito: CognitoIdentityProviderClient;

beforeAll(() => {
  testCloud();
  cognito = new CognitoIdentityProviderClient({});
});
afterAll(() => cognito.destroy());

const poolId = () => process.env.USER_POOL_ID!;

async function sellerWithListings(marker: string): Promise<{ account: TestAccount; listingIds: string[] }> {
  const account = await signUp();
  const listingIds = [];
  for (const title of [`Canyon Ultimate ${marker}`, `Cervelo R5 ${marker}`]) {
    listingIds.push((await givenListing(account.user.id, { title })).id);
  }
  await eventually(async () => {
    const search = await api('GET', `/api/listings?keywords=${marker}`);
    return search.body.meta.totalItems === 2 ? true : undefined;
  });
  return { account, listingIds };
}

describe('npm run operator -- ban', () => {
  it("refuses the banned user's still-valid token on every user route and takes their listings out of search", async () => {
    const marker = `zb${randomUUID().slice(0, 8)}`;
    const { account, listingIds } = await sellerWithListings(marker);
    const bystander = await signUp();

    const { stdout } = await operator('ban', account.email.toUpperCase());
    expect(stdout).toContain('2 listing(s) removed from search');

    for (const [method, path] of [
      ['GET', '/api/me'],
      ['PATCH', '/api/me'],
      ['POST', '/api/me/avatar-uploads'],
      ['POST', '/api/auth/verification-email'],
      ['POST', '/api/auth/change-password'],
    ] as const) {
      const response = await api(method, path, { token: account.accessToken, body: {} });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(errorOf(response.body).code).toBe('forbidden');
    }
    expect((await api('GET', '/api/me', { token: bystander.accessToken })).status).toBe(200);

    const user = await cognito.send(
      new AdminGetUserCommand({ UserPoolId: poolId(), Username: account.email }),
    );
    expect(user.Enabled).toBe(false);

    await eventually(async () => {
      const search = await api('GET', `/api/listings?keywords=${marker}`);
      return search.body.meta.totalItems === 0 ? true : undefined;
    });
    for (const id of listingIds) {
      const listing = await getListing(id);
      expect(listing).toMatchObject({ state: 'published', hiddenReason: 'author-banned' });
      expect(listing?.GSI2PK).toBeUndefined();
      expect((await api('GET', `/api/listings/${id}`)).status).toBe(404);
    }
    expect((await api('GET', `/api/users/${account.user.id}/listings`)).body.meta.totalItems).toBe(0);
    expect((await api('GET', `/api/users/${account.user.id}`)).body.data).toEqual({
      id: account.user.id,
      displayName: 'Banned user',
      abbreviatedName: '',
      banned: true,
    });
    // A banned user cannot start a password reset either.
    expect((await api('POST', '/api/auth/password-reset', { body: { email: account.email } })).status).toBe(
      403,
    );
  });

  it('explains an unknown address', async () => {
    await expect(operator('ban', `nobody-${randomUUID()}@test.example`)).rejects.toMatchObject({
      stderr: expect.stringContaining('No user with the e-mail address'),
    });
  });
});

describe('npm run operator -- delete', () => {
  it('deletes the Cognito user, flags the profile and takes the listings out of search', async () => {
    const marker = `zd${randomUUID().slice(0, 8)}`;
    const { account } = await sellerWithListings(marker);
    await operator('delete', account.email);
    await expect(
      cognito.send(new AdminGetUserCommand({ UserPoolId: poolId(), Username: account.email })),
    ).rejects.toBeInstanceOf(UserNotFoundException);
    expect((await api('GET', '/api/me', { token: account.accessToken })).status).toBe(403);
    expect((await api('GET', `/api/users/${account.user.id}`)).body.data).toMatchObject({
      displayName: 'Deleted user',
      deleted: true,
    });
    await eventually(async () => {
      const search = await api('GET', `/api/listings?keywords=${marker}`);
      return search.body.meta.totalItems === 0 ? true : undefined;
    });
    // The address is free again.
    expect((await signUp({ email: account.email })).user.id).not.toBe(account.user.id);
  });
});

describe('npm run operator -- limited-session', () => {
  it('signs in as the user with only the user:limited scope; /api/me says limited; account security is refused', async () => {
    const account = await signUp();
    const { stdout } = await operator('limited-session', account.email, '--json');
    const session = JSON.parse(stdout) as {
      userId: string;
      accessToken: string;
      idToken: string;
      expiresAt: string;
    };
    expect(session.userId).toBe(account.user.id);
    expect(decodeJwt(session.accessToken)).toMatchObject({
      sub: account.user.id,
      scope: 'user:limited',
      token_use: 'access',
    });

    const me = await api('GET', '/api/me', { token: session.accessToken });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ id: account.user.id, limited: true });
    expect((await api('GET', '/api/me', { token: account.accessToken })).body.data.limited).toBeUndefined();
    for (const [path, body] of [
      ['/api/auth/change-password', { currentPassword: account.password, newPassword: 'Hijacked-pass-1' }],
      ['/api/me/email', { email: 'other@test.example', currentPassword: account.password }],
      ['/api/auth/verification-email', {}],
    ] as const) {
      const response = await api('POST', path, { token: session.accessToken, body });
      expect(response.status, path).toBe(403);
    }
    // The operator's session is on record.
    const audit = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :session)',
        ExpressionAttributeValues: { ':pk': `USER#${account.user.id}`, ':session': 'SESSION#' },
      }),
    );
    expect(audit.Items).toHaveLength(1);
    expect(audit.Items?.[0]).toMatchObject({ scope: 'user:limited', userId: account.user.id });
  });

  it('asks for the web client id with --aws, before calling AWS', async () => {
    // The suite's environment carries the local cloud's USER_POOL_CLIENT_ID; the command must not see it.
    const saved = process.env.USER_POOL_CLIENT_ID;
    delete process.env.USER_POOL_CLIENT_ID;
    try {
      await expect(
        operator(
          'limited-session',
          'someone@test.example',
          '--aws',
          '--table-name',
          't',
          '--user-pool-id',
          'p',
        ),
      ).rejects.toMatchObject({ stderr: expect.stringContaining('needs the web client id') });
    } finally {
      if (saved !== undefined) process.env.USER_POOL_CLIENT_ID = saved;
    }
  });
});
