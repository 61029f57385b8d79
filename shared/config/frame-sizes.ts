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

/** The size letters with a range, smallest first. */
const rangedSizes = ['xs', 's', 'm', 'l', 'xl', 'xxl'] as const satisfies readonly Exclude<Size, 'other'>[];

/** A table from its seven bounds in cm: XS from the first to the second, S to the third… XXL to the last. */
function sizeTable(
  id: FrameSizeTable['id'],
  measure: FrameMeasure,
  bounds: readonly number[],
): FrameSizeTable {
  return {
    id,
    measure,
    ranges: rangedSizes.map((size, index) => ({ size, min: bounds[index]!, max: bounds[index + 1]! })),
  };
}

/**
 * Road, gravel and track: the seat tube, the traditional road chart. An M is 54–56 cm (a 54, 55 or
 * 56 frame), S 51–53, L 57–59; each letter is three centimetres, the usual step between the sizes
 * brands make (52, 54, 56, 58…). Gravel and track frames are sized like road frames.
 */
const road = sizeTable('road', 'seatTube', [44, 51, 54, 57, 60, 63, 67]);

/**
 * Mountain bikes: the seat tube again, but much shorter for the same rider (a sloping top tube and
 * a dropper post), and quoted in inches: XS 13–14", S 15–16", M 17–18", L 19–20", XL 21–22",
 * XXL 23"+, the common MTB chart, here in cm (an inch is 2.54 cm) with the gaps closed. A 55 cm
 * mountain bike is an XL, not an M.
 */
const mtb = sizeTable('mtb', 'seatTube', [33, 38, 43, 48, 53, 58, 63]);

/**
 * BMX: sized by top-tube length, in quarter inches. An average adult rides a 20.5–20.75" top tube
 * (the usual freestyle frame), so that is M; 20–20.25" S; under 20" (Mini, Junior, the smaller race
 * sizes) XS; 21–21.25" L; 21.5–21.75" XL; 22" and more XXL. Each bound is halfway between two
 * quarter-inch steps, in cm (an inch is 2.54 cm): 19.75" ≈ 50.2, 20.375" ≈ 51.8, 20.875" ≈ 53,
 * 21.375" ≈ 54.3, 21.875" ≈ 55.6.
 */
const bmx = sizeTable('bmx', 'topTube', [40, 50.2, 51.8, 53, 54.3, 55.6, 58]);

/**
 * E-bikes and cargo bikes: mostly city and trekking frames, sized by seat tube in cm in steps of
 * four to five (46, 50, 54, 58…), between a road frame and a mountain bike for the same rider.
 */
const eBike = sizeTable('eBike', 'seatTube', [38, 44, 49, 54, 58, 62, 67]);

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
