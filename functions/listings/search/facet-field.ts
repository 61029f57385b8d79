import type { SearchFilterId } from '../../../shared/config/search-filters';
import type { SearchDocument } from './search-document';

/**
 * One facet of the search index (facets.ts): where a listing's values come from, and the column of
 * every entry's value as plain typed arrays, because a search walks every match through every facet.
 */

/** How a listing's values for a facet are found, and how a value is folded for matching. */
export interface FacetSource {
  id: SearchFilterId;
  values: (record: SearchDocument) => readonly (string | undefined)[];
  /** An entry may have several values (delivery: both; frame size: its letter and its cm's). */
  multi?: true;
  /**
   * Free text (brand, groupset): the key a value matches and counts by (so "SRAM", "Sram" and
   * "sram " are one value) and the name it is shown by (the vocabulary's, shared/config/brands.ts).
   */
  text?: { key: (value: string) => string; label: (value: string) => string };
}

/** Code-point order: locale-aware comparison costs more than the whole count it would tie-break. */
export const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Free-text facets answer their most common values only (and any the query selected). */
export const maxTextFacetValues = 50;

/** The chosen values of a facet: a byte per code, and the same as bits for a multi-valued facet. */
export interface Selection {
  bytes: Uint8Array;
  bits: number;
}

/**
 * One facet over the index's entries, one number per entry: its value's code (0: none), or for a
 * facet an entry may have several values of (delivery, frame size) the bits of its codes. Plain
 * typed arrays, because a search walks every match through every facet.
 */
/** A facet's column as a snapshot stores it: the label of each code, and each entry's value. */
export interface FacetColumn {
  labels: string[];
  values: Int32Array;
}

/** Each entry's value (code or bits) for the facet, coding the labels as first seen. */
export function facetColumn(source: FacetSource, entries: readonly SearchDocument[]): FacetColumn {
  const multi = source.multi === true;
  const keyOf = (value: string) => (source.text ? source.text.key(value) : value);
  const labels = [''];
  const codeOfKey = new Map<string, number>();
  const values = new Int32Array(entries.length);
  // Listings repeat a few values (brands, sizes) many times: each spelling is folded once.
  const codeOfRaw = new Map<string, number>();
  const codeFor = (label: string) => {
    const key = keyOf(label);
    let code = codeOfKey.get(key);
    if (code === undefined) {
      code = labels.length;
      codeOfKey.set(key, code);
      labels.push(label);
    }
    return code;
  };
  entries.forEach((record, position) => {
    for (const value of source.values(record)) {
      if (value === undefined) continue;
      let code = codeOfRaw.get(value);
      if (code === undefined) {
        code = value.trim() ? codeFor(source.text ? source.text.label(value) : value.trim()) : 0;
        codeOfRaw.set(value, code);
      }
      if (code === 0) continue;
      values[position] = multi ? values[position]! | (1 << code) : code;
    }
  });
  if (multi && labels.length > 31) throw new Error(`Facet ${source.id}: too many values for bits`);
  return { labels, values };
}

export class FacetField {
  /** The value shown for each code (code 0 unused); free text its canonical name, as first seen. */
  readonly labels: string[];
  /** The key each code counts under (its label folded, for free text), folded once. */
  private readonly keys: string[];
  private readonly codeOf = new Map<string, number>();
  private readonly values: Int32Array;
  private readonly multi: boolean;

  constructor(
    readonly source: FacetSource,
    readonly column: FacetColumn,
  ) {
    this.multi = source.multi === true;
    this.labels = column.labels;
    this.values = column.values;
    this.keys = column.labels.map((label) => this.keyOf(label));
    this.keys.forEach((key, code) => {
      if (code > 0) this.codeOf.set(key, code);
    });
  }

  /** The label of an entry's value (a single-valued facet). */
  labelAt(position: number): string | undefined {
    return this.multi ? undefined : this.labels[this.values[position]!] || undefined;
  }

  private keyOf(value: string): string {
    return this.source.text ? this.source.text.key(value) : value;
  }

  get size(): number {
    return this.labels.length;
  }

  /** The codes of the selected values (a value no entry has selects nothing). */
  selection(values: readonly string[]): Selection {
    const bytes = new Uint8Array(this.labels.length);
    let bits = 0;
    for (const value of values) {
      const code = this.codeOf.get(this.keyOf(value));
      if (code === undefined) continue;
      bytes[code] = 1;
      bits |= 1 << code;
    }
    return { bytes, bits };
  }

  /** Whether the entry has one of the selected values. */
  has(position: number, selected: Selection): boolean {
    const value = this.values[position]!;
    return this.multi ? (value & selected.bits) !== 0 : selected.bytes[value] === 1;
  }

  /** ActiveFilter['refuse'] for a selection of this facet's values. */
  refuse(
    selected: Selection,
    positions: Int32Array,
    count: number,
    failures: Uint8Array,
    failedWith: Uint8Array,
    self: number,
  ): void {
    const values = this.values;
    const { bytes, bits } = selected;
    for (let i = 0; i < count; i++) {
      const position = positions[i]!;
      const value = values[position]!;
      if (this.multi ? (value & bits) !== 0 : bytes[value] === 1) continue;
      failures[position]!++;
      failedWith[position] = self;
    }
  }

  /** Adds the values of the first `count` entries of `positions` to `counts` (slot 0: none). */
  count(positions: Int32Array, count: number, counts: Int32Array): void {
    const values = this.values;
    if (!this.multi) {
      for (let i = 0; i < count; i++) counts[values[positions[i]!]!]!++;
      return;
    }
    for (let i = 0; i < count; i++) {
      let value = values[positions[i]!]!;
      while (value !== 0) {
        const lowest = value & -value;
        counts[31 - Math.clz32(lowest)]!++;
        value ^= lowest;
      }
    }
  }

  /** Each value's count with its key and label (code order: first seen first). */
  counted(counts: Int32Array): FacetCount[] {
    const result: FacetCount[] = [];
    for (let code = 1; code < counts.length; code++) {
      result.push({ key: this.keys[code]!, label: this.labels[code]!, count: counts[code]! });
    }
    return result;
  }
}

/** A value's count, by the key it counts under and the label it is shown by. */
export interface FacetCount {
  key: string;
  label: string;
  count: number;
}

/**
 * A facet's counts as the API answers them: non-zero only; free text its most common values (and
 * any the query selected), most common first.
 */
export function facetAnswer(
  source: FacetSource,
  counts: readonly FacetCount[],
  selected: readonly string[],
): Record<string, number> {
  let shown = counts.filter((value) => value.count > 0);
  const text = source.text;
  if (text) {
    const chosen = new Set(selected.map(text.key));
    shown = shown
      .sort((a, b) => b.count - a.count || byText(a.label, b.label))
      .filter((value, rank) => rank < maxTextFacetValues || chosen.has(value.key));
  }
  const result: Record<string, number> = {};
  for (const value of shown) result[value.label] = value.count;
  return result;
}
