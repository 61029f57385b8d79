import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { verificationDay } from '../../functions/accounts/verification-emails';
import { dynamo, tableName } from '../../functions/lib/aws';
import { keys } from '../../functions/lib/table-design';
import { type Route, routes } from '../../functions/routes';
import {
  api,
  codeSentTo,
  errorOf,
  mark,
  messagesTo,
  signIn,
  signUp,
  testCloud,
  uniqueEmail,
} from './accounts';
import { settled } from './cloud-env';

beforeAll(() => {
  testCloud();
});

describe('every auth: user route', () => {
  const userRoutes = (routes as readonly Route[]).filter((route) => route.auth === 'user');

  it('covers the account routes of the contract', () => {
    expect(userRoutes.map((route) => route.handler)).toEqual(
      expect.arrayContaining([
        'accounts/http/me',
        'accounts/http/update-me',
        'accounts/http/change-email',
        'accounts/http/create-avatar-upload',
        'accounts/http/set-avatar',
        'accounts/http/change-password',
        'accounts/http/send-verification-email',
        'accounts/http/verify-email',
      ]),
    );
  });

  it.each(userRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s answers 401 without a token, and with a token that is not one',
    async (_, route) => {
      const path = route.path.replace(/\{\w+\}/g, randomUUID());
      const anonymous = await api(route.method, path, { body: {} });
      expect(anonymous.status).toBe(401);
      expect(errorOf(anonymous.body).code).toBe('unauthorized');
      expect((await api(route.method, path, { token: 'not.a.token', body: {} })).status).toBe(401);
    },
  );
});

