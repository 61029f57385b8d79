import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { readSearchSequence } from '../../functions/listings/search/delta-store';
import type { ApiErrorBody, Listing, SearchPage } from '../../shared/api/types';
import { distanceMeters, type Place } from '../../shared/maps';
import { formatBoundsParam, formatOriginParam } from '../../shared/validation/filters';
import { eventually, useLocalCloud } from './cloud-env';
import { givenListing, givenSeller } from './fixtures';

let url: string;
const marker = `zq${randomUUID().slice(0, 8)}`; // a word no other test's listing has
let sellerId: string;
let cheapId: string;

beforeAll(async () => {
  url = useLocalCloud().url;
  const before = (await readSearchSequence()).counter;
  const seller = await givenSeller({ displayName: 'Maya R.' });
  sellerId = seller.id;
  const day = 86_400_000;
  const at = (daysAgo: number) => new Date(Date.now() - daysAgo * day).toISOString();
  const cheap = await givenListing(seller.id, {
    title: `Trek Marlin 5 ${marker}`,
    price: { amount: 40_000, currency: 'USD' },
    createdAt: at(3),
  });
  cheapId = cheap.id;
  await givenListing(seller.id, {
    title: `Trek Emonda SL ${marker}`,
    price: { amount: 210_000, currency: 'USD' },
    createdAt: at(1),
  });
  await givenListing(seller.id, {
    title: `Shimano Ultegra crankset ${marker}`,
    price: { amount: 15_000, currency: 'USD' },
    publicData: {
      category: 'cranksets',
      condition: 'usedLikeNew',
      brand: 'Shimano',
      pickupEnabled: false,
      shippingEnabled: true,
      location: { address: '2 Side St', city: 'Denver', region: 'CO', country: 'US' },
    },
    createdAt: at(2),
  });
  await givenListing(seller.id, { title: `Draft Trek ${marker}`, state: 'draft' });
  await eventually(async () => ((await readSearchSequence()).counter > before ? true : undefined));
});

