import { GetObjectCommand } from '@aws-sdk/client-s3';
import { latestAssetAlias } from '../../shared/content/page-asset';
import { contentBucket, s3 } from '../lib/aws';

/**
 * Hosted assets (§7 "Assets"): JSON published into the content bucket (CONTENT_BUCKET, apart from
 * the images) under `assets/`, one folder per version (`assets/{version}/content/pages/about.json`)
 * and the alias object `assets/latest.json` = `{ "version": "…" }` naming the newest. A version never changes once
 * written (publishing uploads a whole version first and moves the alias last), so a container
 * keeps what it read; only the alias is read again, at most every `aliasTtlMs`.
 */
export const assetsKeyPrefix = 'assets/';
/** The alias object under a key prefix: `assets/latest.json`. */
export function assetAliasKeyFor(prefix: string): string {
  return `${prefix}${latestAssetAlias}.json`;
}
export const assetAliasKey = assetAliasKeyFor(assetsKeyPrefix);

/** A version id (`latest` is the alias). Published versions are 12 hex characters. */
export const assetVersionPattern = /^[a-z0-9-]{1,64}$/;

/** Asset paths the API serves: JSON under `content/`, segments without leading dots (no `..`). */
export function isServableAssetPath(path: string): boolean {
  if (path.length > 256 || !path.endsWith('.json')) return false;
  const segments = path.split('/');
  return (
    segments.length >= 2 &&
    segments[0] === 'content' &&
    segments.every((segment) => /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(segment))
  );
}

export function assetKey(version: string, path: string, prefix = assetsKeyPrefix): string {
  return `${prefix}${version}/${path}`;
}

/** The object, alias or version does not exist. */
export class AssetNotFound extends Error {
  constructor(readonly key: string) {
    super(`No asset at ${key}`);
  }
}

export const aliasTtlMs = 10_000;

let alias: { version: string; readAt: number } | undefined;
const immutable = new Map<string, unknown>();
const maxCached = 256;

async function readJsonObject(key: string): Promise<unknown> {
  let text: string;
  try {
    const object = await s3().send(new GetObjectCommand({ Bucket: contentBucket(), Key: key }));
    text = await object.Body!.transformToString('utf8');
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'NoSuchKey' || name === 'NotFound') throw new AssetNotFound(key);
    throw error;
  }
  return JSON.parse(text) as unknown;
}

/** The version `latest` points at now (cached for `aliasTtlMs`); another version as it is. */
export async function resolveAssetVersion(version: string): Promise<string> {
  if (version !== latestAssetAlias) return version;
  if (alias && Date.now() - alias.readAt < aliasTtlMs) return alias.version;
  const value = (await readJsonObject(assetAliasKey)) as { version?: unknown } | null;
  const resolved = value?.version;
  if (typeof resolved !== 'string' || !assetVersionPattern.test(resolved) || resolved === latestAssetAlias) {
    throw new Error(`${assetAliasKey} does not name a version`);
  }
  alias = { version: resolved, readAt: Date.now() };
  return resolved;
}

/** An asset of a version (or of `latest`) as parsed JSON, with the version it came from. */
export async function readAsset(version: string, path: string): Promise<{ version: string; data: unknown }> {
  const resolved = await resolveAssetVersion(version);
  const key = assetKey(resolved, path);
  if (immutable.has(key)) return { version: resolved, data: immutable.get(key) };
  const data = await readJsonObject(key);
  if (immutable.size >= maxCached) immutable.delete(immutable.keys().next().value!);
  immutable.set(key, data);
  return { version: resolved, data };
}

/** Forgets the alias and the cached assets (tests that publish a new version). */
export function clearAssetCache(): void {
  alias = undefined;
  immutable.clear();
}
