import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { browserTimeZone, DateLabel } from './DateLabel';

// Wednesday 11 March 2026, 11:00 in New York (UTC−4 since 8 March).
const now = new Date('2026-03-11T15:00:00Z');
const timeZone = 'America/New_York';

/** The markup with Intl's narrow no-break spaces made plain, for readable expectations. */
const render = (node: React.ReactNode) => renderToStaticMarkup(node).replace(/[\u202f\u00a0]/g, ' ');

describe('DateLabel (§9 date display)', () => {
  it("shows today's date as the today label with the time, with the instant and the full date", () => {
    expect(render(<DateLabel date="2026-03-11T13:45:00Z" now={now} timeZone={timeZone} />)).toBe(
      '<time dateTime="2026-03-11T13:45:00.000Z" title="Wednesday, March 11, 2026 at 9:45 AM">Today, 9:45 AM</time>',
    );
  });

  it('shows the weekday in the same week, the month and day in the same year, else with the year', () => {
    const text = (date: string) =>
      render(<DateLabel date={date} now={now} timeZone={timeZone} />).replace(/<[^>]+>/g, '');
    expect(text('2026-03-08T12:00:00Z')).toBe('Sun');
    expect(text('2026-03-14T12:00:00Z')).toBe('Sat');
    expect(text('2026-03-07T12:00:00Z')).toBe('Mar 7');
    expect(text('2026-01-02T12:00:00Z')).toBe('Jan 2');
    expect(text('2025-12-31T12:00:00Z')).toBe('Dec 31, 2025');
    expect(text('2019-03-04T12:00:00Z')).toBe('Mar 4, 2019');
  });

  it('decides the day in the given time zone', () => {
    // 03:30 UTC on the 11th is still the evening of Tuesday the 10th in New York.
    const late = '2026-03-11T03:30:00Z';
    expect(render(<DateLabel date={late} now={now} timeZone={timeZone} />)).toContain('>Tue</time>');
    expect(render(<DateLabel date={late} now={now} timeZone="UTC" />)).toContain('>Today, 3:30 AM</time>');
    expect(render(<DateLabel date={late} now={now} timeZone="Asia/Tokyo" />)).toContain(
      'title="Wednesday, March 11, 2026 at 12:30 PM"',
    );
  });

  it('takes a Date, a today label, the time on every form and a class', () => {
    const html = render(
      <DateLabel
        date={new Date('2026-03-09T20:05:00Z')}
        now={now}
        timeZone={timeZone}
        withTime
        className="message-date"
      />,
    );
    expect(html).toBe(
      '<time class="message-date" dateTime="2026-03-09T20:05:00.000Z" title="Monday, March 9, 2026 at 4:05 PM">Mon, 4:05 PM</time>',
    );
    expect(
      render(<DateLabel date={now} now={now} timeZone={timeZone} todayLabel="Aujourd’hui" locale="fr-FR" />),
    ).toContain('>Aujourd’hui, 11:00</time>');
  });

  it('uses the current time and the browser time zone by default, and shows nothing for an invalid date', () => {
    expect(render(<DateLabel date={new Date()} />)).toMatch(/>Today, \d{1,2}:\d{2} [AP]M<\/time>$/);
    expect(browserTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(render(<DateLabel date="not a date" now={now} />)).toBe('');
  });
});
