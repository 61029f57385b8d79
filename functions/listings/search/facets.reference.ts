import type { SearchFacets } from '../../../shared/api/types';
import type { SearchFilterId } from '../../../shared/config/search-filters';
import type { SearchFilterValues } from '../../../shared/validation/search-filters';
import type { ListingRecord } from '../listing-record';

/**
 * The plain definition of the search filters and their facet counts, for the property tests to
 * compare the index with (facets.ts answers from codes and one pass; this says what it means).
 * Written from the listing's fields directly, not from the index's tables.
 */

const folded = new Map<string, string>();
/** Case, accents and spacing folded (remembered: the tests fold the same few values many times). */
function fold(text: string): string {
  let key = folded.get(text);
  if (key === undefined) {
    key = text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[\s\-_.]+/g, ' ')
      .trim();
    folded.set(text, key);
  }
  return key;
}

/** The listing's values for a facet (free text folded). */
export function valuesOf(record: ListingRecord, id: SearchFilterId): string[] {
  const data = record.publicData;
  const present = (values: (string | undefined)[]) =>
    values.map((value) => value?.trim()).filter((value): value is string => Boolean(value));
  switch (id) {
    case 'category':
      return present([data.category]);
    case 'condition':
      return present([data.condition]);
    case 'frameSize':
      return present([data.frameSize]);
    case 'size':
      return present([data.size]);
    case 'wheelSize':
      return present([data.wheelSize]);
    case 'frameMaterial':
      return present([data.frameMaterial]);
    case 'delivery':
      return [...(data.shippingEnabled ? ['shipping'] : []), ...(data.pickupEnabled ? ['pickup'] : [])];
    case 'brand':
      return present([data.brand]).map(fold);
    case 'groupset':
      return present([data.groupset]).map(fold);
    default:
      return [];
  }
}

const textFacets: SearchFilterId[] = ['brand', 'groupset'];
export const facetIds: SearchFilterId[] = [
  'category',
  'condition',
  'frameSize',
  'size',
  'wheelSize',
  'frameMaterial',
  'delivery',
  ...textFacets,
];

/** Whether the listing passes the filter. */
function passesOne(record: ListingRecord, id: SearchFilterId, filters: SearchFilterValues): boolean {
  const value = filters[id];
  if (!value) return true;
  if (value.type === 'range') {
    const number = id === 'price' ? record.price.amount : record.publicData.year;
    if (number === undefined) return false;
    return id === 'price'
      ? number >= value.min && number < value.max
      : number >= value.min && number <= value.max;
  }
  const wanted = value.type === 'options' ? value.keys : value.values.map(fold);
  return valuesOf(record, id).some((own) => wanted.includes(own));
}

/** Whether the listing passes every filter (but `except`). */
export function passes(
  record: ListingRecord,
  filters: SearchFilterValues = {},
  except?: SearchFilterId,
): boolean {
  return (Object.keys(filters) as SearchFilterId[]).every(
    (id) => id === except || passesOne(record, id, filters),
  );
}

/**
 * The facets of a query over `base` (the listings its keywords and place match): each facet counted
 * over the listings passing every other filter. `all` is every listing of the index in its order,
 * whose first spelling of a free-text value is the label.
 */
export function referenceFacets(
  all: readonly ListingRecord[],
  base: readonly ListingRecord[],
  filters: SearchFilterValues = {},
): SearchFacets {
  const facets: SearchFacets = {};
  for (const id of facetIds) {
    const counts = new Map<string, number>();
    const labels = new Map<string, string>();
    // Labels: the first spelling in index order over every listing (not only the counted ones).
    for (const record of all) {
      const raw =
        id === 'brand' ? record.publicData.brand : id === 'groupset' ? record.publicData.groupset : undefined;
      if (raw?.trim() && !labels.has(fold(raw))) labels.set(fold(raw), raw.trim());
    }
    for (const record of base) {
      if (!passes(record, filters, id)) continue;
      for (const value of new Set(valuesOf(record, id))) counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    let entries = [...counts];
    if (textFacets.includes(id)) {
      const value = filters[id];
      const selected = value?.type === 'text' ? value.values.map(fold) : [];
      entries = entries
        .map(([key, count]) => [labels.get(key)!, count, key] as const)
        .sort(([labelA, a], [labelB, b]) => b - a || labelA.localeCompare(labelB))
        .filter(([, , key], rank) => rank < 50 || selected.includes(key))
        .map(([label, count]) => [label, count]);
    }
    facets[id] = Object.fromEntries(entries);
  }
  return facets;
}
