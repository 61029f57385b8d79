import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiRouteName, apiRoutes } from '../../shared/api/routes';
import { signUp, testCloud } from './accounts';
import { givenListing, givenSeller } from './fixtures';
import { closeConnections, describe as describeRequest, problemWith, send } from './fuzz-client';
import { type FuzzContext, type FuzzRequest, fuzzRequest } from './fuzz-requests';
import { browserPageRoutes } from './fuzz-routes';
import { enquire } from './order-fixtures';
import { completeListing, createDraft } from './own-listing-fixtures';

/**
 * The fuzz suite (issue 28): every route of shared/api/routes.ts gets `runs` generated requests
 * (fuzz-requests.ts: malformed JSON, wrong types for each contract field, huge strings and
 * numbers, 1,000 levels of nesting, `__proto__` keys, hostile path ids and query strings), and
 * every answer must pass `problemWith` (fuzz-client.ts): never a 5xx, every refusal the error
 * catalogue's shape. A new route is fuzzed the day it is added (fuzz-routes.ts does not compile
 * without it). Replay a run with VELO_FUZZ_SEED=<the printed seed>; VELO_FUZZ_ROUTES=a,b fuzzes
 * only those routes, VELO_FUZZ_RUNS=n changes the runs per route.
 */

const seed = Number(process.env.VELO_FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const runs = Number(process.env.VELO_FUZZ_RUNS ?? 50);
if (!Number.isInteger(seed) || !Number.isInteger(runs) || runs < 1) {
  throw new Error('VELO_FUZZ_SEED must be an integer and VELO_FUZZ_RUNS a positive one');
}
/** Routes fuzzed at the same time, each its requests one after another. */
const concurrency = 8;
const onlyRoutes = process.env.VELO_FUZZ_ROUTES?.split(',').filter(Boolean);
const unknownRoutes = onlyRoutes?.filter((name) => !Object.hasOwn(apiRoutes, name)) ?? [];
if (unknownRoutes.length)
  throw new Error(`VELO_FUZZ_ROUTES names no such route: ${unknownRoutes.join(', ')}`);
const routeNames = (Object.keys(apiRoutes) as ApiRouteName[]).filter(
  (name) => !onlyRoutes || onlyRoutes.includes(name),
);

let context: FuzzContext;

beforeAll(async () => {
  // A dedicated user: what the fuzz changes (a profile, drafts, messages) touches no other test.
  const fuzzer = await signUp({ firstName: 'Fuzz', lastName: 'Tester' });
  const seller = await givenSeller({ displayName: 'Fuzz S.' });
  const listing = await givenListing(seller.id, { currentStock: 3 });
  const draft = await createDraft(fuzzer, completeListing({ title: 'Fuzz draft bike' }));
  const doomedDraft = await createDraft(fuzzer, completeListing({ title: 'Fuzz draft to delete' }));
  const enquiry = await enquire(fuzzer, listing.id);
  expect(enquiry.status).toBe(201);
  const transactionId = enquiry.body.data.id as string;
  const real: Partial<Record<ApiRouteName, Record<string, string>>> = {
    showListing: { id: listing.id },
    showUser: { id: fuzzer.user.id },
    userListings: { id: seller.id },
    userReviews: { id: seller.id },
    hostedAsset: { version: 'latest', path: 'content/landing-page.json' },
    deleteListing: { id: doomedDraft },
    removeImage: { id: draft, imageId: 'image-1' },
  };
  context = {
    token: fuzzer.accessToken,
    realParams: (name) => {
      if (real[name]) return real[name];
      const path = apiRoutes[name].path;
      if (path.startsWith('/api/own-listings/{id}')) return { id: draft };
      if (path.startsWith('/api/transactions/{id}')) return { id: transactionId };
      return undefined;
    },
  };
}, 60_000);

afterAll(() => closeConnections());

interface RouteOutcome {
  name: ApiRouteName;
  statuses: Map<number, number>;
  serverErrors: number;
  failure?: string;
}

async function fuzzRoute(name: ApiRouteName): Promise<RouteOutcome> {
  const outcome: RouteOutcome = { name, statuses: new Map(), serverErrors: 0 };
  const base = testCloud().url;
  const htmlAllowed = browserPageRoutes.has(name);
  try {
    await fc.assert(
      fc.asyncProperty(fuzzRequest(name, context), async (request) => {
        const answer = await send(base, request);
        outcome.statuses.set(answer.status, (outcome.statuses.get(answer.status) ?? 0) + 1);
        if (answer.status >= 500) outcome.serverErrors += 1;
        const problem = problemWith(answer, htmlAllowed);
        if (problem) {
          outcome.failure ??= `${describeRequest(request)}\n    → ${answer.status} ${answer.text.slice(0, 400)}\n    (${problem})`;
          throw new Error(problem);
        }
      }),
      // Stop at the first failure: shrinking would send hundreds more requests, some of them huge.
      { seed, numRuns: runs, endOnFailure: true },
    );
  } catch (error) {
    const replay = /seed: -?\d+, path: "[^"]*"/.exec(String((error as Error).message))?.[0] ?? '';
    outcome.failure = `${outcome.failure ?? String(error)}\n    (fast-check ${replay})`;
  }
  return outcome;
}

