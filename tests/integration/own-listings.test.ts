import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { updateUser } from '../../functions/accounts/repository';
import { listingFeatures } from '../../shared/config/listing-fields';
import { distanceMeters } from '../../shared/maps';
import { listingMessages } from '../../shared/validation/messages';
import { api, errorOf, messagesTo, signUp, type TestAccount, testCloud } from './accounts';
import { eventually } from './cloud-env';
import {
  as,
  completeListing,
  createDraft,
  eventuallyInSearch,
  ownerOnlyRoutes,
  readyDraft,
} from './own-listing-fixtures';

const marker = `zo${randomUUID().slice(0, 8)}`; // a word no other test's listing has
let seller: TestAccount;
let other: TestAccount;

const complete = completeListing({ title: `Cannondale CAAD13 ${marker}` });
const exact = complete.geolocation;

beforeAll(async () => {
  [seller, other] = await Promise.all([
    signUp({ firstName: 'Olive', lastName: 'Owner' }),
    signUp({ firstName: 'Oscar', lastName: 'Other' }),
  ]);
});

const draft = (body: Record<string, unknown> = complete) => createDraft(seller, body);

async function published(body: Record<string, unknown> = complete): Promise<string> {
  await updateUser(seller.user.id, { set: { payoutReady: true } });
  const id = await readyDraft(seller, body);
  const answer = await api('POST', `/api/own-listings/${id}/publish`, as(seller));
  expect(answer.status).toBe(200);
  return id;
}

async function searchTotal(): Promise<number> {
  const answer = await api('GET', `/api/listings?keywords=${marker}`);
  return answer.body.meta.totalItems as number;
}

