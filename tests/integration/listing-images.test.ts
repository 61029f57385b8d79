import { HeadObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { imagesBucket, s3 } from '../../functions/lib/aws';
import { getListing } from '../../functions/listings/repository';
import type { ListingImage } from '../../shared/api/types';
import { api, errorOf, signUp, type TestAccount, testCloud } from './accounts';
import { givenListing } from './fixtures';
import { postToStorage } from './uploads';

let url: string;

beforeAll(() => {
  url = testCloud().url;
});

async function testImage(width: number, height: number, format: 'png' | 'jpeg' | 'gif'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 200 } } })
    .toFormat(format)
    .toBuffer();
}

async function givenOwnListing() {
  const account = await signUp();
  const listing = await givenListing(account.user.id, { state: 'draft', currentStock: 0 });
  return { account, listing };
}

async function upload(account: TestAccount, listingId: string, bytes: Buffer, contentType: string) {
  const created = await api('POST', `/api/own-listings/${listingId}/image-uploads`, {
    token: account.accessToken,
    body: { contentType, size: bytes.length },
  });
  expect(created.status).toBe(201);
  const { uploadId, url: postUrl, fields } = created.body.data;
  expect(Object.keys(created.body.data).sort()).toEqual(['fields', 'uploadId', 'url']);
  expect(fields).toMatchObject({
    key: `images/uploads/listings/${listingId}/${uploadId}`,
    'Content-Type': contentType,
  });
  const posted = await postToStorage({ url: postUrl, fields }, bytes, contentType);
  expect(posted.status).toBe(204);
  return uploadId as string;
}

const attach = (account: TestAccount, listingId: string, uploadId: string) =>
  api('POST', `/api/own-listings/${listingId}/images`, { token: account.accessToken, body: { uploadId } });

const uploadExists = (listingId: string, uploadId: string) =>
  s3()
    .send(
      new HeadObjectCommand({
        Bucket: imagesBucket(),
        Key: `images/uploads/listings/${listingId}/${uploadId}`,
      }),
    )
    .then(
      () => true,
      () => false,
    );

