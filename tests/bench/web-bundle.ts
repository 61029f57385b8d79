import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * First-load bytes of the web app's routes, from Vite's build manifest (`build.manifest` in
 * web/vite.config.ts): the entry chunk, the route's lazy page chunks (its own and its parents'),
 * and every chunk they import statically, each file once, each gzipped on its own at level 9.
 * CSS is counted separately. Which module a route loads is read from web/src/router.tsx.
 */

export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface FirstLoad {
  jsFiles: Array<{ file: string; gzipBytes: number }>;
  cssFiles: Array<{ file: string; gzipBytes: number }>;
  jsGzipBytes: number;
  cssGzipBytes: number;
}

export function readManifest(outDir: string): Manifest {
  const file = join(outDir, '.vite', 'manifest.json');
  if (!existsSync(file)) {
    throw new Error(`${file} is missing: web/vite.config.ts must set build.manifest: true`);
  }
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

const gzipCache = new Map<string, number>();
export function gzipSize(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(file), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

/** Entry + given chunks + their static imports (transitively), deduplicated. */
export function firstLoad(manifest: Manifest, outDir: string, moduleKeys: string[]): FirstLoad {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length !== 1)
    throw new Error(`expected one entry chunk in the manifest, found ${entries.length}`);
  const js = new Set<string>();
  const css = new Set<string>();
  const visited = new Set<string>();
  const visit = (key: string) => {
    if (visited.has(key)) return;
    visited.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entries[0]![0]);
  for (const key of moduleKeys) visit(key);
  const sized = (files: Set<string>) =>
    [...files].map((file) => ({ file, gzipBytes: gzipSize(join(outDir, file)) }));
  const jsFiles = sized(js);
  const cssFiles = sized(css);
  const sum = (files: Array<{ gzipBytes: number }>) =>
    files.reduce((total, file) => total + file.gzipBytes, 0);
  return { jsFiles, cssFiles, jsGzipBytes: sum(jsFiles), cssGzipBytes: sum(cssFiles) };
}

const base64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const base64Values = new Map([...base64].map((char, index) => [char, index]));

/** Decodes a source map's `mappings`: per generated line, [column, source index] segments. */
function decodeMappings(mappings: string): Array<Array<[number, number]>> {
  const lines: Array<Array<[number, number]>> = [];
  let source = 0;
  for (const line of mappings.split(';')) {
    const segments: Array<[number, number]> = [];
    let column = 0;
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = base64Values.get(char);
        if (digit === undefined) throw new Error(`bad source map character ${char}`);
        value += (digit & 31) << shift;
        if (digit & 32) {
          shift += 5;
          continue;
        }
        fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
        value = 0;
        shift = 0;
      }
      column += fields[0]!;
      if (fields.length >= 4) source += fields[1]!;
      segments.push([column, fields.length >= 4 ? source : -1]);
    }
    lines.push(segments);
  }
  return lines;
}

export interface ModuleShare {
  /** node_modules package name, or the path of our module (web/src/…, shared/…). */
  module: string;
  package: string;
  /** Characters of minified code mapped to the module. */
  minifiedChars: number;
  /** The module's share of the file's gzip -9 size (see moduleShares). */
  gzipBytes: number;
}

/**
 * Which modules a built JS file is made of, from its source map: every minified byte goes to the
 * source its mapping segment names (unmapped bytes: "(bundler runtime)"). Each module's bytes are
 * gzipped on their own and the results scaled so they add up to the file's real gzip -9 size: an
 * estimate of each module's share (gzip compresses across module boundaries).
 */
export function moduleShares(jsFile: string, repoRoot: string): ModuleShare[] {
  const code = readFileSync(jsFile, 'utf8');
  const map = JSON.parse(readFileSync(`${jsFile}.map`, 'utf8')) as { sources: string[]; sourceRoot?: string };
  const lines = decodeMappings((map as unknown as { mappings: string }).mappings);
  const textLines = code.split('\n');
  const pieces = new Map<number, string[]>();
  textLines.forEach((text, lineIndex) => {
    const segments = lines[lineIndex] ?? [];
    if (!segments.length) {
      (pieces.get(-1) ?? pieces.set(-1, []).get(-1)!).push(text);
      return;
    }
    if (segments[0]![0] > 0)
      (pieces.get(-1) ?? pieces.set(-1, []).get(-1)!).push(text.slice(0, segments[0]![0]));
    segments.forEach(([column, source], index) => {
      const end = segments[index + 1]?.[0] ?? text.length;
      (pieces.get(source) ?? pieces.set(source, []).get(source)!).push(text.slice(column, end));
    });
  });
  const total = gzipSync(code, { level: 9 }).length;
  const mapDir = dirname(jsFile);
  const shares = [...pieces].map(([source, texts]) => {
    const text = texts.join('');
    const path = source < 0 ? undefined : resolve(mapDir, map.sourceRoot ?? '', map.sources[source]!);
    const inPackage = path?.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/);
    const module = !path
      ? '(bundler runtime)'
      : inPackage
        ? `${inPackage[1]}/${inPackage[2]}`
        : relative(repoRoot, path).split('\\').join(posix.sep);
    const ours = module.startsWith('web/src/') ? 'web/src' : module.split('/')[0]!;
    const pkg = !path ? '(bundler runtime)' : inPackage ? inPackage[1]! : ours;
    return { module, package: pkg, minifiedChars: text.length, alone: gzipSync(text, { level: 9 }).length };
  });
  const scale = total / shares.reduce((sum, share) => sum + share.alone, 0);
  return shares
    .map(({ alone, ...share }) => ({ ...share, gzipBytes: Math.round(alone * scale) }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
}
