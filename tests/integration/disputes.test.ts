import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderLines, showOrder } from '../../functions/orders/operator/show-order';
import { disputeMessages } from '../../shared/validation/messages';
import { api, errorOf, type TestAccount, testCloud } from './accounts';
import { as, bikeListing, buyer, paidCardOrder, stored, stripeSeller, transition } from './order-fixtures';
import { postToStorage } from './uploads';

// Issue 25: a dispute with a reason from the list, details and photos. The photos live under a
// private prefix: the two parties (in the transaction view) and the operator (show-order) get
// presigned links that work; the object's URL without a signature is 403, as in S3, and the
// CDN's /images/ path cannot reach it.

let seller: TestAccount;
let customer: TestAccount;
let stranger: TestAccount;

beforeAll(async () => {
  testCloud();
  [seller, customer, stranger] = await Promise.all([stripeSeller('Dora'), buyer('Dan'), buyer('Sid')]);
});

/** A small PNG, different for each `red`, made here (no image files in the repository). */
function png(red: number): Promise<Buffer> {
  return sharp({ create: { width: 12, height: 8, channels: 3, background: { r: red, g: 40, b: 40 } } })
    .png()
    .toBuffer();
}

const uploadRequest = (account: TestAccount, txId: string, body: Record<string, unknown>) =>
  api('POST', `/api/transactions/${txId}/dispute-photo-uploads`, { ...as(account), body });

/** Uploads `bytes` as the buyer would: the presigned POST from the API, then the file to storage. */
async function uploaded(txId: string, bytes: Uint8Array, contentType = 'image/png'): Promise<string> {
  const target = await uploadRequest(customer, txId, { contentType, size: bytes.length });
  expect(target.status, JSON.stringify(target.body)).toBe(201);
  expect(target.body.data.url).not.toContain('/images/');
  const sent = await postToStorage(target.body.data, bytes, contentType);
  expect(sent.status).toBeLessThan(300);
  return target.body.data.uploadId as string;
}

/** A paid pickup order the seller has handed over: the buyer may now report a problem. */
async function deliveredOrder(): Promise<string> {
  const listing = await bikeListing(seller.user.id, 3);
  const order = await paidCardOrder(customer, listing.id);
  expect((await transition(seller, order.id, 'mark-delivered')).status).toBe(200);
  return order.id;
}

