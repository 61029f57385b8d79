import type { SearchFacets } from '../../../shared/api/types';
import { brandKey, canonicalBrand } from '../../../shared/config/brands';
import { frameSizeLetterOf } from '../../../shared/config/frame-sizes';
import { canonicalGroupset, groupsetKey } from '../../../shared/config/groupsets';
import type { SearchFilterId } from '../../../shared/config/search-filters';
import type { SearchFilterValues } from '../../../shared/validation/search-filters';
import type { ListingRecord } from '../listing-record';

/**
 * The plain definition of the search filters and their facet counts, for the property tests to
 * compare the index with (facets.ts answers from codes and one pass; this says what it means).
 * Written from the listing's fields directly, not from the index's tables.
 */

/** Brands and groupsets count by the vocabulary's key and show its name (remembered: slow-ish). */
const memo = <T>(compute: (text: string) => T) => {
  const known = new Map<string, T>();
  return (text: string) => {
    if (!known.has(text)) known.set(text, compute(text));
    return known.get(text) as T;
  };
};
const keyOf = { brand: memo(brandKey), groupset: memo(groupsetKey) };
const labelOf = { brand: memo(canonicalBrand), groupset: memo(canonicalGroupset) };

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
      return present([
        data.frameSize,
        data.frameSizeCm === undefined ? undefined : frameSizeLetterOf(data.category, data.frameSizeCm),
      ]);
    case 'size':
      return present([data.size]);
    case 'wheelSize':
      return present([data.wheelSize]);
    case 'frameMaterial':
      return present([data.frameMaterial]);
    case 'delivery':
      return [...(data.shippingEnabled ? ['shipping'] : []), ...(data.pickupEnabled ? ['pickup'] : [])];
    case 'brand':
      return present([data.brand]).map(keyOf.brand);
    case 'groupset':
      return present([data.groupset]).map(keyOf.groupset);
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
  const wanted = value.type === 'options' ? value.keys : value.values.map(keyOf[id as 'brand' | 'groupset']);
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
    // Labels: the canonical name, as first seen in index order over every listing.
    for (const record of all) {
      if (id !== 'brand' && id !== 'groupset') break;
      const raw = record.publicData[id];
      if (raw?.trim() && !labels.has(keyOf[id](raw))) labels.set(keyOf[id](raw), labelOf[id](raw));
    }
    for (const record of base) {
      if (!passes(record, filters, id)) continue;
      for (const value of new Set(valuesOf(record, id))) counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    let entries = [...counts];
    if (textFacets.includes(id)) {
      const value = filters[id];
      const selected = value?.type === 'text' ? value.values.map(keyOf[id as 'brand' | 'groupset']) : [];
      entries = entries
        .map(([key, count]) => [labels.get(key)!, count, key] as const)
        .sort(([labelA, a], [labelB, b]) => b - a || (labelA < labelB ? -1 : labelA > labelB ? 1 : 0))
        .filter(([, , key], rank) => rank < 50 || selected.includes(key))
        .map(([label, count]) => [label, count]);
    }
    facets[id] = Object.fromEntries(entries);
  }
  return facets;
}
