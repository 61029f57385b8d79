import type { SearchFacets } from '../../../shared/api/types';
import { brandKey, canonicalBrand } from '../../../shared/config/brands';
import { frameSizeLetterOf } from '../../../shared/config/frame-sizes';
import { canonicalGroupset, groupsetKey } from '../../../shared/config/groupsets';
import type { SearchFilterId } from '../../../shared/config/search-filters';
import type { SearchFilterValues } from '../../../shared/validation/search-filters';
import type { ListingRecord } from '../listing-record';
import type { Matches } from './ranking';
import type { SizeWords } from './size-words';

/**
 * The search filters of the index (issue 21): each listing's values for every facet, the filters of
 * a query as tests on positions, and one pass over the matches that both filters them and counts
 * the facets disjunctively: a facet's counts apply every filter except its own, so picking a second
 * condition shows how many more listings it adds rather than zero.
 */

/** How a listing's values for a facet are found, and how a value is folded for matching. */
interface FacetSource {
  id: SearchFilterId;
  values: (record: ListingRecord) => readonly (string | undefined)[];
  /**
   * Free text (brand, groupset): the key a value matches and counts by (so "SRAM", "Sram" and
   * "sram " are one value) and the name it is shown by (the vocabulary's, shared/config/brands.ts).
   */
  text?: { key: (value: string) => string; label: (value: string) => string };
}

/**
 * A bike's frame-size letters: the seller's, and the one its size in cm falls under in its category
 * group's table (shared/config/frame-sizes.ts), so "M" finds a 55 cm road bike whatever letter its
 * seller chose.
 */
function frameSizes({ publicData }: ListingRecord): (string | undefined)[] {
  const { frameSize, frameSizeCm, category } = publicData;
  return [frameSize, frameSizeCm === undefined ? undefined : frameSizeLetterOf(category, frameSizeCm)];
}

