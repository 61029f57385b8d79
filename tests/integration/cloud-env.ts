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
