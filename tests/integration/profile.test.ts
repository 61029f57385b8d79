import { HeadObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { getUser } from '../../functions/accounts/repository';
import { imagesBucket, s3 } from '../../functions/lib/aws';
import type { CurrentUser, ProfileImage } from '../../shared/api/account';
import { api, errorOf, signUp, type TestAccount, testCloud } from './accounts';
import { givenListing, givenSeller } from './fixtures';
import { postToStorage } from './uploads';

let url: string;

beforeAll(() => {
  url = testCloud().url;
});

describe('PATCH /api/me', () => {
  it('updates the own profile with sanitised text and a parsed phone number', async () => {
    const account = await signUp({ firstName: 'Ada', lastName: 'Rider' });
    const response = await api('PATCH', '/api/me', {
      token: account.accessToken,
      body: {
        firstName: '<b>Grace</b>',
        lastName: 'Hopper',
        bio: ' I ride <script>x</script> bikes ',
        phoneNumber: '+358 40 1234567',
      },
    });
    expect(response.status).toBe(200);
    const user: CurrentUser = response.body.data;
    expect(user).toMatchObject({
      firstName: '＜b＞Grace＜/b＞',
      lastName: 'Hopper',
      bio: 'I ride ＜script＞x＜/script＞ bikes',
      phoneNumber: '+358401234567',
      // The display name was the default, so it follows the new names.
      displayName: '＜b＞Grace＜/b＞ H',
    });
    expect((await api('GET', `/api/users/${account.user.id}`)).body.data).toMatchObject({
      displayName: '＜b＞Grace＜/b＞ H',
      bio: 'I ride ＜script＞x＜/script＞ bikes',
    });

    const custom = await api('PATCH', '/api/me', {
      token: account.accessToken,
      body: { displayName: 'Amazing Grace', bio: '', phoneNumber: '' },
    });
    expect(custom.body.data.displayName).toBe('Amazing Grace');
    expect(custom.body.data.bio).toBeUndefined();
    expect(custom.body.data.phoneNumber).toBeUndefined();
  });

  it('answers the spec messages: names required, bio at most 5000 characters', async () => {
    const account = await signUp();
    const response = await api('PATCH', '/api/me', {
      token: account.accessToken,
      body: { firstName: '  ', bio: 'x'.repeat(5001) },
    });
    expect(response.status).toBe(400);
    expect(errorOf(response.body).meta).toEqual({
      fields: { firstName: 'This field is required', bio: 'Must be 5000 characters or less' },
    });
    expect(
      (await api('PATCH', '/api/me', { token: account.accessToken, body: { bio: 'x'.repeat(5000) } })).status,
    ).toBe(200);
  });

  it('saves, replaces and removes the shipping address, with the checkout messages', async () => {
    const account = await signUp();
    const patch = (body: Record<string, unknown>) =>
      api('PATCH', '/api/me', { token: account.accessToken, body });
    const address = {
      recipientName: ' Lena <Huber> ',
      recipientAddressLine1: 'Torstraße 1',
      recipientCity: 'Berlin',
      recipientPostal: '10119',
      recipientCountry: 'DE',
    };
    const saved = await patch({ shippingAddress: address });
    expect(saved.status).toBe(200);
    expect(saved.body.data.shippingAddress).toEqual({ ...address, recipientName: 'Lena ＜Huber＞' });
    expect((await api('GET', '/api/me', { token: account.accessToken })).body.data.shippingAddress).toEqual(
      saved.body.data.shippingAddress,
    );

    const incomplete = await patch({
      shippingAddress: {
        ...address,
        recipientCity: ' ',
        recipientPostal: 10119,
        recipientState: 'x'.repeat(201),
      },
    });
    expect(incomplete.status).toBe(400);
    expect(errorOf(incomplete.body).meta).toEqual({
      fields: {
        recipientCity: 'City is required',
        recipientPostal: 'Must be text',
        recipientState: 'Must be 200 characters or less',
      },
    });
    expect((await patch({ shippingAddress: 'Berlin' })).status).toBe(400);

    const removed = await patch({ shippingAddress: null });
    expect(removed.status).toBe(200);
    expect(removed.body.data.shippingAddress).toBeUndefined();
  });

  it('changes only the caller: an id in the body cannot point at another user', async () => {
    const [caller, other] = await Promise.all([signUp(), signUp({ firstName: 'Other', lastName: 'Person' })]);
    const response = await api('PATCH', '/api/me', {
      token: caller.accessToken,
      body: { id: other.user.id, userId: other.user.id, firstName: 'Mallory' },
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ id: caller.user.id, firstName: 'Mallory' });
    const untouched = await getUser(other.user.id);
    expect(untouched).toMatchObject({ firstName: 'Other', lastName: 'Person', displayName: 'Other P' });
  });
});

async function testImage(width: number, height: number, format: 'png' | 'jpeg' | 'gif'): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } });
  return format === 'png'
    ? image.png().toBuffer()
    : format === 'gif'
      ? image.gif().toBuffer()
      : image.jpeg().toBuffer();
}