async function search(query: string): Promise<SearchPage> {
  const response = await fetch(`${url}/api/listings?${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as SearchPage;
}

describe('GET /api/listings', () => {
  it('finds published listings by keyword, never drafts, newest first by default', async () => {
    const page = await eventually(async () => {
      const result = await search(`keywords=${marker}&sort=createdAt`);
      return result.meta.totalItems === 3 ? result : undefined;
    });
    expect(page.data.map((listing) => listing.title)).toEqual([
      `Trek Emonda SL ${marker}`,
      `Shimano Ultegra crankset ${marker}`,
      `Trek Marlin 5 ${marker}`,
    ]);
    expect(page.meta).toEqual({ page: 1, perPage: 24, totalItems: 3, totalPages: 1 });
  });

  it('combines keywords, category and price sort (-price is lowest first)', async () => {
    const trek = await search(`keywords=trek%20${marker}&pub_category=roadBikes&sort=-price`);
    expect(trek.data.map((listing) => listing.price.amount)).toEqual([40_000, 210_000]);
    const highest = await search(`keywords=${marker}&sort=price`);
    expect(highest.data[0]!.price.amount).toBe(210_000);
  });

  it('pages results', async () => {
    const second = await search(`keywords=${marker}&perPage=2&page=2`);
    expect(second.meta).toEqual({ page: 2, perPage: 2, totalItems: 3, totalPages: 2 });
    expect(second.data).toHaveLength(1);
  });

  it('filters by price in minor units with the upper bound exclusive (the page sends max + 1)', async () => {
    const titles = async (price: string) =>
      (await search(`keywords=${marker}&price=${price}&sort=-price`)).data.map(
        (listing) => listing.price.amount,
      );
    expect(await titles('15000,210001')).toEqual([15_000, 40_000, 210_000]);
    expect(await titles('15000,210000')).toEqual([15_000, 40_000]);
    expect(await titles('15001,40001')).toEqual([40_000]);
  });

  it('filters by condition and delivery, and counts each facet without its own filter', async () => {
    const page = await search(`keywords=${marker}&pub_condition=usedGoodCondition&pub_delivery=pickup`);
    expect(page.data.map((listing) => listing.title).sort()).toEqual([
      `Trek Emonda SL ${marker}`,
      `Trek Marlin 5 ${marker}`,
    ]);
    expect(page.meta.totalItems).toBe(2);
    // The crankset is like new and ships only: the condition facet counts it under its own value
    // only when the delivery filter lets it through, so it is not counted here.
    expect(page.facets.condition).toEqual({ usedGoodCondition: 2 });
    expect(page.facets.delivery).toEqual({ pickup: 2 });
    expect(page.facets.category).toEqual({ roadBikes: 2 });
    const anyDelivery = await search(`keywords=${marker}&pub_condition=usedGoodCondition`);
    expect(anyDelivery.facets.condition).toEqual({ usedGoodCondition: 2, usedLikeNew: 1 });
    expect(anyDelivery.facets.brand).toEqual({ Trek: 2 });
  });

  it('ignores unknown parameters', async () => {
    const page = await search(`keywords=${marker}&colour=red&dates=2026-12-01,2026-12-03`);
    expect(page.meta.totalItems).toBe(3);
  });

  it('answers bad parameters with 400 validation-invalid-params naming the parameter', async () => {
    for (const query of [
      'page=0',
      'perPage=1000',
      'sort=distance',
      'pub_category=unicycles',
      'sort=relevance',
      'price=abc',
      'price=50000,50000',
      'pub_condition=bogus',
      'pub_frameSize=huge',
      'pub_year=1800,2020',
      'pub_delivery=drone',
    ]) {
      const response = await fetch(`${url}/api/listings?${query}`);
      expect(response.status, query).toBe(400);
      const body = (await response.json()) as ApiErrorBody;
      expect(body.errors[0]).toMatchObject({
        code: 'validation-invalid-params',
        meta: { param: query.split('=')[0] },
      });
    }
  });
});

describe('GET /api/listings by location (bounds, origin)', () => {
  const place = `zl${randomUUID().slice(0, 8)}`; // a word only this block's listings have
  // Bounds around Vancouver as GET /api/places gives them (its seeded sellers' city).
  let vancouver: { address: string; bounds: string };

  beforeAll(async () => {
    const before = (await readSearchSequence()).counter;
    const seller = await givenSeller();
    const where = (city: string, region: string, country: 'CA' | 'US', lat: number, lng: number) => ({
      publicData: {
        category: 'roadBikes',
        condition: 'usedGoodCondition',
        pickupEnabled: true,
        shippingEnabled: false,
        location: { address: '1 Main St', city, region, country },
      },
      geolocation: { lat, lng },
    });
    await givenListing(seller.id, {
      title: `Kitsilano bike ${place}`,
      ...where('Vancouver', 'BC', 'CA', 49.2682, -123.1553),
    });
    await givenListing(seller.id, {
      title: `North Shore bike ${place}`,
      ...where('North Vancouver', 'BC', 'CA', 49.3206, -123.0734),
    });
    await givenListing(seller.id, {
      title: `Seattle bike ${place}`,
      ...where('Seattle', 'WA', 'US', 47.6504, -122.3509),
    });
    await givenListing(seller.id, {
      title: `Toronto bike ${place}`,
      ...where('Toronto', 'ON', 'CA', 43.6485, -79.3853),
    });
    await eventually(async () => ((await readSearchSequence()).counter > before ? true : undefined));
    const response = await fetch(`${url}/api/places?q=Vancouver&limit=1`);
    const [found] = ((await response.json()) as { data: Place[] }).data;
    expect(found!.address).toBe('Vancouver, British Columbia, Canada');
    vancouver = { address: found!.address, bounds: formatBoundsParam(found!.bounds) };
  });

  it('returns only the listings inside the bounds of a place', async () => {
    const query = new URLSearchParams({
      keywords: place,
      address: vancouver.address,
      bounds: vancouver.bounds,
    });
    const page = await eventually(async () => {
      const result = await search(query.toString());
      return result.meta.totalItems === 2 ? result : undefined;
    });
    expect(page.data.map((listing) => listing.city).sort()).toEqual(['North Vancouver', 'Vancouver']);
    const everywhere = await search(`keywords=${place}`);
    expect(everywhere.meta.totalItems).toBe(4);
  });

  it('handles bounds across the antimeridian', async () => {
    // From 170°E eastwards across 180° to 100°W: the whole of North America's west, not Toronto.
    const across = await search(`keywords=${place}&bounds=60,-100,40,170`);
    expect(across.data.map((listing) => listing.city).sort()).toEqual([
      'North Vancouver',
      'Seattle',
      'Vancouver',
    ]);
    // The same longitudes the other way round: from 100°W east to 170°E, so Toronto only.
    const within = await search(`keywords=${place}&bounds=60,170,40,-100`);
    expect(within.data.map((listing) => listing.city)).toEqual(['Toronto']);
  });

  it('orders by distance from the origin when no sort is given', async () => {
    const seattle = formatOriginParam({ lat: 47.6062, lng: -122.3321 });
    const nearest = await search(`keywords=${place}&origin=${seattle}`);
    expect(nearest.data.map((listing) => listing.city)).toEqual([
      'Seattle',
      'Vancouver',
      'North Vancouver',
      'Toronto',
    ]);
    const newest = await search(`keywords=${place}&origin=${seattle}&sort=createdAt`);
    expect(newest.data[0]!.city).toBe('Toronto'); // created last
  });

  it('answers 400 validation-invalid-params for malformed bounds, origin or address', async () => {
    for (const query of [
      'bounds=1,2,3',
      'bounds=43,-79,44,-80',
      'bounds=91,0,0,0',
      'bounds=a,b,c,d',
      'origin=1e3,2',
      'origin=0,181',
      `address=${'x'.repeat(201)}&bounds=1,1,0,0`,
    ]) {
      const response = await fetch(`${url}/api/listings?${query}`);
      expect(response.status, query).toBe(400);
      const [error] = ((await response.json()) as ApiErrorBody).errors;
      expect(error).toMatchObject({
        code: 'validation-invalid-params',
        meta: { param: query.split('=')[0] },
      });
    }
  });
});

describe('GET /api/listings/{id}', () => {
  it('shows a listing with its author', async () => {
    const response = await fetch(`${url}/api/listings/${cheapId}`);
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: Listing };
    expect(data).toMatchObject({
      id: cheapId,
      slug: `trek-marlin-5-${marker}`,
      price: { amount: 40_000, currency: 'USD' },
      author: { id: sellerId, displayName: 'Maya R.', abbreviatedName: 'TS' },
    });
    expect(JSON.stringify(data)).not.toContain('@test.example'); // no private fields
  });

  it('answers 404 for an unknown listing', async () => {
    const response = await fetch(`${url}/api/listings/${randomUUID()}`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as ApiErrorBody).errors[0]!.code).toBe('not-found');
  });
});

describe('the public listing API keeps the pickup address private', () => {
  it('has no address or building and no exact point in search, the listing and the author listings', async () => {
    const seller = await givenSeller();
    const word = `zp${randomUUID().slice(0, 8)}`;
    const before = (await readSearchSequence()).counter;
    const point = { lat: 49.282_731, lng: -123.120_738 };
    const listing = await givenListing(seller.id, {
      title: `Private pickup ${word}`,
      publicData: {
        category: 'roadBikes',
        condition: 'usedGoodCondition',
        pickupEnabled: true,
        shippingEnabled: false,
        location: {
          address: '99 Secret Ln',
          building: 'Suite 42',
          city: 'Vancouver',
          region: 'BC',
          country: 'CA',
        },
        features: ['discBrakes'],
        rules: 'Cash only.',
        disclaimer: 'No warranty.',
      },
      geolocation: point,
    });
    await eventually(async () => ((await readSearchSequence()).counter > before ? true : undefined));
    const answers = {
      show: await (await fetch(`${url}/api/listings/${listing.id}`)).json(),
      search: await eventually(async () => {
        const page = await search(`keywords=${word}`);
        return page.meta.totalItems === 1 ? page : undefined;
      }),
      author: await (await fetch(`${url}/api/users/${seller.id}/listings`)).json(),
    };
    for (const [name, body] of Object.entries(answers)) {
      const text = JSON.stringify(body);
      expect(text, name).not.toMatch(/"(address|building)":/);
      expect(text, name).not.toMatch(/99 Secret Ln|Suite 42/);
      expect(text, name).not.toContain(String(point.lat));
      expect(text, name).not.toContain(String(point.lng));
    }
    const { data } = answers.show as { data: Listing };
    expect(distanceMeters(data.geolocation!, point)).toBeLessThanOrEqual(2080);
    expect(data.publicData).toMatchObject({
      features: ['discBrakes'],
      rules: 'Cash only.',
      disclaimer: 'No warranty.',
    });
  });
});

describe('GET /api/users/{id}', () => {
  it('shows a public profile and 404s an unknown user', async () => {
    const response = await fetch(`${url}/api/users/${sellerId}`);
    expect(((await response.json()) as { data: { displayName: string } }).data.displayName).toBe('Maya R.');
    expect((await fetch(`${url}/api/users/${randomUUID()}`)).status).toBe(404);
  });
});
