import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCacheControl, versionCacheControl } from '../../functions/content/http/get-asset';
import { assetVersion, publishAssets } from '../../functions/content/publish';
import { contentBucket, imagesBucket, s3 } from '../../functions/lib/aws';
import { contentAssetsDir, publishLocalContent } from '../../infra/local/seed/content';
import type { ApiErrorBody } from '../../shared/api/types';
import { translationsAssetPath } from '../../shared/content/page-asset';
import { useLocalCloud } from './cloud-env';

let url: string;
const version = assetVersion(contentAssetsDir);
const translations = JSON.parse(
  readFileSync(join(contentAssetsDir, translationsAssetPath), 'utf8'),
) as unknown;

beforeAll(() => {
  url = useLocalCloud().url;
});

interface AssetBody {
  data: unknown;
  meta: { version: string };
}

async function errorCode(response: Response): Promise<string | undefined> {
  return ((await response.json()) as ApiErrorBody).errors[0]?.code;
}

describe('GET /api/assets/{version}/{path+}', () => {
  it('serves the published asset by the latest alias and by its version, with the same data', async () => {
    const latest = await fetch(`${url}/api/assets/latest/${translationsAssetPath}`);
    expect(latest.status).toBe(200);
    expect(latest.headers.get('cache-control')).toBe(latestCacheControl);
    expect(latest.headers.get('cache-control')).toBe('public, max-age=60');
    const latestBody = (await latest.json()) as AssetBody;
    expect(latestBody.meta).toEqual({ version });
    expect(latestBody.data).toEqual(translations);

    const pinned = await fetch(`${url}/api/assets/${version}/${translationsAssetPath}`);
    expect(pinned.status).toBe(200);
    expect(pinned.headers.get('cache-control')).toBe(versionCacheControl);
    expect(pinned.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await pinned.json()).toEqual(latestBody);
  });

  it('serves page assets (the about page)', async () => {
    const about = JSON.parse(readFileSync(join(contentAssetsDir, 'content/pages/about.json'), 'utf8'));
    const response = await fetch(`${url}/api/assets/latest/content/pages/about.json`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as AssetBody).data).toEqual(about);
  });

  it('answers 404 not-found for a missing asset or version', async () => {
    for (const path of [
      `/api/assets/latest/content/pages/no-such-page.json`,
      `/api/assets/${version}/content/pages/no-such-page.json`,
      `/api/assets/000000000000/${translationsAssetPath}`,
    ]) {
      const response = await fetch(`${url}${path}`);
      expect(response.status, path).toBe(404);
      expect(await errorCode(response), path).toBe('not-found');
    }
  });

  it('answers 400 validation-invalid-params to traversal, non-JSON, other folders and bad versions', async () => {
    for (const path of [
      '/api/assets/latest/content%2F..%2F..%2Flatest.json',
      '/api/assets/latest/content/..%2F..%2Fimages%2Fx.json',
      '/api/assets/latest/content/pages/%2e%2e%2F%2e%2e%2Flatest.json',
      '/api/assets/latest/content/pages/about.txt',
      '/api/assets/latest/other/pages/about.json',
      '/api/assets/latest/latest.json',
      '/api/assets/LATEST/content/pages/about.json',
      '/api/assets/v1.2/content/pages/about.json',
      '/api/assets/latest/content/%E0%A4%A.json',
    ]) {
      const response = await fetch(`${url}${path}`);
      expect(response.status, path).toBe(400);
      expect(await errorCode(response), path).toBe('validation-invalid-params');
    }
  });
});

describe('publishing', () => {
  const dir = mkdtempSync(join(tmpdir(), 'velo-publish-'));
  const prefix = `test-assets/${randomUUID()}/`;
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** An S3 client that records the keys it writes, in order. */
  function recordingClient(): { client: S3Client; puts: string[] } {
    const client = new S3Client({
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    const puts: string[] = [];
    const send = client.send.bind(client) as (command: unknown) => Promise<unknown>;
    client.send = ((command: unknown) => {
      if (command instanceof PutObjectCommand) puts.push(command.input.Key!);
      return send(command);
    }) as S3Client['send'];
    return { client, puts };
  }

  async function alias(): Promise<unknown> {
    const object = await s3().send(
      new GetObjectCommand({ Bucket: contentBucket(), Key: `${prefix}latest.json` }),
    );
    return JSON.parse(await object.Body!.transformToString());
  }

  it('uploads a version, then the alias last, and does nothing the second time', async () => {
    mkdirSync(join(dir, 'content/pages'), { recursive: true });
    writeFileSync(join(dir, 'content/pages/a.json'), '{"title":"A"}');
    writeFileSync(join(dir, 'content/translations.json'), '{}');
    const first = recordingClient();
    const published = await publishAssets({ dir, bucket: contentBucket(), prefix, client: first.client });
    expect(published).toEqual({ version: assetVersion(dir), uploaded: 2, unchanged: false });
    expect(first.puts).toHaveLength(3);
    expect(first.puts.at(-1)).toBe(`${prefix}latest.json`);
    expect(first.puts.slice(0, 2).sort()).toEqual([
      `${prefix}${published.version}/content/pages/a.json`,
      `${prefix}${published.version}/content/translations.json`,
    ]);
    expect(await alias()).toEqual({ version: published.version });

    const again = recordingClient();
    expect(await publishAssets({ dir, bucket: contentBucket(), prefix, client: again.client })).toEqual({
      version: published.version,
      uploaded: 0,
      unchanged: true,
    });
    expect(again.puts).toEqual([]);
  });

  it('publishes a changed folder as a new version and keeps the old one', async () => {
    const before = assetVersion(dir);
    writeFileSync(join(dir, 'content/pages/a.json'), '{"title":"A, again"}');
    const result = await publishAssets({ dir, bucket: contentBucket(), prefix });
    expect(result.version).not.toBe(before);
    expect(result.unchanged).toBe(false);
    expect(await alias()).toEqual({ version: result.version });
    const old = await s3().send(
      new GetObjectCommand({ Bucket: contentBucket(), Key: `${prefix}${before}/content/pages/a.json` }),
    );
    expect(await old.Body!.transformToString()).toBe('{"title":"A"}');
  });

  it('refuses a folder with broken JSON before uploading anything', async () => {
    writeFileSync(join(dir, 'content/pages/broken.json'), '{ "title": ');
    const recorder = recordingClient();
    await expect(
      publishAssets({ dir, bucket: contentBucket(), prefix, client: recorder.client }),
    ).rejects.toThrow(/broken\.json is not valid JSON/);
    expect(recorder.puts).toEqual([]);
  });

  it('the local cloud published infra/content/assets on start into the content bucket, and starting again changes nothing', async () => {
    expect(contentBucket()).not.toBe(imagesBucket());
    expect(await publishLocalContent(contentBucket())).toBe(
      `Content assets   version ${version} (already published)`,
    );
    const object = await s3().send(
      new GetObjectCommand({ Bucket: contentBucket(), Key: 'assets/latest.json' }),
    );
    expect(JSON.parse(await object.Body!.transformToString())).toEqual({ version });
    // Nothing of it in the images bucket (issue 26): the asset API reads CONTENT_BUCKET only.
    await expect(
      s3().send(new GetObjectCommand({ Bucket: imagesBucket(), Key: 'assets/latest.json' })),
    ).rejects.toMatchObject({ name: 'NoSuchKey' });
    expect(await publishLocalContent(contentBucket(), join(dir, 'missing'))).toMatch(
      /^Content assets {3}none/,
    );
  });
});
