import { describe, expect, it } from 'vitest';
import { payoutCountryCodes } from '../../shared/config/payout-countries';
import { distanceMeters } from '../../shared/maps';
import { boundsContain } from '../../shared/validation/filters';
import {
  extentOf,
  Gazetteer,
  type GazetteerEntry,
  nameKeys,
  normaliseName,
  placeRadius,
  placeRadiusMetres,
  regionCode,
  shownRegion,
} from './gazetteer';
import { gazetteerCountries, gazetteerEntries, toGazetteerEntry, type WorldCityRow } from './world-cities';

let nextId = 1;
function place(
  name: string,
  region: string,
  countryCode: 'CA' | 'US',
  population: number,
  lat = 45,
  lng = -75,
) {
  return {
    id: String(nextId++),
    name,
    region,
    country: countryCode === 'CA' ? 'Canada' : 'United States',
    countryCode,
    origin: { lat, lng },
    population,
  } satisfies GazetteerEntry;
}

const gazetteer = new Gazetteer(
  [
    place('Torrance', 'California', 'US', 140_000, 33.83, -118.34),
    place('Toronto', 'Ontario', 'CA', 5_429_524, 43.7417, -79.3733),
    place('Torrington', 'Connecticut', 'US', 35_000),
    place('Vancouver', 'Washington', 'US', 188_331, 45.6366, -122.5967),
    place('North Vancouver', 'British Columbia', 'CA', 85_935, 49.3206, -123.0734),
    place('Vancouver', 'British Columbia', 'CA', 2_264_823, 49.25, -123.1),
    place('Montréal', 'Quebec', 'CA', 3_519_595, 45.5089, -73.5617),
    place('Portland', 'Oregon', 'US', 2_036_875),
    place('Portland', 'Maine', 'US', 220_807),
    place('South Portland', 'Maine', 'US', 26_000),
    place("St. John's", 'Newfoundland and Labrador', 'CA', 110_525),
    place('New York', 'New York', 'US', 18_972_871),
    // The same address twice: the more populous one is kept.
    place('Springfield', 'Pennsylvania', 'US', 20_590),
    place('Springfield', 'Pennsylvania', 'US', 24_851),
  ],
  { countries: { US: ['USA'] }, regions: { CA: { 'British Columbia': ['Colombie-Britannique'] } } },
);

const addresses = (query: string, limit = 5) => gazetteer.search(query, limit).map((p) => p.address);

describe('normaliseName', () => {
  it('lowercases, drops accents and apostrophes, and turns the rest into single spaces', () => {
    expect(normaliseName('Montréal')).toBe('montreal');
    expect(normaliseName("St. John's")).toBe('st johns');
    expect(normaliseName('  Trois-Rivières, QC ')).toBe('trois rivieres qc');
    expect(normaliseName('Coeur d’Alene')).toBe('coeur dalene');
  });

  it('folds the letters decomposition leaves alone (ø, æ, ß, ł, ħ…) and Romanian commas and cedillas', () => {
    expect(normaliseName('København')).toBe('kobenhavn');
    expect(normaliseName('Łódź')).toBe('lodz');
    expect(normaliseName('Großbottwar')).toBe('grossbottwar');
    expect(normaliseName('Ærøskøbing')).toBe('aeroskobing');
    expect(normaliseName('Ħamrun')).toBe('hamrun');
    expect(normaliseName('București')).toBe('bucuresti');
    expect(normaliseName('Bucureşti')).toBe('bucuresti');
    expect(normaliseName('Tōkyō')).toBe('tokyo');
  });

  it('indexes umlauts both without the dots and as digraphs (Muenchen, Koebenhavn)', () => {
    expect(nameKeys('München')).toEqual(['munchen', 'muenchen']);
    expect(nameKeys('København')).toEqual(['kobenhavn', 'koebenhavn']);
    expect(nameKeys('Århus')).toEqual(['arhus', 'aarhus']);
    expect(nameKeys('Berlin')).toEqual(['berlin']);
    expect(nameKeys(' - ')).toEqual([]);
  });
});

