import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { imageSettings } from '../../shared/config/constants';
import { avatarUploadKey, avatarVariantKey } from '../accounts/avatar-keys';
import { listingImageUploadKey } from '../listings/images';
import { imageUploadFor } from './image-variants';
import { presignedPost, rawUploadsKeyPrefix, uploadPolicyConditions, uploadUrlTtlSeconds } from './uploads';

// Signing a POST policy is local work (no request is sent); these are not real credentials.
beforeAll(() => {
  vi.stubEnv('AWS_REGION', 'us-east-1');
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIAEXAMPLEEXAMPLE00');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'not-a-secret-not-a-secret-not-a-secret-00');
  vi.stubEnv('AWS_SESSION_TOKEN', '');
  vi.stubEnv('AWS_ENDPOINT_URL_S3', '');
  vi.stubEnv('AWS_ENDPOINT_URL', '');
  vi.stubEnv('IMAGES_BUCKET', 'velo-images-test');
});
afterAll(() => {
  vi.unstubAllEnvs();
});

interface Policy {
  expiration: string;
  conditions: unknown[];
}
const policyOf = (fields: Record<string, string>): Policy =>
  JSON.parse(Buffer.from(fields.Policy!, 'base64').toString('utf8'));

describe('presigned POST uploads', () => {
  it('cap the size at 1 byte…20 MB and fix the exact Content-Type', () => {
    expect(uploadPolicyConditions('image/png')).toEqual([
      ['content-length-range', 1, imageSettings.maxUploadBytes],
      ['eq', '$Content-Type', 'image/png'],
    ]);
    expect(imageSettings.maxUploadBytes).toBe(20 * 1024 * 1024);
  });

  it('sign a policy with the key, the bucket, the size range and the type, expiring in 5 minutes', async () => {
    const before = Date.now();
    const { url, fields } = await presignedPost('images/uploads/listings/l1/u1', 'image/jpeg');
    expect(url).toContain('velo-images-test');
    expect(fields).toMatchObject({
      key: 'images/uploads/listings/l1/u1',
      'Content-Type': 'image/jpeg',
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    });
    expect(fields['X-Amz-Signature']).toMatch(/^[0-9a-f]{64}$/);
    const policy = policyOf(fields);
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1, 20 * 1024 * 1024],
        ['eq', '$Content-Type', 'image/jpeg'],
        { key: 'images/uploads/listings/l1/u1' },
        { bucket: 'velo-images-test' },
      ]),
    );
    const expires = Date.parse(policy.expiration) - before;
    expect(expires).toBeGreaterThan((uploadUrlTtlSeconds - 5) * 1000);
    expect(expires).toBeLessThanOrEqual((uploadUrlTtlSeconds + 5) * 1000);
  });

  it('are the answer to an image-upload request: { uploadId, url, fields } for the upload key', async () => {
    const answer = await imageUploadFor(
      { contentType: ' Image/GIF ', size: 1234 },
      (id) => `images/uploads/x/${id}`,
    );
    expect(Object.keys(answer).sort()).toEqual(['fields', 'uploadId', 'url']);
    expect(answer.fields.key).toBe(`images/uploads/x/${answer.uploadId}`);
    expect(answer.fields['Content-Type']).toBe('image/gif');
    expect(policyOf(answer.fields).conditions).toContainEqual(['eq', '$Content-Type', 'image/gif']);
  });

  it('are refused for other types and declared sizes over 20 MB', async () => {
    const keyFor = (id: string) => `images/uploads/x/${id}` as const;
    await expect(imageUploadFor({ contentType: 'image/webp', size: 10 }, keyFor)).rejects.toMatchObject({
      code: 'validation-invalid-value',
    });
    await expect(
      imageUploadFor({ contentType: 'image/png', size: imageSettings.maxUploadBytes + 1 }, keyFor),
    ).rejects.toMatchObject({ code: 'request-upload-over-limit' });
    await expect(imageUploadFor({ contentType: 'image/png', size: 0 }, keyFor)).rejects.toMatchObject({
      code: 'validation-invalid-value',
    });
  });
});

describe('raw uploads', () => {
  it('land under the prefix CloudFront and the local gateway never serve; images made from them do not', () => {
    expect(avatarUploadKey('u1', 'up1').startsWith(rawUploadsKeyPrefix)).toBe(true);
    expect(listingImageUploadKey('l1', 'up1').startsWith(rawUploadsKeyPrefix)).toBe(true);
    expect(avatarVariantKey('u1', 'i1', 'square').startsWith(rawUploadsKeyPrefix)).toBe(false);
  });
});
