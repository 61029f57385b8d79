import { type Bounds, boundsAround, type Place, type PlaceKind } from '../../shared/maps';
import type { LatLng } from '../../shared/validation/core';
import { boundsContain } from '../../shared/validation/filters';

/**
 * The offline gazetteer behind `GET /api/places` (the local stand-in for Amazon Location's place
 * search, DESIGN.md): a sorted prefix index over place names, built once per Lambda container.
 * It holds cities, and the regions and countries they are in as places of their own (bounds: the
 * extent of their cities). A query matches a place when a leading part of it is a prefix of one of
 * the place's names (its name or an alternative name, such as München for Munich; or a later word of
 * a name: "vancouver" finds North Vancouver, after Vancouver) and every remaining word is a prefix
 * of its region, region code or country, or of their other names ("portland me", "london uk",
 * "munich bayern").
 * Ranking: exact name, then name prefix, then later word of the name; within each, most populous
 * first, a region or country weighing as much as its most populous city (so "New York" is the city,
 * then the state), a city before a region before a country of the same weight.
 */
export interface GazetteerEntry {
  id: string;
  name: string;
  /** Other names of the place that find it (native names); the answer shows the one typed. */
  alternativeNames?: readonly string[];
  /** Province or state (full name), when the data has one. */
  region?: string;
  country: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  origin: LatLng;
  population: number;
}

/** Other names of regions and countries, by ISO 3166-1 alpha-2 code (and region name). */
export interface GazetteerNames {
  regions?: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;
  countries?: Readonly<Record<string, readonly string[]>>;
}

/** Tiers of a name match, best first. */
const Tier = { Exact: 0, Prefix: 1, LaterWord: 2 } as const;
type Tier = (typeof Tier)[keyof typeof Tier];

/** Of two places of the same tier and weight, the city first, then the region, then the country. */
const kindOrder: Record<PlaceKind, number> = { city: 0, region: 1, country: 2 };

/** Letters Unicode decomposition leaves alone, as people type them without the mark. */
const foldedLetters: Record<string, string> = {
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
};
const foldedPattern = new RegExp(`[${Object.keys(foldedLetters).join('')}]`, 'g');

/**
 * Lower case, accents and apostrophes removed (ø, æ, ß, ł… folded to o, ae, ss, l), anything else
 * but letters and digits a single space.
 */
