import type { SearchFacets } from '../../../shared/api/types';
import { brandKey, canonicalBrand } from '../../../shared/config/brands';
import { frameSizeLetterOf } from '../../../shared/config/frame-sizes';
import { canonicalGroupset, groupsetKey } from '../../../shared/config/groupsets';
import type { SearchFilterValues } from '../../../shared/validation/search-filters';
import {
  type FacetColumn,
  type FacetCount,
  FacetField,
  type FacetSource,
  facetAnswer,
  facetColumn,
  type Selection,
} from './facet-field';
import type { Matches } from './ranking';
import type { SearchDocument } from './search-document';
import { asksForSize, type SizeWords } from './size-words';

/**
 * The search filters of the index (issue 21): each listing's values for every facet, the filters of
 * a query as tests on positions, and one pass over the matches that both filters them and counts
 * the facets disjunctively: a facet's counts apply every filter except its own, so picking a second
 * condition shows how many more listings it adds rather than zero.
 */

/**
 * A bike's frame-size letters: the seller's, and the one its size in cm falls under in its category
 * group's table (shared/config/frame-sizes.ts), so "M" finds a 55 cm road bike whatever letter its
 * seller chose.
 */
function frameSizes({ publicData }: SearchDocument): (string | undefined)[] {
  const { frameSize, frameSizeCm, category } = publicData;
  return [frameSize, frameSizeCm === undefined ? undefined : frameSizeLetterOf(category, frameSizeCm)];
}

const facetSources: readonly FacetSource[] = [
  { id: 'category', values: (record) => [record.publicData.category] },
  { id: 'condition', values: (record) => [record.publicData.condition] },
  { id: 'frameSize', values: frameSizes, multi: true },
  { id: 'size', values: (record) => [record.publicData.size] },
  { id: 'wheelSize', values: (record) => [record.publicData.wheelSize] },
  { id: 'frameMaterial', values: (record) => [record.publicData.frameMaterial] },
  {
    id: 'delivery',
    multi: true,
    values: ({ publicData }) => [
      publicData.shippingEnabled ? 'shipping' : undefined,
      publicData.pickupEnabled ? 'pickup' : undefined,
    ],
  },
  {
    id: 'brand',
    values: (record) => [record.publicData.brand],
    text: { key: brandKey, label: canonicalBrand },
  },
  {
    id: 'groupset',
    values: (record) => [record.publicData.groupset],
    text: { key: groupsetKey, label: canonicalGroupset },
  },
];

/**
 * A filter of a query: the facet it narrows (if any), and a pass over the matches that counts one
 * more failure for each entry it refuses and notes itself as the one refused by (`failedWith`).
 * Filters run column by column in tight loops: a function call per entry costs more than the test.
 */
interface ActiveFilter {
  facet?: number;
  refuse(
    positions: Int32Array,
    count: number,
    failures: Uint8Array,
    failedWith: Uint8Array,
    self: number,
  ): void;
}

/** An ActiveFilter from a test on one entry (for the rare filters, where a call per entry is fine). */
const refusing =
  (accepts: (position: number) => boolean): ActiveFilter['refuse'] =>
  (positions, count, failures, failedWith, self) => {
    for (let i = 0; i < count; i++) {
      const position = positions[i]!;
      if (accepts(position)) continue;
      failures[position]!++;
      failedWith[position] = self;
    }
  };

/** An ActiveFilter['refuse'] keeping the entries whose number lies in [min, max] or [min, max). */
const outsideRange =
  (
    numbers: Float64Array | Int32Array,
    min: number,
    max: number,
    maxIncluded: boolean,
  ): ActiveFilter['refuse'] =>
  (positions, count, failures, failedWith, self) => {
    for (let i = 0; i < count; i++) {
      const position = positions[i]!;
      const value = numbers[position]!;
      if (value >= min && (maxIncluded ? value <= max : value < max)) continue;
      failures[position]!++;
      failedWith[position] = self;
    }
  };

/** The facets of the index as plain arrays, which a snapshot stores as they are (snapshot.ts). */
export interface FacetColumns {
  /** One per facet source, in their order. */
  fields: FacetColumn[];
  prices: Float64Array;
  /** Every entry by price, lowest first: a price range is a slice of it. */
  priceOrder: Int32Array;
  /** Each entry's year (0: not given). */
  years: Int32Array;
  /** Each entry's frame size in cm (0: not given). */
  frameCm: Float64Array;
}

