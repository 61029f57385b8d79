import { randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { presignedPost, rawUploadsKeyPrefix } from '../../functions/lib/uploads';
import { useLocalCloud } from './cloud-env';
import { postToStorage } from './uploads';

let url: string;
beforeAll(() => {
  url = useLocalCloud().url;
});

describe('s3rver', () => {
  it('takes a presigned POST (multipart, fields then file) and serves the same bytes back through /images', async () => {
    const key = `images/storage-test/${randomUUID()}/photo.jpg` as const;
    const bytes = randomBytes(256 * 1024);
    const target = await presignedPost(key, 'image/jpeg');
    expect(target.fields).toMatchObject({ key, 'Content-Type': 'image/jpeg' });
    const posted = await postToStorage(target, bytes, 'image/jpeg');
    expect(posted.status).toBe(204);

    const response = await fetch(`${url}/${key}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('answers a browser POST from another origin with CORS headers', async () => {
    const target = await presignedPost(`images/uploads/${randomUUID()}/cors.png`, 'image/png');
    const posted = await fetch(target.url, {
      method: 'POST',
      headers: { origin: url },
      body: (() => {
        const form = new FormData();
        for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
        form.append('file', new Blob([randomBytes(64)], { type: 'image/png' }), 'cors.png');
        return form;
      })(),
    });
    expect(posted.status).toBe(204);
    expect(posted.headers.get('access-control-allow-origin')).toMatch(/^(\*|http:\/\/)/);
  });

  it('never serves a raw upload (images/uploads/*), as CloudFront is denied it', async () => {
    const key = `${rawUploadsKeyPrefix}${randomUUID()}/photo.jpg` as const;
    const posted = await postToStorage(
      await presignedPost(key, 'image/jpeg'),
      randomBytes(1024),
      'image/jpeg',
    );
    expect(posted.status).toBe(204);
    const response = await fetch(`${url}/${key}`);
    expect(response.status).toBe(403);
    expect(((await response.json()) as { errors: Array<{ code: string }> }).errors[0]!.code).toBe(
      'forbidden',
    );
  });

  it('answers 404 with the error shape for a missing image', async () => {
    const response = await fetch(`${url}/images/storage-test/${randomUUID()}/none.jpg`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { errors: Array<{ code: string }> }).errors[0]!.code).toBe(
      'not-found',
    );
  });
});