describe('own listings: drafts', () => {
  it('creates a draft with stock 0 for the caller, ignoring unknown fields, and shows the owner everything', async () => {
    const created = await api('POST', '/api/own-listings', {
      ...as(seller),
      body: { ...complete, state: 'published', currentStock: 9, authorId: other.user.id, nonsense: 1 },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      state: 'draft',
      currentStock: 0,
      authorId: seller.user.id,
      title: complete.title,
      geolocation: exact,
    });
    expect(created.body.data.publicData.location.address).toBe(complete.location.address);
    const shown = await api('GET', `/api/own-listings/${created.body.data.id}`, as(seller));
    expect(shown.status).toBe(200);
    expect(shown.body.data.geolocation).toEqual(exact);
  });

  it('validates fields with the shared messages', async () => {
    const answer = await api('POST', '/api/own-listings', {
      ...as(seller),
      body: { title: 'x'.repeat(500), price: { amount: 100, currency: 'EUR' } },
    });
    expect(answer.status).toBe(400);
    expect(errorOf(answer.body).code).toBe('validation-invalid-params');
    expect(answer.body.errors[0].meta.fields.title).toBe(listingMessages.titleTooLong);
  });

  it('updates fields; the title is required once set', async () => {
    const id = await draft({ title: `Early ${marker}` });
    const patched = await api('PATCH', `/api/own-listings/${id}`, {
      ...as(seller),
      body: { description: 'Now with a description', category: 'roadBikes' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ description: 'Now with a description', state: 'draft' });
    expect(patched.body.data.publicData.category).toBe('roadBikes');
    const cleared = await api('PATCH', `/api/own-listings/${id}`, { ...as(seller), body: { title: '' } });
    expect(cleared.status).toBe(400);
    expect(cleared.body.errors[0].meta.fields.title).toBe(listingMessages.titleRequired);
  });

  it("hides someone else's draft (404) from show, edit, publish, open, close, stock and delete", async () => {
    const id = await draft();
    for (const [method, path] of ownerOnlyRoutes) {
      const answer = await api(method, `/api/own-listings/${id}${path}`, { ...as(other), body: {} });
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    expect((await api('GET', `/api/listings/${id}`)).status).toBe(404);
    // Nothing changed: the owner still sees the untouched draft.
    const shown = await api('GET', `/api/own-listings/${id}`, as(seller));
    expect(shown.body.data).toMatchObject({ state: 'draft', currentStock: 0, title: complete.title });
  });

  it('needs a signed-in caller', async () => {
    expect((await api('POST', '/api/own-listings', { body: {} })).status).toBe(401);
  });
});

describe('own listings: publishing', () => {
  it('refuses without payout details (payout-details-missing), then publishes with stock 0 → 1 into search', async () => {
    await updateUser(seller.user.id, { set: { payoutReady: false } });
    const id = await readyDraft(seller, complete);
    const refused = await api('POST', `/api/own-listings/${id}/publish`, as(seller));
    expect(refused.status).toBe(409);
    expect(errorOf(refused.body)).toMatchObject({
      code: 'transaction-missing-stripe-account',
      meta: { reason: 'payout-details-missing' },
    });

    await updateUser(seller.user.id, { set: { payoutReady: true } });
    const before = await searchTotal();
    const done = await api('POST', `/api/own-listings/${id}/publish`, as(seller));
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ state: 'published', currentStock: 1 });
    await eventually(async () => ((await searchTotal()) === before + 1 ? true : undefined));

    // The seller is mailed that the listing is live, with its link, once (issue 24).
    const liveMails = () =>
      messagesTo(seller.email).filter(
        (mail) => mail.subject.startsWith('Your listing is live') && mail.text.includes(`/${id}`),
      );
    await eventually(async () => (liveMails().length > 0 ? true : undefined));

    const again = await api('POST', `/api/own-listings/${id}/publish`, as(seller));
    expect(again.status).toBe(409);
    expect(liveMails()).toHaveLength(1);
  });

  it('refuses an incomplete draft with every missing field', async () => {
    await updateUser(seller.user.id, { set: { payoutReady: true } });
    const id = await draft({ title: `Half ${marker}` });
    const answer = await api('POST', `/api/own-listings/${id}/publish`, as(seller));
    expect(answer.status).toBe(400);
    expect(errorOf(answer.body).code).toBe('validation-invalid-params');
    expect(answer.body.errors[0].meta.fields).toEqual({
      description: listingMessages.descriptionRequired,
      category: listingMessages.categoryRequired,
      brand: listingMessages.brandRequired,
      size: listingMessages.sizeRequired,
      condition: listingMessages.conditionRequired,
      delivery: listingMessages.deliveryMethodNotChosen,
      location: listingMessages.locationRequired,
      images: listingMessages.imageRequired,
    });
  });

  it('needs a place and both shipping fees when shipping is on', async () => {
    await updateUser(seller.user.id, { set: { payoutReady: true } });
    const { location: _location, geolocation: _geolocation, ...noAddress } = complete;
    const id = await readyDraft(seller, { ...noAddress, shippingEnabled: true });
    const answer = await api('POST', `/api/own-listings/${id}/publish`, as(seller));
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].meta.fields).toEqual({
      location: listingMessages.locationRequired,
      shippingFee: listingMessages.shippingOneItemRequired,
    });
    const fixed = await api('PATCH', `/api/own-listings/${id}`, {
      ...as(seller),
      body: {
        location: complete.location,
        geolocation: exact,
        shippingFee: {
          oneItem: { amount: 2000, currency: 'USD' },
          additionalItems: { amount: 500, currency: 'USD' },
        },
      },
    });
    expect(fixed.status).toBe(200);
    const done = await api('POST', `/api/own-listings/${id}/publish`, as(seller));
    expect(done.status).toBe(200);
    expect(done.body.data.state).toBe('published');
  });
});