export function facetColumns(entries: readonly SearchDocument[]): FacetColumns {
  return {
    fields: facetSources.map((source) => facetColumn(source, entries)),
    prices: Float64Array.from(entries, (record) => record.price.amount),
    priceOrder: Int32Array.from(entries.keys()).sort(
      (a, b) => entries[a]!.price.amount - entries[b]!.price.amount,
    ),
    years: Int32Array.from(entries, (record) => record.publicData.year ?? 0),
    frameCm: Float64Array.from(entries, (record) => record.publicData.frameSizeCm ?? 0),
  };
}

/** Counts of one search: per facet (in `facetSources` order), per value code (0: none). */
export type FacetCounts = Int32Array[];

/** Every facet's answer from its counts by key and label (free text keeps the values the query chose). */
export function facetsAnswer(counted: readonly FacetCount[][], values: SearchFilterValues): SearchFacets {
  const facets: SearchFacets = {};
  facetSources.forEach((source, facet) => {
    const value = values[source.id];
    const selected = value?.type === 'text' ? value.values : [];
    facets[source.id] = facetAnswer(source, counted[facet]!, selected);
  });
  return facets;
}

export class Facets {
  private readonly fields: FacetField[];
  private readonly prices: Float64Array;
  private readonly years: Int32Array;
  private readonly category: FacetField;
  private readonly frameCm: Float64Array;
  /** Per-entry scratch of one search (search is synchronous): all zero between searches. */
  private readonly failures: Uint8Array;
  private readonly failedWith: Uint8Array;
  /** Per facet, the matches refused only by its own filter (scratch, like `failures`). */
  private readonly failedOnly: Int32Array[];

  constructor(readonly columns: FacetColumns) {
    this.fields = facetSources.map((source, i) => new FacetField(source, columns.fields[i]!));
    this.prices = columns.prices;
    this.years = columns.years;
    this.frameCm = columns.frameCm;
    this.category = this.fields.find((field) => field.source.id === 'category')!;
    const count = columns.prices.length;
    this.failures = new Uint8Array(count);
    this.failedWith = new Uint8Array(count);
    this.failedOnly = this.fields.map(() => new Int32Array(count));
  }

  static of(entries: readonly SearchDocument[]): Facets {
    return new Facets(facetColumns(entries));
  }

  private everyCounts: Int32Array[] | undefined;

  /** Each facet's counts over every entry (no filter), counted once. */
  everyEntryCounts(): Int32Array[] {
    if (!this.everyCounts) {
      const all = Int32Array.from({ length: this.failures.length }, (_, i) => i);
      this.everyCounts = this.fields.map((field) => {
        const column = new Int32Array(field.size);
        field.count(all, all.length, column);
        return column;
      });
    }
    return this.everyCounts;
  }

  private everythingAnswer: SearchFacets | undefined;

  /** The facets of every entry, no filter (the landing page, a bare /s), from the counts above. */
  everything(): SearchFacets {
    this.everythingAnswer ??= this.answer(this.everyEntryCounts(), {});
    return this.everythingAnswer;
  }

  /**
   * The entries in the query's price range, if it has one (lowest price first). A search without
   * keywords starts from them instead of every entry: an entry outside the range fails the price
   * filter, which has no facet, so it counts in no facet either.
   */
  inPriceRange(values: SearchFilterValues | undefined): Int32Array | undefined {
    const price = values?.price;
    if (price?.type !== 'range') return undefined;
    const { priceOrder } = this.columns;
    // The upper bound is exclusive (§5: the page sends max + 1 minor unit).
    return priceOrder.subarray(this.firstPriced(price.min), this.firstPriced(price.max));
  }