describe('shownRegion', () => {
  it('drops a region that repeats the city, and reads "X, City of" as "City of X"', () => {
    expect(shownRegion('London, City of', ['london'])).toBeUndefined();
    expect(shownRegion('Sofia-Grad', ['sofia'])).toBeUndefined();
    expect(shownRegion('Brussels-Capital Region', ['brussels', 'bruxelles'])).toBeUndefined();
    expect(shownRegion('Praha', ['prague', 'praha'])).toBeUndefined();
    expect(shownRegion('Vilniaus Miestas', ['vilnius'])).toBeUndefined();
    expect(shownRegion('Edinburgh, City of', ['leith'])).toBe('City of Edinburgh');
    expect(shownRegion('Bavaria', ['munich', 'munchen'])).toBe('Bavaria');
    expect(shownRegion(undefined, ['x'])).toBeUndefined();
    expect(shownRegion('Montana', ['montana'])).toBeUndefined(); // Montana, Bulgaria
  });
});

describe('extentOf', () => {
  const box = (south: number, west: number, north: number, east: number) => ({
    ne: { lat: north, lng: east },
    sw: { lat: south, lng: west },
  });

  it('covers every box, and crosses 180° when that is the smaller box', () => {
    expect(extentOf([box(1, 2, 3, 4), box(-5, 10, 0, 12)])).toEqual(box(-5, 2, 3, 12));
    // New Zealand and the Chatham Islands: from 166° E east over 180° to 176° W.
    expect(
      extentOf([box(-46, 166, -45, 167), box(-37, 174, -36, 178), box(-44, -176.6, -43, -176.4)]),
    ).toEqual(box(-46, 166, -36, -176.4));
    // A box that itself crosses 180°.
    expect(extentOf([box(0, 179, 1, -179), box(0, 170, 1, 171)])).toEqual(box(0, 170, 1, -179));
  });
});

describe('Gazetteer', () => {
  it('keeps the state or province in addresses where they always have it', () => {
    expect(regionCode('US', 'New York')).toBe('NY');
    expect(regionCode('AU', 'New South Wales')).toBe('NSW');
    expect(regionCode('BG', 'Montana')).toBeUndefined();
    expect(addresses('new york')).toEqual(['New York, New York, United States']);
  });

  it('answers with the region and the country code of each place', () => {
    const [toronto] = gazetteer.search('toronto', 1);
    expect(toronto).toMatchObject({ name: 'Toronto', region: 'Ontario', countryCode: 'CA' });
  });

  it('finds places by name prefix, most populous first, with the address Region, Country', () => {
    expect(addresses('tor')).toEqual([
      'Toronto, Ontario, Canada',
      'Torrance, California, United States',
      'Torrington, Connecticut, United States',
    ]);
    expect(addresses('TORONTO')).toEqual(['Toronto, Ontario, Canada']);
    expect(addresses('montre')).toEqual(['Montréal, Quebec, Canada']);
    expect(addresses('st johns')).toEqual(["St. John's, Newfoundland and Labrador, Canada"]);
  });

  it('ranks an exact name over a prefix over a later word of the name', () => {
    expect(addresses('vancouver')).toEqual([
      'Vancouver, British Columbia, Canada',
      'Vancouver, Washington, United States',
      'North Vancouver, British Columbia, Canada',
    ]);
    expect(addresses('portland')).toEqual([
      'Portland, Oregon, United States',
      'Portland, Maine, United States',
      'South Portland, Maine, United States',
    ]);
    expect(addresses('north van')).toEqual(['North Vancouver, British Columbia, Canada']);
  });

  it('narrows by region, region code or country after the name', () => {
    expect(addresses('vancouver wa')).toEqual(['Vancouver, Washington, United States']);
    expect(addresses('Vancouver, British Col')).toEqual([
      'Vancouver, British Columbia, Canada',
      'North Vancouver, British Columbia, Canada',
    ]);
    expect(addresses('portland me')).toEqual([
      'Portland, Maine, United States',
      'South Portland, Maine, United States',
    ]);
    expect(addresses('Toronto, Ontario, Canada')).toEqual(['Toronto, Ontario, Canada']);
    expect(addresses('toronto on')).toEqual(['Toronto, Ontario, Canada']);
    expect(addresses('new york usa')).toEqual(['New York, New York, United States']);
    expect(addresses('toronto usa')).toEqual([]);
  });

  it('keeps one place per address, applies the limit, and finds nothing for nonsense', () => {
    expect(gazetteer.cityCount).toBe(13);
    // And the regions of two cities or more (British Columbia, Maine) and the two countries.
    expect(gazetteer.size).toBe(17);
    expect(addresses('springfield')).toEqual(['Springfield, Pennsylvania, United States']);
    expect(gazetteer.search('springfield', 1)[0]!.id).toBe('14');
    expect(addresses('tor', 2)).toHaveLength(2);
    expect(addresses('xyzzy')).toEqual([]);
    expect(addresses(' ,,, ')).toEqual([]);
  });

  it('answers the API shape: id, name, address, origin and bounds around the origin', () => {
    const [toronto] = gazetteer.search('toronto', 1);
    expect(toronto).toMatchObject({
      id: '2',
      name: 'Toronto',
      address: 'Toronto, Ontario, Canada',
      origin: { lat: 43.7417, lng: -79.3733 },
    });
    expect(boundsContain(toronto!.bounds, toronto!.origin)).toBe(true);
    // A 35 km half side for Toronto's population.
    const east = { lat: toronto!.origin.lat, lng: toronto!.bounds.ne.lng };
    expect(distanceMeters(toronto!.origin, east) / 1000).toBeCloseTo(35, 0);
  });
});