describe('own listings: open, close, delete, stock', () => {
  it("forbids (403) every owner action on someone else's published or closed listing, changing nothing", async () => {
    const id = await published();
    const attempts = {
      PATCH: { title: `Stolen ${marker}` },
      '/stock': { oldTotal: 1, newTotal: 50 },
    } as Record<string, unknown>;
    for (const state of ['published', 'closed'] as const) {
      if (state === 'closed')
        expect((await api('POST', `/api/own-listings/${id}/close`, as(seller))).status).toBe(200);
      for (const [method, path] of ownerOnlyRoutes) {
        const body = attempts[path || method] ?? {};
        const answer = await api(method, `/api/own-listings/${id}${path}`, { ...as(other), body });
        expect(answer.status, `${state}: ${method} ${path}`).toBe(403);
        expect(errorOf(answer.body).code).toBe('forbidden');
      }
      const shown = await api('GET', `/api/own-listings/${id}`, as(seller));
      expect(shown.body.data).toMatchObject({ state, currentStock: 1, title: complete.title });
    }
  });

  it('closes (leaves search), reopens (back in search); a published listing stays published when edited', async () => {
    const id = await published();
    const title = `Reopened ${marker} ${randomUUID().slice(0, 6)}`;
    const edited = await api('PATCH', `/api/own-listings/${id}`, { ...as(seller), body: { title } });
    expect(edited.body.data.state).toBe('published');
    await eventuallyInSearch(title, id, true);
    const closed = await api('POST', `/api/own-listings/${id}/close`, as(seller));
    expect(closed.body.data.state).toBe('closed');
    await eventuallyInSearch(title, id, false);
    expect((await api('POST', `/api/own-listings/${id}/close`, as(seller))).status).toBe(409);
    const opened = await api('POST', `/api/own-listings/${id}/open`, as(seller));
    expect(opened.body.data.state).toBe('published');
    await eventuallyInSearch(title, id, true);
  });

  it('deletes: never shown again, out of search and of the own list', async () => {
    const title = `Deleted ${marker} ${randomUUID().slice(0, 6)}`;
    const id = await published({ ...complete, title });
    await eventuallyInSearch(title, id, true);
    const gone = await api('DELETE', `/api/own-listings/${id}`, as(seller));
    expect(gone.status).toBe(204);
    expect((await api('GET', `/api/listings/${id}`)).status).toBe(404);
    const page = await fetch(`${testCloud().url}/l/a-bike/${id}`, {
      headers: { accept: 'text/html', 'user-agent': 'Twitterbot/1.0' },
    });
    expect(page.status).toBe(404);
    expect((await api('GET', `/api/own-listings/${id}`, as(seller))).status).toBe(404);
    expect((await api('POST', `/api/own-listings/${id}/open`, as(seller))).status).toBe(404);
    const profile = await api('GET', `/api/users/${seller.user.id}/listings`);
    expect(profile.body.data.some((listing: { id: string }) => listing.id === id)).toBe(false);
    await eventuallyInSearch(title, id, false);
  });

  it('sets stock by compare-and-set; a stale old total is old-total-mismatch', async () => {
    const id = await draft();
    const set = await api('POST', `/api/own-listings/${id}/stock`, {
      ...as(seller),
      body: { oldTotal: 0, newTotal: 5 },
    });
    expect(set.status).toBe(200);
    expect(set.body.data.currentStock).toBe(5);
    const stale = await api('POST', `/api/own-listings/${id}/stock`, {
      ...as(seller),
      body: { oldTotal: 0, newTotal: 7 },
    });
    expect(stale.status).toBe(409);
    expect(errorOf(stale.body).code).toBe('old-total-mismatch');
    const bad = await api('POST', `/api/own-listings/${id}/stock`, {
      ...as(seller),
      body: { oldTotal: 5, newTotal: 1.5 },
    });
    expect(bad.status).toBe(400);
  });
});

