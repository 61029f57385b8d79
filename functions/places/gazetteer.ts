import { boundsAround, type Place } from '../../shared/maps';
import type { LatLng } from '../../shared/validation/core';

/**
 * The offline gazetteer behind `GET /api/places` (the local stand-in for Amazon Location's place
 * search, DESIGN.md): a sorted prefix index over place names, built once per Lambda container.
 * A query matches a place when a leading part of it is a prefix of the place's name (or of a later
 * word of the name: "vancouver" finds North Vancouver, after Vancouver) and every remaining word is
 * a prefix of its region, region code or country ("portland me", "toronto, ontario, canada").
 * Ranking: exact name, then name prefix, then later word of the name; within each, most populous first.
 */
export interface GazetteerEntry {
  id: string;
  name: string;
  /** Province or state (full name), when the data has one. */
  region?: string;
  country: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  origin: LatLng;
  population: number;
}

/** Tiers of a name match, best first. */
const Tier = { Exact: 0, Prefix: 1, LaterWord: 2 } as const;
type Tier = (typeof Tier)[keyof typeof Tier];

/** Lower case, accents and apostrophes removed, anything else but letters and digits a single space. */
export function normaliseName(text: string): string {
  // Most names are plain ASCII; Unicode decomposition is only needed for the others.
  const ascii = /^[\x20-\x7e]*$/.test(text) ? text : text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  return ascii
    .toLowerCase()
    .replace(/['’‘`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Postal abbreviations of Canadian provinces and territories and US states, by full name. */
const regionCodes: Record<string, string> = {
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
};

/** Extra words people type for a country. */
const countryAliases: Record<string, string[]> = { US: ['usa'] };

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

const round = (value: number, decimals = 5) => Number(value.toFixed(decimals)) + 0;

interface IndexedPlace {
  place: Place;
  population: number;
  /** Normalised words of region, region code and country, for the words after the name. */
  context: string[];
}

export class Gazetteer {
  private readonly places: IndexedPlace[] = [];
  /** Normalised name keys, sorted, with the place and tier of each. */
  private readonly keys: string[];
  private readonly keyPlaces: Int32Array;
  private readonly keyTiers: Uint8Array;

  constructor(entries: Iterable<GazetteerEntry>) {
    // Most populous first, so of two places with the same address the bigger one is kept.
    const sorted = [...entries].sort(
      (a, b) => b.population - a.population || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
    const addresses = new Set<string>();
    const keyRows: Array<{ key: string; place: number; tier: Tier }> = [];
    for (const entry of sorted) {
      const address = [entry.name, entry.region, entry.country].filter(Boolean).join(', ');
      if (addresses.has(address)) continue;
      addresses.add(address);
      const position = this.places.length;
      const regionCode = entry.region ? regionCodes[entry.region] : undefined;
      this.places.push({
        place: {
          id: entry.id,
          name: entry.name,
          address,
          ...(entry.region ? { region: entry.region } : {}),
          countryCode: entry.countryCode,
          origin: { lat: round(entry.origin.lat), lng: round(entry.origin.lng) },
          bounds: roundBounds(boundsAround(entry.origin, placeRadiusMetres(entry.population))),
        },
        population: entry.population,
        context: normaliseName(
          [
            entry.region,
            regionCode,
            entry.country,
            entry.countryCode,
            ...(countryAliases[entry.countryCode] ?? []),
          ]
            .filter(Boolean)
            .join(' '),
        ).split(' '),
      });
      const name = normaliseName(entry.name);
      if (!name) continue;
      keyRows.push({ key: name, place: position, tier: Tier.Prefix });
      // Later words of the name, so "vancouver" also finds North Vancouver.
      for (let i = name.indexOf(' '); i >= 0; i = name.indexOf(' ', i + 1)) {
        keyRows.push({ key: name.slice(i + 1), place: position, tier: Tier.LaterWord });
      }
    }
    keyRows.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.tier - b.tier || a.place - b.place));
    this.keys = keyRows.map((row) => row.key);
    this.keyPlaces = Int32Array.from(keyRows, (row) => row.place);
    this.keyTiers = Uint8Array.from(keyRows, (row) => row.tier);
  }

  get size(): number {
    return this.places.length;
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
        .sort(
          ([a, tierA], [b, tierB]) =>
            tierA - tierB || this.places[b]!.population - this.places[a]!.population || a - b,
        )
        .slice(0, limit)
        .map(([position]) => this.places[position]!.place);
    }
    return [];
  }

  /** Places whose name (or a later word of it) starts with `prefix`, with their best tier. */
  private matchName(prefix: string, qualifiers: string[]): Map<number, Tier> {
    const found = new Map<number, Tier>();
    for (let i = this.lowerBound(prefix); i < this.keys.length && this.keys[i]!.startsWith(prefix); i++) {
      const position = this.keyPlaces[i]!;
      if (!this.fits(position, qualifiers)) continue;
      const keyTier = this.keyTiers[i] as Tier;
      const tier = keyTier === Tier.Prefix && this.keys[i] === prefix ? Tier.Exact : keyTier;
      const best = found.get(position);
      if (best === undefined || tier < best) found.set(position, tier);
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

function roundBounds(bounds: Place['bounds']): Place['bounds'] {
  return {
    ne: { lat: round(bounds.ne.lat), lng: round(bounds.ne.lng) },
    sw: { lat: round(bounds.sw.lat), lng: round(bounds.sw.lng) },
  };
}
