import { inject } from 'vitest';

/** Points this test worker's AWS clients at the suite's local cloud (as Lambda's environment would). */
export function useLocalCloud(): { url: string; dataDir: string } {
  Object.assign(process.env, inject('cloudEnv'));
  return { url: inject('cloudUrl'), dataDir: inject('dataDir') };
}

export async function eventually<T>(
  probe: () => Promise<T | undefined>,
  { timeoutMs = 10_000, intervalMs = 50 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * Resolves once the suite's cloud has caught up with everything done before (codes mailed, stream
 * records and events handled: infra/local/cloud.ts `settle`): wait for this, not a sleep, before
 * asserting that nothing (more) arrived.
 */
export async function settled(): Promise<void> {
  const response = await fetch(`${inject('cloudUrl')}/_dev/settled.json`);
  // The site answers unknown paths with its page (200): only the endpoint's own answer counts.
  const body = response.ok
    ? ((await response.json().catch(() => undefined)) as { data?: unknown })
    : undefined;
  if (!(body?.data as { settledAt?: string } | undefined)?.settledAt) {
    throw new Error(`/_dev/settled.json did not answer (${response.status}): is this cloud too old?`);
  }
}
