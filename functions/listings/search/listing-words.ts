import { categoryLabel } from '../../../shared/config/categories';
import { countryName, isCountryCode } from '../../../shared/config/countries';
import { foldWords } from '../../../shared/text/fold';
import { countryNames as otherCountryNames } from '../../places/alternative-names';
import type { SearchDocument } from './search-document';

/**
 * Which words of a listing the search finds, and how much each counts: title words most, then
 * brand, model and groupset, then the rest of the text, the category's name and the place (city, region name, the
 * country's English name and other names, so "bavaria", "germany", "uk", "london" find listings
 * there). The weights are
 * even so a word found with a typo can count one less and still at least 1 (`typoWeight`): an exact
 * match always scores above a typo in the same field.
 */
export const fieldWeights = { title: 6, strong: 4, body: 2 } as const;

export const typoWeight = (weight: number) => weight - 1;

/** A text's words, lowercased, accents and punctuation gone (the same folding as brand names). */
export const tokenize = foldWords;

/** Each token of the listing with the weight of the heaviest field it occurs in. */
export function weightedTokens(record: SearchDocument): Map<string, number> {
  const tokens = new Map<string, number>();
  const add = (text: string, weight: number) => {
    for (const token of tokenize(text)) tokens.set(token, Math.max(tokens.get(token) ?? 0, weight));
  };
  const data = record.publicData;
  const { city, region, country } = data.location;
  add(record.title, fieldWeights.title);
  add([data.brand, data.model, data.groupset].filter(Boolean).join(' '), fieldWeights.strong);
  add(
    [
      record.description,
      // "Road Bikes", "Helmets": a title need not say what the listing is ("road bike" near London).
      categoryLabel(data.category),
      data.colour,
      data.wheelset,
      city,
      ...regionWords(region),
      ...countryWords(country),
    ]
      .filter(Boolean)
      .join(' '),
    fieldWeights.body,
  );
  return tokens;
}

/**
 * A region's name, not its code: "ON", "BC" or "NSW" as words would make "clip on", "bc" or any
 * short word find a whole province.
 */
const regionWords = (region: string | undefined) =>
  region && !/^[A-Z0-9]{1,3}$/.test(region) ? [region] : [];

/**
 * A country's English name and the other names people search it by ("UK", "Deutschland"), not its
 * code ("de" and "ca" are words in other languages' titles).
 */
function countryWords(code: string): string[] {
  const name = englishCountryName(code);
  return name ? [name, ...(otherCountryNames[code] ?? [])] : [];
}

const countryNames = new Map<string, string>();

/** "DE" → "Germany" (cached: the index asks once per listing); nothing for an unknown code. */
function englishCountryName(code: string): string | undefined {
  if (!isCountryCode(code)) return undefined;
  let name = countryNames.get(code);
  if (name === undefined) {
    name = countryName(code, 'en');
    countryNames.set(code, name);
  }
  return name;
}
