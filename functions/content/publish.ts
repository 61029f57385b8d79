import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { s3 } from '../lib/aws';
import { assetAliasKeyFor, assetKey, assetsKeyPrefix, assetVersionPattern } from './assets';

/**
 * Publishing hosted assets: the whole folder (infra/content/assets/) becomes one version, named by
 * its content, under `assets/{version}/`; the alias `assets/latest.json` is written last, so a
 * reader never sees half a version. The local cloud calls `publishAssets` on every start; CDK
 * deploys the same folder to the content bucket's `assets/{assetVersion(dir)}/` with a
 * BucketDeployment and the alias after it (infra/stacks/data-stack.ts).
 */

/** Every file under `dir` as a POSIX path relative to it, sorted (code unit order). */
export function listAssetFiles(dir: string): string[] {
  const files: string[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(join(dir, relative), { withFileTypes: true })) {
      const path = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) files.push(path);
    }
  };
  walk('');
  return files.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The version id of a folder: the first 12 hex characters of SHA-256 over its sorted paths and bytes. */
export function assetVersion(dir: string): string {
  const hash = createHash('sha256');
  for (const path of listAssetFiles(dir)) {
    const bytes = readFileSync(join(dir, path));
    // Path, length and bytes, separated, so no two folders hash the same input.
    hash.update(`${path}\0${bytes.length}\0`);
    hash.update(bytes);
    hash.update('\0');
  }
  const version = hash.digest('hex').slice(0, 12);
  if (!assetVersionPattern.test(version)) throw new Error(`Bad asset version ${version}`);
  return version;
}

/** Throws if a `.json` file of the folder is not JSON (before anything is uploaded). */
export function assertJsonFiles(dir: string): void {
  for (const path of listAssetFiles(dir).filter((p) => p.endsWith('.json'))) {
    try {
      JSON.parse(readFileSync(join(dir, path), 'utf8'));
    } catch (error) {
      throw new Error(`Asset ${path} is not valid JSON: ${(error as Error).message}`);
    }
  }
}

const contentTypes: Record<string, string> = {
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
};

export interface PublishOptions {
  /** The folder published as it is (infra/content/assets/). */
  dir: string;
  bucket: string;
  /** Key prefix of versions and the alias; default `assets/`. */
  prefix?: string;
  client?: S3Client;
  /** Parallel uploads. */
  concurrency?: number;
}

export interface PublishResult {
  version: string;
  /** Files uploaded; 0 when the alias already named this version. */
  uploaded: number;
  /** The alias already pointed at this version: nothing was written. */
  unchanged: boolean;
}

async function readAlias(client: S3Client, bucket: string, key: string): Promise<string | undefined> {
  try {
    const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    const value = JSON.parse(await object.Body!.transformToString('utf8')) as { version?: unknown };
    return typeof value?.version === 'string' ? value.version : undefined;
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'NoSuchKey' || name === 'NotFound' || error instanceof SyntaxError) return undefined;
    throw error;
  }
}

/**
 * Uploads every file of `dir` to `{prefix}{version}/…`, then writes the alias `{prefix}latest.json`. Does
 * nothing when the alias already names this version (idempotent, cheap on every start).
 */
export async function publishAssets(options: PublishOptions): Promise<PublishResult> {
  const { dir, bucket } = options;
  const prefix = options.prefix ?? assetsKeyPrefix;
  const client = options.client ?? s3();
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new Error(`No asset folder at ${dir}`);
  assertJsonFiles(dir);
  const version = assetVersion(dir);
  const aliasKey = assetAliasKeyFor(prefix);
  if ((await readAlias(client, bucket, aliasKey)) === version)
    return { version, uploaded: 0, unchanged: true };
  const files = listAssetFiles(dir);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const path = files[next++]!;
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: assetKey(version, path, prefix),
          Body: readFileSync(join(dir, path)),
          ContentType: contentTypes[extname(path).toLowerCase()] ?? 'application/octet-stream',
        }),
      );
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 8) }, worker));
  await client.send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: aliasKey,
      Body: JSON.stringify({ version }),
      ContentType: 'application/json; charset=utf-8',
    }),
  );
  return { version, uploaded: files.length, unchanged: false };
}
