/**
 * Modules over the size limit (issue 20: "no module over 400 lines except named data files"). A
 * module is any TypeScript or JavaScript file in git that is not a test or spec; the data files
 * below are tables (catalogue, gazetteer, mail templates, styleguide examples), long by nature.
 * `npx tsx tests/repo/long-modules.ts` prints every module over the limit, data files marked.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const maxModuleLines = 400;

/** Long on purpose: data, not logic. */
export const namedDataFiles: readonly string[] = [
  'infra/local/seed/catalogue.ts',
  'infra/local/seed/images.ts',
  'infra/local/seed/history.ts',
  'functions/places/gazetteer.ts',
  'functions/orders/notifications/templates.ts',
  'web/src/pages/styleguide/examples.tsx',
];

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function isModule(file: string): boolean {
  return (
    /\.(ts|tsx|mts|js|mjs)$/.test(file) &&
    !/\.(test|spec)\.[cm]?[jt]sx?$/.test(file) &&
    !file.endsWith('.d.ts')
  );
}

export function longModules(root = repoRoot): { file: string; lines: number; data: boolean }[] {
  const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter(isModule);
  return files
    .map((file) => ({ file, lines: readFileSync(path.join(root, file), 'utf8').split('\n').length - 1 }))
    .filter(({ lines }) => lines > maxModuleLines)
    .map((entry) => ({ ...entry, data: namedDataFiles.includes(entry.file) }))
    .sort((a, b) => b.lines - a.lines);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const { file, lines, data } of longModules())
    console.log(`${String(lines).padStart(5)}  ${file}${data ? '  (data)' : ''}`);
}
