import { captureException, init, setUser } from '@sentry/browser';
import { loadRuntimeConfig } from '../auth/runtime-config';
import type { SentryBrowser } from './errors';

/**
 * Sentry's browser SDK, in a chunk of its own that errors.ts loads only when `/config.json` has a
 * `sentryDsn`. Initialised here from that configuration (once: the module runs once). Reading the
 * configuration here also makes this chunk import the entry chunk, which keeps the bundler's runtime
 * helpers in the entry instead of an extra file every page would load (as with auth/amplify.ts).
 */
let started: SentryBrowser | undefined;

export async function startSentry(): Promise<SentryBrowser | undefined> {
  if (started) return started;
  const { sentryDsn } = await loadRuntimeConfig();
  if (!sentryDsn) return undefined;
  init({ dsn: sentryDsn });
  started = { captureException, setUser };
  return started;
}
