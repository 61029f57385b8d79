import { loadRuntimeConfig } from '../auth/runtime-config';

/**
 * Error reporting in the browser (§8: failures are reported with tags such as
 * fetch-current-user-failed). Only when `/config.json` has `sentryDsn` is Sentry loaded, as its own
 * chunk on the first call, and initialised once; otherwise each report is `console.error('[tag]',
 * error)`. Calls made before that is known are queued and replayed in order. This module is in the
 * landing page's first load, so it stays tiny: Sentry itself never is.
 */
export interface ErrorReportingUser {
  id: string;
  email?: string;
}

/** The part of `@sentry/browser` used here (initialised by ./sentry.ts). */
export interface SentryBrowser {
  captureException(
    error: unknown,
    context: { tags: Record<string, string>; extra?: Record<string, unknown> },
  ): unknown;
  setUser(user: ErrorReportingUser | null): unknown;
}

type Operation =
  | { error: unknown; tag: string; extra: Record<string, unknown> | undefined }
  | { user: ErrorReportingUser | null };

export interface ErrorReporterDeps {
  loadConfig?: () => Promise<{ sentryDsn?: string }>;
  /** Loads and initialises Sentry (default: the ./sentry.ts chunk); undefined if it has no DSN after all. */
  loadSentry?: () => Promise<SentryBrowser | undefined>;
  log?: (...values: unknown[]) => void;
}

/** Calls kept while the configuration (and Sentry) load; more than this are dropped. */
const maxQueued = 50;

export function createErrorReporter(deps: ErrorReporterDeps = {}) {
  const loadConfig = deps.loadConfig ?? (() => loadRuntimeConfig());
  const loadSentry = deps.loadSentry ?? (async () => (await import('./sentry')).startSentry());
  const log = deps.log ?? ((...values: unknown[]) => console.error(...values));
  let mode: 'unknown' | 'loading' | 'console' | 'sentry' = 'unknown';
  let sentry: SentryBrowser | undefined;
  let queue: Operation[] = [];

  function apply(operation: Operation) {
    if ('user' in operation) {
      sentry?.setUser(operation.user);
      return;
    }
    const { error, tag, extra } = operation;
    if (sentry) sentry.captureException(error, { tags: { tag }, ...(extra ? { extra } : {}) });
    else if (extra) log(`[${tag}]`, error, extra);
    else log(`[${tag}]`, error);
  }

  function settle(next: 'unknown' | 'console' | 'sentry') {
    mode = next;
    const pending = queue;
    queue = [];
    for (const operation of pending) apply(operation);
  }

  async function start() {
    mode = 'loading';
    let dsn: string | undefined;
    try {
      dsn = (await loadConfig()).sentryDsn;
    } catch {
      // No configuration (offline?): log what is queued, and look again at the next call.
      settle('unknown');
      return;
    }
    if (!dsn) return settle('console');
    try {
      sentry = await loadSentry();
      settle(sentry ? 'sentry' : 'console');
    } catch (error) {
      settle('console');
      log('[error-reporting-unavailable]', error);
    }
  }

  function run(operation: Operation) {
    if (mode === 'console' || mode === 'sentry') return apply(operation);
    if (queue.length < maxQueued) queue.push(operation);
    if (mode === 'unknown') void start();
  }

  let userId: string | null | undefined;
  return {
    /** Reports a failure with its §8 tag (and optional context). Never throws. */
    reportError(error: unknown, tag: string, extra?: Record<string, unknown>): void {
      run({ error, tag, extra });
    },
    /** The signed-in user errors are attributed to; null on logout. */
    setErrorReportingUser(user: ErrorReportingUser | null): void {
      const id = user?.id ?? null;
      if (id === userId) return;
      userId = id;
      run({ user: user ? { id: user.id, ...(user.email ? { email: user.email } : {}) } : null });
    },
  };
}

const reporter = createErrorReporter();

export const reportError = reporter.reportError;
export const setErrorReportingUser = reporter.setErrorReportingUser;
