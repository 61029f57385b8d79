import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { log } from '../../lib/logger';
import { marketingProvider } from './index';
import { klaviyoFailure, klaviyoProvider } from './real';
import { simulatedProfileId, simulatedProvider } from './simulated';

const profile = { externalId: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Rider' };
const now = () => new Date('2026-05-01T12:00:00.000Z');

describe('simulated provider', () => {
  const dir = mkdtempSync(join(tmpdir(), 'velo-klaviyo-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('appends one JSON line per call to KLAVIYO_LOG_FILE, with a stable profile id', async () => {
    const file = join(dir, 'klaviyo.ndjson');
    const provider = simulatedProvider({ env: { KLAVIYO_LOG_FILE: file }, now });
    const first = await provider.upsertProfile({ ...profile, phoneNumber: '+358401234567' });
    const again = await provider.upsertProfile(profile);
    await provider.trackEvent({ email: 'ada@example.com', metric: 'viewPage_/s', properties: { value: 1 } });
    expect(first.id).toBe(again.id);
    expect(first.id).toBe(simulatedProfileId('u1'));
    expect(first.id).toMatch(/^SIM[0-9A-F]{23}$/);
    expect(simulatedProfileId('u2')).not.toBe(first.id);
    const lines = readFileSync(file, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toEqual([
      {
        time: '2026-05-01T12:00:00.000Z',
        provider: 'klaviyo-simulated',
        call: 'createOrUpdateProfile',
        id: first.id,
        attributes: {
          email: 'ada@example.com',
          external_id: 'u1',
          first_name: 'Ada',
          last_name: 'Rider',
          phone_number: '+358401234567',
        },
      },
      expect.objectContaining({ call: 'createOrUpdateProfile', id: first.id }),
      {
        time: '2026-05-01T12:00:00.000Z',
        provider: 'klaviyo-simulated',
        call: 'createEvent',
        metric: 'viewPage_/s',
        profile: { email: 'ada@example.com' },
        properties: { value: 1 },
      },
    ]);
  });

  it('hands each line to `info` without a log file (default: the log)', async () => {
    const info = vi.fn();
    await simulatedProvider({ env: {}, now, info }).trackEvent({
      email: 'a@b.example',
      metric: 'viewPage_/',
      properties: { value: 1 },
    });
    expect(info).toHaveBeenCalledTimes(1);
    expect(JSON.parse(info.mock.calls[0]![0])).toMatchObject({ call: 'createEvent', metric: 'viewPage_/' });
  });
});

function fakeKlaviyo(profileId: string | null = '01HXKLAVIYOPROFILE00000000') {
  const calls: { sessions: unknown[][]; profiles: unknown[]; events: unknown[] } = {
    sessions: [],
    profiles: [],
    events: [],
  };
  const module = {
    RetryWithExponentialBackoff: class {
      constructor(readonly config: unknown) {}
    },
    ApiKeySession: class {
      constructor(...args: unknown[]) {
        calls.sessions.push(args);
      }
    },
    ProfilesApi: class {
      async createOrUpdateProfile(query: unknown) {
        calls.profiles.push(query);
        return { response: {}, body: { data: { type: 'profile', id: profileId } } };
      }
    },
    EventsApi: class {
      async createEvent(query: unknown) {
        calls.events.push(query);
        return { response: {} };
      }
    },
  };
  const load = vi.fn(async () => module as unknown as typeof import('klaviyo-api'));
  return { calls, load };
}

describe('Klaviyo provider', () => {
  it('loads the client once and upserts the profile with external id, names, e-mail and phone', async () => {
    const { calls, load } = fakeKlaviyo();
    const provider = klaviyoProvider('pk_test', load);
    expect(load).not.toHaveBeenCalled();
    const answer = await provider.upsertProfile({
      ...profile,
      phoneNumber: '+358401234567',
      klaviyoId: 'K0',
    });
    await provider.trackEvent({ email: 'ada@example.com', metric: 'viewPage_/s', properties: { value: 1 } });
    expect(answer).toEqual({ id: '01HXKLAVIYOPROFILE00000000' });
    expect(load).toHaveBeenCalledTimes(1);
    expect(calls.sessions).toEqual([['pk_test', { config: { numRetries: 2, maxInterval: 2 } }]]);
    expect(calls.profiles).toEqual([
      {
        data: {
          type: 'profile',
          id: 'K0',
          attributes: {
            email: 'ada@example.com',
            externalId: 'u1',
            firstName: 'Ada',
            lastName: 'Rider',
            phoneNumber: '+358401234567',
          },
        },
      },
    ]);
    expect(calls.events).toEqual([
      {
        data: {
          type: 'event',
          attributes: {
            properties: { value: 1 },
            metric: { data: { type: 'metric', attributes: { name: 'viewPage_/s' } } },
            profile: { data: { type: 'profile', attributes: { email: 'ada@example.com' } } },
          },
        },
      },
    ]);
  });

  it('refuses an answer without a profile id', async () => {
    const { load } = fakeKlaviyo(null);
    await expect(klaviyoProvider('pk_test', load).upsertProfile(profile)).rejects.toThrow(
      /without a profile id/,
    );
  });

  it("rethrows Klaviyo's errors without the request (which holds the key)", () => {
    const axiosLike = Object.assign(new Error('Request failed with status code 400'), {
      config: { headers: { Authorization: 'Klaviyo-API-Key pk_secret' } },
      response: {
        status: 400,
        data: { errors: [{ code: 'invalid', detail: 'Invalid phone number format' }] },
      },
    });
    const error = klaviyoFailure('create or update profile', axiosLike);
    expect(error.message).toBe('Klaviyo create or update profile failed (400): Invalid phone number format');
    expect(JSON.stringify(error)).not.toContain('pk_secret');
    expect('cause' in error).toBe(false);
    expect(klaviyoFailure('create event', new Error('socket hang up')).message).toBe(
      'Klaviyo create event failed: socket hang up',
    );
  });
});

describe('marketingProvider', () => {
  it('is the simulated provider without KLAVIYO_API_KEY, and is made once per key', async () => {
    const info = vi.spyOn(log, 'info').mockImplementation(() => undefined);
    try {
      const simulated = marketingProvider({});
      expect(marketingProvider({})).toBe(simulated);
      expect(await simulated.upsertProfile(profile)).toEqual({ id: simulatedProfileId('u1') });
      expect(info).toHaveBeenCalledTimes(1);
      const real = marketingProvider({ KLAVIYO_API_KEY: 'pk_test' });
      expect(real).not.toBe(simulated);
      expect(marketingProvider({ KLAVIYO_API_KEY: 'pk_test' })).toBe(real);
    } finally {
      info.mockRestore();
    }
  });
});
