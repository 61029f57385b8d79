import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { updateUser } from '../../functions/accounts/repository';
import { dynamo, tableName } from '../../functions/lib/aws';
import { keys } from '../../functions/lib/table-design';
import {
  migrateListingLocations,
  migrateListingLocationsOnce,
} from '../../functions/listings/location-migration';
import { getListing, updateListing } from '../../functions/listings/repository';
import { readSearchSequence } from '../../functions/listings/search/delta-store';
import type { ListingSummary } from '../../shared/api/types';
import { type Bounds, boundsAround, destination, distanceMeters, roundPoint } from '../../shared/maps';
import { formatBoundsParam, formatOriginParam } from '../../shared/validation/filters';
import { listingMessages } from '../../shared/validation/messages';
import { api, errorOf, signUp, type TestAccount } from './accounts';
import { eventually } from './cloud-env';
import { givenListing, givenSeller } from './fixtures';
import { as, completeListing, createDraft, eventuallyInSearch, readyDraft } from './own-listing-fixtures';

/**
 * Every listing has a place (a gazetteer city of a payout country), a draft has no point
 * until it gets one, and the public sees, searches and sorts by a public point drawn at random,
 * never one derived from the id or the exact point.
 */
const marker = `zl${randomUUID().slice(0, 8)}`; // a word no other test's listing has
let seller: TestAccount;

const munich = {
  location: { address: 'München, Bavaria, Germany', city: 'München', region: 'Bavaria', country: 'DE' },
  geolocation: { lat: 48.1375, lng: 11.575 },
};

beforeAll(async () => {
  seller = await signUp({ firstName: 'Lena', lastName: 'Lorenz' });
  await updateUser(seller.user.id, { set: { payoutReady: true } });
});

const shippingOnly = (title: string) => {
  const { location: _location, geolocation: _geolocation, ...rest } = completeListing({ title });
  return {
    ...rest,
    pickupEnabled: false,
    shippingEnabled: true,
    shippingFee: {
      oneItem: { amount: 2500, currency: 'USD' },
      additionalItems: { amount: 500, currency: 'USD' },
    },
  };
};

