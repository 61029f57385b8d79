import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addUtcDays,
  availabilityWindow,
  bookingEnd,
  bookingUnitCount,
  diffUtcDays,
  isDayBlocked,
  isOutsideAvailabilityWindow,
  meetsMinimumNights,
  minimumNights,
  occupiedDays,
  parseIsoDay,
  rangeSpansBlockedDay,
  startOfUtcDay,
  timeSlotQueryRanges,
  toIsoDay,
} from './booking';

const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`);
const today = new Date('2026-03-10T15:30:00.000Z');

describe('UTC day arithmetic', () => {
  it('works on UTC days', () => {
    expect(startOfUtcDay(today).toISOString()).toBe('2026-03-10T00:00:00.000Z');
    expect(toIsoDay(addUtcDays(day('2026-02-27'), 2))).toBe('2026-03-01');
    expect(diffUtcDays(day('2026-03-01'), new Date('2026-03-04T23:00:00Z'))).toBe(3);
    expect(parseIsoDay('2024-02-29')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(parseIsoDay('2026-02-29')).toBeUndefined();
    expect(parseIsoDay('2026-13-01')).toBeUndefined();
    expect(parseIsoDay('2026-3-1')).toBeUndefined();
  });
});

describe('availability window (§9)', () => {
  it('spans today through 89 days later', () => {
    const w = availabilityWindow(today);
    expect(toIsoDay(w.start)).toBe('2026-03-10');
    expect(toIsoDay(w.lastDay)).toBe('2026-06-07');
    expect(diffUtcDays(w.start, w.lastDay)).toBe(89);
    expect(toIsoDay(w.end)).toBe('2026-06-08');
  });
  it('blocks days outside the window', () => {
    expect(isOutsideAvailabilityWindow(day('2026-03-09'), today)).toBe(true);
    expect(isOutsideAvailabilityWindow(day('2026-03-10'), today)).toBe(false);
    expect(isOutsideAvailabilityWindow(day('2026-06-07'), today)).toBe(false);
    expect(isOutsideAvailabilityWindow(day('2026-06-08'), today)).toBe(true);
    expect(isOutsideAvailabilityWindow(day('2026-03-12'), today, 2)).toBe(true);
  });
  it('blocks days without time slots when slots are given', () => {
    const timeSlots = [{ start: '2026-03-11T00:00:00.000Z' }, { start: day('2026-03-13') }];
    expect(isDayBlocked(day('2026-03-11'), { today, timeSlots })).toBe(false);
    expect(isDayBlocked(day('2026-03-12'), { today, timeSlots })).toBe(true);
    expect(isDayBlocked(day('2026-03-13'), { today, timeSlots })).toBe(false);
    expect(isDayBlocked(day('2026-03-12'), { today })).toBe(false);
    expect(isDayBlocked(day('2026-01-01'), { today })).toBe(true);
  });
});

describe('time slot queries', () => {
  it('splits into chunks of at most 90 days', () => {
    const { start, end } = availabilityWindow(today, 200);
    const ranges = timeSlotQueryRanges(start, end);
    expect(ranges.map((r) => diffUtcDays(r.start, r.end))).toEqual([90, 90, 20]);
    expect(ranges[0]?.start).toEqual(start);
    expect(ranges[2]?.end).toEqual(end);
    expect(timeSlotQueryRanges(start, start)).toEqual([]);
    expect(() => timeSlotQueryRanges(start, end, 0)).toThrow(RangeError);
  });
  it('covers the range contiguously (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 1, max: 120 }), (days, chunk) => {
        const start = day('2026-01-01');
        const end = addUtcDays(start, days);
        const ranges = timeSlotQueryRanges(start, end, chunk);
        let cursor = start.getTime();
        for (const r of ranges) {
          expect(r.start.getTime()).toBe(cursor);
          expect(diffUtcDays(r.start, r.end)).toBeLessThanOrEqual(chunk);
          cursor = r.end.getTime();
        }
        expect(cursor).toBe(end.getTime());
      }),
    );
  });
});

describe('units and ranges', () => {
  it('needs one night for nights, 0 otherwise', () => {
    expect(minimumNights('night')).toBe(1);
    expect(minimumNights('day')).toBe(0);
    expect(minimumNights('hour')).toBe(0);
    expect(meetsMinimumNights('night', day('2026-03-10'), day('2026-03-10'))).toBe(false);
    expect(meetsMinimumNights('night', day('2026-03-10'), day('2026-03-11'))).toBe(true);
    expect(meetsMinimumNights('day', day('2026-03-10'), day('2026-03-10'))).toBe(true);
  });
  it("adds one day to a daily range's end", () => {
    expect(toIsoDay(bookingEnd('day', day('2026-03-12')))).toBe('2026-03-13');
    expect(toIsoDay(bookingEnd('night', day('2026-03-12')))).toBe('2026-03-12');
    const t = new Date('2026-03-12T14:00:00Z');
    expect(bookingEnd('hour', t)).toBe(t);
  });
  it('counts units', () => {
    expect(bookingUnitCount('night', day('2026-03-10'), day('2026-03-13'))).toBe(3);
    expect(bookingUnitCount('day', day('2026-03-10'), bookingEnd('day', day('2026-03-12')))).toBe(3);
    expect(bookingUnitCount('hour', new Date('2026-03-10T10:00:00Z'), new Date('2026-03-10T13:00:00Z'))).toBe(
      3,
    );
  });
  it('lists occupied days and refuses ranges over unavailable days', () => {
    expect(occupiedDays('night', day('2026-03-10'), day('2026-03-12')).map(toIsoDay)).toEqual([
      '2026-03-10',
      '2026-03-11',
    ]);
    expect(occupiedDays('day', day('2026-03-10'), day('2026-03-12')).map(toIsoDay)).toEqual([
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
    ]);
    const blocked = (d: Date) => toIsoDay(d) === '2026-03-12';
    expect(rangeSpansBlockedDay('night', day('2026-03-10'), day('2026-03-12'), blocked)).toBe(false);
    expect(rangeSpansBlockedDay('night', day('2026-03-10'), day('2026-03-13'), blocked)).toBe(true);
    expect(rangeSpansBlockedDay('day', day('2026-03-10'), day('2026-03-12'), blocked)).toBe(true);
  });
});
