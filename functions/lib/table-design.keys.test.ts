import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One home for the table's keys: outside functions/lib/table-design.ts, no code in
 * functions/ writes a key or query prefix as a literal (`'LISTING#'`, `` `TX#${id}` ``): it uses
 * `keys`, `keyPrefixes` or `partitions`. Comments may name keys; tests may too.
 */
const root = path.resolve(import.meta.dirname, '..');
const keyLiteral = /['`][A-Z][A-Z_-]*#/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

/** The code of a line, without a trailing `//` comment; nothing for a line of a block comment. */
function codeOf(line: string): string {
  const trimmed = line.trim();
  if (trimmed.startsWith('*') || trimmed.startsWith('/*') || trimmed.startsWith('//')) return '';
  const comment = line.indexOf(' // ');
  return comment >= 0 ? line.slice(0, comment) : line;
}

describe('table keys', () => {
  it('come from table-design.ts: no key literal elsewhere in functions/', () => {
    const found = sourceFiles(root)
      .filter((file) => !file.endsWith(path.join('lib', 'table-design.ts')))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, index) =>
            keyLiteral.test(codeOf(line))
              ? [`${path.relative(root, file)}:${index + 1}: ${line.trim()}`]
              : [],
          ),
      );
    expect(found).toEqual([]);
  });

  it('finds one when there is one (the check can fail)', () => {
    expect(keyLiteral.test(codeOf("  const pk = 'LISTING#' + id;"))).toBe(true);
    expect(keyLiteral.test(codeOf(' * the `LISTING#<id>` item'))).toBe(false);
  });
});