describe('placeRadiusMetres', () => {
  it('grows with the square root of the population, from 3 km to 50 km', () => {
    expect(placeRadiusMetres(0)).toBe(placeRadius.minMetres);
    expect(placeRadiusMetres(-5)).toBe(placeRadius.minMetres);
    expect(placeRadiusMetres(10_000)).toBe(placeRadius.minMetres);
    expect(placeRadiusMetres(120_818)).toBeCloseTo(5214, 0);
    expect(placeRadiusMetres(5_429_524)).toBeCloseTo(34_952, 0);
    expect(placeRadiusMetres(18_972_871)).toBe(placeRadius.maxMetres);
  });
});

describe('world-cities rows', () => {
  const row = (overrides: Partial<WorldCityRow> = {}): WorldCityRow => ({
    city: 'Toronto',
    city_ascii: 'Toronto',
    lat: '43.7417',
    lng: '-79.3733',
    country: 'Canada',
    iso2: 'CA',
    admin_name: 'Ontario',
    population: '5429524',
    id: '1124279679',
    ...overrides,
  });

  it('become gazetteer entries with numbers, or nothing when unusable', () => {
    expect(toGazetteerEntry(row())).toEqual({
      id: '1124279679',
      name: 'Toronto',
      region: 'Ontario',
      country: 'Canada',
      countryCode: 'CA',
      origin: { lat: 43.7417, lng: -79.3733 },
      population: 5_429_524,
    });
    expect(toGazetteerEntry(row({ admin_name: '', population: '', id: 42 }))).toMatchObject({
      id: '42',
      population: 0,
    });
    expect(toGazetteerEntry(row({ admin_name: '' }))).not.toHaveProperty('region');
    expect(toGazetteerEntry(row({ city: ' ' }))).toBeUndefined();
    expect(toGazetteerEntry(row({ lat: 'x' }))).toBeUndefined();
    expect(toGazetteerEntry(row({ lng: '200' }))).toBeUndefined();
  });

  it('are kept only for the marketplace countries', () => {
    const rows = [
      row(),
      row({ iso2: 'FR', country: 'France', city: 'Paris', id: '2' }),
      row({ lat: 'x', id: '3' }),
    ];
    expect(gazetteerEntries(rows, ['CA', 'US']).map((entry) => entry.id)).toEqual(['1124279679']);
    expect(gazetteerEntries(rows, ['FR']).map((entry) => entry.id)).toEqual(['2']);
    // By default: the 36 payout countries.
    expect(gazetteerCountries).toEqual(payoutCountryCodes);
    expect(gazetteerEntries(rows).map((entry) => entry.id)).toEqual(['1124279679', '2']);
    expect(gazetteerEntries([...rows, row({ id: '1484367855' })])).toHaveLength(2); // a known bad point
  });
});

