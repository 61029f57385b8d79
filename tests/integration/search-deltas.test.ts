import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamo } from '../../functions/lib/aws';
import { keyPrefixes } from '../../functions/lib/table-design';
import { updateListing } from '../../functions/listings/repository';
import { currentCatalogue, resetSearchCache } from '../../functions/listings/search/catalogue-cache';
import { readSearchSequence } from '../../functions/listings/search/delta-store';
import { writeSearchSnapshot } from '../../functions/listings/search/snapshot-writer';
import type { SearchPage } from '../../shared/api/types';
import { eventually, useLocalCloud } from './cloud-env';
import { givenListing, givenSeller } from './fixtures';

/**
 * Issue 23's checks: a search container reads few items per listing change (the sequence item and
 * the deltas, never the listings), a write shows in GET /api/listings within 2 s, and a restarted
 * container answers from the snapshot plus the deltas after it.
 */
let url: string;
const marker = `zd${randomUUID().slice(0, 8)}`;
let sellerId: string;

/** Items the search container reads (Query/Scan items and GetItem items), counted while `measuring`. */
const reads = { items: 0, listingItems: 0 };
let measuring = false;
const middlewareName = 'countSearchReads';

function pkOf(item: Record<string, unknown>): string {
  const pk = item.PK as string | { S?: string } | undefined;
  return typeof pk === 'string' ? pk : (pk?.S ?? '');
}

/** One container poll, its reads counted. `now` moves a second on each call, past the poll interval. */
let clock = Date.now();
async function measuredPoll() {
  clock += 1_001;
  measuring = true;
  try {
    return await currentCatalogue(clock);
  } finally {
    measuring = false;
  }
}

const counter = async () => (await readSearchSequence()).counter;
const waitForCounter = (above: number) =>
  eventually(async () => {
    const value = await counter();
    return value > above ? value : undefined;
  });

async function search(query: string): Promise<SearchPage> {
  const response = await fetch(`${url}/api/listings?${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as SearchPage;
}

beforeAll(async () => {
  url = useLocalCloud().url;
  sellerId = (await givenSeller()).id;
  dynamo().middlewareStack.add(
    (next) => async (args) => {
      const result = await next(args);
      if (measuring) {
        const output = result.output as { Items?: Record<string, unknown>[]; Item?: Record<string, unknown> };
        const items = [...(output.Items ?? []), ...(output.Item ? [output.Item] : [])];
        reads.items += items.length;
        reads.listingItems += items.filter((item) => pkOf(item).startsWith(keyPrefixes.listing)).length;
      }
      return result;
    },
    { step: 'initialize', name: middlewareName },
  );
});

afterAll(() => {
  dynamo().middlewareStack.remove(middlewareName);
  resetSearchCache();
});

describe('search deltas (issue 23)', () => {
  it('reads at most 10 items per listing change in a warm container, none of them listings', async () => {
    resetSearchCache();
    await measuredPoll(); // warm: the snapshot and the deltas after it
    const before = await counter();
    const listing = await givenListing(sellerId, { title: `Trek Checkpoint ${marker}` });
    let seen = await waitForCounter(before);
    await measuredPoll();
    Object.assign(reads, { items: 0, listingItems: 0 });
    const start = seen;
    const prices = [91_000, 92_000, 93_000, 94_000, 95_000];
    for (const amount of prices) {
      await updateListing(listing.id, { set: { price: { amount, currency: 'USD' } } });
      seen = await waitForCounter(seen);
      await measuredPoll();
    }
    const changes = seen - start;
    const perChange = reads.items / changes;
    console.log(
      `search container: ${reads.items} items read for ${changes} listing changes (${perChange.toFixed(1)} a change), ${reads.listingItems} listing items`,
    );
    expect(changes).toBeGreaterThanOrEqual(prices.length);
    expect(perChange).toBeLessThanOrEqual(10);
    expect(reads.listingItems).toBe(0);
    const found = (await measuredPoll()).search({ page: 1, perPage: 5, keywords: marker });
    expect(found.data.map((summary) => [summary.id, summary.price.amount])).toEqual([[listing.id, 95_000]]);
  });

  it('shows a new listing and a price change in GET /api/listings within 2 s', async () => {
    const word = `zv${randomUUID().slice(0, 8)}`;
    /** Milliseconds from the start of the write until the search answers with it. */
    const visibleAfter = async (write: () => Promise<unknown>, probe: () => Promise<boolean>) => {
      const started = Date.now();
      await write();
      await eventually(async () => ((await probe()) ? true : undefined), {
        timeoutMs: 5_000,
        intervalMs: 20,
      });
      return Date.now() - started;
    };
    let id = '';
    const newListing = await visibleAfter(
      async () => {
        id = (await givenListing(sellerId, { title: `Cervelo Caledonia ${word}` })).id;
      },
      async () => (await search(`keywords=${word}`)).meta.totalItems === 1,
    );
    const priceChange = await visibleAfter(
      () => updateListing(id, { set: { price: { amount: 12_345, currency: 'USD' } } }),
      async () => (await search(`keywords=${word}`)).data[0]?.price.amount === 12_345,
    );
    console.log(
      `visible in search: new listing after ${newListing} ms, price change after ${priceChange} ms`,
    );
    expect(newListing).toBeLessThanOrEqual(2_000);
    expect(priceChange).toBeLessThanOrEqual(2_000);
  });

  it('answers from the snapshot and the deltas after it when restarted: no listing read', async () => {
    const snapshot = await writeSearchSnapshot();
    expect(snapshot.position).toBeGreaterThan(0);
    // A change after the snapshot: the restarted container reads it as a delta.
    const late = await givenListing(sellerId, { title: `Late Ridley ${marker}` });
    await waitForCounter(snapshot.position);

    resetSearchCache();
    Object.assign(reads, { items: 0, listingItems: 0 });
    const catalogue = await measuredPoll();
    const sequence = await readSearchSequence();
    console.log(
      `restarted container: ${reads.items} items read (the sequence item and ${reads.items - 1} deltas after snapshot ${sequence.snapshotPosition}), ${reads.listingItems} listing items`,
    );
    expect(reads.listingItems).toBe(0);
    expect(reads.items).toBeLessThanOrEqual(1 + sequence.counter - Math.max(sequence.snapshotPosition, 0));
    const found = catalogue.search({ page: 1, perPage: 5, keywords: marker, sort: 'createdAt' });
    expect(found.data.map((summary) => summary.id)).toContain(late.id);
    expect(found.meta.totalItems).toBe(2);
  });
});
