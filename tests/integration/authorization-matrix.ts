import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../functions/lib/aws';
import type { ApiMethod, ApiRouteName } from '../../shared/api/routes';
import { apiRoutes } from '../../shared/api/routes';
import { type BadToken, badTokens } from './authorization-tokens';

/**
 * The authorization matrix (issue 28): every route of shared/api/routes.ts called by every
 * principal, each answer compared with the route's designed one, and after every call that is not
 * the owner's the items the route could write re-read and compared with before. The cases live in
 * authorization-cases.ts (one per route name: a new route does not compile without one); this
 * module runs them against any gateway URL, so the mutation check can run the same function against
 * a gateway whose guard it removed. It reports violations instead of throwing, so a caller can
 * assert either that there are none or that a removed guard produced them.
 */
export type Principal = 'anonymous' | BadToken | 'banned' | 'other' | 'owner';
export const principals: readonly Principal[] = ['anonymous', ...badTokens, 'banned', 'other', 'owner'];

/** A signed-in account as the matrix uses it: its id, its access token and its bad tokens. */
export interface Actor {
  id: string;
  email: string;
  accessToken: string;
  badTokens: Record<BadToken, string>;
}

export interface Call {
  method: ApiMethod;
  path: string;
  body?: unknown;
  /** Extra request headers (a webhook's). */
  headers?: Record<string, string>;
}

/** A table item's key (PK, SK); `absent`: the item must not exist (a refused call must not create it). */
export type ItemKey = { PK: string; SK: string; absent?: true };

/** One route's call, made ready by its case: what the owner sends, and what a refusal must not change. */
export interface Prepared {
  /**
   * The call, or the call each principal makes when one request cannot be sent twice as it is (a
   * single-use token, a per-address daily limit): then each principal's call is its own, alike.
   */
  call: Call | ((principal: Principal) => Call | Promise<Call>);
  /** The owner making the call (the world's owner unless the route needs an account of its own). */
  owner?: Actor;
  /** The items the route would write for the owner; re-read (consistent GetItem) around every other call. */
  watch: ItemKey[];
}

/** A designed answer: its status and, for an error, the catalogue's code (and title when it matters). */
export interface Answer {
  status: number;
  code?: string;
  title?: string;
  /** The answer is an HTML page (the simulated providers' pages), not JSON: only the status is checked. */
  page?: true;
}

interface CaseBase<W> {
  /** Why these answers are the design (the handler's or the gateway's rule), for the reader of a failure. */
  why: string;
  prepare: (world: W) => Promise<Prepared>;
}

/** A public route: no authorizer, so every principal (any token or none) gets the same answer. */
export interface PublicCase<W> extends CaseBase<W> {
  auth: 'public';
  answer: Answer;
}

/** A user route: bad tokens 401, a banned user 403, another user `other`, the owner `owner` (2xx). */
export interface UserCase<W> extends CaseBase<W> {
  auth: 'user';
  other: Answer;
  owner: number;
  /** The owner's call changes what other routes' owner calls need (the e-mail, the password): run it last. */
  ownerLast?: boolean;
}

export type RouteCase<W> = PublicCase<W> | UserCase<W>;

export const refusedToken: Answer = { status: 401, code: 'unauthorized' };
export const bannedAnswer: Answer = {
  status: 403,
  code: 'forbidden',
  title: 'This account has been banned.',
};

export interface MatrixSetup<W> {
  baseUrl: string;
  world: W;
  /** The world's owner, another signed-in user and a banned one. */
  actors: { owner: Actor; other: Actor; banned: Actor };
  cases: Partial<Record<ApiRouteName, RouteCase<W>>>;
  /** Calls in flight at once (across routes; one route's calls run in turn). */
  concurrency?: number;
}

export interface MatrixReport {
  routes: number;
  principals: number;
  calls: number;
  asDesigned: number;
  refused: number;
  allowed: number;
  reReads: number;
  violations: string[];
  summary: string;
}

interface Answered {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers of many shapes, checked against the catalogue's
  body: any;
}

async function send(baseUrl: string, call: Call, token: string | undefined): Promise<Answered> {
  const hasBody = call.body !== undefined && call.method !== 'GET';
  const response = await fetch(`${baseUrl}${call.path}`, {
    method: call.method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
      ...call.headers,
    },
    ...(hasBody ? { body: typeof call.body === 'string' ? call.body : JSON.stringify(call.body) } : {}),
    redirect: 'manual',
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // An HTML page (the simulated providers' pages) stays text.
  }
  return { status: response.status, body };
}

/** Whether `got` is `expected`: the status, and for an error the catalogue's shape with its code and title. */
function mismatch(expected: Answer, got: Answered): string | undefined {
  const brief = () => JSON.stringify(got.body)?.slice(0, 300);
  if (got.status !== expected.status) return `expected ${expected.status}, got ${got.status} ${brief()}`;
  if (expected.status < 400 || expected.page) return undefined;
  const error = got.body?.errors?.[0];
  const shaped =
    Array.isArray(got.body?.errors) &&
    error?.status === expected.status &&
    typeof error.code === 'string' &&
    typeof error.title === 'string' &&
    typeof error.id === 'string';
  if (!shaped) return `not the error catalogue's shape: ${brief()}`;
  if (expected.code && error.code !== expected.code) return `expected code ${expected.code}, got ${brief()}`;
  if (expected.title && error.title !== expected.title) return `expected "${expected.title}", got ${brief()}`;
  return undefined;
}