describe('a dispute with photos', () => {
  it('is visible to the seller and the operator through links that work; the bare object URL is 403', async () => {
    const txId = await deliveredOrder();
    const photos = [await png(200), await png(90)];
    const uploadIds = [await uploaded(txId, photos[0]!), await uploaded(txId, photos[1]!)];

    const disputed = await transition(customer, txId, 'dispute', {
      protectedData: {
        disputeReason: 'damaged',
        disputeDetails: 'The rear rim is bent.',
        disputePhotos: uploadIds,
      },
    });
    expect(disputed.status, JSON.stringify(disputed.body)).toBe(200);
    expect(disputed.body.data).toMatchObject({
      state: 'disputed',
      protectedData: { disputeReason: 'damaged', disputeDetails: 'The rear rim is bent.' },
      dispute: {
        reason: 'damaged',
        reasonLabel: 'The item arrived damaged',
        details: 'The rear rim is bent.',
      },
    });
    expect(disputed.body.data.protectedData.disputePhotos).toBeUndefined();

    // The seller's sale page: the two photos, in order, through links that work.
    const sale = await api('GET', `/api/transactions/${txId}`, as(seller));
    expect(sale.status).toBe(200);
    const { dispute, deadline } = sale.body.data.transaction;
    expect(deadline.transition).toBe('auto-cancel-from-disputed');
    expect(dispute.photos.map((photo: { id: string }) => photo.id)).toEqual(uploadIds);
    for (const [index, photo] of (dispute.photos as { url: string }[]).entries()) {
      const answer = await fetch(photo.url);
      expect(answer.status).toBe(200);
      expect(Buffer.from(await answer.arrayBuffer()).equals(photos[index]!)).toBe(true);
      // The same object without the signature, and with a signature for another object: 403.
      const bare = new URL(photo.url);
      expect((await fetch(`${bare.origin}${bare.pathname}`)).status).toBe(403);
      const forged = photo.url.replace(uploadIds[index]!, uploadIds[1 - index]!);
      expect((await fetch(forged)).status).toBe(403);
      // The CDN serves images/ only, also when asked to climb out of it.
      const key = bare.pathname.split('/').slice(2).join('/');
      const climb = await fetch(
        `${testCloud().url}/images/..%2F${key.split('/').map(encodeURIComponent).join('%2F')}`,
      );
      expect(climb.status).toBe(404);
    }
    // Reported once: a second dispute is refused.
    const again = await transition(customer, txId, 'dispute', {
      protectedData: { disputeReason: 'damaged' },
    });
    expect(again.status).toBe(409);

    // The buyer sees the same dispute; a stranger nothing.
    const order = await api('GET', `/api/transactions/${txId}`, as(customer));
    expect(order.body.data.transaction.dispute.details).toBe('The rear rim is bent.');
    expect((await api('GET', `/api/transactions/${txId}`, as(stranger))).status).toBe(404);

    // The operator's show-order: reason, details and links that work.
    const summary = await showOrder(txId);
    const lines = orderLines(summary).join('\n');
    expect(lines).toContain('Dispute reason: The item arrived damaged (damaged)');
    expect(lines).toContain('Details: The rear rim is bent.');
    expect(summary.dispute!.photos).toHaveLength(2);
    for (const photo of summary.dispute!.photos) {
      expect(lines).toContain(photo.url);
      expect((await fetch(photo.url)).status).toBe(200);
    }
    expect((await stored(txId)).protectedData.disputePhotos).toEqual([
      { id: uploadIds[0], contentType: 'image/png', size: photos[0]!.length },
      { id: uploadIds[1], contentType: 'image/png', size: photos[1]!.length },
    ]);
  });

  it('uploads only for the buyer of a delivered order, JPEG or PNG, at most 20 MB', async () => {
    const txId = await deliveredOrder();
    expect((await uploadRequest(seller, txId, { contentType: 'image/png', size: 10 })).status).toBe(403);
    expect((await uploadRequest(stranger, txId, { contentType: 'image/png', size: 10 })).status).toBe(404);
    const gif = await uploadRequest(customer, txId, { contentType: 'image/gif', size: 10 });
    expect(gif.status).toBe(400);
    expect(errorOf(gif.body).title).toBe(disputeMessages.wrongPhotoType);
    const big = await uploadRequest(customer, txId, {
      contentType: 'image/jpeg',
      size: 20 * 1024 * 1024 + 1,
    });
    expect(big.status).toBe(413);

    const purchasedOnly = await paidCardOrder(customer, (await bikeListing(seller.user.id, 1)).id);
    const early = await uploadRequest(customer, purchasedOnly.id, { contentType: 'image/png', size: 10 });
    expect(early.status).toBe(409);
  });

  it('refuses a missing reason, "other" without details, seven photos and a file that is no image', async () => {
    const txId = await deliveredOrder();
    const refused = async (protectedData: Record<string, unknown>) => {
      const answer = await transition(customer, txId, 'dispute', { protectedData });
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      return errorOf(answer.body).meta?.fields;
    };
    expect(await refused({ disputeReason: '  ' })).toEqual({ disputeReason: 'You need to specify a reason' });
    expect(await refused({ disputeReason: 'other', disputeDetails: ' ' })).toEqual({
      disputeDetails: disputeMessages.detailsRequired,
    });
    const seven = Array.from({ length: 7 }, () => crypto.randomUUID());
    expect(await refused({ disputeReason: 'damaged', disputePhotos: seven })).toEqual({
      disputePhotos: disputeMessages.tooManyPhotos,
    });
    const notAnImage = await uploaded(txId, new TextEncoder().encode('%PDF-1.4 not a photo'));
    expect(await refused({ disputeReason: 'damaged', disputePhotos: [notAnImage] })).toEqual({
      disputePhotos: disputeMessages.wrongPhotoType,
    });
    expect((await stored(txId)).state).toBe('delivered');
  });

  it('answers odd bodies with 4xx, never 5xx (fuzz of the upload route and the dispute)', async () => {
    const txId = await deliveredOrder();
    const uploadBodies: unknown[] = [
      {},
      null,
      [],
      'png',
      { contentType: 42, size: 10 },
      { contentType: 'image/png', size: 'ten' },
      { contentType: 'image/png', size: -1 },
      { contentType: 'image/png', size: 1.5 },
      { contentType: 'image/png', size: Number.MAX_SAFE_INTEGER + 10 },
      { contentType: 'text/html', size: 10 },
      { contentType: 'image/png'.repeat(1000), size: 10 },
    ];
    for (const body of uploadBodies) {
      const answer = await uploadRequest(customer, txId, body as Record<string, unknown>);
      expect(answer.status, JSON.stringify([body, answer.body])).toBeGreaterThanOrEqual(400);
      expect(answer.status, JSON.stringify([body, answer.body])).toBeLessThan(500);
    }
    const disputes: unknown[] = [
      null,
      'damaged',
      { disputeReason: { id: 'damaged' } },
      { disputeReason: 'damaged', disputeDetails: 42 },
      { disputeReason: 'damaged', disputePhotos: 'abc' },
      { disputeReason: 'damaged', disputePhotos: [1, 2] },
      { disputeReason: 'damaged', disputePhotos: ['../../images/x'] },
      { disputeReason: 'damaged', disputePhotos: [crypto.randomUUID()] },
      { disputeReason: 'damaged', disputePhotos: Array(2).fill('5f0c7a52-1d2e-4c3b-9a8f-0e1d2c3b4a59') },
      { disputeReason: 'x'.repeat(10_000) },
    ];
    for (const protectedData of disputes) {
      const answer = await transition(customer, txId, 'dispute', { protectedData });
      expect(answer.status, JSON.stringify([protectedData, answer.body])).toBeGreaterThanOrEqual(400);
      expect(answer.status, JSON.stringify([protectedData, answer.body])).toBeLessThan(500);
    }
    expect((await stored(txId)).state).toBe('delivered');
  });
});
