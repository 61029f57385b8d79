import { randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { presignedUpload } from '../../functions/lib/uploads';
import { useLocalCloud } from './cloud-env';

let url: string;
beforeAll(() => {
  url = useLocalCloud().url;
});

describe('s3rver', () => {
  it('takes a presigned upload and serves the same bytes back through /images', async () => {
    const key = `images/uploads/${randomUUID()}/photo.jpg` as const;
    const bytes = randomBytes(256 * 1024);
    const uploadUrl = await presignedUpload(key, 'image/jpeg');
    const put = await fetch(uploadUrl, {
      method: 'PUT',
      body: bytes,
      headers: { 'content-type': 'image/jpeg' },
    });
    expect(put.status).toBe(200);

    const response = await fetch(`${url}/${key}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('answers 404 with the error shape for a missing image', async () => {
    const response = await fetch(`${url}/images/uploads/${randomUUID()}/none.jpg`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { errors: Array<{ code: string }> }).errors[0]!.code).toBe(
      'not-found',
    );
  });
});