describe('a place on every listing', () => {
  it('keeps a draft without a place free of any point (absent, not 0,0), and will not publish it', async () => {
    const title = `Canyon Grail ${marker}`;
    const id = await readyDraft(seller, shippingOnly(title));
    const own = await api('GET', `/api/own-listings/${id}`, as(seller));
    expect(own.body.data).not.toHaveProperty('geolocation');
    expect(own.body.data).not.toHaveProperty('publicGeolocation');
    const refused = await api('POST', `/api/own-listings/${id}/publish`, as(seller));
    expect(refused.status).toBe(400);
    expect(errorOf(refused.body).code).toBe('validation-invalid-params');
    expect(refused.body.errors[0].meta.fields).toEqual({ location: listingMessages.locationRequired });

    const placed = await api('PATCH', `/api/own-listings/${id}`, { ...as(seller), body: munich });
    expect(placed.status).toBe(200);
    expect(placed.body.data.publicData.location).toEqual(munich.location);
    const published = await api('POST', `/api/own-listings/${id}/publish`, as(seller));
    expect(published.status).toBe(200);
    await eventuallyInSearch(title, id, true);
    const found = await api('GET', `/api/listings?keywords=${encodeURIComponent(title)}`);
    const card = (found.body.data as ListingSummary[]).find((listing) => listing.id === id);
    expect(card).toMatchObject({ city: 'München', region: 'Bavaria' });
  });

  it('refuses a place at 0,0, without a city, or outside the payout countries', async () => {
    const id = await createDraft(seller, shippingOnly(`Refused ${marker}`));
    const bodies = [
      { ...munich, geolocation: { lat: 0, lng: 0 } },
      { ...munich, location: { ...munich.location, city: '' } },
      { ...munich, location: { ...munich.location, country: 'EG' } },
      { location: munich.location },
    ];
    for (const body of bodies) {
      const answer = await api('PATCH', `/api/own-listings/${id}`, { ...as(seller), body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.errors[0].meta.fields).toEqual({ location: listingMessages.locationNotRecognized });
    }
    const own = await api('GET', `/api/own-listings/${id}`, as(seller));
    expect(own.body.data).not.toHaveProperty('geolocation');
  });
});

describe('the public point', () => {
  it('is drawn at random, not from the id: same place, different points; kept on a re-save, redrawn on a move', async () => {
    const points = [];
    for (let i = 0; i < 3; i++) {
      const id = await createDraft(seller, { ...shippingOnly(`Point ${i} ${marker}`), ...munich });
      const own = (await api('GET', `/api/own-listings/${id}`, as(seller))).body.data;
      expect(own.geolocation).toEqual(munich.geolocation);
      expect(roundPoint(own.publicGeolocation)).toEqual(own.publicGeolocation);
      expect(distanceMeters(own.publicGeolocation, munich.geolocation)).toBeLessThanOrEqual(2080);
      points.push({ id, point: own.publicGeolocation });
    }
    // Three draws landing on one rounded point of the ~1,450 in the disc: about 1 in 2 million.
    expect(new Set(points.map(({ point }) => `${point.lat},${point.lng}`)).size).toBeGreaterThan(1);

    const { id, point } = points[0]!;
    const resaved = await api('PATCH', `/api/own-listings/${id}`, { ...as(seller), body: munich });
    expect(resaved.body.data.publicGeolocation).toEqual(point);
    const berlin = {
      location: { address: 'Berlin, Germany', city: 'Berlin', region: 'Berlin', country: 'DE' },
      geolocation: { lat: 52.52, lng: 13.405 },
    };
    const moved = await api('PATCH', `/api/own-listings/${id}`, { ...as(seller), body: berlin });
    expect(distanceMeters(moved.body.data.publicGeolocation, berlin.geolocation)).toBeLessThanOrEqual(2080);
  });

  it('is the only point the public sees: the listing, its card and its map', async () => {
    await updateUser(seller.user.id, { set: { payoutReady: true } });
    const title = `Shown ${marker}`;
    const id = await readyDraft(seller, { ...shippingOnly(title), ...munich });
    await api('POST', `/api/own-listings/${id}/publish`, as(seller));
    const own = (await api('GET', `/api/own-listings/${id}`, as(seller))).body.data;
    const shown = await api('GET', `/api/listings/${id}`);
    expect(shown.body.data.geolocation).toEqual(own.publicGeolocation);
    expect(JSON.stringify(shown.body)).not.toContain(String(munich.geolocation.lat));
    // The search card carries the same public point (the map's marker, the card's distance).
    await eventuallyInSearch(title, id, true);
    const found = await api('GET', `/api/listings?keywords=${encodeURIComponent(title)}`);
    const card = (found.body.data as ListingSummary[]).find((listing) => listing.id === id);
    expect(card?.geolocation).toEqual(own.publicGeolocation);
    expect(JSON.stringify(found.body)).not.toContain(String(munich.geolocation.lat));
  });
});

describe('search by place', () => {
  const place = `zs${randomUUID().slice(0, 8)}`;
  // Two listings with one public point and exact points 3 km apart (1.5 km north and south of it).
  const shared = { lat: 48.137, lng: 11.575 };
  const north = destination(shared, 1500, 0);
  const south = destination(shared, 1500, 180);
  const search = async (params: Record<string, string>) => {
    const query = new URLSearchParams({ keywords: place, perPage: '10', ...params });
    const answer = await api('GET', `/api/listings?${query}`);
    expect(answer.status).toBe(200);
    return (answer.body.data as ListingSummary[]).map((listing) => listing.title);
  };

  beforeAll(async () => {
    const before = (await readSearchSequence()).counter;
    const owner = await givenSeller();
    const at = (title: string, exact: { lat: number; lng: number }) =>
      givenListing(owner.id, { title: `${title} ${place}`, geolocation: exact, publicGeolocation: shared });
    await at('North', north);
    await at('South', south);
    await eventually(async () => ((await readSearchSequence()).counter > before ? true : undefined));
    await eventually(async () => ((await search({})).length === 2 ? true : undefined));
  });

  it('answers every bounds and origin query alike for both: nothing narrows a listing below the fuzzy radius', async () => {
    // A bisection towards each exact point, tiny boxes around each, and sorts from each: if any
    // answer depended on the exact point, North and South would part somewhere.
    const boxes: Bounds[] = [];
    for (const exact of [north, south, shared]) {
      for (const metres of [20_000, 5_000, 1_000, 200, 10]) boxes.push(boundsAround(exact, metres));
      let box = boundsAround(exact, 10_000);
      for (let step = 0; step < 12; step++) {
        const middle = (box.ne.lat + box.sw.lat) / 2;
        box =
          exact.lat > middle
            ? { ne: box.ne, sw: { ...box.sw, lat: middle } }
            : { ne: { ...box.ne, lat: middle }, sw: box.sw };
        boxes.push(box);
      }
    }
    for (const box of boxes) {
      const found = await search({ bounds: formatBoundsParam(box) });
      expect(found.length === 0 || found.length === 2, formatBoundsParam(box)).toBe(true);
    }
    // A box (widened to 4 km: 0.2 to 4.2 km north of the public point) that holds North's exact
    // point but not the public point finds neither.
    const aroundNorthOnly = boundsAround(destination(north, 700, 0), 10);
    expect(await search({ bounds: formatBoundsParam(aroundNorthOnly) })).toEqual([]);
    for (const origin of [north, south]) {
      const found = await search({ origin: formatOriginParam(origin) });
      // Equal distances: newest first, the same order from both exact points.
      expect(found).toEqual(await search({ origin: formatOriginParam(shared) }));
    }
  });
});

describe('the migration of stored listings', () => {
  it('draws the missing public points, removes 0,0 and closes a published listing without a place', async () => {
    const berlin = { lat: 52.52, lng: 13.405 };
    const old = await givenListing(seller.user.id, { title: `Old ${marker}`, geolocation: berlin });
    await updateListing(old.id, { set: {}, remove: ['publicGeolocation'] });
    const nowhere = await givenListing(seller.user.id, {
      title: `Nowhere ${marker}`,
      publicData: { ...old.publicData, location: { address: '', city: '', region: '', country: '' } },
      geolocation: { lat: 0, lng: 0 },
    });
    const result = await migrateListingLocations();
    expect(result.pointsDrawn).toContain(old.id);
    expect(result.closed).toContain(nowhere.id);
    expect(result.pointsRemoved).toContain(nowhere.id);
    const drawn = await getListing(old.id);
    expect(distanceMeters(drawn!.publicGeolocation!, berlin)).toBeLessThanOrEqual(2080);
    const closed = await getListing(nowhere.id);
    expect(closed).toMatchObject({ state: 'closed' });
    expect(closed).not.toHaveProperty('geolocation');
    expect(closed).not.toHaveProperty('GSI2PK');
    // Its owner cannot reopen it without a place; with one, they can.
    const refused = await api('POST', `/api/own-listings/${nowhere.id}/open`, as(seller));
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].meta.fields).toEqual({ location: listingMessages.locationRequired });
    expect(
      (await api('PATCH', `/api/own-listings/${nowhere.id}`, { ...as(seller), body: munich })).status,
    ).toBe(200);
    expect((await api('POST', `/api/own-listings/${nowhere.id}/open`, as(seller))).status).toBe(200);
    // Again: nothing left to do for these two.
    const again = await migrateListingLocations();
    expect([...again.pointsDrawn, ...again.closed, ...again.pointsRemoved]).not.toContain(old.id);
    expect([...again.pointsDrawn, ...again.closed, ...again.pointsRemoved]).not.toContain(nowhere.id);
  });

  it('runs once per table on start: a marker item says it has run, and the next start skips the Scan', async () => {
    await migrateListingLocationsOnce();
    const marker = await dynamo().send(
      new GetCommand({ TableName: tableName(), Key: keys.migration('listing-locations') }),
    );
    expect(marker.Item).toMatchObject({ ranAt: expect.any(String), closed: expect.any(Number) });
    expect(await migrateListingLocationsOnce()).toBeUndefined();
  });
});
