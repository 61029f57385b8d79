/**
 * Frame sizes in cm and the size letters they correspond to (issue 21: "frame size M" finds a 55 cm
 * road bike). Bikes are sold by a number in one place and a letter in another, and the number means
 * different things by kind of bike, so there is one table per category group. Each range is
 * half-open, `[min, max)` in cm, ascending and without gaps inside a table; a size outside every
 * range (a 40 cm road frame) has no letter rather than a wrong one. `other` never has a range.
 */
import type { Category } from './categories';
import type { Size } from './listing-fields';

/** The lengths a frame size is measured along: seat tube (centre of the crank to the top) or top tube. */
export type FrameMeasure = 'seatTube' | 'topTube';

export interface FrameSizeRange {
  size: Exclude<Size, 'other'>;
  /** Inclusive, in cm. */
  min: number;
  /** Exclusive, in cm. */
  max: number;
}

export interface FrameSizeTable {
  id: 'road' | 'mtb' | 'bmx' | 'eBike';
  measure: FrameMeasure;
  ranges: readonly FrameSizeRange[];
}

/**
 * Road, gravel and track: the seat tube, the traditional road chart. An M is 54–56 cm (a 54, 55 or
 * 56 frame), S 51–53, L 57–59; each letter is three centimetres, the usual step between the sizes
 * brands make (52, 54, 56, 58…). Gravel and track frames are sized like road frames.
 */
const road: FrameSizeTable = {
  id: 'road',
  measure: 'seatTube',
  ranges: [
    { size: 'xs', min: 44, max: 51 },
    { size: 's', min: 51, max: 54 },
    { size: 'm', min: 54, max: 57 },
    { size: 'l', min: 57, max: 60 },
    { size: 'xl', min: 60, max: 63 },
    { size: 'xxl', min: 63, max: 67 },
  ],
};

/**
 * Mountain bikes: the seat tube again, but much shorter for the same rider (a sloping top tube and
 * a dropper post), and quoted in inches: XS 13–14", S 15–16", M 17–18", L 19–20", XL 21–22",
 * XXL 23"+, the common MTB chart, here in cm (an inch is 2.54 cm) with the gaps closed. A 55 cm
 * mountain bike is an XL, not an M.
 */
const mtb: FrameSizeTable = {
  id: 'mtb',
  measure: 'seatTube',
  ranges: [
    { size: 'xs', min: 33, max: 38 },
    { size: 's', min: 38, max: 43 },
    { size: 'm', min: 43, max: 48 },
    { size: 'l', min: 48, max: 53 },
    { size: 'xl', min: 53, max: 58 },
    { size: 'xxl', min: 58, max: 63 },
  ],
};

/**
 * BMX: sized by top-tube length in inches (Mini up to 18.5", Junior 18.5–19.5", Expert 19.5–20.5",
 * Pro 20.5–21", Pro XL 21–21.5", Pro XXL 21.5"+), here in cm: 18.5" ≈ 47 cm, 19.5" ≈ 49.5 cm,
 * 20.5" ≈ 52 cm, 21" ≈ 53.5 cm, 21.5" ≈ 55 cm.
 */
const bmx: FrameSizeTable = {
  id: 'bmx',
  measure: 'topTube',
  ranges: [
    { size: 'xs', min: 40, max: 47 },
    { size: 's', min: 47, max: 49.5 },
    { size: 'm', min: 49.5, max: 52 },
    { size: 'l', min: 52, max: 53.5 },
    { size: 'xl', min: 53.5, max: 55 },
    { size: 'xxl', min: 55, max: 58 },
  ],
};

/**
 * E-bikes and cargo bikes: mostly city and trekking frames, sized by seat tube in cm in steps of
 * four to five (46, 50, 54, 58…), between a road frame and a mountain bike for the same rider.
 */
const eBike: FrameSizeTable = {
  id: 'eBike',
  measure: 'seatTube',
  ranges: [
    { size: 'xs', min: 38, max: 44 },
    { size: 's', min: 44, max: 49 },
    { size: 'm', min: 49, max: 54 },
    { size: 'l', min: 54, max: 58 },
    { size: 'xl', min: 58, max: 62 },
    { size: 'xxl', min: 62, max: 67 },
  ],
};

export const frameSizeTables = { road, mtb, bmx, eBike } as const;

/** Which table each bike and frameset category uses; every other category has none. */
const tableByCategory: Partial<Record<Category, FrameSizeTable>> = {
  roadBikes: road,
  roadFrames: road,
  gravelBikes: road,
  gravelFrames: road,
  trackBikes: road,
  trackFrames: road,
  mtbBikes: mtb,
  mtbFrames: mtb,
  bmxBikes: bmx,
  bmxFrames: bmx,
  eBikeSlashCargoBikes: eBike,
};

/** The size table of a category; undefined for parts, apparel and unknown categories. */
export function frameSizeTableFor(category: string): FrameSizeTable | undefined {
  return Object.hasOwn(tableByCategory, category) ? tableByCategory[category as Category] : undefined;
}

/** Whether listings of the category have a frame size in cm (bikes and framesets). */
export function takesFrameSizeCm(category: string): boolean {
  return frameSizeTableFor(category) !== undefined;
}

/** The size letter whose range holds `cm` in the category's table, or undefined (no table, out of range). */
export function frameSizeLetterOf(category: string, cm: number): FrameSizeRange['size'] | undefined {
  if (!Number.isFinite(cm)) return undefined;
  return frameSizeTableFor(category)?.ranges.find((range) => cm >= range.min && cm < range.max)?.size;
}