export function normaliseName(text: string): string {
  // Most names are plain ASCII; Unicode decomposition is only needed for the others.
  const ascii = /^[\x20-\x7e]*$/.test(text)
    ? text
    : text
        .toLowerCase()
        .replace(foldedPattern, (letter) => foldedLetters[letter]!)
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '');
  return ascii
    .toLowerCase()
    .replace(/['’‘`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Umlauts as German, Danish and Swedish spell them without the letter: Muenchen, Koebenhavn, Aarhus. */
const digraphs: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ø: 'oe', å: 'aa' };

/** The index keys of a name: its normalised form, and its spelling with digraphs when it has umlauts. */
export function nameKeys(name: string): string[] {
  const key = normaliseName(name);
  const lower = name.toLowerCase();
  if (!/[äöüøå]/.test(lower)) return key ? [key] : [];
  const spelled = normaliseName(lower.replace(/[äöüøå]/g, (letter) => digraphs[letter]!));
  return [...new Set([key, spelled].filter(Boolean))];
}

/**
 * Postal abbreviations of Canadian provinces and territories, US states and Australian states, by
 * country and full name: addresses there always have the state or province.
 */
const regionCodes: Record<string, Record<string, string>> = {
  CA: {
    Alberta: 'AB',
    'British Columbia': 'BC',
    Manitoba: 'MB',
    'New Brunswick': 'NB',
    'Newfoundland and Labrador': 'NL',
    'Northwest Territories': 'NT',
    'Nova Scotia': 'NS',
    Nunavut: 'NU',
    Ontario: 'ON',
    'Prince Edward Island': 'PE',
    Quebec: 'QC',
    Saskatchewan: 'SK',
    Yukon: 'YT',
  },
  AU: {
    'Australian Capital Territory': 'ACT',
    'New South Wales': 'NSW',
    'Northern Territory': 'NT',
    Queensland: 'QLD',
    'South Australia': 'SA',
    Tasmania: 'TAS',
    Victoria: 'VIC',
    'Western Australia': 'WA',
  },
  US: {
    Alabama: 'AL',
    Alaska: 'AK',
    Arizona: 'AZ',
    Arkansas: 'AR',
    California: 'CA',
    Colorado: 'CO',
    Connecticut: 'CT',
    Delaware: 'DE',
    'District of Columbia': 'DC',
    Florida: 'FL',
    Georgia: 'GA',
    Hawaii: 'HI',
    Idaho: 'ID',
    Illinois: 'IL',
    Indiana: 'IN',
    Iowa: 'IA',
    Kansas: 'KS',
    Kentucky: 'KY',
    Louisiana: 'LA',
    Maine: 'ME',
    Maryland: 'MD',
    Massachusetts: 'MA',
    Michigan: 'MI',
    Minnesota: 'MN',
    Mississippi: 'MS',
    Missouri: 'MO',
    Montana: 'MT',
    Nebraska: 'NE',
    Nevada: 'NV',
    'New Hampshire': 'NH',
    'New Jersey': 'NJ',
    'New Mexico': 'NM',
    'New York': 'NY',
    'North Carolina': 'NC',
    'North Dakota': 'ND',
    Ohio: 'OH',
    Oklahoma: 'OK',
    Oregon: 'OR',
    Pennsylvania: 'PA',
    'Rhode Island': 'RI',
    'South Carolina': 'SC',
    'South Dakota': 'SD',
    Tennessee: 'TN',
    Texas: 'TX',
    Utah: 'UT',
    Vermont: 'VT',
    Virginia: 'VA',
    Washington: 'WA',
    'West Virginia': 'WV',
    Wisconsin: 'WI',
    Wyoming: 'WY',
  },
};

/** A region's postal abbreviation, when its country has them. */
export function regionCode(countryCode: string, region: string | undefined): string | undefined {
  return region ? regionCodes[countryCode]?.[region] : undefined;
}

/**
 * The box the search filters by, when the data has only a point: a square around it whose half
 * side grows with the square root of the population (a city's area grows roughly with its
 * population), 15 m per √inhabitant, from 3 km (a village, plus the 2 km the map fuzzes a
 * listing's location by) to 50 km (a metropolis). Toronto: 35 km; Boulder: 5.2 km.
 */
export const placeRadius = { metresPerSqrtPopulation: 15, minMetres: 3_000, maxMetres: 50_000 } as const;

export function placeRadiusMetres(population: number): number {
  const scaled = placeRadius.metresPerSqrtPopulation * Math.sqrt(Math.max(0, population));
  return Math.min(placeRadius.maxMetres, Math.max(placeRadius.minMetres, scaled));
}

/** To 5 decimals (about a metre), -0 as 0. */
const round = (value: number) => Math.round(value * 1e5) / 1e5 + 0;

interface IndexedPlace {
  place: Place;
  /** What ranks it within a tier: a city's population, a region's or country's biggest city's. */
  weight: number;
  kind: number;
  /** Normalised words of region, region code and country and their other names, for the words after the name. */
  context: string[];
  /** A city's other names, by the number its index rows carry (1 is the first): the one typed is shown. */
  alternativeNames?: readonly string[];
}

/** A region or country being gathered from its cities (most populous first). */
interface Area {
  name: string;
  country?: string;
  countryCode: string;
  cities: number[];
}

export class Gazetteer {
  private readonly places: IndexedPlace[] = [];
  /** Normalised name keys, sorted, with the place and tier of each. */
  private readonly keys: string[];
  private readonly keyPlaces: Int32Array;
  private readonly keyTiers: Uint8Array;
  /** Which of the place's names a key is of: 0 its name, n its n-th alternative name. */
  private readonly keyNames: Uint8Array;
  /** How many cities the gazetteer has (after one per address); the regions and countries follow. */
  readonly cityCount: number;

  constructor(entries: Iterable<GazetteerEntry>, names: GazetteerNames = {}) {
    // Most populous first, so of two places with the same address the bigger one is kept.
    const sorted = [...entries].sort(
      (a, b) => b.population - a.population || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
    const addresses = new Set<string>();
    // The index's rows (key, place, tier) as three lists, sorted by key at the end.
    const rowKeys: string[] = [];
    const rowPlaces: number[] = [];
    const rowTiers: Tier[] = [];
    const rowNames: number[] = [];
    const addRow = (key: string, place: number, tier: Tier, name: number) => {
      rowKeys.push(key);
      rowPlaces.push(place);
      rowTiers.push(tier);
      rowNames.push(name);
    };
    /** The full-name keys of each city, to tell a region that is its main city under another name. */
    const cityKeys: string[][] = [];
    const addKeys = (position: number, keys: readonly string[], name = 0) => {
      for (const key of keys) {
        addRow(key, position, Tier.Prefix, name);
        // Later words of the name, so "vancouver" also finds North Vancouver.
        for (let i = key.indexOf(' '); i >= 0; i = key.indexOf(' ', i + 1)) {
          addRow(key.slice(i + 1), position, Tier.LaterWord, name);
        }
      }
    };
    const regions = new Map<string, Area>();
    const countries = new Map<string, Area>();
    const countryWords = (code: string, country: string) => [
      country,
      code,
      ...(names.countries?.[code] ?? []),
    ];

    // The words after a city's name are those of its region and country: the same for many cities.
    const contexts = new Map<string, string[]>();
    const regionKeys = new Map<string, string>();
    const cityContext = (entry: GazetteerEntry) => {
      const key = `${entry.countryCode}\u0000${entry.region ?? ''}`;
      let context = contexts.get(key);
      if (!context) {
        context = words([
          entry.region,
          regionCode(entry.countryCode, entry.region),
          ...(entry.region ? (names.regions?.[entry.countryCode]?.[entry.region] ?? []) : []),
          ...countryWords(entry.countryCode, entry.country),
        ]);
        contexts.set(key, context);
      }
      return context;
    };

    for (const entry of sorted) {
      const keys = placeKeys([entry.name, ...(entry.alternativeNames ?? [])]);
      let regionKey = entry.region ? regionKeys.get(entry.region) : undefined;
      if (entry.region && regionKey === undefined) {
        regionKey = normaliseName(entry.region);
        regionKeys.set(entry.region, regionKey);
      }
      const region = regionCode(entry.countryCode, entry.region)
        ? entry.region
        : shownRegion(entry.region, keys, regionKey);
      const address = [entry.name, region, entry.country].filter(Boolean).join(', ');
      if (addresses.has(address)) continue;
      addresses.add(address);
      const position = this.places.length;
      this.places.push({
        place: {
          id: entry.id,
          kind: 'city',
          name: entry.name,
          address,
          ...(region ? { region } : {}),
          countryCode: entry.countryCode,
          origin: { lat: round(entry.origin.lat), lng: round(entry.origin.lng) },
          bounds: roundBounds(boundsAround(entry.origin, placeRadiusMetres(entry.population))),
        },
        weight: entry.population,
        kind: kindOrder.city,
        context: cityContext(entry),
        ...(entry.alternativeNames?.length ? { alternativeNames: entry.alternativeNames } : {}),
      });
      cityKeys[position] = keys;
      // The name's keys, then each other name's own (numbered, so the answer can show the one typed).
      const mainKeys = nameKeys(entry.name);
      addKeys(position, mainKeys);
      entry.alternativeNames?.forEach((alternative, index) => {
        const own = nameKeys(alternative).filter((key) => !mainKeys.includes(key));
        addKeys(position, own, index + 1);
      });
      if (entry.region) {
        const key = `${entry.countryCode}\u0000${entry.region}`;
        const area = regions.get(key) ?? {
          name: entry.region,
          country: entry.country,
          countryCode: entry.countryCode,
          cities: [],
        };
        area.cities.push(position);
        regions.set(key, area);
      }
      const country = countries.get(entry.countryCode) ?? {
        name: entry.country,
        countryCode: entry.countryCode,
        cities: [],
      };
      country.cities.push(position);
      countries.set(entry.countryCode, country);
    }

    // Regions and countries of two cities or more, unless a city has the same address (Berlin,
    // Germany) or the region is its main city under another name (Wien, the state, is Vienna).
    const cityCount = this.places.length;
    const areas: Array<{ area: Area; kind: 'region' | 'country'; otherNames: readonly string[] }> = [
      ...[...regions.values()].map((area) => ({
        area,
        kind: 'region' as const,
        otherNames: names.regions?.[area.countryCode]?.[area.name] ?? [],
      })),
      ...[...countries.values()].map((area) => ({
        area,
        kind: 'country' as const,
        otherNames: names.countries?.[area.countryCode] ?? [],
      })),
    ];
    for (const { area, kind, otherNames } of areas) {
      if (area.cities.length < 2) continue;
      const name = kind === 'region' ? readableRegion(area.name) : area.name;
      const address = [name, area.country].filter(Boolean).join(', ');
      if (addresses.has(address)) continue;
      const main = area.cities[0]!;
      // A region that only repeats its main city's name (Wien for Vienna, Sofia-Grad) is that city.
      if (
        kind === 'region' &&
        !regionCode(area.countryCode, area.name) &&
        !shownRegion(area.name, cityKeys[main]!)
      ) {
        continue;
      }
      addresses.add(address);
      const position = this.places.length;
      const mainPlace = this.places[main]!;
      this.places.push({
        place: {
          id: `${kind}:${area.countryCode}${kind === 'region' ? `:${area.name}` : ''}`,
          kind,
          name,
          address,
          ...(kind === 'region' ? { region: name } : {}),
          countryCode: area.countryCode,
          origin: mainPlace.place.origin,
          bounds: roundBounds(extentOf(area.cities.map((city) => this.places[city]!.place.bounds))),
        },
        weight: mainPlace.weight,
        kind: kindOrder[kind],
        context: kind === 'region' ? words(countryWords(area.countryCode, area.country ?? '')) : [],
      });
      addKeys(position, placeKeys([area.name, ...otherNames]));
    }
    this.cityCount = cityCount;

    // By key (then as added): a search ranks what it finds itself.
    const order = Uint32Array.from(rowKeys, (_, i) => i).sort((a, b) => {
      const keyA = rowKeys[a]!;
      const keyB = rowKeys[b]!;
      return keyA < keyB ? -1 : keyA > keyB ? 1 : a - b;
    });
    this.keys = Array.from(order, (i) => rowKeys[i]!);
    this.keyPlaces = Int32Array.from(order, (i) => rowPlaces[i]!);
    this.keyTiers = Uint8Array.from(order, (i) => rowTiers[i]!);
    this.keyNames = Uint8Array.from(order, (i) => rowNames[i]!);
  }

  /** Every place: the cities, most populous first, then the regions and the countries. */
  list(): Place[] {
    return this.places.map((indexed) => indexed.place);
  }

  /** How many places (cities, regions and countries) the gazetteer has. */
  get size(): number {
    return this.places.length;
  }

  /**
   * The `limit` most populous cities whose point lies in the box (the search map's place names):
   * the cities are kept most populous first, so the first ones found are the answer.
   */
  largestIn(bounds: Bounds, limit: number): Place[] {
    const found: Place[] = [];
    for (let position = 0; position < this.cityCount && found.length < limit; position++) {
      const { place } = this.places[position]!;
      if (boundsContain(bounds, place.origin)) found.push(place);
    }
    return found;
  }

  /** Up to `limit` places for a query, best first; none for a query without letters or digits. */
  search(query: string, limit: number): Place[] {
    const words = normaliseName(query).split(' ').filter(Boolean);
    // The longest leading part of the query that names places wins; the rest must fit the region.
    for (let nameWords = words.length; nameWords >= 1; nameWords--) {
      const qualifiers = words.slice(nameWords);
      const found = this.matchName(words.slice(0, nameWords).join(' '), qualifiers);
      if (found.size === 0) continue;
      return [...found]
        .sort(([a, matchA], [b, matchB]) => {
          const placeA = this.places[a]!;
          const placeB = this.places[b]!;
          return (
            matchA.tier - matchB.tier || placeB.weight - placeA.weight || placeA.kind - placeB.kind || a - b
          );
        })
        .slice(0, limit)
        .map(([position, match]) => this.shown(position, match.name));
    }
    return [];
  }

  /**
   * A place as the answer shows it: under the name that was typed. "München" answers "München,
   * Bavaria, Germany" (the seller sees the name they know, and a listing keeps it), "Munich" answers
   * "Munich, Bavaria, Germany": one place, one id, one box either way.
   */
  private shown(position: number, name: number): Place {
    const { place, alternativeNames } = this.places[position]!;
    const alternative = name > 0 ? alternativeNames?.[name - 1] : undefined;
    if (!alternative) return place;
    return {
      ...place,
      name: alternative,
      address: `${alternative}${place.address.slice(place.name.length)}`,
    };
  }

  /** Places whose name (or a later word of it) starts with `prefix`, with their best match. */
  private matchName(prefix: string, qualifiers: string[]): Map<number, { tier: Tier; name: number }> {
    const found = new Map<number, { tier: Tier; name: number }>();
    for (let i = this.lowerBound(prefix); i < this.keys.length && this.keys[i]!.startsWith(prefix); i++) {
      const position = this.keyPlaces[i]!;
      if (!this.fits(position, qualifiers)) continue;
      const keyTier = this.keyTiers[i] as Tier;
      const tier = keyTier === Tier.Prefix && this.keys[i] === prefix ? Tier.Exact : keyTier;
      const name = this.keyNames[i]!;
      const best = found.get(position);
      // The better tier wins; of two as good, the place's own name.
      if (!best || tier < best.tier || (tier === best.tier && name < best.name))
        found.set(position, { tier, name });
    }
    return found;
  }

  private fits(position: number, qualifiers: string[]): boolean {
    const context = this.places[position]!.context;
    return qualifiers.every((word) => context.some((token) => token.startsWith(word)));
  }

  private lowerBound(prefix: string): number {
    let low = 0;
    let high = this.keys.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.keys[middle]! < prefix) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/** The distinct index keys of a place's names. */
function placeKeys(placeNames: readonly string[]): string[] {
  return placeNames.length === 1 ? nameKeys(placeNames[0]!) : [...new Set(placeNames.flatMap(nameKeys))];
}

/** The distinct normalised words of some names. */
function words(texts: ReadonlyArray<string | undefined>): string[] {
  return [...new Set(normaliseName(texts.filter(Boolean).join(' ')).split(' ').filter(Boolean))];
}

/**
 * The region as a city's address shows it, or undefined when it only repeats the city: equal to,
 * or starting with, one of the city's names ("London, City of", "Sofia-Grad", "Brussels-Capital
 * Region", Praha for Prague), or Lithuania's city municipalities ("Vilniaus Miestas" for Vilnius).
 * (A state or province with a postal abbreviation is always shown: see `regionCode`.) "X, City
 * of" reads "City of X".
 */
export function shownRegion(
  region: string | undefined,
  cities: readonly string[],
  key = region ? normaliseName(region) : '',
): string | undefined {
  if (!region) return undefined;
  if (cities.some((city) => key === city || key.startsWith(`${city} `))) return undefined;
  if (key.endsWith(' miestas') && cities.some((city) => city.slice(0, 4) === key.slice(0, 4)))
    return undefined;
  return readableRegion(region);
}

/** A region's name as addresses show it: "Edinburgh, City of" (as lists sort it) reads "City of Edinburgh". */
function readableRegion(region: string): string {
  const cityOf = /^(.+), City of$/.exec(region);
  return cityOf ? `City of ${cityOf[1]}` : region;
}

/**
 * The smallest box around some boxes. Longitudes go round: the box leaves out the widest stretch of
 * longitude no box covers, so New Zealand with the Chatham Islands crosses 180° (ne.lng < sw.lng).
 */
export function extentOf(boxes: readonly Bounds[]): Bounds {
  let south = 90;
  let north = -90;
  const spans: Array<[number, number]> = [];
  for (const { ne, sw } of boxes) {
    south = Math.min(south, sw.lat);
    north = Math.max(north, ne.lat);
    if (sw.lng <= ne.lng) spans.push([sw.lng, ne.lng]);
    else spans.push([sw.lng, 180], [-180, ne.lng]);
  }
  spans.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const [west, east] of spans) {
    const last = merged.at(-1);
    if (last && west <= last[1]) last[1] = Math.max(last[1], east);
    else merged.push([west, east]);
  }
  // The gap after the last span runs round to the first; the box is everything but the widest gap.
  let widest = merged.length - 1;
  let widestSize = merged[0]![0] + 360 - merged.at(-1)![1];
  for (let i = 0; i + 1 < merged.length; i++) {
    const size = merged[i + 1]![0] - merged[i]![1];
    if (size > widestSize) {
      widest = i;
      widestSize = size;
    }
  }
  const west = merged[(widest + 1) % merged.length]![0];
  const east = merged[widest]![1];
  return { ne: { lat: north, lng: east }, sw: { lat: south, lng: west } };
}

function roundBounds(bounds: Place['bounds']): Place['bounds'] {
  return {
    ne: { lat: round(bounds.ne.lat), lng: round(bounds.ne.lng) },
    sw: { lat: round(bounds.sw.lat), lng: round(bounds.sw.lng) },
  };
}
