import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { specErrorTags, specErrorTagsSentence } from './error-tags';

const webSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The web app's modules (not tests, not the list itself). */
function sources(dir = webSrc): { file: string; code: string }[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    if (!/\.tsx?$/.test(name) || /\.test\.tsx?$/.test(name) || name === 'error-tags.ts') return [];
    return [{ file: path.relative(webSrc, full), code: readFileSync(full, 'utf8') }];
  });
}

const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** The tags no module writes out as a string (a tag only named in a comment does not count). */
function unsentTags(tags: readonly string[], modules: { code: string }[]): string[] {
  const codes = modules.map(({ code }) => withoutComments(code));
  return tags.filter((tag) => !codes.some((code) => new RegExp(`['"\`]${tag}['"\`]`).test(code)));
}

describe("spec §8's error-report tags (issue 25)", () => {
  const modules = sources();

  it('are each sent by the web app', () => {
    expect(modules.some(({ code }) => code.includes('reportError('))).toBe(true);
    expect(unsentTags(specErrorTags, modules)).toEqual([]);
  });

  it('finds a tag that is missing, or only in a comment', () => {
    const withoutOne = [
      { code: "reportError(error, 'signup-failed');\n// reportError(error, 'auth-info-failed')" },
    ];
    expect(unsentTags(['signup-failed', 'auth-info-failed'], withoutOne)).toEqual(['auth-info-failed']);
    const stripped = modules.map(({ code }) => ({ code: code.replaceAll("'initiate-order-failed'", "'x'") }));
    expect(unsentTags(specErrorTags, stripped)).toEqual(['initiate-order-failed']);
  });

  it("are the list of the spec's sentence, in its order", () => {
    const tags = specErrorTagsSentence.split(/,\s*/).flatMap((tag) => {
      const shared = /^([a-z/]+)-(stripe-account-failed)$/.exec(tag);
      return shared ? shared[1]!.split('/').map((verb) => `${verb}-${shared[2]}`) : [tag.trim()];
    });
    expect(tags).toEqual([...specErrorTags]);
  });
});