describe('own listings: manage list and the public API', () => {
  it('lists every state but deleted, newest first, paged (42 by default)', async () => {
    const owner = await signUp({ firstName: 'Pia', lastName: 'Pager' });
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      const created = await api('POST', '/api/own-listings', { ...as(owner), body: { title: `Page ${n}` } });
      ids.push(created.body.data.id);
    }
    await api('DELETE', `/api/own-listings/${ids[0]}`, as(owner));
    const all = await api('GET', '/api/own-listings', as(owner));
    expect(all.body.meta).toEqual({ page: 1, perPage: 42, totalItems: 2, totalPages: 1 });
    expect(all.body.data.map((listing: { id: string }) => listing.id)).toEqual([ids[2], ids[1]]);
    const second = await api('GET', '/api/own-listings?page=2&perPage=1', as(owner));
    expect(second.body.meta).toEqual({ page: 2, perPage: 1, totalItems: 2, totalPages: 2 });
    expect(second.body.data[0].id).toBe(ids[1]);
    const others = await api('GET', '/api/own-listings', as(other));
    expect(others.body.data.some((listing: { id: string }) => ids.includes(listing.id))).toBe(false);
  });

  it('never returns the exact coordinates, the address or the building publicly', async () => {
    const point = { lat: 43.661_234, lng: -79.395_678 };
    const title = `Private ${marker} ${randomUUID().slice(0, 6)}`;
    const id = await published({
      ...complete,
      title,
      location: { ...complete.location, building: 'Unit 1207' },
      geolocation: point,
      features: ['discBrakes'],
      rules: 'Cash on pickup.',
      disclaimer: 'Sold as seen.',
    });
    const owner = await api('GET', `/api/own-listings/${id}`, as(seller));
    expect(owner.body.data.geolocation).toEqual(point);
    expect(owner.body.data.publicData.location).toMatchObject({ building: 'Unit 1207' });

    const hasPrivateKey = (value: unknown): boolean =>
      JSON.stringify(value).match(/"(address|building)":/) !== null;
    const shown = await api('GET', `/api/listings/${id}`);
    expect(shown.status).toBe(200);
    const { data } = shown.body;
    expect(data.geolocation).not.toEqual(point);
    expect(distanceMeters(data.geolocation, point)).toBeGreaterThan(0);
    expect(distanceMeters(data.geolocation, point)).toBeLessThanOrEqual(2000);
    expect(data.publicData.location).toEqual({ city: 'Toronto', region: 'ON', country: 'CA' });
    expect(data.publicData).toMatchObject({
      features: ['discBrakes'],
      rules: 'Cash on pickup.',
      disclaimer: 'Sold as seen.',
    });
    // Seen by a signed-in stranger the same.
    expect((await api('GET', `/api/listings/${id}`, as(other))).body.data).toEqual(data);

    const search = await eventually(async () => {
      const found = await api('GET', `/api/listings?keywords=${encodeURIComponent(title)}`);
      return found.body.data.some((listing: { id: string }) => listing.id === id) ? found : undefined;
    });
    const profile = await api('GET', `/api/users/${seller.user.id}/listings`);
    expect(profile.body.data.some((listing: { id: string }) => listing.id === id)).toBe(true);
    for (const [name, body] of [
      ['show', shown.body],
      ['search', search.body],
      ['profile', profile.body],
    ] as const) {
      const text = JSON.stringify(body);
      expect(hasPrivateKey(body), name).toBe(false);
      expect(text, name).not.toContain(complete.location.address);
      expect(text, name).not.toContain('Unit 1207');
      expect(text, name).not.toContain(String(point.lat));
      expect(text, name).not.toContain(String(point.lng));
    }
  });
});

