import { describe, expect, it } from 'vitest';
import { allCategories, categoryGroupOf } from './categories';
import { frameSizeLetterOf, frameSizeTableFor, frameSizeTables, takesFrameSizeCm } from './frame-sizes';
import { sizes } from './listing-fields';

describe('frame sizes in cm (issue 21)', () => {
  it('makes a 55 cm road, gravel or track bike an M, and a 55 cm mountain bike not', () => {
    for (const category of ['roadBikes', 'roadFrames', 'gravelBikes', 'trackFrames']) {
      expect(frameSizeLetterOf(category, 55), category).toBe('m');
    }
    expect(frameSizeLetterOf('mtbBikes', 55)).not.toBe('m');
    expect(frameSizeLetterOf('mtbBikes', 55)).toBe('xl');
    expect(frameSizeLetterOf('mtbFrames', 45)).toBe('m');
  });

  it('reads the ranges as [min, max): the lower bound is in, the upper is the next letter', () => {
    expect(frameSizeLetterOf('roadBikes', 54)).toBe('m');
    expect(frameSizeLetterOf('roadBikes', 56.9)).toBe('m');
    expect(frameSizeLetterOf('roadBikes', 57)).toBe('l');
    expect(frameSizeLetterOf('roadBikes', 52)).toBe('s');
    // BMX by top tube: 20.75" (52.7 cm) is the usual adult frame, 21" (53.3 cm) a large one.
    expect(frameSizeLetterOf('bmxBikes', 52.7)).toBe('m');
    expect(frameSizeLetterOf('bmxFrames', 53.3)).toBe('l');
    expect(frameSizeLetterOf('eBikeSlashCargoBikes', 50)).toBe('m');
  });

  it('has no letter outside every range, for parts, apparel and unknown categories', () => {
    expect(frameSizeLetterOf('roadBikes', 30)).toBeUndefined();
    expect(frameSizeLetterOf('roadBikes', 70)).toBeUndefined();
    expect(frameSizeLetterOf('roadBikes', Number.NaN)).toBeUndefined();
    for (const category of ['roadWheels', 'helmets', 'jerseys', 'groupsets', 'nonsense', 'toString', '']) {
      expect(frameSizeTableFor(category), category).toBeUndefined();
      expect(takesFrameSizeCm(category), category).toBe(false);
      expect(frameSizeLetterOf(category, 55), category).toBeUndefined();
    }
  });

  it('gives every bike and frameset category a table, and no other category one', () => {
    for (const category of allCategories) {
      const group = categoryGroupOf(category);
      expect(takesFrameSizeCm(category), category).toBe(group === 'completeBikes' || group === 'framesets');
    }
    expect(frameSizeTableFor('bmxFrames')?.measure).toBe('topTube');
    expect(frameSizeTableFor('mtbBikes')?.id).toBe('mtb');
  });

  it('has ranges that ascend without overlap or gaps, one per size letter but other', () => {
    for (const table of Object.values(frameSizeTables)) {
      expect(
        table.ranges.map((range) => range.size),
        table.id,
      ).toEqual(Object.keys(sizes).filter((size) => size !== 'other'));
      table.ranges.forEach((range, index) => {
        expect(range.min, `${table.id} ${range.size}`).toBeLessThan(range.max);
        const next = table.ranges[index + 1];
        if (next) expect(next.min, `${table.id} ${range.size}`).toBe(range.max);
      });
      // Within the bounds a listing's frame size may take (30–70 cm).
      expect(table.ranges[0]!.min, table.id).toBeGreaterThanOrEqual(30);
      expect(table.ranges.at(-1)!.max, table.id).toBeLessThanOrEqual(70);
    }
  });
});
