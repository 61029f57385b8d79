import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { assertJsonFiles, assetVersion, listAssetFiles } from './publish';

const dirs: string[] = [];
function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'velo-assets-'));
  dirs.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const files = {
  'content/pages/about.json': '{"title":"About"}',
  'content/pages/faq.json': '{"title":"FAQ"}',
  'content/translations.json': '{}',
};

describe('listAssetFiles', () => {
  it('lists every file as a sorted POSIX path', () => {
    expect(listAssetFiles(folder(files))).toEqual([
      'content/pages/about.json',
      'content/pages/faq.json',
      'content/translations.json',
    ]);
  });
});

describe('assetVersion', () => {
  it('is 12 hex characters that depend only on the paths and bytes', () => {
    const version = assetVersion(folder(files));
    expect(version).toMatch(/^[0-9a-f]{12}$/);
    expect(assetVersion(folder(files))).toBe(version);
    // Writing order does not matter.
    const reversed = Object.fromEntries(Object.entries(files).reverse());
    expect(assetVersion(folder(reversed))).toBe(version);
  });

  it('changes with any byte, any rename and any added file', () => {
    const version = assetVersion(folder(files));
    expect(assetVersion(folder({ ...files, 'content/pages/faq.json': '{"title":"FAQs"}' }))).not.toBe(
      version,
    );
    const { 'content/pages/faq.json': faq, ...rest } = files;
    expect(assetVersion(folder({ ...rest, 'content/pages/help.json': faq }))).not.toBe(version);
    expect(assetVersion(folder({ ...files, 'content/pages/new.json': '{}' }))).not.toBe(version);
    // Bytes moved from one file to the next do not collide.
    expect(assetVersion(folder({ 'a.json': '12', 'b.json': '3' }))).not.toBe(
      assetVersion(folder({ 'a.json': '1', 'b.json': '23' })),
    );
  });
});

describe('assertJsonFiles', () => {
  it('names a .json file that is not JSON', () => {
    expect(() => assertJsonFiles(folder(files))).not.toThrow();
    expect(() => assertJsonFiles(folder({ ...files, 'content/pages/bad.json': '{ nope' }))).toThrow(
      /content\/pages\/bad\.json is not valid JSON/,
    );
    expect(() => assertJsonFiles(folder({ 'notes.txt': '{ not json, not checked' }))).not.toThrow();
  });
});