const facetSources: readonly FacetSource[] = [
  { id: 'category', values: (record) => [record.publicData.category] },
  { id: 'condition', values: (record) => [record.publicData.condition] },
  { id: 'frameSize', values: frameSizes },
  { id: 'size', values: (record) => [record.publicData.size] },
  { id: 'wheelSize', values: (record) => [record.publicData.wheelSize] },
  { id: 'frameMaterial', values: (record) => [record.publicData.frameMaterial] },
  {
    id: 'delivery',
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

/** Free-text facets answer their most common values only (and any the query selected). */
export const maxTextFacetValues = 50;

/** One facet over the index's entries: each entry's value codes (offsets into `codes`). */
class FacetField {
  /** The value shown for each code (code 0 unused); free text its canonical name, as first seen. */
  readonly labels: string[] = [''];
  private readonly codeOf = new Map<string, number>();
  private readonly offsets: Int32Array;
  private readonly codes: Int32Array;

  constructor(
    readonly source: FacetSource,
    entries: readonly ListingRecord[],
  ) {
    const offsets = new Int32Array(entries.length + 1);
    const codes: number[] = [];
    entries.forEach((record, position) => {
      const seen = new Set<number>();
      for (const value of source.values(record)) {
        if (!value?.trim()) continue;
        const label = source.text ? source.text.label(value) : value.trim();
        const code = this.codeFor(label);
        if (!seen.has(code)) codes.push(code);
        seen.add(code);
      }
      offsets[position + 1] = codes.length;
    });
    this.offsets = offsets;
    this.codes = Int32Array.from(codes);
  }

  private keyOf(value: string): string {
    return this.source.text ? this.source.text.key(value) : value;
  }

  private codeFor(label: string): number {
    const key = this.keyOf(label);
    let code = this.codeOf.get(key);
    if (code === undefined) {
      code = this.labels.length;
      this.codeOf.set(key, code);
      this.labels.push(label);
    }
    return code;
  }

  get size(): number {
    return this.labels.length;
  }

  /** The codes of the selected values, one byte per code (a value no entry has selects nothing). */
  selection(values: readonly string[]): Uint8Array {
    const wanted = new Uint8Array(this.labels.length);
    for (const value of values) {
      const code = this.codeOf.get(this.keyOf(value));
      if (code !== undefined) wanted[code] = 1;
    }
    return wanted;
  }

  /** Whether the entry has one of the selected values. */
  has(position: number, wanted: Uint8Array): boolean {
    for (let i = this.offsets[position]!; i < this.offsets[position + 1]!; i++) {
      if (wanted[this.codes[i]!] === 1) return true;
    }
    return false;
  }

  /** Adds the entry's values to `counts` (one slot per code). */
  count(position: number, counts: Int32Array): void {
    for (let i = this.offsets[position]!; i < this.offsets[position + 1]!; i++) counts[this.codes[i]!]!++;
  }

  /** The counts as the API answers them: non-zero only; free text its most common values. */
  answer(counts: Int32Array, selected: readonly string[]): Record<string, number> {
    const result: Record<string, number> = {};
    let codes = Array.from({ length: counts.length - 1 }, (_, i) => i + 1).filter(
      (code) => counts[code]! > 0,
    );
    if (this.source.text) {
      const chosen = this.selection(selected);
      codes = codes
        .sort((a, b) => counts[b]! - counts[a]! || this.labels[a]!.localeCompare(this.labels[b]!))
        .filter((code, rank) => rank < maxTextFacetValues || chosen[code] === 1);
    }
    for (const code of codes) result[this.labels[code]!] = counts[code]!;
    return result;
  }
}

/** A filter of a query: the facet it narrows (if any) and its test on an entry. */
interface ActiveFilter {
  facet?: number;
  accepts: (position: number) => boolean;
}

export class Facets {
  private readonly fields: FacetField[];
  private readonly prices: Float64Array;
  private readonly years: Int32Array;

  private readonly categories: string[];
  /** Each entry's frame size in cm (0: not given). */
  private readonly frameCm: Float64Array;

  constructor(entries: readonly ListingRecord[]) {
    this.fields = facetSources.map((source) => new FacetField(source, entries));
    this.prices = Float64Array.from(entries, (record) => record.price.amount);
    this.years = Int32Array.from(entries, (record) => record.publicData.year ?? 0);
    this.categories = entries.map((record) => record.publicData.category);
    this.frameCm = Float64Array.from(entries, (record) => record.publicData.frameSizeCm ?? 0);
  }

  /** Whether the query filters at all (without filters, the index can skip the pass). */
  static filters(values: SearchFilterValues | undefined): boolean {
    return values !== undefined && Object.keys(values).length > 0;
  }

  /**
   * Keeps the matches that pass every filter (in place) and counts each facet over the matches that
   * pass every filter but its own.
   */
  apply(matches: Matches, values: SearchFilterValues = {}, sizeWords?: SizeWords): SearchFacets {
    const active = this.activeFilters(values);
    if (sizeWords && (sizeWords.sizes.length || sizeWords.cm !== undefined))
      active.push(this.sizeWordFilter(sizeWords));
    const counts = this.fields.map((field) => new Int32Array(field.size));
    const { positions, scores } = matches;
    let kept = 0;
    for (let i = 0; i < matches.count; i++) {
      const position = positions[i]!;
      let failed = -1;
      let failures = 0;
      for (let f = 0; f < active.length && failures < 2; f++) {
        if (active[f]!.accepts(position)) continue;
        failures++;
        failed = f;
      }
      if (failures === 0) {
        for (let facet = 0; facet < this.fields.length; facet++)
          this.fields[facet]!.count(position, counts[facet]!);
        positions[kept] = position;
        scores[kept] = scores[i]!;
        kept++;
      } else if (failures === 1) {
        const facet = active[failed]!.facet;
        if (facet !== undefined) this.fields[facet]!.count(position, counts[facet]!);
      }
    }
    matches.count = kept;
    const facets: SearchFacets = {};
    this.fields.forEach((field, facet) => {
      const value = values[field.source.id];
      const selected = value?.type === 'text' ? value.values : [];
      facets[field.source.id] = field.answer(counts[facet]!, selected);
    });
    return facets;
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
    const byLetter = new Map<string, Uint8Array>();
    const selectionOf = (letter: string) => {
      let selection = byLetter.get(letter);
      if (!selection) byLetter.set(letter, (selection = field.selection([letter])));
      return selection;
    };
    return {
      accepts: (position) => {
        if (sizes.length && field.has(position, letters)) return true;
        if (cm === undefined) return false;
        const own = this.frameCm[position]!;
        if (own > 0) return Math.abs(own - cm) <= 1;
        const letter = frameSizeLetterOf(this.categories[position]!, cm);
        return letter !== undefined && field.has(position, selectionOf(letter));
      },
    };
  }

  private activeFilters(values: SearchFilterValues): ActiveFilter[] {
    const active: ActiveFilter[] = [];
    this.fields.forEach((field, facet) => {
      const value = values[field.source.id];
      if (!value || value.type === 'range') return;
      const wanted = field.selection(value.type === 'options' ? value.keys : value.values);
      active.push({ facet, accepts: (position) => field.has(position, wanted) });
    });
    const price = values.price;
    if (price?.type === 'range') {
      // The upper bound is exclusive (§5: the page sends max + 1 minor unit).
      active.push({
        accepts: (position) => this.prices[position]! >= price.min && this.prices[position]! < price.max,
      });
    }
    const year = values.year;
    if (year?.type === 'range') {
      active.push({
        accepts: (position) => this.years[position]! >= year.min && this.years[position]! <= year.max,
      });
    }
    return active;
  }
}
