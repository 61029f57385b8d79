import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HttpEvent } from '../../functions/lib/http';
import { searchQueryOf } from '../../functions/listings/http/search-query';
import { listingRecord } from '../../functions/listings/listing-record';
import { SearchCatalogue } from '../../functions/listings/search/catalogue';
import type { SearchDelta } from '../../functions/listings/search/delta-cursor';
import { indexColumns } from '../../functions/listings/search/index-columns';
import { encodeSnapshot } from '../../functions/listings/search/snapshot';
import { benchListing, distinctQueries, queries } from './search-load';

/**
 * The search index at issue 23's size, in process, no HTTP: `npx tsx tests/bench/index-timing.ts`
 * (BENCH_LISTINGS, default 200,000; `npm run bench` runs it). The snapshot is generated directly
 * (not written through DynamoDB Local); then a fresh process, as a cold container would, loads it:
 * snapshot read and index ready (the cold start), the memory it holds, each of the bench's query
 * shapes answered again (from the cache of recent searches), 2,000 searches no two alike counted
 * afresh (mean and p95, one thread), and the same after 2,000 changes applied over the snapshot.
 */
export const indexBudgets = { coldStartMs: 2_000, p95Ms: 10, memoryMb: 1_024 };
const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER BUDGET');
const now = Date.parse('2026-11-01T00:00:00.000Z');

function writeSnapshot(count: number, file: string) {
  const started = performance.now();
  const documents = Array.from({ length: count }, (_, i) =>
    listingRecord(benchListing(i, now, randomUUID())),
  );
  const generatedMs = performance.now() - started;
  const built = performance.now();
  const bytes = encodeSnapshot(indexColumns(documents), 1_000);
  writeFileSync(file, bytes);
  console.log(
    `Snapshot of ${count} listings: generated in ${(generatedMs / 1000).toFixed(1)} s, built and encoded in ${((performance.now() - built) / 1000).toFixed(1)} s (the snapshot writer's work), ${(statSync(file).size / 2 ** 20).toFixed(0)} MB; this process's peak memory ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
  );
}

const queryOf = (text: string) =>
  searchQueryOf({
    queryStringParameters: Object.fromEntries(new URLSearchParams(text)),
  } as unknown as HttpEvent);

/** The fresh process: what a cold container does with the snapshot, and its queries. */
function loadSnapshot(file: string) {
  const gc = (globalThis as { gc?: () => void }).gc;
  const memory = () => {
    gc?.();
    const { heapUsed, arrayBuffers } = process.memoryUsage();
    return heapUsed + arrayBuffers;
  };
  const before = memory();
  const started = performance.now();
  const catalogue = SearchCatalogue.fromSnapshot(readFileSync(file));
  catalogue.searchJson(queryOf(''));
  const coldMs = performance.now() - started;
  const memoryMb = (memory() - before) / 2 ** 20;
  console.log(
    `Cold start (read the snapshot, index ready, first answer): ${coldMs.toFixed(0)} ms (budget ${indexBudgets.coldStartMs} ms) ${verdict(coldMs <= indexBudgets.coldStartMs)}`,
  );
  console.log(
    `Index memory: ${memoryMb.toFixed(0)} MB, ${((memoryMb * 1024) / catalogue.size).toFixed(2)} kB a listing (budget ${indexBudgets.memoryMb} MB) ${verdict(memoryMb <= indexBudgets.memoryMb)}${gc ? '' : ' (run with --expose-gc for a true figure)'}`,
  );
  for (const text of queries) {
    const query = queryOf(text);
    catalogue.searchJson(query);
    const begun = performance.now();
    for (let i = 0; i < 200; i++) catalogue.searchJson(query);
    console.log(
      `  again  ${((performance.now() - begun) / 200).toFixed(3)} ms  ${text || '(no parameters)'}`,
    );
  }
  printAfresh('from the snapshot', catalogue, 0);

  // 2,000 listings changed since the snapshot (price, title, stock), in batches as a container polls.
  const changes: SearchDelta[] = Array.from({ length: 2_000 }, (_, i) => {
    const position = (i * 97) % catalogue.size;
    const id = (
      JSON.parse(catalogue.searchJson({ page: position + 1, perPage: 1 })) as { data: { id: string }[] }
    ).data[0]!.id;
    const listing = listingRecord(benchListing(position + 7, now, id));
    return { sequence: 1_001 + i, id, version: String(i + 1), document: listing };
  });
  const applyTimes: number[] = [];
  for (let i = 0; i < changes.length; i += 50) {
    const begun = performance.now();
    catalogue.apply(changes.slice(i, i + 50));
    applyTimes.push(performance.now() - begun);
  }
  console.log(
    `Applied 2,000 changes in batches of 50: ${applyTimes.at(-1)!.toFixed(1)} ms for the last batch (the overlay is rebuilt each time)`,
  );
  printAfresh('with 2,000 changes over the snapshot', catalogue, 1);
}

function printAfresh(label: string, catalogue: SearchCatalogue, seed: number) {
  const times = distinctQueries(2_000 + seed)
    .slice(seed)
    .map(queryOf)
    .map((query) => {
      const begun = performance.now();
      catalogue.searchJson(query);
      return performance.now() - begun;
    })
    .sort((a, b) => a - b);
  const mean = times.reduce((sum, time) => sum + time, 0) / times.length;
  const p95 = times[Math.floor(times.length * 0.95)]!;
  console.log(
    `  afresh ${label}: mean ${mean.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, max ${times.at(-1)!.toFixed(1)} ms (2,000 searches no two alike; budget p95 ${indexBudgets.p95Ms} ms) ${verdict(p95 <= indexBudgets.p95Ms)}`,
  );
}

/** Writes the snapshot, then loads it in a fresh process (with --expose-gc, for the memory figure). */
export function benchIndex(count: number) {
  const directory = mkdtempSync(join(tmpdir(), 'velo-index-'));
  const file = join(directory, 'snapshot.bin');
  try {
    writeSnapshot(count, file);
    execFileSync(
      process.execPath,
      [
        '--expose-gc',
        '--max-old-space-size=4096',
        '--import',
        'tsx',
        'tests/bench/index-timing.ts',
        '--load',
        file,
      ],
      { stdio: 'inherit' },
    );
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

const loadAt = process.argv.indexOf('--load');
if (loadAt > 0) loadSnapshot(process.argv[loadAt + 1]!);
else if (process.argv[1]?.endsWith('index-timing.ts'))
  benchIndex(Number(process.env.BENCH_LISTINGS ?? 200_000));
