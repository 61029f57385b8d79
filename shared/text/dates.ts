/**
 * Date display (§9) for a given time zone: the same day shows the today label with the time; the
 * same week (weeks start on Sunday, first day of week 0) the weekday (ddd); the same year the month
 * and day (MMM D); otherwise with the year. Intl only, no date library.
 */
import { bookingSettings, DAY_MS } from '../config/constants';

interface CalendarDay {
  year: number;
  month: number;
  day: number;
  /** Days since 1970-01-01 of this calendar day. */
  dayNumber: number;
  /** 0 = Sunday. */
  weekday: number;
}

const partFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = partFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' });
    partFormatters.set(timeZone, f);
  }
  return f;
}

/** The calendar day `date` falls on in `timeZone`. */
export function calendarDay(date: Date, timeZone: string): CalendarDay {
  const parts = partsFormatter(timeZone).formatToParts(date);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const year = get('year');
  const month = get('month');
  const day = get('day');
  const dayNumber = Math.round(Date.UTC(year, month - 1, day) / DAY_MS);
  return { year, month, day, dayNumber, weekday: (((dayNumber + 4) % 7) + 7) % 7 };
}

function weekStart(day: CalendarDay, firstDayOfWeek: number): number {
  return day.dayNumber - ((day.weekday - firstDayOfWeek + 7) % 7);
}

export type DateProximity = 'today' | 'sameWeek' | 'sameYear' | 'other';

/** How close `date` is to `now` in `timeZone`. */
export function dateProximity(
  date: Date,
  now: Date,
  timeZone: string,
  firstDayOfWeek: number = bookingSettings.firstDayOfWeek,
): DateProximity {
  const d = calendarDay(date, timeZone);
  const n = calendarDay(now, timeZone);
  if (d.dayNumber === n.dayNumber) return 'today';
  if (weekStart(d, firstDayOfWeek) === weekStart(n, firstDayOfWeek)) return 'sameWeek';
  if (d.year === n.year) return 'sameYear';
  return 'other';
}

export interface FormatDateOptions {
  now?: Date;
  timeZone?: string;
  locale?: string;
  todayLabel?: string;
  /** Append the time to every form, not only today's (the template's activity feed does). */
  withTime?: boolean;
}

/**
 * "Today, 3:45 PM" / "Mon" / "Mar 4" / "Mar 4, 2019" (the spec's ddd, MMM D and year forms).
 */
export function formatRelativeDate(date: Date, options: FormatDateOptions = {}): string {
  const timeZone = options.timeZone ?? 'UTC';
  const locale = options.locale ?? 'en-US';
  const proximity = dateProximity(date, options.now ?? new Date(), timeZone);
  const time = new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit' }).format(date);
  const fmt = (o: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, { timeZone, ...o }).format(date);
  let text: string;
  switch (proximity) {
    case 'today':
      return `${options.todayLabel ?? 'Today'}, ${time}`;
    case 'sameWeek':
      text = fmt({ weekday: 'short' });
      break;
    case 'sameYear':
      text = fmt({ month: 'short', day: 'numeric' });
      break;
    default:
      text = fmt({ month: 'short', day: 'numeric', year: 'numeric' });
  }
  return options.withTime ? `${text}, ${time}` : text;
}

/** "March 2019" (MMMM YYYY), e.g. for calendar month headings. */
export function formatMonthYear(date: Date, timeZone = 'UTC', locale = 'en-US'): string {
  return new Intl.DateTimeFormat(locale, { timeZone, month: 'long', year: 'numeric' }).format(date);
}

/**
 * A deadline's day in a status label ("Ship by Mon, Nov 30"): always the weekday and the date, since
 * a bare weekday is ambiguous for a day to come; the year too when it is not this year's (a
 * dispute's 60 days often end in the next one: "Tue, Jan 26, 2027").
 */
export function formatDeadlineDay(date: Date, timeZone = 'UTC', locale = 'en-US', now = new Date()): string {
  const showYear = calendarDay(date, timeZone).year !== calendarDay(now, timeZone).year;
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(showYear ? { year: 'numeric' } : {}),
  }).format(date);
}

/**
 * A deadline with its time ("Sat, Nov 28, 8:28 PM"; the year too when it is not this year's, or when
 * `withYear`): pages and e-mails say when something must happen in one format, never "Today" or a
 * bare weekday, which read badly in a sentence and are ambiguous for days to come.
 */
export function formatDeadline(
  date: Date,
  options: { timeZone?: string; locale?: string; now?: Date; withYear?: boolean } = {},
): string {
  const timeZone = options.timeZone ?? 'UTC';
  const showYear =
    options.withYear ??
    calendarDay(date, timeZone).year !== calendarDay(options.now ?? new Date(), timeZone).year;
  return new Intl.DateTimeFormat(options.locale ?? 'en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(showYear ? { year: 'numeric' } : {}),
    hour: 'numeric',
    minute: '2-digit',
  }).format(date);
}
