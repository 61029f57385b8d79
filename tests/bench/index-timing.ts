import { randomUUID } from 'node:crypto';
import type { HttpEvent } from '../../functions/lib/http';
import { searchQueryOf } from '../../functions/listings/http/search-query';
import { listingRecord } from '../../functions/listings/listing-record';
import { SearchIndex } from '../../functions/listings/search/search-index';
import { benchListing, queries } from './search-load';

const count = 20_000;
const now = Date.now();
const records = Array.from({ length: count }, (_, i) => listingRecord(benchListing(i, now, randomUUID())));
let t = performance.now();
const index = new SearchIndex(records);
console.log(`build ${(performance.now() - t).toFixed(0)} ms`);
for (const query of queries) {
  const params = Object.fromEntries(new URLSearchParams(query));
  const q = searchQueryOf({ queryStringParameters: params } as unknown as HttpEvent);
  for (let i = 0; i < 20; i++) index.searchJson(q);
  t = performance.now();
  let bytes = 0;
  for (let i = 0; i < 200; i++) bytes = index.searchJson(q).length;
  console.log(`${((performance.now() - t) / 200).toFixed(3)} ms  ${bytes} B  ${query || '(none)'}`);
}
