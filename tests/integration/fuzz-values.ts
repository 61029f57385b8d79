import fc from 'fast-check';

/**
 * The hostile values of the fuzz suite, as JSON text (so the suite can send what JSON.stringify
 * never writes: numbers past a double, duplicate keys, `__proto__` as an own key) and as raw
 * strings for paths and query strings.
 */

/** 100 kB and more: past every field limit, well under the gateway's 6 MB. */
export const hugeLength = 100 * 1024;

/** Strings that have broken parsers, key builders and renderers elsewhere. */
export const hostileStrings = [
  '',
  ' ',
  "'",
  '"',
  '\\',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR '1'='1' --",
  '"; DROP TABLE velo; --',
  '../../../../etc/passwd',
  '..',
  '../',
  '%00',
  '\u0000',
  '\u0000PROFILE',
  '#',
  '##',
  'USER#x#PROFILE',
  'LISTING#',
  'TX#EVENT#',
  'PROFILE',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '1e308',
  '9007199254740993',
  '0x10',
  '\u202Eevil\u202C',
  '𝔙𝔢𝔩𝔬 🚲 ÄÖÜ ß 中文 עברית',
  '\uFEFF',
  '\uD800',
  '\r\nSet-Cookie: x=1',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, on purpose
  '${7*7}{{7*7}}',
  '*',
  '%',
  '?',
  '&',
  '=',
  '/',
  'a'.repeat(2_049),
] as const;

/** Numbers at the edges: JSON text, so `1e999` (Infinity once parsed) and `-0` go out as written. */
export const hostileNumbers = [
  '0',
  '-0',
  '-1',
  '0.5',
  '1e308',
  '-1e308',
  '1e999',
  '-1e999',
  '5e-324',
  '9007199254740993',
  '-9007199254740993',
  '123456789012345678901234567890',
  '1.0000000000000002',
  '2147483648',
] as const;

/** Strings read as numbers somewhere: NaN-ish and overflowing. */
const numberishStrings = ['NaN', 'Infinity', '-Infinity', '1e308', '1e999', '-0', '0x1F', '1_000', '١٢'];

const json = (value: unknown) => JSON.stringify(value);

/** A hostile string of any size but huge. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...hostileStrings) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(...numberishStrings) },
  { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 3 }).map((s) => s.repeat(1_500)) },
);

/** A string past every limit (100 kB+). */
export const hugeString: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom('a', 'é', '🚲', '#', '<'), fc.integer({ min: 0, max: 1024 }))
  .map(([unit, extra]) => unit.repeat(hugeLength + extra));

/** `levels` arrays or objects inside each other around a leaf. */
export function deeplyNested(levels: number, leaf = '1'): fc.Arbitrary<string> {
  return fc
    .constantFrom('array', 'object', 'mixed')
    .map((kind) =>
      Array.from({ length: levels }, (_, i) =>
        kind === 'array' || (kind === 'mixed' && i % 2) ? ['[', ']'] : ['{"a":', '}'],
      ),
    )
    .map(
      (pairs) => `${pairs.map(([open]) => open).join('')}${leaf}${pairs.map(([, close]) => close).join('')}`,
    );
}

/** Keys that reach the prototype or shadow an object's own methods. */
export const prototypeKeys = ['__proto__', 'constructor', 'prototype'] as const;

/** `{"__proto__": {...}}` and the like, as an own key in JSON text. */
export const prototypePollution: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...prototypeKeys), fc.constantFrom('isAdmin', 'banned', 'role', 'PK', 'polluted'))
  .map(([key, inner]) =>
    key === 'constructor'
      ? `{"constructor":{"prototype":{${json(inner)}:true}}}`
      : `{${json(key)}:{${json(inner)}:true,"toString":1}}`,
  );

/** Any JSON value of the wrong kind for a field (small, so many can go in one body). */
export const wrongValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: hostileString.map(json) },
  { weight: 3, arbitrary: fc.constantFrom(...hostileNumbers) },
  { weight: 2, arbitrary: fc.constantFrom('null', 'true', 'false', '[]', '{}', '[null]', '[[]]', '""') },
  { weight: 1, arbitrary: prototypePollution },
  { weight: 1, arbitrary: deeplyNested(20) },
  {
    weight: 1,
    arbitrary: fc
      .array(fc.tuple(hostileString, fc.constantFrom('1', '"x"', 'null', '{}')), { maxLength: 4 })
      .map(objectText),
  },
  {
    weight: 1,
    arbitrary: fc
      .array(fc.constantFrom('1', '"x"', 'null', '-0', '1e999'), { maxLength: 5 })
      .map((items) => `[${items.join(',')}]`),
  },
);

/** An object's JSON text from its entries as written: duplicate and `__proto__` keys kept. */
export function objectText(entries: readonly (readonly [string, string])[]): string {
  return `{${entries.map(([key, value]) => `${json(key)}:${value}`).join(',')}}`;
}

/** Text that is not JSON, or JSON with something wrong at its end. */
export const malformedJson: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '{',
    '}',
    '{"a":',
    '{"a":1,}',
    '[1,]',
    "{'a':1}",
    '{a:1}',
    '{"a":1}}',
    '{"a":1} trailing',
    '{"a":NaN}',
    '{"a":Infinity}',
    '{"a":undefined}',
    '{"a":0x10}',
    '{"a":01}',
    '{"a":"\u0000"}',
    '{"a":"\\ud800"}',
    '{"a":"\\x41"}',
    '\uFEFF{}',
    '\u0000',
    '',
    ' ',
    'undefined',
    'a=1&b=2',
    '<?xml version="1.0"?><a/>',
  ),
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
);

/** JSON that parses but is not an object: the handlers' bodies are all objects. */
export const notAnObject: fc.Arbitrary<string> = fc.constantFrom(
  'null',
  'true',
  '0',
  '-0',
  '1e999',
  '"text"',
  '[]',
  '[{}]',
  '[[[]]]',
);