/** Runs `task` over `items`, `limit` at a time. */
async function pool<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

describe('the fuzz suite', () => {
  it(`answers every generated request to every route without a 5xx, refusals in the catalogue's shape`, async () => {
    console.log(
      `fuzz: seed ${seed} (replay: VELO_FUZZ_SEED=${seed} npx vitest run --project integration tests/integration/fuzz.test.ts)`,
    );
    const started = Date.now();
    const outcomes = await pool(routeNames, concurrency, fuzzRoute);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const sent = outcomes.reduce((sum, o) => sum + [...o.statuses.values()].reduce((a, b) => a + b, 0), 0);
    const serverErrors = outcomes.reduce((sum, o) => sum + o.serverErrors, 0);
    for (const outcome of outcomes) {
      const statuses = [...outcome.statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
      console.log(`fuzz: ${outcome.name.padEnd(36)} ${statuses.join(' ')}`);
    }
    console.log(
      `fuzz: ${routeNames.length} routes × ${runs} runs = ${sent} requests, seed ${seed}, ${serverErrors} × 5xx (${seconds} s)`,
    );
    const failures = outcomes.flatMap((o) => (o.failure ? [`${o.name}: ${o.failure}`] : []));
    expect(failures, failures.join('\n\n')).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(routeNames.length * runs);
  }, 240_000);

  it("answers what API Gateway refuses before any route runs in the catalogue's shape", async () => {
    const base = testCloud().url;
    const token = { authorization: `Bearer ${context.token}` };
    const expectRefusal = async (request: FuzzRequest, status: number) => {
      const answer = await send(base, request);
      expect(answer.status, describeRequest(request)).toBe(status);
      expect(problemWith(answer, false), describeRequest(request)).toBeUndefined();
    };
    // Bodies past Lambda's 6 MB and API Gateway's 10 MB.
    for (const megabytes of [7, 11]) {
      const body = JSON.stringify({ title: 'x'.repeat(megabytes * 1024 * 1024) });
      await expectRefusal(
        { method: 'POST', path: '/api/own-listings', headers: token, body, kind: 'huge body' },
        413,
      );
    }
    // A request line past API Gateway's 10,240 bytes, and past Node's own 16 kB parser limit.
    for (const length of [10_300, 40_000]) {
      const path = `/api/listings?keywords=${'a'.repeat(length)}`;
      await expectRefusal({ method: 'GET', path, headers: {}, kind: 'huge query' }, 413);
    }
    // A repeated parameter's values are joined with commas, as API Gateway does: "1,2" is no page.
    await expectRefusal(
      { method: 'GET', path: '/api/transactions?page=1&page=2', headers: token, kind: 'query' },
      400,
    );
    // Bytes that are not HTTP.
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(new URL(base).port), '127.0.0.1', () =>
        socket.end('NOT HTTP AT ALL\r\n\r\n'),
      );
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      socket.on('error', reject);
    });
    expect(raw.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    expect(JSON.parse(raw.split('\r\n\r\n')[1]!).errors[0]).toMatchObject({
      status: 400,
      code: 'validation-invalid-params',
    });
  });
});