describe('own listings: sizes (issue 21)', () => {
  it('round-trips a frame size in cm; refuses one out of bounds; empty removes it', async () => {
    const id = await draft({ ...complete, title: `Sized ${marker}`, frameSizeCm: 55 });
    const patch = (body: Record<string, unknown>) =>
      api('PATCH', `/api/own-listings/${id}`, { ...as(seller), body });
    expect((await api('GET', `/api/own-listings/${id}`, as(seller))).body.data.publicData.frameSizeCm).toBe(
      55,
    );
    expect((await patch({ frameSizeCm: '54,5' })).body.data.publicData.frameSizeCm).toBe(54.5);
    for (const bad of [80, 54.25, 'M', true]) {
      const refused = await patch({ frameSizeCm: bad });
      expect(refused.status, String(bad)).toBe(400);
      expect(refused.body.errors[0].meta.fields).toEqual({ frameSizeCm: listingMessages.frameSizeCmInvalid });
    }
    const cleared = await patch({ frameSizeCm: '' });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.publicData).not.toHaveProperty('frameSizeCm');
  });

  it('round-trips where it ships (issue 24) and shows it publicly; refuses an unknown setting', async () => {
    const id = await draft({ ...complete, title: `Ships ${marker}` });
    const patch = (body: Record<string, unknown>) =>
      api('PATCH', `/api/own-listings/${id}`, { ...as(seller), body });
    const listed = await patch({ shipsTo: { scope: 'countries', countries: ['DE', 'AT'] } });
    expect(listed.status).toBe(200);
    expect(listed.body.data.publicData.shipsTo).toEqual({ scope: 'countries', countries: ['DE', 'AT'] });
    expect((await patch({ shipsTo: { scope: 'seller-country' } })).body.data.publicData.shipsTo).toEqual({
      scope: 'seller-country',
    });
    for (const bad of [{ scope: 'countries', countries: [] }, { scope: 'moon' }, 'DE']) {
      const refused = await patch({ shipsTo: bad });
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(Object.keys(refused.body.errors[0].meta.fields)).toEqual(['shipsTo']);
    }
  });

  it('needs a size for a bike, not for a wheelset (by the stored category too)', async () => {
    const { size: _size, ...unsized } = completeListing({ title: `Wheels ${marker}` });
    const wheels = await published({ ...unsized, category: 'roadWheels', brand: 'Zipp' });
    const emptied = await api('PATCH', `/api/own-listings/${wheels}`, { ...as(seller), body: { size: '' } });
    expect(emptied.status).toBe(200);
    const bike = await draft({ ...complete, title: `Bike ${marker}` });
    const refused = await api('PATCH', `/api/own-listings/${bike}`, { ...as(seller), body: { size: '' } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].meta.fields).toEqual({ size: listingMessages.sizeRequired });
  });
});

