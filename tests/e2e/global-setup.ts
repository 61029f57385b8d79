import type { FullConfig } from '@playwright/test';

/**
 * The gateway answers as soon as it listens, while demo data may still be seeding and indexing.
 * Wait until the search API reports the demo catalogue (≥ 60 listings) and the count holds still.
 */
const minimumListings = 60;
const timeoutMs = 120_000;

export default async function globalSetup(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0]?.use.baseURL;
  if (!baseURL) throw new Error('playwright.config.ts sets no baseURL');
  const deadline = Date.now() + timeoutMs;
  let previous = -1;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(new URL('/api/listings?perPage=1', baseURL));
      if (response.ok) {
        const body = (await response.json()) as { meta?: { totalItems?: number } };
        const total = body.meta?.totalItems ?? 0;
        if (total >= minimumListings && total === previous) return;
        previous = total;
        last = `${total} listings`;
      } else {
        last = `status ${response.status}`;
      }
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`The demo catalogue was not ready after ${timeoutMs / 1000} s (${last}).`);
}
