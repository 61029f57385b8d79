import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { matchPage } from '../../shared/pages';

const webSrc = path.dirname(fileURLToPath(import.meta.url));

/** The web app's modules (not tests), with comments removed. */
function sources(dir = webSrc): { file: string; code: string }[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    if (!/\.tsx?$/.test(name) || /\.test\.tsx?$/.test(name)) return [];
    const code = readFileSync(full, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    return [{ file: path.relative(webSrc, full), code }];
  });
}

describe('the web app calls the API by route name (shared/api/routes.ts)', () => {
  const files = sources();

  it('writes no API path: every one comes from the route table', () => {
    const literals = files.flatMap(({ file, code }) =>
      [...code.matchAll(/['"`]\/api[/'"`?]/g)].map(() => file),
    );
    expect(literals).toEqual([]);
  });

  it('sends every request through callApi, never a hand-written path', () => {
    const callers = files
      .filter(({ file, code }) => file !== 'api/client.ts' && /\bapi(Get|Request)\s*[<(]/.test(code))
      .map(({ file }) => file);
    expect(callers).toEqual([]);
    expect(files.length).toBeGreaterThan(50);
  });
});

describe('the web app names its pages (shared/pages.ts)', () => {
  const files = sources();

  it('writes no page path: links, redirects and forms use `pages`, `pagePath` or a builder', () => {
    const literals = files.flatMap(({ file, code }) =>
      [...code.matchAll(/(getRouteApi\(\s*)?(['"`])(\/[^'"`\s]*)\2/g)]
        // `/` alone is URL syntax as often as the landing page; route ids are checked by the router's types.
        .filter((match) => !match[1] && match[3] !== '/')
        .filter((match) => matchPage(match[3]!.replace(/\$\{[^}]*\}/g, 'x')) !== undefined)
        .map((match) => `${file}: ${match[0]}`),
    );
    expect(literals).toEqual([]);
  });

  it('would see one', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: source text with a template literal in it
    const code = "<a href={`/l/${slug}/${id}/edit/details`}>Edit</a>; navigate({ to: '/inbox/sales' })";
    const found = [...code.matchAll(/(['"`])(\/[^'"`\s]*)\1/g)].filter(
      (match) => matchPage(match[2]!.replace(/\$\{[^}]*\}/g, 'x')) !== undefined,
    );
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the path as the source spells it
    expect(found.map((match) => match[2])).toEqual(['/l/${slug}/${id}/edit/details', '/inbox/sales']);
  });
});