  /** Where the first entry priced at least `amount` is in `priceOrder`. */
  private firstPriced(amount: number): number {
    const { priceOrder, prices } = this.columns;
    let low = 0;
    let high = priceOrder.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (prices[priceOrder[middle]!]! < amount) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Whether the query filters at all (without filters, the index can skip the pass). */
  static filters(values: SearchFilterValues | undefined): boolean {
    return values !== undefined && Object.keys(values).length > 0;
  }

  /**
   * Keeps the matches that pass every filter (in place) and counts each facet over the matches that
   * pass every filter but its own.
   */
  apply(
    matches: Matches,
    values: SearchFilterValues = {},
    sizeWords?: SizeWords,
    everyEntry = false,
  ): FacetCounts {
    const active = this.activeFilters(values);
    if (sizeWords && asksForSize(sizeWords)) active.push(this.sizeWordFilter(sizeWords));
    // A lone filter over every entry (a category page): its own facet's counts are the unfiltered
    // ones, counted once per index, instead of a pass over every entry it refuses.
    const lone = everyEntry && active.length === 1 ? active[0]!.facet : undefined;
    // Each filter marks the matches it refuses; then one pass keeps the matches refused by none, and
    // each facet counts its column in a tight loop over those and the ones refused only by it.
    const { positions, scores } = matches;
    const { failures, failedWith, failedOnly } = this;
    active.forEach((filter, f) => {
      filter.refuse(positions, matches.count, failures, failedWith, f);
    });
    const failedOnlyCount = new Int32Array(this.fields.length);
    let kept = 0;
    for (let i = 0; i < matches.count; i++) {
      const position = positions[i]!;
      const failed = failures[position]!;
      if (failed === 0) {
        positions[kept] = position;
        scores[kept] = scores[i]!;
        kept++;
        continue;
      }
      failures[position] = 0;
      const facet = failed === 1 ? active[failedWith[position]!]!.facet : undefined;
      if (facet !== undefined && facet !== lone) failedOnly[facet]![failedOnlyCount[facet]!++] = position;
    }
    matches.count = kept;
    return this.fields.map((field, facet) => {
      if (facet === lone) return this.everyEntryCounts()[facet]!;
      const column = new Int32Array(field.size);
      field.count(positions, kept, column);
      field.count(failedOnly[facet]!, failedOnlyCount[facet]!, column);
      return column;
    });
  }

  /** Subtracts the values of the first `count` entries of `positions` from `counts` (in place). */
  uncount(counts: FacetCounts, positions: Int32Array, count: number): void {
    this.fields.forEach((field, facet) => {
      const removed = new Int32Array(field.size);
      field.count(positions, count, removed);
      const column = counts[facet]!;
      for (let code = 0; code < removed.length; code++) column[code]! -= removed[code]!;
    });
  }

  /** Each facet's counts by key and label, for adding up with another index's (catalogue.ts). */
  counted(counts: FacetCounts): FacetCount[][] {
    return this.fields.map((field, facet) => field.counted(counts[facet]!));
  }

  /** The counts as the API answers them (free text keeps the values the query chose). */
  answer(counts: FacetCounts, values: SearchFilterValues = {}): SearchFacets {
    return facetsAnswer(this.counted(counts), values);
  }

  /**
   * The frame size the keywords asked for ("size M", "56 cm"): a listing with its size in cm
   * within 1 cm of the figure, or with the letter asked or the letter the figure gives in its
   * category group's table. It narrows every facet, as the keywords do.
   */
  private sizeWordFilter({ sizes, cm }: SizeWords): ActiveFilter {
    const facet = this.fields.findIndex((field) => field.source.id === 'frameSize');
    const field = this.fields[facet]!;
    const letters = field.selection(sizes);
    const byLetter = new Map<string, Selection>();
    const selectionOf = (letter: string) => {
      let selection = byLetter.get(letter);
      if (!selection) {
        selection = field.selection([letter]);
        byLetter.set(letter, selection);
      }
      return selection;
    };
    return {
      refuse: refusing((position) => {
        if (sizes.length && field.has(position, letters)) return true;
        if (cm === undefined) return false;
        const own = this.frameCm[position]!;
        if (own > 0) return Math.abs(own - cm) <= 1;
        const category = this.category.labelAt(position);
        const letter = category === undefined ? undefined : frameSizeLetterOf(category, cm);
        return letter !== undefined && field.has(position, selectionOf(letter));
      }),
    };
  }

  private activeFilters(values: SearchFilterValues): ActiveFilter[] {
    const active: ActiveFilter[] = [];
    this.fields.forEach((field, facet) => {
      const value = values[field.source.id];
      if (!value || value.type === 'range') return;
      const wanted = field.selection(value.type === 'options' ? value.keys : value.values);
      active.push({ facet, refuse: (...args) => field.refuse(wanted, ...args) });
    });
    const price = values.price;
    if (price?.type === 'range') {
      // The upper bound is exclusive (§5: the page sends max + 1 minor unit).
      active.push({ refuse: outsideRange(this.prices, price.min, price.max, false) });
    }
    const year = values.year;
    if (year?.type === 'range') {
      active.push({ refuse: outsideRange(this.years, year.min, year.max, true) });
    }
    return active;
  }
}
