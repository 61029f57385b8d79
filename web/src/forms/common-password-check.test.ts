import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { commonPasswordCheck } from './common-password-check';

const tooCommon = 'This password is too common. Choose one that is harder to guess.';
const webSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function modules(dir = webSrc): { file: string; code: string }[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return modules(full);
    if (!/\.tsx?$/.test(name) || /\.test\.tsx?$/.test(name)) return [];
    return [{ file: path.relative(webSrc, full), code: readFileSync(full, 'utf8') }];
  });
}

describe('the lazily loaded common-password check of new-password fields (issue 25)', () => {
  it('answers with a promise until the filter is loaded, then at once', async () => {
    expect(commonPasswordCheck('short')).toBeUndefined();
    const first = commonPasswordCheck('password');
    expect(first).toBeInstanceOf(Promise);
    await expect(first).resolves.toBe(tooCommon);
    expect(commonPasswordCheck('iloveyou1')).toBe(tooCommon);
    expect(commonPasswordCheck('tq7#Lm2vRz!pX4')).toBeUndefined();
  });

  it('is the only way the web app reaches the filter, and only by a dynamic import', () => {
    const importers = modules()
      .filter(({ code }) => /(common-passwords|common-password-filter|account-requests)['"]/.test(code))
      .map(({ file, code }) => ({
        file,
        static: /^import[^;]*(common-passwords|common-password-filter|account-requests)['"]/m.test(code),
      }));
    // The filter's own module imports the shared rule; only the check reaches it, dynamically.
    expect(importers).toEqual([
      { file: path.join('forms', 'common-password-check.ts'), static: false },
      { file: path.join('forms', 'common-password-filter.ts'), static: true },
    ]);
  });
});
