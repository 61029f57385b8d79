import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { getUser } from '../../functions/accounts/repository';
import { apiErrors } from '../../shared/errors/catalogue';
import { api, codeSentTo, errorOf, mark, signUp, testCloud } from './accounts';

// The marketing routes (§7) against the local cloud, which has no KLAVIYO_API_KEY: the simulated
// provider writes each call to <data dir>/klaviyo.ndjson (KLAVIYO_LOG_FILE).

let logFile: string;

beforeAll(() => {
  testCloud();
  logFile = process.env.KLAVIYO_LOG_FILE!;
  expect(logFile).toMatch(/klaviyo\.ndjson$/);
});

// biome-ignore lint/suspicious/noExplicitAny: log lines are untyped JSON
function logLines(): any[] {
  if (!existsSync(logFile)) return [];
  return readFileSync(logFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

describe('POST /api/klaviyo/update-profile', () => {
  it('creates the profile and keeps its id on the user; repeating it changes nothing', async () => {
    const account = await signUp({ firstName: 'Ada', lastName: 'Rider' });
    await api('PATCH', '/api/me', { token: account.accessToken, body: { phoneNumber: '+358 40 1234567' } });

    const first = await api('POST', '/api/klaviyo/update-profile', { token: account.accessToken });
    expect(first.status).toBe(200);
    const klaviyoId: string = first.body.data.klaviyoId;
    expect(klaviyoId).toMatch(/^SIM[0-9A-F]{23}$/);
    expect((await getUser(account.user.id))?.klaviyoId).toBe(klaviyoId);

    const profileLines = () =>
      logLines().filter(
        (line) => line.call === 'createOrUpdateProfile' && line.attributes.email === account.email,
      );
    expect(profileLines()).toEqual([
      expect.objectContaining({
        provider: 'klaviyo-simulated',
        id: klaviyoId,
        attributes: {
          email: account.email,
          external_id: account.user.id,
          first_name: 'Ada',
          last_name: 'Rider',
          phone_number: '+358401234567',
        },
      }),
    ]);

    const again = await api('POST', '/api/klaviyo/update-profile', { token: account.accessToken });
    expect(again.status).toBe(200);
    expect(again.body.data.klaviyoId).toBe(klaviyoId);
    expect((await getUser(account.user.id))?.klaviyoId).toBe(klaviyoId);
    expect(profileLines()).toHaveLength(2);
    // The private id never reaches the current user's JSON.
    expect((await api('GET', '/api/me', { token: account.accessToken })).body.data.klaviyoId).toBeUndefined();
  });

  it('needs a signed-in user', async () => {
    const response = await api('POST', '/api/klaviyo/update-profile');
    expect(response.status).toBe(401);
  });
});

describe('only verified addresses reach Klaviyo (issue 25)', () => {
  it('neither makes a profile nor tracks for an unverified address; makes it once verified', async () => {
    const account = await signUp({ firstName: 'Uma', verified: false });
    const before = logLines().length;
    const profile = await api('POST', '/api/klaviyo/update-profile', { token: account.accessToken });
    expect(profile.status).toBe(200);
    expect(profile.body.data.klaviyoId).toBeNull();
    const tracked = await api('POST', '/api/klaviyo/track-event', {
      token: account.accessToken,
      body: { pathname: '/s' },
    });
    expect(tracked.status).toBe(204);
    expect(
      logLines()
        .slice(before)
        .filter((line) => JSON.stringify(line).includes(account.email)),
    ).toEqual([]);
    expect((await getUser(account.user.id))?.klaviyoId).toBeUndefined();

    const since = await mark();
    await api('POST', '/api/auth/verification-email', { token: account.accessToken });
    const code = await codeSentTo(account.email, since);
    await api('POST', '/api/auth/verify-email', {
      token: account.accessToken,
      body: { verificationToken: code },
    });
    const made = await api('POST', '/api/klaviyo/update-profile', { token: account.accessToken });
    expect(made.body.data.klaviyoId).toMatch(/^SIM[0-9A-F]{23}$/);
  });
});

describe('POST /api/klaviyo/track-event', () => {
  it('records viewPage_{pathname} with value 1 for the profile e-mail', async () => {
    const account = await signUp();
    const response = await api('POST', '/api/klaviyo/track-event', {
      token: account.accessToken,
      body: { pathname: '/s' },
    });
    expect(response.status).toBe(204);
    const events = logLines().filter(
      (line) => line.call === 'createEvent' && line.profile.email === account.email,
    );
    expect(events).toEqual([
      expect.objectContaining({
        provider: 'klaviyo-simulated',
        metric: 'viewPage_/s',
        profile: { email: account.email },
        properties: { value: 1 },
      }),
    ]);
  });

  it('needs a signed-in user', async () => {
    const response = await api('POST', '/api/klaviyo/track-event', { body: { pathname: '/s' } });
    expect(response.status).toBe(401);
  });

  it('answers 400 validation-invalid-params for a pathname that is not one', async () => {
    const account = await signUp();
    const before = logLines().length;
    for (const pathname of ['s', '/a b', `/${'x'.repeat(200)}`, '', 42, null, undefined]) {
      const response = await api('POST', '/api/klaviyo/track-event', {
        token: account.accessToken,
        body: pathname === undefined ? {} : { pathname },
      });
      expect(response.status, JSON.stringify(pathname)).toBe(400);
      expect(errorOf(response.body)).toMatchObject({
        status: 400,
        code: 'validation-invalid-params',
        title: apiErrors['validation-invalid-params'].title,
        meta: { param: 'pathname' },
      });
    }
    expect(logLines().length).toBe(before);
  });
});