describe('POST /api/auth/signup', () => {
  it('creates the user, who can sign in at once and is not verified yet', async () => {
    const email = uniqueEmail('Signup');
    const response = await api('POST', '/api/auth/signup', {
      body: { email: `  ${email} `, password: 'Correct-horse-9', firstName: ' Ada ', lastName: 'Lovelace' },
    });
    expect(response.status).toBe(201);
    expect(response.body.meta).toEqual({ verificationEmailSent: true });
    const user = response.body.data;
    expect(user).toMatchObject({
      email: email.toLowerCase(),
      emailVerified: false,
      firstName: 'Ada',
      lastName: 'Lovelace',
      displayName: 'Ada L',
      abbreviatedName: 'AL',
    });
    const token = await signIn(email.toLowerCase(), 'Correct-horse-9');
    const me = await api('GET', '/api/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.data).toEqual({ ...user, hasListings: false, hasOrders: false });
    // The first verification e-mail went out with the sign-up.
    await codeSentTo(email.toLowerCase(), user.createdAt);
  });

  it('refuses an address that has an account: email-taken (409)', async () => {
    const account = await signUp();
    const again = await api('POST', '/api/auth/signup', {
      body: { email: account.email, password: 'Another-pass-1', firstName: 'B', lastName: 'C' },
    });
    expect(again.status).toBe(409);
    expect(errorOf(again.body).code).toBe('email-taken');
  });

  it("answers each field's spec message (validation-invalid-params)", async () => {
    const empty = await api('POST', '/api/auth/signup', { body: {} });
    expect(empty.status).toBe(400);
    expect(errorOf(empty.body).code).toBe('validation-invalid-params');
    expect(errorOf(empty.body).meta).toEqual({
      fields: {
        email: 'You need to add an email.',
        firstName: 'You need to add a first name.',
        lastName: 'You need to add a last name.',
        password: 'You need to add a password.',
      },
    });
    const invalid = await api('POST', '/api/auth/signup', {
      body: { email: 'not-an-address', password: 'long-enough', firstName: '  ', lastName: 'X' },
    });
    expect(errorOf(invalid.body).meta).toEqual({
      fields: { email: 'A valid email address is required', firstName: 'You need to add a first name.' },
    });
  });

  it('holds the password to 8–256 characters (cognito-local enforces no policy)', async () => {
    const attempt = (password: string) =>
      api('POST', '/api/auth/signup', {
        body: { email: uniqueEmail(), password, firstName: 'A', lastName: 'B' },
      });
    const short = await attempt('x'.repeat(7));
    expect(short.status).toBe(400);
    expect(errorOf(short.body).meta).toEqual({
      fields: { password: 'The password should be at least 8 characters.' },
    });
    const long = await attempt('x'.repeat(257));
    expect(long.status).toBe(400);
    expect(errorOf(long.body).meta).toEqual({
      fields: { password: 'The password should be at most 256 characters.' },
    });
    expect((await attempt('x'.repeat(8))).status).toBe(201);
    expect((await attempt('x'.repeat(256))).status).toBe(201);
  });

  it('sanitises the names and refuses a body that is not a JSON object', async () => {
    const account = await signUp({ firstName: '<b>Ada</b>', lastName: 'R' });
    expect(account.user.firstName).toBe('＜b＞Ada＜/b＞');
    const broken = await fetch(`${testCloud().url}/api/auth/signup`, { method: 'POST', body: '{"email":' });
    expect(broken.status).toBe(400);
  });
});

describe('e-mail verification', () => {
  it('sends a code that verifies the address', async () => {
    const account = await signUp({ verified: false });
    const since = await mark();
    const send = await api('POST', '/api/auth/verification-email', { token: account.accessToken });
    expect(send.status).toBe(202);
    const code = await codeSentTo(account.email, since);

    const wrong = await api('POST', '/api/auth/verify-email', {
      token: account.accessToken,
      body: { verificationToken: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(400);
    expect(errorOf(wrong.body).code).toBe('validation-invalid-value');

    const verify = await api('POST', '/api/auth/verify-email', {
      token: account.accessToken,
      body: { verificationToken: code },
    });
    expect(verify.status).toBe(200);
    expect(verify.body.data.emailVerified).toBe(true);
    expect((await api('GET', '/api/me', { token: account.accessToken })).body.data.emailVerified).toBe(true);
    // Nothing left to verify.
    expect((await api('POST', '/api/auth/verification-email', { token: account.accessToken })).status).toBe(
      409,
    );
  });

  it('sends at most 5 a day besides the sign-up one: the 6th is email-too-many-verification-requests', async () => {
    const account = await signUp({ verified: false }); // its first code, counted by the sign-ups per address
    for (let sent = 1; sent <= 5; sent++) {
      const response = await api('POST', '/api/auth/verification-email', { token: account.accessToken });
      expect(response.status, `send ${sent}`).toBe(202);
    }
    const before = messagesTo(account.email).length;
    const sixth = await api('POST', '/api/auth/verification-email', { token: account.accessToken });
    expect(sixth.status).toBe(429);
    expect(errorOf(sixth.body)).toMatchObject({
      code: 'email-too-many-verification-requests',
      title: 'The maximum of 5 verification emails has been reached. Please try again tomorrow.',
      meta: { reason: 'daily-limit', limit: 5 },
    });
    await settled();
    expect(messagesTo(account.email).length).toBe(before);
    const counter = await dynamo().send(
      new GetCommand({
        TableName: tableName(),
        Key: keys.verificationEmails(account.user.id, verificationDay(new Date())),
      }),
    );
    expect(counter.Item).toMatchObject({ sentCount: 5 });
    expect(counter.Item?.sendingUntil).toBeUndefined();
  });

  it('refuses a second send while one is in flight', async () => {
    const account = await signUp({ verified: false });
    const key = keys.verificationEmails(account.user.id, verificationDay(new Date()));
    // A send in flight holds the lease: exactly what a concurrent request finds.
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET sendingUntil = :until, leaseId = :lease',
        ExpressionAttributeValues: { ':until': Date.now() + 10_000, ':lease': 'another-request' },
      }),
    );
    const refused = await api('POST', '/api/auth/verification-email', { token: account.accessToken });
    expect(refused.status).toBe(429);
    expect(errorOf(refused.body)).toMatchObject({
      code: 'email-too-many-verification-requests',
      meta: { reason: 'in-flight' },
    });
    // The refused request did not count, and an expired lease no longer blocks.
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET sendingUntil = :past',
        ExpressionAttributeValues: { ':past': Date.now() - 1 },
      }),
    );
    expect((await api('POST', '/api/auth/verification-email', { token: account.accessToken })).status).toBe(
      202,
    );
    const counter = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key }));
    expect(counter.Item?.sentCount).toBe(1); // the sign-up's own code is not counted
  });

  it('lets only one of two simultaneous sends through', async () => {
    const account = await signUp({ verified: false });
    const statuses = (
      await Promise.all(
        [0, 1].map(() => api('POST', '/api/auth/verification-email', { token: account.accessToken })),
      )
    ).map((response) => response.status);
    expect(statuses.sort()).toEqual([202, 429]);
  });
});