async function readItems(keys: ItemKey[]): Promise<string[]> {
  return Promise.all(
    keys.map(async ({ PK, SK }) => {
      const { Item } = await dynamo().send(
        new GetCommand({ TableName: tableName(), Key: { PK, SK }, ConsistentRead: true }),
      );
      return JSON.stringify(Item ?? null);
    }),
  );
}

function expectedFor<W>(routeCase: RouteCase<W>, principal: Principal): Answer {
  if (routeCase.auth === 'public') return routeCase.answer;
  if (principal === 'owner') return { status: routeCase.owner };
  if (principal === 'other') return routeCase.other;
  if (principal === 'banned') return bannedAnswer;
  return refusedToken;
}

function tokenFor(principal: Principal, owner: Actor, actors: MatrixSetup<unknown>['actors']) {
  if (principal === 'anonymous') return undefined;
  if (principal === 'owner') return owner.accessToken;
  if (principal === 'other') return actors.other.accessToken;
  if (principal === 'banned') return actors.banned.accessToken;
  return owner.badTokens[principal];
}

/** Runs `tasks` with at most `limit` in flight. */
async function inPool<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Prepares every case, then makes every non-owner call (routes side by side, one route's calls in
 * turn, each between two re-reads of the route's watched items), then the owners' calls one by one
 * (those marked `ownerLast` at the end), since an owner's call may change what another route reads.
 */
export async function runMatrix<W>(setup: MatrixSetup<W>): Promise<MatrixReport> {
  const names = Object.keys(setup.cases) as ApiRouteName[];
  const concurrency = setup.concurrency ?? 4;
  const violations: string[] = [];
  const counts = { calls: 0, asDesigned: 0, refused: 0, allowed: 0, reReads: 0 };
  const prepared = new Map<ApiRouteName, Prepared>();

  await inPool(names, concurrency, async (name) => {
    try {
      prepared.set(name, await setup.cases[name]!.prepare(setup.world));
    } catch (error) {
      violations.push(`${name}: its fixture failed: ${(error as Error).message}`);
    }
  });

  const callOnce = async (name: ApiRouteName, principal: Principal) => {
    const routeCase = setup.cases[name]!;
    const ready = prepared.get(name);
    if (!ready) return;
    const call = typeof ready.call === 'function' ? await ready.call(principal) : ready.call;
    if (call.method !== apiRoutes[name].method) violations.push(`${name}: the case calls ${call.method}`);
    const owner = ready.owner ?? setup.actors.owner;
    const expected = expectedFor(routeCase, principal);
    const compare = principal !== 'owner' || routeCase.auth === 'public';
    const before = compare ? await readItems(ready.watch) : [];
    // A watched key that names no item would compare null with null: the check must see the item
    // (or, for an item the route would create, see that it is still missing).
    if (compare)
      ready.watch.forEach((key, i) => {
        if ((before[i] === 'null') !== (key.absent === true))
          violations.push(
            `${name} × ${principal}: watched ${key.PK}/${key.SK} ${key.absent ? 'exists' : 'does not exist'}`,
          );
      });
    const answer = await send(setup.baseUrl, call, tokenFor(principal, owner, setup.actors));
    counts.calls += 1;
    const wrong = mismatch(expected, answer);
    if (wrong) violations.push(`${name} × ${principal}: ${wrong} [designed: ${routeCase.why}]`);
    else {
      counts.asDesigned += 1;
      if (expected.status >= 400) counts.refused += 1;
      else counts.allowed += 1;
    }
    if (!compare) return;
    const after = await readItems(ready.watch);
    counts.reReads += after.length;
    ready.watch.forEach((key, i) => {
      if (after[i] !== before[i]) {
        violations.push(`${name} × ${principal}: changed ${key.PK}/${key.SK}: ${before[i]} → ${after[i]}`);
      }
    });
  };

  await inPool(names, concurrency, async (name) => {
    for (const principal of principals) if (principal !== 'owner') await callOnce(name, principal);
  });
  const ownerLast = (name: ApiRouteName) => {
    const routeCase = setup.cases[name]!;
    return routeCase.auth === 'user' && routeCase.ownerLast === true;
  };
  for (const name of [...names.filter((n) => !ownerLast(n)), ...names.filter(ownerLast)]) {
    await callOnce(name, 'owner');
  }

  const summary =
    `authorization matrix: ${names.length} routes × ${principals.length} principals = ${counts.calls} calls, ` +
    `${counts.asDesigned} answered as designed (${counts.refused} refused, ${counts.allowed} allowed), ` +
    `${counts.reReads} re-reads, ${violations.length} violations`;
  return { routes: names.length, principals: principals.length, ...counts, violations, summary };
}
