import fc from 'fast-check';
import { type ApiRouteName, apiRoutes } from '../../shared/api/routes';
import { pathParamNames, rawPath, routeShapes, takesBody } from './fuzz-routes';
import {
  deeplyNested,
  hostileString,
  hugeString,
  malformedJson,
  notAnObject,
  objectText,
  prototypeKeys,
  prototypePollution,
  wrongValue,
} from './fuzz-values';

/** One generated request, exactly as it goes on the wire (path already encoded, body as text). */
export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** What kind of junk it carries, for the summary and a failure's message. */
  kind: string;
}

/** What the generated requests may use besides junk: the fuzz user's token and real ids. */
export interface FuzzContext {
  token: string;
  /** Real values of path parameters by route (so a body gets past the id to its validator). */
  realParams(name: ApiRouteName): Record<string, string> | undefined;
}

/**
 * encodeURIComponent, but a lone surrogate (which it refuses) goes out as the bytes a careless
 * client would send for it (WTF-8: `\uD800` → `%ED%A0%80`), which is not valid UTF-8.
 */
export function encodeAny(value: string): string {
  let encoded = '';
  for (const char of value) {
    const code = char.codePointAt(0)!;
    encoded +=
      code >= 0xd800 && code <= 0xdfff
        ? `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase()
        : encodeURIComponent(char);
  }
  return encoded;
}

/** Path segments sent as written: bad percent-encoding, encoded separators, dot segments. */
const rawSegments = [
  '%00',
  '%zz',
  '%',
  '%E0%A4%A',
  '%ED%A0%80',
  '%C0%AF',
  '..%2F..%2Fme',
  '%2e%2e',
  '.',
  '%2F',
  '%23',
  'a%23b%23PROFILE',
  '%3Cscript%3E',
  "'%20OR%201=1",
  ';',
  '~',
];

/**
 * A path parameter: hostile (encoded as a client would, or raw), or a real id so the request gets
 * past the id to its body's validator: most of the time on a route that takes a body.
 */
function pathValue(real: string | undefined, greedy: boolean, withBody: boolean): fc.Arbitrary<string> {
  const encode = (value: string) => (greedy ? value.split('/').map(encodeAny).join('/') : encodeAny(value));
  const hostile = hostileString.filter((value) => value !== '').map(encode);
  const options = [
    { weight: 3, arbitrary: hostile },
    { weight: 1, arbitrary: fc.constantFrom(...rawSegments) },
  ];
  if (real !== undefined) options.push({ weight: withBody ? 8 : 3, arbitrary: fc.constant(encode(real)) });
  return fc.oneof(...options);
}

/** A short hostile value: most query strings stay small enough to reach the handler. */
const shortHostile = hostileString.filter((value) => encodeAny(value).length <= 200);

/** A query string: the route's own parameters and hostile ones, repeated, as arrays, huge. */
function queryString(names: readonly string[]): fc.Arbitrary<string> {
  const name = fc.oneof(
    ...(names.length ? [{ weight: 4, arbitrary: fc.constantFrom(...names) }] : []),
    { weight: 1, arbitrary: fc.constantFrom(...prototypeKeys, 'a[]', 'a[b]', '', 'page[0]') },
    { weight: 1, arbitrary: shortHostile },
  );
  const value = fc.oneof(
    { weight: 12, arbitrary: shortHostile },
    { weight: 2, arbitrary: fc.constantFrom('1', '-1', '0', '1e308', '2.5', '9007199254740993', 'a,b,,c') },
    // Huge: 8 kB fits API Gateway's 10,240 bytes with a token; longer ones get its 413.
    { weight: 1, arbitrary: fc.constantFrom('a', '9', ',', '#').map((unit) => unit.repeat(8_000)) },
    { weight: 1, arbitrary: hostileString },
  );
  const pair = (key: string, text: string) => `${encodeAny(key)}=${encodeAny(text)}`;
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant('') },
    {
      weight: 6,
      arbitrary: fc
        .array(fc.tuple(name, value), { minLength: 1, maxLength: 6 })
        .map((pairs) => `?${pairs.map(([key, text]) => pair(key, text)).join('&')}`),
    },
    // The same key many times over (API Gateway joins repeats with commas).
    {
      weight: 2,
      arbitrary: fc
        .tuple(name, fc.array(shortHostile, { minLength: 2, maxLength: 30 }))
        .map(([key, values]) => `?${values.map((text) => pair(key, text)).join('&')}`),
    },
    { weight: 1, arbitrary: fc.constantFrom('?', '?&&&', '?=', '?a', '?%zz=%zz', '?a=1&a=2&a[]=3', '?#') },
  );
}

/**
 * A body shaped like the contract with wrong or hostile values: every field at once (so each run
 * tries each field), one field alone (for validators that stop at the first problem), or a random
 * few with repeats; with `__proto__`-like extra keys now and then.
 */
function contractBody(fields: readonly string[]): fc.Arbitrary<string> {
  const fieldNames = fields.length ? fields : ['a'];
  const entry = fc.tuple(fc.constantFrom(...fieldNames), wrongValue);
  const entries = fc.oneof(
    {
      weight: 3,
      arbitrary: fc.tuple(...fieldNames.map((field) => wrongValue.map((value) => [field, value] as const))),
    },
    { weight: 1, arbitrary: entry.map((one) => [one]) },
    { weight: 2, arbitrary: fc.array(entry, { minLength: 1, maxLength: fieldNames.length + 1 }) },
  );
  const extra = fc.tuple(
    fc.constantFrom(...prototypeKeys, ...fieldNames),
    fc.oneof(prototypePollution, wrongValue),
  );
  return fc
    .tuple(entries, fc.array(extra, { maxLength: 2 }))
    .map(([chosen, extras]) => objectText([...chosen, ...extras]));
}

/** One contract field holding `value` (the huge and deeply nested cases). */
function fieldHolding(fields: readonly string[], value: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .tuple(fc.constantFrom(...(fields.length ? fields : ['a'])), value)
    .map(([field, text]) => objectText([[field, text]]));
}

/** Any body for a route taking one: the weights keep huge bodies to a few runs per route. */
export function bodyText(fields: readonly string[]): fc.Arbitrary<{ kind: string; text: string }> {
  const tagged = (kind: string, arbitrary: fc.Arbitrary<string>) => arbitrary.map((text) => ({ kind, text }));
  return fc.oneof(
    { weight: 14, arbitrary: tagged('wrong types', contractBody(fields)) },
    { weight: 3, arbitrary: tagged('malformed JSON', malformedJson) },
    { weight: 2, arbitrary: tagged('not an object', notAnObject) },
    { weight: 2, arbitrary: tagged('prototype keys', prototypePollution) },
    {
      weight: 1,
      arbitrary: tagged(
        'deep nesting',
        fc.oneof(deeplyNested(1_000), fieldHolding(fields, deeplyNested(1_000))),
      ),
    },
    {
      weight: 1,
      arbitrary: tagged(
        'huge string',
        fieldHolding(
          fields,
          hugeString.map((s) => JSON.stringify(s)),
        ),
      ),
    },
  );
}

/** Who calls: mostly the fuzz user on `user` routes (so the body reaches the validator), else nobody or a bad token. */
function authorization(token: string, auth: 'public' | 'user'): fc.Arbitrary<Record<string, string>> {
  const bearer = (value: string) => ({ authorization: `Bearer ${value}` });
  return fc.oneof(
    { weight: auth === 'user' ? 16 : 4, arbitrary: fc.constant(bearer(token)) },
    { weight: auth === 'user' ? 2 : 12, arbitrary: fc.constant({}) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(bearer('x.y.z'), bearer(''), { authorization: token }, bearer(`${token}x`)),
    },
  );
}

const contentTypes = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
];

/** The arbitrary of one route's requests. */
export function fuzzRequest(name: ApiRouteName, context: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const route = apiRoutes[name];
  const shape = routeShapes[name];
  const real = context.realParams(name);
  const params = Object.fromEntries(
    pathParamNames(name).map((param) => [
      param,
      pathValue(real?.[param], route.path.includes(`{${param}+}`), takesBody(name)),
    ]),
  );
  const body = takesBody(name) ? fc.option(bodyText(shape.fields), { freq: 12 }) : fc.constant(null);
  return fc
    .record({
      params: fc.record(params),
      query: queryString(shape.query),
      body,
      headers: authorization(context.token, route.auth),
      contentType: fc.constantFrom(...contentTypes),
    })
    .map(({ params: values, query, body: sent, headers, contentType }) => ({
      method: route.method,
      path: `${rawPath(name, values)}${query}`,
      headers: sent ? { ...headers, 'content-type': contentType } : headers,
      ...(sent ? { body: sent.text } : {}),
      kind: sent?.kind ?? (query ? 'query' : 'path'),
    }));
}
