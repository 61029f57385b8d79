import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { updateListing } from '../../functions/listings/repository';
import { updateUser } from '../../functions/users/repository';
import { listingMessages } from '../../shared/validation/messages';
import { api, errorOf, signUp, type TestAccount, testCloud } from './accounts';
import { eventually } from './cloud-env';

const marker = `zo${randomUUID().slice(0, 8)}`; // a word no other test's listing has
const exact = { lat: 43.6532, lng: -79.3832 };
let seller: TestAccount;
let other: TestAccount;

const complete = {
  title: `Cannondale CAAD13 ${marker}`,
  description: 'Aluminium race bike, 105 groupset.',
  category: 'roadBikes',
  brand: 'Cannondale',
  size: 'm',
  condition: 'usedGoodCondition',
  price: { amount: 120_000, currency: 'USD' },
  pickupEnabled: true,
  shippingEnabled: false,
  location: { address: '100 Queen St W, Toronto', city: 'Toronto', region: 'ON', country: 'CA' },
  geolocation: exact,
};

beforeAll(async () => {
  [seller, other] = await Promise.all([
    signUp({ firstName: 'Olive', lastName: 'Owner' }),
    signUp({ firstName: 'Oscar', lastName: 'Other' }),
  ]);
});

const as = (account: TestAccount) => ({ token: account.accessToken });

async function draft(body: Record<string, unknown> = complete): Promise<string> {
  const created = await api('POST', '/api/own-listings', { ...as(seller), body });
  expect(created.status).toBe(201);
  return created.body.data.id as string;
}

/** A draft that is ready to publish: the fields and one photo (written directly until uploads land). */
async function readyDraft(): Promise<string> {
  const id = await draft();
  await updateListing(id, { set: { images: [{ id: randomUUID(), variants: {} }] } });
  return id;
}

async function published(): Promise<string> {
  await updateUser(seller.user.id, { set: { payoutReady: true } });
  const id = await readyDraft();
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

  it("hides someone else's draft (404) from show, edit, publish, close and delete", async () => {
    const id = await draft();
    for (const [method, path] of [
      ['GET', ''],
      ['PATCH', ''],
      ['POST', '/publish'],
      ['POST', '/close'],
      ['POST', '/stock'],
      ['DELETE', ''],
    ] as const) {
      const answer = await api(method, `/api/own-listings/${id}${path}`, { ...as(other), body: {} });
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    expect((await api('GET', `/api/listings/${id}`)).status).toBe(404);
  });

  it('needs a signed-in caller', async () => {
    expect((await api('POST', '/api/own-listings', { body: {} })).status).toBe(401);
  });
});

describe('own listings: publishing', () => {
  it('refuses without payout details (payout-details-missing), then publishes with stock 0 → 1 into search', async () => {
    await updateUser(seller.user.id, { set: { payoutReady: false } });
    const id = await readyDraft();
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

    const again = await api('POST', `/api/own-listings/${id}/publish`, as(seller));
    expect(again.status).toBe(409);
  });

  it('refuses an incomplete draft with the missing fields', async () => {
    await updateUser(seller.user.id, { set: { payoutReady: true } });
    const id = await draft({ title: `Half ${marker}` });
    const answer = await api('POST', `/api/own-listings/${id}/publish`, as(seller));
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].meta.fields).toMatchObject({
      category: listingMessages.categoryRequired,
      images: listingMessages.imageRequired,
    });
  });
});

describe('own listings: open, close, delete, stock', () => {
  it("forbids (403) actions on someone else's published listing", async () => {
    const id = await published();
    for (const [method, path] of [
      ['PATCH', ''],
      ['POST', '/publish'],
      ['POST', '/close'],
      ['POST', '/open'],
      ['POST', '/stock'],
      ['DELETE', ''],
    ] as const) {
      const answer = await api(method, `/api/own-listings/${id}${path}`, { ...as(other), body: {} });
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(errorOf(answer.body).code).toBe('forbidden');
    }
  });

  it('closes (leaves search), reopens (back in search); a published listing stays published when edited', async () => {
    const id = await published();
    const title = `Reopened ${marker} ${randomUUID().slice(0, 6)}`;
    const edited = await api('PATCH', `/api/own-listings/${id}`, { ...as(seller), body: { title } });
    expect(edited.body.data.state).toBe('published');
    const inSearch = async (present: boolean) =>
      eventually(async () => {
        const answer = await api('GET', `/api/listings?keywords=${encodeURIComponent(title)}`);
        const found = answer.body.data.some((listing: { id: string }) => listing.id === id);
        return found === present ? true : undefined;
      });
    await inSearch(true);
    const closed = await api('POST', `/api/own-listings/${id}/close`, as(seller));
    expect(closed.body.data.state).toBe('closed');
    await inSearch(false);
    expect((await api('POST', `/api/own-listings/${id}/close`, as(seller))).status).toBe(409);
    const opened = await api('POST', `/api/own-listings/${id}/open`, as(seller));
    expect(opened.body.data.state).toBe('published');
    await inSearch(true);
  });

  it('deletes: never shown again, out of search and of the own list', async () => {
    const id = await published();
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

  it('never returns exact coordinates or the pickup address publicly', async () => {
    const id = await published();
    const answer = await api('GET', `/api/listings/${id}`);
    expect(answer.status).toBe(200);
    const text = JSON.stringify(answer.body);
    expect(text).not.toContain(complete.location.address);
    expect(answer.body.data.geolocation).not.toEqual(exact);
    expect(answer.body.data.publicData.location).toEqual({ city: 'Toronto', region: 'ON', country: 'CA' });
    const search = await eventually(async () => {
      const found = await api('GET', `/api/listings?keywords=${marker}`);
      return found.body.data.some((listing: { id: string }) => listing.id === id) ? found : undefined;
    });
    expect(JSON.stringify(search.body)).not.toContain(String(exact.lat));
    const profile = await api('GET', `/api/users/${seller.user.id}/listings`);
    expect(JSON.stringify(profile.body)).not.toContain(complete.location.address);
  });
});
