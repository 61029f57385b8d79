import { randomUUID } from 'node:crypto';
import type { HttpEvent } from '../../functions/lib/http';
import { searchQueryOf } from '../../functions/listings/http/search-query';
import { listingRecord } from '../../functions/listings/listing-record';
import { SearchIndex } from '../../functions/listings/search/search-index';
import { benchListing, distinctQueries, queries } from './search-load';

/**
 * `npx tsx tests/bench/index-timing.ts`: the search index alone, no HTTP: each of the bench's query
 * shapes answered again (from the cache of recent searches), and searches no two alike (counted
 * afresh). Figures in ms per search on this machine.
 */
const count = Number(process.env.BENCH_LISTINGS ?? 20_000);
const now = Date.now();
const records = Array.from({ length: count }, (_, i) => listingRecord(benchListing(i, now, randomUUID())));
const queryOf = (text: string) =>
  searchQueryOf({
    queryStringParameters: Object.fromEntries(new URLSearchParams(text)),
  } as unknown as HttpEvent);
let started = performance.now();
const index = new SearchIndex(records);
console.log(`Index of ${count} listings built in ${(performance.now() - started).toFixed(0)} ms`);
for (const text of queries) {
  const query = queryOf(text);
  index.searchJson(query);
  started = performance.now();
  for (let i = 0; i < 200; i++) index.searchJson(query);
  console.log(
    `  again  ${((performance.now() - started) / 200).toFixed(3)} ms  ${text || '(no parameters)'}`,
  );
}
const fresh = distinctQueries(2_000).map(queryOf);
started = performance.now();
for (const query of fresh) index.searchJson(query);
console.log(
  `  afresh ${((performance.now() - started) / fresh.length).toFixed(3)} ms  (2,000 searches no two alike)`,
);