describe('regions and countries', () => {
  it('are places of their own, bounds covering their cities, origin at the most populous one', () => {
    const [columbia] = gazetteer.search('british columbia', 1);
    expect(columbia).toMatchObject({
      kind: 'region',
      name: 'British Columbia',
      address: 'British Columbia, Canada',
      region: 'British Columbia',
      countryCode: 'CA',
      origin: { lat: 49.25, lng: -123.1 },
    });
    expect(boundsContain(columbia!.bounds, { lat: 49.3206, lng: -123.0734 })).toBe(true); // North Vancouver
    expect(boundsContain(columbia!.bounds, { lat: 43.7417, lng: -79.3733 })).toBe(false); // Toronto
    expect(gazetteer.search('colombie britannique', 1)[0]!.name).toBe('British Columbia');
    expect(gazetteer.search('canada', 1)[0]).toMatchObject({
      kind: 'country',
      name: 'Canada',
      address: 'Canada',
    });
    expect(gazetteer.search('usa', 1)[0]).toMatchObject({ kind: 'country', name: 'United States' });
    // A region of one city is that city: Ontario is not offered.
    expect(addresses('ontario')).toEqual([]);
  });

  it('rank like their most populous city, after a city of the same weight', () => {
    // Maine weighs as much as Portland, ME (220,807): after Portland, OR, before South Portland.
    expect(addresses('maine')).toEqual(['Maine, United States']);
    expect(gazetteer.search('toronto', 1)[0]!.kind).toBe('city');
  });
});

describe('Gazetteer.largestIn', () => {
  const world = new Gazetteer([
    {
      id: 'akl',
      name: 'Auckland',
      region: 'Auckland',
      country: 'New Zealand',
      countryCode: 'NZ',
      origin: { lat: -36.85, lng: 174.76 },
      population: 1_600_000,
    },
    {
      id: 'wlg',
      name: 'Wellington',
      region: 'Wellington',
      country: 'New Zealand',
      countryCode: 'NZ',
      origin: { lat: -41.29, lng: 174.78 },
      population: 420_000,
    },
    {
      id: 'suva',
      name: 'Suva',
      country: 'Fiji',
      countryCode: 'FJ',
      origin: { lat: -18.14, lng: 178.44 },
      population: 90_000,
    },
    {
      id: 'apia',
      name: 'Apia',
      country: 'Samoa',
      countryCode: 'WS',
      origin: { lat: -13.83, lng: -171.76 },
      population: 37_000,
    },
    {
      id: 'tor',
      name: 'Toronto',
      region: 'Ontario',
      country: 'Canada',
      countryCode: 'CA',
      origin: { lat: 43.65, lng: -79.38 },
      population: 2_800_000,
    },
  ]);
  const names = (places: { name: string }[]) => places.map((place) => place.name);

  it('answers the most populous cities in the box, most populous first, up to the limit', () => {
    expect(names(world.largestIn({ ne: { lat: -30, lng: 179 }, sw: { lat: -50, lng: 165 } }, 5))).toEqual([
      'Auckland',
      'Wellington',
    ]);
    expect(names(world.largestIn({ ne: { lat: -30, lng: 179 }, sw: { lat: -50, lng: 165 } }, 1))).toEqual([
      'Auckland',
    ]);
    expect(world.largestIn({ ne: { lat: 10, lng: 10 }, sw: { lat: 0, lng: 0 } }, 5)).toEqual([]);
  });

  it('takes a box across 180° (ne.lng < sw.lng) as the narrow one, never the rest of the world', () => {
    const pacific = { ne: { lat: -10, lng: -170 }, sw: { lat: -45, lng: 170 } };
    expect(names(world.largestIn(pacific, 5))).toEqual(['Auckland', 'Wellington', 'Suva', 'Apia']);
  });
});
