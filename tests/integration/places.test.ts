import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../shared/api/types';
import { apiErrors } from '../../shared/errors/catalogue';
import type { Place } from '../../shared/maps';
import { boundsContain } from '../../shared/validation/filters';
import { useLocalCloud } from './cloud-env';

let url: string;
beforeAll(() => {
  url = useLocalCloud().url;
});

async function places(query: string): Promise<Place[]> {
  const response = await fetch(`${url}/api/places?${query}`);
  expect(response.status, query).toBe(200);
  expect(response.headers.get('cache-control')).toContain('public');
  return ((await response.json()) as { data: Place[] }).data;
}

describe('GET /api/places (offline gazetteer)', () => {
  it('finds Toronto by name and prefix, with address, origin and bounds around it', async () => {
    const [toronto] = await places('q=Toronto');
    expect(toronto).toMatchObject({
      id: expect.any(String),
      name: 'Toronto',
      address: 'Toronto, Ontario, Canada',
      origin: { lat: expect.closeTo(43.7, 0), lng: expect.closeTo(-79.4, 0) },
    });
    expect(boundsContain(toronto!.bounds, toronto!.origin)).toBe(true);
    expect(boundsContain(toronto!.bounds, { lat: 43.6532, lng: -79.3832 })).toBe(true); // City Hall
    expect(boundsContain(toronto!.bounds, { lat: 45.4215, lng: -75.6972 })).toBe(false); // Ottawa

    const tor = await places('q=tor&limit=5');
    expect(tor.length).toBeGreaterThan(1);
    expect(tor.length).toBeLessThanOrEqual(5);
    expect(tor[0]!.address).toBe('Toronto, Ontario, Canada');
    // Turin by its Italian name, Torino: another name finds a place, shown under the name typed.
    expect(tor.map((place) => place.address)).toContain('Torino, Piedmont, Italy');
    for (const place of tor) expect(place.kind).toBe('city');
  });

  it('answers for every payout country, in English and native names, and for regions and countries', async () => {
    expect(await places('q=Berlin&limit=1')).toMatchObject([
      { kind: 'city', name: 'Berlin', address: 'Berlin, Germany', countryCode: 'DE' },
    ]);
    expect(await places(`q=${encodeURIComponent('München')}&limit=1`)).toMatchObject([
      { name: 'München', address: 'München, Bavaria, Germany', region: 'Bavaria', countryCode: 'DE' },
    ]);
    expect(await places('q=London&limit=1')).toMatchObject([
      { address: 'London, United Kingdom', countryCode: 'GB' },
    ]);
    const [germany] = await places('q=Germany&limit=1');
    expect(germany).toMatchObject({
      kind: 'country',
      name: 'Germany',
      address: 'Germany',
      countryCode: 'DE',
    });
    expect(boundsContain(germany!.bounds, { lat: 48.1372, lng: 11.5755 })).toBe(true); // Munich
    expect(boundsContain(germany!.bounds, { lat: 48.8567, lng: 2.3522 })).toBe(false); // Paris
    expect(await places('q=Bayern&limit=1')).toMatchObject([{ kind: 'region', address: 'Bavaria, Germany' }]);
  });

  it('ranks Vancouver BC before Vancouver WA and North Vancouver, and narrows by region', async () => {
    const vancouver = (await places('q=Vancouver')).map((place) => place.address);
    expect(vancouver[0]).toBe('Vancouver, British Columbia, Canada');
    expect(vancouver).toContain('Vancouver, Washington, United States');
    expect(vancouver).toContain('North Vancouver, British Columbia, Canada');
    expect(vancouver.indexOf('Vancouver, Washington, United States')).toBeLessThan(
      vancouver.indexOf('North Vancouver, British Columbia, Canada'),
    );
    expect((await places('q=vancouver%20wa')).map((place) => place.address)).toEqual([
      'Vancouver, Washington, United States',
    ]);
    expect(await places('q=montr%C3%A9al&limit=1')).toMatchObject([{ address: 'Montréal, Quebec, Canada' }]);
    expect(await places('q=xyzzyq')).toEqual([]);
  });

  it('answers 400 validation-invalid-params for an empty, missing or too long q, or a bad limit', async () => {
    for (const query of ['q=', 'q=%20%20', '', `q=${'a'.repeat(101)}`, 'q=tor&limit=0', 'q=tor&limit=11']) {
      const response = await fetch(`${url}/api/places?${query}`);
      expect(response.status, query).toBe(400);
      const [error] = ((await response.json()) as ApiErrorBody).errors;
      expect(error!.code).toBe('validation-invalid-params');
      if (query.startsWith('q=tor')) continue;
      expect(error).toMatchObject({
        title: apiErrors['validation-invalid-params'].title,
        meta: { param: 'q' },
      });
    }
  });

  it('names the most populous cities in a box, most populous first (the search map)', async () => {
    // Bavaria around Munich: München, then Nürnberg, Augsburg…; nothing from outside the box.
    const bavaria = '50.0,13.0,47.5,10.0';
    const named = await places(`bounds=${bavaria}&limit=4`);
    expect(named).toHaveLength(4);
    expect(named[0]).toMatchObject({ kind: 'city', name: 'Munich', countryCode: 'DE' });
    expect(named.map((place) => place.name)).toContain('Nuremberg');
    const box = { ne: { lat: 50, lng: 13 }, sw: { lat: 47.5, lng: 10 } };
    for (const place of named) expect(boundsContain(box, place.origin)).toBe(true);
    // Across the antimeridian (Fiji to Samoa: no payout country) and in the open sea: none.
    expect(await places('bounds=-10,-170,-20,175')).toEqual([]);
    for (const query of ['bounds=1,2,3', 'bounds=91,0,0,0', 'bounds=']) {
      const response = await fetch(`${url}/api/places?${query}`);
      expect(response.status, query).toBe(400);
      const [error] = ((await response.json()) as ApiErrorBody).errors;
      expect(error).toMatchObject({ code: 'validation-invalid-params', meta: { param: 'bounds' } });
    }
  });
});