describe('listing photos', () => {
  it('makes the variants from an uploaded PNG, served at /images/…, and lists the image on the listing', async () => {
    const { account, listing } = await givenOwnListing();
    const uploadId = await upload(account, listing.id, await testImage(1000, 1500, 'png'), 'image/png');
    const response = await attach(account, listing.id, uploadId);
    expect(response.status).toBe(201);
    const images: ListingImage[] = response.body.data;
    expect(images).toHaveLength(1);
    const image = images[0]!;
    const expected = {
      'listing-card': [400, 400],
      'listing-card-2x': [800, 800],
      'scaled-medium': [533, 800],
      'scaled-large': [1000, 1500], // within 1600×1600 already: not enlarged
      'scaled-xlarge': [1000, 1500],
      'scaled-2xlarge': [1000, 1500],
      facebook: [1200, 630],
      twitter: [600, 314],
    };
    expect(Object.keys(image.variants).sort()).toEqual(Object.keys(expected).sort());
    for (const [name, [width, height]] of Object.entries(expected)) {
      const variant = image.variants[name as keyof typeof expected]!;
      expect(variant, name).toMatchObject({ width, height });
      expect(variant.url).toBe(`/images/listings/${listing.id}/${image.id}/${name}.jpg`);
      const served = await fetch(`${url}${variant.url}`);
      expect(served.status).toBe(200);
      const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect([metadata.format, metadata.width, metadata.height], name).toEqual(['jpeg', width, height]);
    }
    expect(await uploadExists(listing.id, uploadId)).toBe(false);
    expect((await getListing(listing.id))!.images).toEqual(images);
    // An upload is used once.
    expect((await attach(account, listing.id, uploadId)).status).toBe(404);
  });

  it('refuses a text file declared as PNG with "Could not read file"', async () => {
    const { account, listing } = await givenOwnListing();
    const uploadId = await upload(account, listing.id, Buffer.from('not a photo\n'.repeat(30)), 'image/png');
    const response = await attach(account, listing.id, uploadId);
    expect(response.status).toBe(400);
    expect(errorOf(response.body)).toMatchObject({
      code: 'validation-invalid-value',
      title: 'Could not read file',
    });
    expect(await uploadExists(listing.id, uploadId)).toBe(false);
    expect((await getListing(listing.id))!.images).toEqual([]);
  });

  it('refuses declared sizes over 20 MB and other types, and re-checks the stored size', async () => {
    const { account, listing } = await givenOwnListing();
    const create = (body: unknown) =>
      api('POST', `/api/own-listings/${listing.id}/image-uploads`, { token: account.accessToken, body });
    const tooBig = await create({ contentType: 'image/jpeg', size: 21 * 1024 * 1024 });
    expect(tooBig.status).toBe(413);
    expect(errorOf(tooBig.body)).toMatchObject({
      code: 'request-upload-over-limit',
      title: 'The maximum file size is 20 MB. Please try again.',
    });
    const webp = await create({ contentType: 'image/webp', size: 100 });
    expect(webp.status).toBe(400);
    expect(errorOf(webp.body)).toMatchObject({
      code: 'validation-invalid-value',
      title: 'Please choose a JPG, GIF or PNG image.',
    });

    // A file over 20 MB sent anyway (S3 refuses it by the POST policy's content-length-range;
    // s3rver enforces no policy): refused after upload.
    const target = (await create({ contentType: 'image/png', size: 1000 })).body.data;
    const posted = await postToStorage(
      target,
      Buffer.concat([await testImage(10, 10, 'png'), Buffer.alloc(20 * 1024 * 1024)]),
      'image/png',
    );
    expect(posted.status).toBe(204);
    const uploadId = target.uploadId as string;
    const response = await attach(account, listing.id, uploadId);
    expect(response.status).toBe(413);
    expect(errorOf(response.body).code).toBe('request-upload-over-limit');
    expect(await uploadExists(listing.id, uploadId)).toBe(false);
  });

  it("is 403 forbidden on another user's published listing, like every owner route, and changes nothing", async () => {
    const [owner, other] = await Promise.all([signUp(), signUp()]);
    const listing = await givenListing(owner.user.id);
    const create = await api('POST', `/api/own-listings/${listing.id}/image-uploads`, {
      token: other.accessToken,
      body: { contentType: 'image/png', size: 100 },
    });
    expect(create.status).toBe(403);
    expect(errorOf(create.body).code).toBe('forbidden');
    const reorder = await api('PATCH', `/api/own-listings/${listing.id}/images`, {
      token: other.accessToken,
      body: { order: [] },
    });
    expect(reorder.status).toBe(403);
    expect((await getListing(listing.id))!.images ?? []).toEqual(listing.images ?? []);
  });

  it("is 404 on another user's draft", async () => {
    const [{ account: owner, listing }, other] = await Promise.all([givenOwnListing(), signUp()]);
    const create = await api('POST', `/api/own-listings/${listing.id}/image-uploads`, {
      token: other.accessToken,
      body: { contentType: 'image/png', size: 100 },
    });
    expect(create.status).toBe(404);
    const uploadId = await upload(owner, listing.id, await testImage(50, 50, 'gif'), 'image/gif');
    expect((await attach(other, listing.id, uploadId)).status).toBe(404);
    expect(await uploadExists(listing.id, uploadId)).toBe(true);
    const added = await attach(owner, listing.id, uploadId);
    expect(added.status).toBe(201);
    const imageId = added.body.data[0].id;
    expect(
      (
        await api('PATCH', `/api/own-listings/${listing.id}/images`, {
          token: other.accessToken,
          body: { order: [imageId] },
        })
      ).status,
    ).toBe(404);
    expect(
      (await api('DELETE', `/api/own-listings/${listing.id}/images/${imageId}`, { token: other.accessToken }))
        .status,
    ).toBe(404);
    expect((await getListing(listing.id))!.images).toHaveLength(1);
  });

  it('reorders (a permutation only) and removes photos', async () => {
    const { account, listing } = await givenOwnListing();
    const ids: string[] = [];
    for (const format of ['jpeg', 'png', 'gif'] as const) {
      const uploadId = await upload(account, listing.id, await testImage(120, 90, format), `image/${format}`);
      const response = await attach(account, listing.id, uploadId);
      expect(response.status).toBe(201);
      ids.push(response.body.data.at(-1).id);
    }
    const [a, b, c] = ids as [string, string, string];
    const reorder = (order: unknown) =>
      api('PATCH', `/api/own-listings/${listing.id}/images`, { token: account.accessToken, body: { order } });
    const reordered = await reorder([c, a, b]);
    expect(reordered.status).toBe(200);
    expect(reordered.body.data.map((image: ListingImage) => image.id)).toEqual([c, a, b]);
    expect((await reorder([c, a])).status).toBe(400);
    expect((await reorder([c, a, a])).status).toBe(400);
    expect((await reorder([c, a, 'nope'])).status).toBe(400);

    const removedImage = reordered.body.data[1] as ListingImage;
    const removed = await api('DELETE', `/api/own-listings/${listing.id}/images/${a}`, {
      token: account.accessToken,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.data.map((image: ListingImage) => image.id)).toEqual([c, b]);
    expect((await getListing(listing.id))!.images.map((image) => image.id)).toEqual([c, b]);
    expect((await fetch(`${url}${removedImage.variants['listing-card']!.url}`)).status).toBe(404);
    expect(
      (await api('DELETE', `/api/own-listings/${listing.id}/images/${a}`, { token: account.accessToken }))
        .status,
    ).toBe(404);
  });
});
