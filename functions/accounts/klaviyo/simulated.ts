import { createHash } from 'node:crypto';
import { appendFile } from 'node:fs/promises';
import { log } from '../../lib/logger';
import type { MarketingProvider } from './port';

/**
 * The marketing service without a Klaviyo key (local cloud, tests): every call becomes one JSON line
 * in Klaviyo's own field names, appended to `KLAVIYO_LOG_FILE` (the local cloud's
 * `<data dir>/klaviyo.ndjson`) or, without that, one info line of the log. A profile's id is
 * derived from the user id, so it is the same on every call, as Klaviyo's is.
 */
export function simulatedProvider(
  options: { env?: NodeJS.ProcessEnv; now?: () => Date; info?: (line: string) => void } = {},
): MarketingProvider {
  const env = options.env ?? process.env;
  const now = options.now ?? (() => new Date());

  async function record(entry: Record<string, unknown>): Promise<void> {
    const fields = { time: now().toISOString(), provider: 'klaviyo-simulated', ...entry };
    const file = env.KLAVIYO_LOG_FILE;
    if (file) await appendFile(file, `${JSON.stringify(fields)}\n`, 'utf8');
    else if (options.info) options.info(JSON.stringify(fields));
    else log.info('simulated Klaviyo call', fields);
  }

  return {
    async upsertProfile(profile) {
      const id = simulatedProfileId(profile.externalId);
      await record({
        call: 'createOrUpdateProfile',
        id,
        attributes: {
          email: profile.email,
          external_id: profile.externalId,
          first_name: profile.firstName,
          last_name: profile.lastName,
          ...(profile.phoneNumber ? { phone_number: profile.phoneNumber } : {}),
        },
      });
      return { id };
    },

    async trackEvent(event) {
      await record({
        call: 'createEvent',
        metric: event.metric,
        profile: { email: event.email },
        properties: event.properties,
      });
    },
  };
}

/** A stable, Klaviyo-looking (26 characters) id for a user: `SIM` + 23 hex digits of its hash. */
export function simulatedProfileId(externalId: string): string {
  return `SIM${createHash('sha256').update(externalId).digest('hex').slice(0, 23).toUpperCase()}`;
}
