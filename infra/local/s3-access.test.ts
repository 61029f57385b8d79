import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, it } from 'vitest';
import { checkRead } from './s3-access';

const secrets = new Map([['S3RVER', 'S3RVER']]);
const client = new S3Client({
  region: 'us-east-1',
  endpoint: 'http://127.0.0.1:4569',
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
});

async function presigned(key: string, expiresIn = 900) {
  const url = new URL(
    await getSignedUrl(client, new GetObjectCommand({ Bucket: 'velo-images', Key: key }), { expiresIn }),
  );
  return { target: `${url.pathname}${url.search}`, headers: { host: url.host } };
}

describe('checkRead (the local S3 refuses what S3 refuses)', () => {
  it('lets a presigned link through while it is valid', async () => {
    const { target, headers } = await presigned('dispute-evidence/tx-1/photo-1');
    expect(checkRead(target, headers, secrets)).toEqual({ ok: true });
  });

  it('refuses the object URL without a signature', () => {
    const verdict = checkRead(
      '/velo-images/dispute-evidence/tx-1/photo-1',
      { host: '127.0.0.1:4569' },
      secrets,
    );
    expect(verdict).toEqual({ ok: false, reason: 'Anonymous access is not allowed' });
  });

  it('refuses a link for another key, another secret, or after it expired', async () => {
    const { target, headers } = await presigned('dispute-evidence/tx-1/photo-1', 60);
    const otherKey = target.replace('photo-1', 'photo-2');
    expect(checkRead(otherKey, headers, secrets).ok).toBe(false);
    expect(checkRead(target, headers, new Map([['S3RVER', 'other']])).ok).toBe(false);
    expect(checkRead(target, headers, secrets, Date.now() + 61_000)).toEqual({
      ok: false,
      reason: 'Request has expired',
    });
  });

  it("lets the SDK's own signed calls through (s3rver's check)", () => {
    expect(checkRead('/velo-images/x', { authorization: 'AWS4-HMAC-SHA256 Credential=…' }, secrets)).toEqual({
      ok: true,
    });
  });
});
