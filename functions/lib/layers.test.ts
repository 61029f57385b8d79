import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.includes('.test') ? [relative(root, path)] : [];
  });
}

/** Modules that are about HTTP themselves: the HTTP module, the signed-in route wrapper, and the simulated providers' HTML pages. */
const httpModules = new Set([
  'lib/http.ts',
  'lib/user-handler.ts',
  'payments/paypal/simulated-pages.ts',
  'payments/stripe/simulated-page.ts',
]);

describe('layers', () => {
  it('only route handlers (the http/ folders) import the HTTP module; use cases take plain values', () => {
    const offenders = sources(root).filter(
      (file) =>
        !file.split('/').includes('http') &&
        !httpModules.has(file) &&
        /from '(\.\.?\/)+(lib\/)?http'/.test(readFileSync(join(root, file), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
