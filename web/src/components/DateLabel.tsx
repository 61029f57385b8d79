import { formatDeadline, formatDeadlineDay, formatRelativeDate } from '../../../shared/text/dates';

/** The time zone the browser runs in ("UTC" if it cannot tell). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * A deadline's day in a status label ("Ship by Mon, Nov 30"), in the browser's time zone, with
 * no-break spaces so a narrow screen never splits the date.
 */
export function deadlineDayText(date: Date): string {
  return formatDeadlineDay(date, browserTimeZone()).replace(/ /g, '\u00a0');
}

function toDate(date: Date | string): Date | null {
  const value = typeof date === 'string' ? new Date(date) : date;
  return Number.isNaN(value.getTime()) ? null : value;
}

/**
 * A date as the spec shows it (§9, `shared/text/dates.ts`): "Today, 3:45 PM" on the same day, the
 * weekday ("Mon") in the same week, "Mar 4" in the same year, else "Mar 4, 2019"; in the browser's
 * time zone. A `<time>` with the machine-readable instant and the full date and time as its title.
 * Nothing is shown for an invalid date.
 */
export function DateLabel({
  date,
  now,
  timeZone,
  locale = 'en-US',
  todayLabel,
  withTime = false,
  deadline = false,
  className,
}: {
  /** A Date or an ISO 8601 string, as the API sends them. */
  date: Date | string;
  /** The moment to compare with; the current time by default. */
  now?: Date;
  /** IANA time zone; the browser's by default. */
  timeZone?: string;
  locale?: string;
  /** Replaces "Today". */
  todayLabel?: string;
  /** Adds the time to every form, not only to today's. */
  withTime?: boolean;
  /** A deadline: the weekday, date and time, never "Today" or a bare weekday ("Sat, Nov 28, 8:28 PM"). */
  deadline?: boolean;
  className?: string;
}) {
  const value = toDate(date);
  if (!value) return null;
  const zone = timeZone ?? browserTimeZone();
  const text = deadline
    ? formatDeadline(value, { timeZone: zone, locale, now: now ?? new Date() })
    : formatRelativeDate(value, {
        now: now ?? new Date(),
        timeZone: zone,
        locale,
        withTime,
        ...(todayLabel ? { todayLabel } : {}),
      });
  const full = new Intl.DateTimeFormat(locale, {
    timeZone: zone,
    dateStyle: 'full',
    timeStyle: 'short',
  }).format(value);
  return (
    <time className={className} dateTime={value.toISOString()} title={full}>
      {text}
    </time>
  );
}