async function upload(account: TestAccount, bytes: Buffer, contentType: string) {
  const created = await api('POST', '/api/me/avatar-uploads', {
    token: account.accessToken,
    body: { contentType, size: bytes.length },
  });
  expect(created.status).toBe(201);
  const { uploadId, url: postUrl, fields } = created.body.data;
  expect(fields).toMatchObject({ 'Content-Type': contentType });
  const posted = await postToStorage({ url: postUrl, fields }, bytes, contentType);
  expect(posted.status).toBe(204);
  return uploadId as string;
}

const uploadExists = (userId: string, uploadId: string) =>
  s3()
    .send(
      new HeadObjectCommand({ Bucket: imagesBucket(), Key: `images/uploads/avatars/${userId}/${uploadId}` }),
    )
    .then(
      () => true,
      () => false,
    );

describe('avatar', () => {
  it('makes the four square JPEG variants from an upload, served at /images/…', async () => {
    const account = await signUp();
    const uploadId = await upload(account, await testImage(900, 600, 'png'), 'image/png');
    const response = await api('PUT', '/api/me/avatar', { token: account.accessToken, body: { uploadId } });
    expect(response.status).toBe(200);
    const image: ProfileImage = response.body.data.profileImage;
    const expected = {
      'square-xsmall': 40,
      'square-xsmall2x': 80,
      'square-small': 240,
      'square-small2x': 480,
    };
    expect(Object.keys(image.variants).sort()).toEqual(Object.keys(expected).sort());
    for (const [name, size] of Object.entries(expected)) {
      const variant = image.variants[name as keyof typeof expected]!;
      expect(variant).toMatchObject({ width: size, height: size });
      expect(variant.url).toBe(`/images/avatars/${account.user.id}/${image.id}/${name}.jpg`);
      const served = await fetch(`${url}${variant.url}`);
      expect(served.status).toBe(200);
      const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect([metadata.format, metadata.width, metadata.height], name).toEqual(['jpeg', size, size]);
    }
    expect(await uploadExists(account.user.id, uploadId)).toBe(false);
    expect((await api('GET', '/api/me', { token: account.accessToken })).body.data.profileImage).toEqual(
      image,
    );
    expect((await api('GET', `/api/users/${account.user.id}`)).body.data.profileImage).toEqual(image);

    // A new avatar replaces the old one, whose files are deleted; GIFs work too.
    const second = await upload(account, await testImage(50, 120, 'gif'), 'image/gif');
    const replaced = await api('PUT', '/api/me/avatar', {
      token: account.accessToken,
      body: { uploadId: second },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data.profileImage.id).not.toBe(image.id);
    expect((await fetch(`${url}${image.variants['square-small']!.url}`)).status).toBe(404);
    // The same upload cannot be used twice.
    const reused = await api('PUT', '/api/me/avatar', {
      token: account.accessToken,
      body: { uploadId: second },
    });
    expect(reused.status).toBe(404);
  });

  it('refuses a text file named .jpg (checked by its bytes, not its declared type)', async () => {
    const account = await signUp();
    const uploadId = await upload(
      account,
      Buffer.from('just some text, not a photo\n'.repeat(20)),
      'image/jpeg',
    );
    const response = await api('PUT', '/api/me/avatar', { token: account.accessToken, body: { uploadId } });
    expect(response.status).toBe(400);
    expect(errorOf(response.body)).toMatchObject({
      code: 'validation-invalid-value',
      title: 'Please choose a JPG, GIF or PNG image.',
    });
    expect(await uploadExists(account.user.id, uploadId)).toBe(false);
    expect(
      (await api('GET', '/api/me', { token: account.accessToken })).body.data.profileImage,
    ).toBeUndefined();
  });

  it('refuses other declared types and sizes over 20 MB, and re-checks the stored size', async () => {
    const account = await signUp();
    const create = (body: unknown) =>
      api('POST', '/api/me/avatar-uploads', { token: account.accessToken, body });
    const tooBig = await create({ contentType: 'image/png', size: 20 * 1024 * 1024 + 1 });
    expect(tooBig.status).toBe(413);
    expect(errorOf(tooBig.body)).toMatchObject({
      code: 'request-upload-over-limit',
      title: 'The maximum file size is 20 MB. Please try again.',
    });
    expect((await create({ contentType: 'image/png', size: 20 * 1024 * 1024 })).status).toBe(201);
    const svg = await create({ contentType: 'image/svg+xml', size: 100 });
    expect(svg.status).toBe(400);
    expect(errorOf(svg.body).code).toBe('validation-invalid-value');
    expect((await create({ contentType: 'image/png', size: 0 })).status).toBe(400);

    // A file over 20 MB sent anyway (S3 refuses it by the POST policy's content-length-range;
    // s3rver enforces no policy): refused after upload.
    const target = (await create({ contentType: 'image/png', size: 1000 })).body.data;
    const png = await testImage(10, 10, 'png');
    const posted = await postToStorage(
      target,
      Buffer.concat([png, Buffer.alloc(20 * 1024 * 1024)]),
      'image/png',
    );
    expect(posted.status).toBe(204);
    const uploadId = target.uploadId as string;
    const response = await api('PUT', '/api/me/avatar', { token: account.accessToken, body: { uploadId } });
    expect(response.status).toBe(413);
    expect(await uploadExists(account.user.id, uploadId)).toBe(false);
  });

  it("cannot use another user's upload", async () => {
    const [owner, thief] = await Promise.all([signUp(), signUp()]);
    const uploadId = await upload(owner, await testImage(100, 100, 'jpeg'), 'image/jpeg');
    const stolen = await api('PUT', '/api/me/avatar', { token: thief.accessToken, body: { uploadId } });
    expect(stolen.status).toBe(404);
    expect(await uploadExists(owner.user.id, uploadId)).toBe(true);
    const traversal = await api('PUT', '/api/me/avatar', {
      token: thief.accessToken,
      body: { uploadId: `../../${owner.user.id}/${uploadId}` },
    });
    expect(traversal.status).toBe(400);
  });
});

describe('GET /api/users/{id}/listings', () => {
  it("pages the author's published listings, newest first, 24 a page", async () => {
    const seller = await givenSeller();
    const other = await givenSeller();
    const day = 86_400_000;
    const base = Date.now() - 100 * day;
    const published = [];
    for (let i = 0; i < 25; i++) {
      published.push(
        await givenListing(seller.id, {
          title: `Bike ${i}`,
          createdAt: new Date(base + i * day).toISOString(),
        }),
      );
    }
    await givenListing(seller.id, { title: 'Draft', state: 'draft', createdAt: new Date().toISOString() });
    await givenListing(seller.id, { title: 'Closed', state: 'closed', createdAt: new Date().toISOString() });
    await givenListing(other.id, { title: 'Not theirs' });

    const first = await api('GET', `/api/users/${seller.id}/listings`);
    expect(first.status).toBe(200);
    expect(first.body.meta).toEqual({ page: 1, perPage: 24, totalItems: 25, totalPages: 2 });
    expect(first.body.data.map((l: { title: string }) => l.title)).toEqual(
      published
        .slice(1)
        .reverse()
        .map((l) => l.title),
    );
    const second = await api('GET', `/api/users/${seller.id}/listings?page=2`);
    expect(second.body.data.map((l: { id: string }) => l.id)).toEqual([published[0]!.id]);
    expect((await api('GET', `/api/users/${seller.id}/listings?page=0`)).status).toBe(400);
    const nobody = await api('GET', '/api/users/00000000-0000-4000-8000-000000000000/listings');
    expect(nobody.body).toEqual({ data: [], meta: { page: 1, perPage: 24, totalItems: 0, totalPages: 0 } });
  });
});
