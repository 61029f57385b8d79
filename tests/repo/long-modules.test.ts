import { describe, expect, it } from 'vitest';
import { isModule, longModules, namedDataFiles } from './long-modules';

describe('module size (issue 20)', () => {
  it('has no module over 400 lines except the named data files', () => {
    expect(longModules().filter(({ data }) => !data)).toEqual([]);
  });

  it('names only data files that exist and are long', () => {
    const long = longModules().map(({ file }) => file);
    for (const file of namedDataFiles) expect(long, file).toContain(file);
  });

  it('counts code, not tests', () => {
    expect(isModule('functions/orders/engine.ts')).toBe(true);
    expect(isModule('web/src/pages/checkout/CheckoutPage.tsx')).toBe(true);
    expect(isModule('functions/orders/engine.test.ts')).toBe(false);
    expect(isModule('tests/e2e/account.spec.ts')).toBe(false);
    expect(isModule('docs/decisions.md')).toBe(false);
  });
});
