/**
 * Booking helpers (§5, §9). The product flow is stock, but the booking logic is kept here for the
 * rental screens that come later: night/day/hour units, the availability window, time-slot chunks,
 * blocked days, minimum nights, a daily range's end and ranges that cannot span unavailable days.
 * Bookings are in Etc/UTC, so all arithmetic is on UTC calendar days.
 */
import { bookingSettings, DAY_MS, HOUR_MS } from './config/constants';
import type { BookingUnitType } from './config/listing-fields';

/** 00:00 UTC of the day `date` falls on. */
export function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

export function addUtcDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** Whole UTC days from `start` to `end` (both taken at their day's start). */
export function diffUtcDays(start: Date, end: Date): number {
  return Math.round((startOfUtcDay(end).getTime() - startOfUtcDay(start).getTime()) / DAY_MS);
}

/** `YYYY-MM-DD` of a UTC day. */
export function toIsoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The UTC day of `YYYY-MM-DD`, or undefined when it is not a real date. */
export function parseIsoDay(value: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    ? date
    : undefined;
}

/**
 * The bookable window (§9): from today through `availableDays − 1` days later, both inclusive; `end`
 * is exclusive (the day after the last bookable day), as availability queries want.
 */
export function availabilityWindow(
  today: Date,
  availableDays: number = bookingSettings.availableDays,
): { start: Date; lastDay: Date; end: Date } {
  const start = startOfUtcDay(today);
  const lastDay = addUtcDays(start, availableDays - 1);
  return { start, lastDay, end: addUtcDays(lastDay, 1) };
}

/** Splits [start, end) into consecutive ranges of at most `maxDays` days (time slots are fetched so). */
export function timeSlotQueryRanges(
  start: Date,
  end: Date,
  maxDays: number = bookingSettings.timeSlotChunkDays,
): { start: Date; end: Date }[] {
  if (!(maxDays > 0)) throw new RangeError('maxDays must be positive');
  const ranges: { start: Date; end: Date }[] = [];
  let cursor = start;
  while (cursor.getTime() < end.getTime()) {
    const next = new Date(Math.min(cursor.getTime() + maxDays * DAY_MS, end.getTime()));
    ranges.push({ start: cursor, end: next });
    cursor = next;
  }
  return ranges;
}

/** Whether a day is outside today … today + availableDays − 1 (§5: such days are blocked). */
export function isOutsideAvailabilityWindow(
  day: Date,
  today: Date,
  availableDays: number = bookingSettings.availableDays,
): boolean {
  const { start, lastDay } = availabilityWindow(today, availableDays);
  const d = startOfUtcDay(day).getTime();
  return d < start.getTime() || d > lastDay.getTime();
}

/** A time slot (§3: type time-slot/day, start). */
export interface TimeSlot {
  start: Date | string;
  end?: Date | string;
}

function slotStart(slot: TimeSlot): Date {
  return slot.start instanceof Date ? slot.start : new Date(slot.start);
}

/**
 * Whether a day is blocked (§5): outside the window, or — for availability-managed listings, when
 * `timeSlots` are given — no time slot starts on that day.
 */
export function isDayBlocked(
  day: Date,
  options: { today: Date; availableDays?: number; timeSlots?: readonly TimeSlot[] },
): boolean {
  if (isOutsideAvailabilityWindow(day, options.today, options.availableDays)) return true;
  if (!options.timeSlots) return false;
  const d = startOfUtcDay(day).getTime();
  return !options.timeSlots.some((slot) => startOfUtcDay(slotStart(slot)).getTime() === d);
}

/** The nights unit needs at least one night; other units 0 (§5, §9). */
export function minimumNights(unitType: BookingUnitType): number {
  return unitType === 'night' ? bookingSettings.minimumNights : 0;
}

/**
 * The booking's end from the picked end date (§9): a daily range ends one day after the last picked
 * day (the end is exclusive); nights end on the picked day (check-out); hours are already instants.
 */
export function bookingEnd(unitType: BookingUnitType, pickedEnd: Date): Date {
  return unitType === 'day' ? addUtcDays(startOfUtcDay(pickedEnd), 1) : pickedEnd;
}

/** Units to charge for a booking [start, end) with an exclusive end: nights, days or hours. */
export function bookingUnitCount(unitType: BookingUnitType, start: Date, end: Date): number {
  if (unitType === 'hour') return (end.getTime() - start.getTime()) / HOUR_MS;
  return diffUtcDays(start, end);
}

/** The days a booking occupies: nights occupy start … end − 1; days start … picked end (inclusive). */
export function occupiedDays(unitType: 'night' | 'day', start: Date, pickedEnd: Date): Date[] {
  const first = startOfUtcDay(start);
  const last = unitType === 'night' ? addUtcDays(startOfUtcDay(pickedEnd), -1) : startOfUtcDay(pickedEnd);
  const days: Date[] = [];
  for (let d = first; d.getTime() <= last.getTime(); d = addUtcDays(d, 1)) days.push(d);
  return days;
}

/** A range cannot span an unavailable day (§5). */
export function rangeSpansBlockedDay(
  unitType: 'night' | 'day',
  start: Date,
  pickedEnd: Date,
  isBlocked: (day: Date) => boolean,
): boolean {
  return occupiedDays(unitType, start, pickedEnd).some(isBlocked);
}

/** Whether a picked range satisfies the unit's minimum (at least one night for nights). */
export function meetsMinimumNights(unitType: 'night' | 'day', start: Date, pickedEnd: Date): boolean {
  return diffUtcDays(start, pickedEnd) >= minimumNights(unitType);
}