describe('passwords', () => {
  it('changes the password with the current one; a wrong current password is refused', async () => {
    const account = await signUp();
    const wrong = await api('POST', '/api/auth/change-password', {
      token: account.accessToken,
      body: { currentPassword: 'not-my-password', newPassword: 'New-password-2' },
    });
    expect(wrong.status).toBe(400);
    expect(errorOf(wrong.body)).toMatchObject({
      code: 'validation-invalid-value',
      title: 'Please double-check your current password',
      meta: { fields: { currentPassword: 'Please double-check your current password' } },
    });
    const short = await api('POST', '/api/auth/change-password', {
      token: account.accessToken,
      body: { currentPassword: account.password, newPassword: 'short' },
    });
    expect(errorOf(short.body).meta).toEqual({
      fields: { newPassword: 'The password should be at least 8 characters' },
    });
    const changed = await api('POST', '/api/auth/change-password', {
      token: account.accessToken,
      body: { currentPassword: account.password, newPassword: 'New-password-2' },
    });
    expect(changed.status).toBe(204);
    await expect(signIn(account.email, account.password)).rejects.toThrow();
    expect(await signIn(account.email, 'New-password-2')).toBeTruthy();
  });

  it('resets a forgotten password with the code from the e-mail', async () => {
    const account = await signUp();
    const since = await mark();
    const request = await api('POST', '/api/auth/password-reset', {
      body: { email: account.email.toUpperCase() },
    });
    expect(request.status).toBe(202);
    expect(request.body.data).toEqual({ email: account.email });
    const code = await codeSentTo(account.email, since);

    const badCode = await api('POST', '/api/auth/password-reset/confirm', {
      body: { email: account.email, passwordResetToken: `${code}9`, newPassword: 'Reset-password-3' },
    });
    expect(badCode.status).toBe(400);
    expect(errorOf(badCode.body).code).toBe('validation-invalid-value');
    const tooShort = await api('POST', '/api/auth/password-reset/confirm', {
      body: { email: account.email, passwordResetToken: code, newPassword: 'x'.repeat(7) },
    });
    expect(errorOf(tooShort.body).meta).toEqual({
      fields: { newPassword: 'Password should be at least 8 characters' },
    });

    const reset = await api('POST', '/api/auth/password-reset/confirm', {
      body: { email: account.email, passwordResetToken: code, newPassword: 'Reset-password-3' },
    });
    expect(reset.status).toBe(204);
    expect(await signIn(account.email, 'Reset-password-3')).toBeTruthy();
    await expect(signIn(account.email, account.password)).rejects.toThrow();
  });

  it('answers email-not-found for an unknown address, and the spec messages for a bad one', async () => {
    const unknown = await api('POST', '/api/auth/password-reset', { body: { email: uniqueEmail('nobody') } });
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown.body).code).toBe('email-not-found');
    const invalid = await api('POST', '/api/auth/password-reset', { body: { email: 'nope' } });
    expect(errorOf(invalid.body).meta).toEqual({ fields: { email: 'A valid email address is required' } });
  });
});