describe('own listings: features, policies and the building', () => {
  it('round-trips features, rules, disclaimer and building; empty values remove them', async () => {
    const id = await draft({ title: `Fields ${marker}` });
    const features = ['tubelessReady', 'originalReceipt'];
    const rules = 'Cash or e-transfer on pickup.\nTest rides with ID.';
    const disclaimer = 'Sold as seen; small scratch on the top tube.';
    const location = { ...complete.location, building: '  Apt 3  ' };
    const saved = await api('PATCH', `/api/own-listings/${id}`, {
      ...as(seller),
      body: { features, rules, disclaimer, location, geolocation: exact },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.publicData).toMatchObject({
      features,
      rules,
      disclaimer,
      location: { ...complete.location, building: 'Apt 3' },
    });
    const shown = await api('GET', `/api/own-listings/${id}`, as(seller));
    expect(shown.body.data.publicData).toEqual(saved.body.data.publicData);
    // A tab that sends other fields keeps these.
    const other = await api('PATCH', `/api/own-listings/${id}`, {
      ...as(seller),
      body: { description: 'Still here' },
    });
    expect(other.body.data.publicData).toMatchObject({ features, rules, disclaimer });

    const cleared = await api('PATCH', `/api/own-listings/${id}`, {
      ...as(seller),
      body: { features: [], rules: '', disclaimer: '  ', location: complete.location, geolocation: exact },
    });
    expect(cleared.status).toBe(200);
    for (const key of ['features', 'rules', 'disclaimer'])
      expect(cleared.body.data.publicData).not.toHaveProperty(key);
    expect(cleared.body.data.publicData.location).not.toHaveProperty('building');
  });

  it('accepts every feature key at once, and the longest rules and disclaimer', async () => {
    const all = Object.keys(listingFeatures);
    const created = await api('POST', '/api/own-listings', {
      ...as(seller),
      body: {
        title: `Everything ${marker}`,
        features: all,
        rules: 'r'.repeat(5000),
        disclaimer: 'd'.repeat(5000),
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.publicData.features).toEqual(all);
    expect(created.body.data.publicData.rules).toHaveLength(5000);
  });

  it('answers bad values with 400 and the field message', async () => {
    const id = await draft({ title: `Bad ${marker}` });
    for (const [body, field, message] of [
      [{ features: ['jetEngine'] }, 'features', listingMessages.featuresInvalid],
      [{ features: ['discBrakes', 'discBrakes'] }, 'features', listingMessages.featuresInvalid],
      [{ features: 'discBrakes' }, 'features', listingMessages.featuresInvalid],
      [{ features: null }, 'features', listingMessages.featuresInvalid],
      [{ rules: 'x'.repeat(5001) }, 'rules', listingMessages.rulesTooLong],
      [{ rules: 42 }, 'rules', 'rules must be text.'],
      [{ disclaimer: 'x'.repeat(5001) }, 'disclaimer', listingMessages.disclaimerTooLong],
      [
        { location: { ...complete.location, building: 'b'.repeat(101) }, geolocation: exact },
        'building',
        'Must be 100 characters or less',
      ],
      [
        { location: { ...complete.location, building: 7 }, geolocation: exact },
        'building',
        'building must be text.',
      ],
    ] as const) {
      const answer = await api('PATCH', `/api/own-listings/${id}`, { ...as(seller), body });
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(errorOf(answer.body).code).toBe('validation-invalid-params');
      expect(answer.body.errors[0].meta.fields).toEqual({ [field]: message });
    }
    const unchanged = await api('GET', `/api/own-listings/${id}`, as(seller));
    expect(unchanged.body.data.publicData).not.toHaveProperty('features');
    expect(unchanged.body.data.publicData).not.toHaveProperty('rules');
  });

  it('sanitises free text as it is written (angle brackets become full-width, §5)', async () => {
    const created = await api('POST', '/api/own-listings', {
      ...as(seller),
      body: {
        title: `<b>Bold</b> ${marker}`,
        description: '<script>alert(1)</script>',
        rules: 'No <returns>',
        disclaimer: '<i>as is</i>',
        location: { ...complete.location, address: '1 <Main> St', building: '<Unit>' },
        geolocation: exact,
      },
    });
    expect(created.status).toBe(201);
    const { data } = created.body;
    expect(data.title).toBe(`＜b＞Bold＜/b＞ ${marker}`);
    expect(data.description).toBe('＜script＞alert(1)＜/script＞');
    expect(data.publicData).toMatchObject({
      rules: 'No ＜returns＞',
      disclaimer: '＜i＞as is＜/i＞',
      location: { address: '1 ＜Main＞ St', building: '＜Unit＞' },
    });
  });

  it('asks the shipping fee for each additional item only above stock 1 (issue 24)', async () => {
    const id = await draft();
    const oneItem = { amount: 1500, currency: 'USD' };
    const single = await api('PATCH', `/api/own-listings/${id}`, {
      ...as(seller),
      body: { shippingEnabled: true, shippingFee: { oneItem } },
    });
    expect(single.status).toBe(200);
    expect(single.body.data.shippingFee).toEqual({ oneItem, additionalItems: oneItem });
    const stock = await api('POST', `/api/own-listings/${id}/stock`, {
      ...as(seller),
      body: { oldTotal: 0, newTotal: 2 },
    });
    expect(stock.status).toBe(200);
    const two = await api('PATCH', `/api/own-listings/${id}`, {
      ...as(seller),
      body: { shippingFee: { oneItem } },
    });
    expect(two.status).toBe(400);
    expect(two.body.errors[0].meta.fields).toEqual({
      shippingPriceAdditionalItems: listingMessages.shippingAdditionalItemsRequired,
    });
  });
});
