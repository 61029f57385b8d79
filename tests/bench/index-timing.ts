import { randomUUID } from 'node:crypto';
import type { HttpEvent } from '../../functions/lib/http';
import { searchQueryOf } from '../../functions/listings/http/search-query';
import { type ListingRecord, listingRecord } from '../../functions/listings/listing-record';
import { SearchIndex } from '../../functions/listings/search/search-index';
import { benchListing, distinctQueries, queries } from './search-load';

/**
 * `node --expose-gc --import tsx tests/bench/index-timing.ts` (BENCH_LISTINGS=200000 for issue 23's
 * size; add --max-old-space-size=4096): the search index alone, no HTTP. The build time, the heap
 * the index holds (with --expose-gc), each of the bench's query shapes answered again (from the
 * cache of recent searches), and 2,000 searches no two alike (counted afresh: mean and p95).
 * Figures in ms on this machine, one thread.
 */
const count = Number(process.env.BENCH_LISTINGS ?? 20_000);
const now = Date.now();
const queryOf = (text: string) =>
  searchQueryOf({
    queryStringParameters: Object.fromEntries(new URLSearchParams(text)),
  } as unknown as HttpEvent);
const gc = (globalThis as { gc?: () => void }).gc;
const heapUsed = () => {
  gc?.();
  return process.memoryUsage().heapUsed;
};
const heapBefore = heapUsed();
let records: ListingRecord[] | undefined = Array.from({ length: count }, (_, i) =>
  listingRecord(benchListing(i, now, randomUUID())),
);
let started = performance.now();
const index = SearchIndex.of(records);
const buildMs = performance.now() - started;
// What a container keeps once the records it read are gone: the index and what its summaries share.
records = undefined;
const indexMb = (heapUsed() - heapBefore) / 2 ** 20;
console.log(
  `Index of ${count} listings built in ${buildMs.toFixed(0)} ms; ${
    gc
      ? `it holds ${indexMb.toFixed(0)} MB of heap (${((indexMb * 2 ** 20) / count / 1024).toFixed(1)} kB a listing)`
      : 'heap: run with --expose-gc'
  }`,
);
for (const text of queries) {
  const query = queryOf(text);
  index.searchJson(query);
  started = performance.now();
  for (let i = 0; i < 200; i++) index.searchJson(query);
  console.log(
    `  again  ${((performance.now() - started) / 200).toFixed(3)} ms  ${text || '(no parameters)'}`,
  );
}
const times = distinctQueries(2_000)
  .map(queryOf)
  .map((query) => {
    const begun = performance.now();
    index.searchJson(query);
    return performance.now() - begun;
  })
  .sort((a, b) => a - b);
const mean = times.reduce((sum, time) => sum + time, 0) / times.length;
const p95 = times[Math.floor(times.length * 0.95)]!;
console.log(
  `  afresh mean ${mean.toFixed(3)} ms, p95 ${p95.toFixed(3)} ms, max ${times.at(-1)!.toFixed(3)} ms  (2,000 searches no two alike)`,
);