describe('POST /api/me/email', () => {
  it('needs the current password, then moves the account to the new address, unverified', async () => {
    const account = await signUp();
    const newEmail = uniqueEmail('moved');
    const noPassword = await api('POST', '/api/me/email', {
      token: account.accessToken,
      body: { email: newEmail },
    });
    expect(errorOf(noPassword.body).meta).toEqual({ fields: { currentPassword: 'A password is required' } });
    const wrong = await api('POST', '/api/me/email', {
      token: account.accessToken,
      body: { email: newEmail, currentPassword: 'wrong-password' },
    });
    expect(wrong.status).toBe(400);
    expect(errorOf(wrong.body).meta).toEqual({
      fields: { currentPassword: 'Please double-check your current password' },
    });
    const taken = await signUp();
    const clash = await api('POST', '/api/me/email', {
      token: account.accessToken,
      body: { email: taken.email, currentPassword: account.password },
    });
    expect(clash.status).toBe(409);
    expect(errorOf(clash.body).code).toBe('email-taken');

    const since = await mark();
    const changed = await api('POST', '/api/me/email', {
      token: account.accessToken,
      body: { email: newEmail, currentPassword: account.password },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ email: newEmail, emailVerified: false });
    // Cognito sent a code to the new address; it verifies the new address.
    const code = await codeSentTo(newEmail, since);
    const verify = await api('POST', '/api/auth/verify-email', {
      token: account.accessToken,
      body: { verificationToken: code },
    });
    expect(verify.body.data).toMatchObject({ email: newEmail, emailVerified: true });
    expect(await signIn(newEmail, account.password)).toBeTruthy();
  });
});

describe('common passwords (issue 25)', () => {
  const tooCommon = 'This password is too common. Choose one that is harder to guess.';
  const common = ['password', '12345678', 'qwertyuiop', 'iloveyou1'];

  it('refuses them on sign-up, change and reset with the same message, and takes a strong one', async () => {
    const email = uniqueEmail('Common');
    for (const password of common) {
      const signup = await api('POST', '/api/auth/signup', {
        body: { email, password, firstName: 'Ada', lastName: 'L' },
      });
      expect(signup.status, password).toBe(400);
      expect(errorOf(signup.body)).toMatchObject({
        code: 'validation-invalid-params',
        meta: { fields: { password: tooCommon } },
      });
    }
    // Nothing was created: the address is still free.
    expect((await api('POST', '/api/auth/password-reset', { body: { email } })).status).toBe(404);

    const account = await signUp();
    for (const newPassword of common) {
      const change = await api('POST', '/api/auth/change-password', {
        token: account.accessToken,
        body: { currentPassword: account.password, newPassword },
      });
      expect(change.status, newPassword).toBe(400);
      expect(errorOf(change.body).meta).toEqual({ fields: { newPassword: tooCommon } });
    }
    expect(await signIn(account.email, account.password)).toBeTruthy();

    const since = await mark();
    expect((await api('POST', '/api/auth/password-reset', { body: { email: account.email } })).status).toBe(
      202,
    );
    const code = await codeSentTo(account.email, since);
    for (const newPassword of common) {
      const reset = await api('POST', '/api/auth/password-reset/confirm', {
        body: { email: account.email, passwordResetToken: code, newPassword },
      });
      expect(reset.status, newPassword).toBe(400);
      expect(errorOf(reset.body).meta).toEqual({ fields: { newPassword: tooCommon } });
    }
    // The code was not used up by the refusals: a strong password is taken with it.
    const strong = await api('POST', '/api/auth/password-reset/confirm', {
      body: { email: account.email, passwordResetToken: code, newPassword: 'tq7#Lm2vRz!pX4' },
    });
    expect(strong.status).toBe(204);
    expect(await signIn(account.email, 'tq7#Lm2vRz!pX4')).toBeTruthy();
  });
});
