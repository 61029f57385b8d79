import { createRequire } from 'node:module';
import { log as logger } from './logger';

/**
 * Error reporting of the Lambdas (spec §1: an error-reporting service). With `SENTRY_DSN` set, each
 * report goes to Sentry through `@sentry/aws-serverless`, loaded on the first report and initialised
 * once (tracing off), and is flushed before the answer leaves (a Lambda is frozen right after it).
 * Every report is also one error line of the structured logger (functions/lib/logger.ts: JSON in
 * CloudWatch, with the invocation's request id), with or without Sentry.
 *
 * `@sentry/aws-serverless` is never bundled: the specifier below is not a literal, so no bundler
 * follows it (infra/lambda-bundling.ts marks it external as well). In AWS, Sentry's Lambda layer
 * provides it under /opt/nodejs/node_modules (the deploy adds the layer whenever it sets
 * SENTRY_DSN); locally it comes from node_modules. Without a DSN it is never loaded, so handlers
 * cost the same as before.
 */
export type ErrorTags = Record<string, string>;

/** The part of the Sentry SDK this module uses. */
export interface SentryApi {
  init(options: { dsn: string; environment?: string; tracesSampleRate: number }): unknown;
  captureException(error: unknown, context: { tags: ErrorTags }): unknown;
  flush(timeoutMs?: number): PromiseLike<boolean>;
}

export interface ErrorReporterOptions {
  env?: NodeJS.ProcessEnv;
  /** Loads the Sentry SDK (tests pass a mock). */
  loadSentry?: () => Promise<SentryApi>;
  /** Where the error line goes; default the structured logger's error level. */
  log?: (message: string, fields: Record<string, unknown>) => void;
  /** How long a report waits for Sentry to send it. */
  flushTimeoutMs?: number;
}

const sentryModule = '@sentry/aws-serverless';

/**
 * ESM `import()` does not search NODE_PATH, where Lambda puts the layers' node_modules; `require`
 * does. So: import first (node_modules beside the code, local runs), else require (the layer).
 */
async function loadSentryModule(): Promise<SentryApi> {
  try {
    return (await import(sentryModule)) as SentryApi;
  } catch (error) {
    const code = (error as { code?: string } | undefined)?.code;
    if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') throw error;
    return createRequire(import.meta.url)(sentryModule) as SentryApi;
  }
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error));
}

export function createErrorReporter(options: ErrorReporterOptions = {}) {
  const env = options.env ?? process.env;
  const load = options.loadSentry ?? loadSentryModule;
  const log =
    options.log ?? ((message: string, fields: Record<string, unknown>) => logger.error(message, fields));
  const flushTimeoutMs = options.flushTimeoutMs ?? 2000;
  let sentry: Promise<SentryApi | undefined> | undefined;

  function client(dsn: string): Promise<SentryApi | undefined> {
    sentry ??= load().then(
      (api) => {
        api.init({
          dsn,
          ...(env.SENTRY_ENVIRONMENT ? { environment: env.SENTRY_ENVIRONMENT } : {}),
          tracesSampleRate: 0,
        });
        return api;
      },
      (error: unknown) => {
        // No SDK (the layer is missing): say so once, then keep logging only.
        log('Sentry could not be loaded', { error });
        return undefined;
      },
    );
    return sentry;
  }

  /** Reports an unexpected error with its tags. Never throws: reporting must not break the answer. */
  async function reportError(error: unknown, tags: ErrorTags): Promise<void> {
    // The logger writes an Error's name, message and stack under `error`.
    log(errorMessage(error), { error, tags });
    const dsn = env.SENTRY_DSN;
    if (!dsn) return;
    try {
      const api = await client(dsn);
      if (!api) return;
      api.captureException(error, { tags });
      await api.flush(flushTimeoutMs);
    } catch (failure) {
      log('Sentry report failed', { error: failure });
    }
  }

  return { reportError };
}

const defaultReporter = createErrorReporter();

/** Reports an unexpected error (Sentry with SENTRY_DSN; always one error line in the log). Never throws. */
export const reportError = (error: unknown, tags: ErrorTags): Promise<void> =>
  defaultReporter.reportError(error, tags);
