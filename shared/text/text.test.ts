import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calendarDay, dateProximity, formatDeadlineDay, formatMonthYear, formatRelativeDate } from './dates';
import {
  abbreviatedName,
  bannedUserDisplayName,
  defaultDisplayName,
  deletedUserDisplayName,
  hasProfileLink,
  userDisplayName,
} from './names';
import { formatPhoneNumber, parsePhoneNumber } from './phone';
import { BLANK_PAGE, sanitizeListing, sanitizeProfile, sanitizeText, sanitizeUrl } from './sanitize';
import { createSlug } from './slug';
import {
  breakLongWords,
  isLongWord,
  isTitleWithinLimit,
  splitLongWords,
  truncateBio,
  truncateText,
  ZERO_WIDTH_SPACE,
} from './words';

describe('sanitizeText (§5)', () => {
  it('replaces angle brackets with full-width ones', () => {
    expect(sanitizeText('<script>alert(1)</script>')).toBe('＜script＞alert(1)＜/script＞');
    expect(sanitizeText('a < b > c')).toBe('a ＜ b ＞ c');
    expect(sanitizeText('plain')).toBe('plain');
    expect(sanitizeText(null)).toBeNull();
    expect(sanitizeText(undefined)).toBeUndefined();
    expect(sanitizeText(42 as unknown)).toBe('');
  });
  it('never leaves an angle bracket (property)', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const out = sanitizeText(s);
        expect(out).not.toMatch(/[<>]/);
        expect(out.length).toBe(s.length);
      }),
    );
  });
});

describe('sanitizeUrl (§5)', () => {
  it('blanks script-like schemes', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html;base64,xx',
      'vbscript:msgbox',
      '&#106;avascript:alert(1)',
      '&#x6A;avascript:alert(1)',
      'java\u0000script:alert(1)',
      '\u200bjavascript:alert(1)',
      '%20javascript:alert(1)'.replace('%20', ''),
      '',
      null,
      undefined,
    ]) {
      expect(sanitizeUrl(bad)).toBe(BLANK_PAGE);
    }
  });
  it('keeps safe links', () => {
    expect(sanitizeUrl('https://velo.example/l/1')).toBe('https://velo.example/l/1');
    expect(sanitizeUrl('/about')).toBe('/about');
    expect(sanitizeUrl('./x')).toBe('./x');
    expect(sanitizeUrl('mailto:hi@velo.example')).toBe('mailto:hi@velo.example');
    expect(sanitizeUrl('velo.example/path')).toBe('velo.example/path');
    expect(sanitizeUrl('&#99999999;x')).toBe('x');
  });
});

describe('sanitizing entities (§5)', () => {
  it('sanitizes listing title, description, location, rules and other public text', () => {
    const listing = {
      id: 'l1',
      title: '<b>Bike</b>',
      description: 'Fast > slow',
      publicData: {
        location: { address: '<1 Main>', building: '<A>' },
        rules: '<no returns>',
        brand: '<Trek>',
        year: 2020,
      },
    };
    expect(sanitizeListing(listing)).toEqual({
      id: 'l1',
      title: '＜b＞Bike＜/b＞',
      description: 'Fast ＞ slow',
      publicData: {
        location: { address: '＜1 Main＞', building: '＜A＞' },
        rules: '＜no returns＞',
        brand: '＜Trek＞',
        year: 2020,
      },
    });
    expect(listing.title).toBe('<b>Bike</b>');
    expect(sanitizeListing({ title: 'x' })).toEqual({ title: 'x' });
    expect(sanitizeListing({ description: null, publicData: { location: null } })).toEqual({
      description: null,
      publicData: { location: null },
    });
  });
  it('sanitizes the disclaimer, keeps features and leaves absent location fields absent', () => {
    const clean = sanitizeListing({
      publicData: {
        location: { address: '2 <Side> St', city: 'Denver' },
        disclaimer: 'Sold as seen <no warranty>',
        features: ['discBrakes', 'tubelessReady'],
      },
    });
    expect(clean.publicData).toEqual({
      location: { address: '2 ＜Side＞ St', city: 'Denver' },
      disclaimer: 'Sold as seen ＜no warranty＞',
      features: ['discBrakes', 'tubelessReady'],
    });
    expect(Object.keys(clean.publicData.location)).not.toContain('building');
    // Full-width brackets keep the length, so a text at the limit stays at the limit.
    expect(sanitizeText('<'.repeat(5000))).toHaveLength(5000);
  });
  it('sanitizes profile fields', () => {
    expect(
      sanitizeProfile({
        displayName: '<J>',
        abbreviatedName: '<',
        bio: 'hi <3',
        publicData: { club: '<x>', n: 1 },
      }),
    ).toEqual({
      displayName: '＜J＞',
      abbreviatedName: '＜',
      bio: 'hi ＜3',
      publicData: { club: '＜x＞', n: 1 },
    });
    expect(sanitizeProfile({ firstName: '<a', lastName: 'b>' })).toEqual({
      firstName: '＜a',
      lastName: 'b＞',
    });
  });
});

describe('slugs (§5)', () => {
  it('lowercases, transliterates, and falls back to no-slug', () => {
    expect(createSlug('Cannondale SuperSix ÉVO')).toBe('cannondale-supersix-evo');
    expect(createSlug('Straße Øl Łódź')).toBe('strasse-ol-lodz');
    expect(createSlug('   ')).toBe('no-slug');
    expect(createSlug('!!!')).toBe('no-slug');
  });
  it('only has lowercase letters, digits and inner dashes (property)', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(createSlug(s)).toMatch(/^(no-slug|[a-z0-9]+(-[a-z0-9]+)*)$/);
      }),
    );
  });
});

describe('long words and titles (§9)', () => {
  it('marks and breaks words over 16 characters', () => {
    expect(isLongWord('a'.repeat(16))).toBe(false);
    expect(isLongWord('a'.repeat(17))).toBe(true);
    expect(isLongWord('a'.repeat(11), 10)).toBe(true);
    const long = 'Supercalifragilisticexpialidocious';
    expect(splitLongWords(`A ${long} bike`)).toEqual([
      { text: 'A ', longWord: false },
      { text: long, longWord: true },
      { text: ' bike', longWord: false },
    ]);
    expect(splitLongWords('')).toEqual([]);
    expect(breakLongWords(`A ${long}`)).toBe(
      `A ${long.slice(0, 16)}${ZERO_WIDTH_SPACE}${long.slice(16, 32)}${ZERO_WIDTH_SPACE}${long.slice(32)}`,
    );
    expect(breakLongWords('short words only')).toBe('short words only');
    expect(breakLongWords('🚲'.repeat(17))).toBe(`${'🚲'.repeat(16)}${ZERO_WIDTH_SPACE}🚲`);
  });
  it('breaking only inserts zero-width spaces (property)', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(breakLongWords(s).replaceAll(ZERO_WIDTH_SPACE, '')).toBe(s.replaceAll(ZERO_WIDTH_SPACE, ''));
      }),
    );
  });
  it('limits titles to 60 characters', () => {
    expect(isTitleWithinLimit('x'.repeat(60))).toBe(true);
    expect(isTitleWithinLimit(` ${'x'.repeat(60)} `)).toBe(true);
    expect(isTitleWithinLimit('x'.repeat(61))).toBe(false);
  });
});

describe('bio truncation (§2)', () => {
  it('truncates at 170 characters at a word boundary', () => {
    const short = 'I ride gravel.';
    expect(truncateBio(short)).toEqual({ text: short, truncated: false });
    const bio = `${'word '.repeat(40)}end`;
    const result = truncateBio(bio);
    expect(result.truncated).toBe(true);
    expect(Array.from(result.text).length).toBeLessThanOrEqual(170);
    expect(result.text.endsWith('word…')).toBe(true);
    expect(truncateText('x'.repeat(200), 10)).toEqual({ text: `${'x'.repeat(9)}…`, truncated: true });
    expect(truncateText('abc def', 5, { omission: '...', separator: '' })).toEqual({
      text: 'ab...',
      truncated: true,
    });
  });
  it('never exceeds the limit (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), fc.integer({ min: 1, max: 200 }), (s, n) => {
        const { text, truncated } = truncateText(s, n);
        expect(Array.from(text).length).toBeLessThanOrEqual(Math.max(n, truncated ? 1 : 0));
        if (!truncated) expect(text).toBe(s);
      }),
    );
  });
});

describe('display names (§3)', () => {
  it('shows placeholders for banned and deleted users', () => {
    expect(userDisplayName({ deleted: true, displayName: 'X' })).toBe(deletedUserDisplayName);
    expect(userDisplayName({ banned: true })).toBe(bannedUserDisplayName);
    expect(deletedUserDisplayName).toBe('Deleted user');
    expect(bannedUserDisplayName).toBe('Banned user');
    expect(userDisplayName({ displayName: 'Jane D' })).toBe('Jane D');
    expect(userDisplayName({ profile: { displayName: 'Joe B' } })).toBe('Joe B');
    expect(userDisplayName(null, '?')).toBe('?');
    expect(userDisplayName({})).toBe('');
    expect(hasProfileLink({ banned: true })).toBe(false);
    expect(hasProfileLink({ deleted: true })).toBe(false);
    expect(hasProfileLink({})).toBe(true);
    expect(hasProfileLink(undefined)).toBe(false);
  });
  it('builds default and abbreviated names', () => {
    expect(defaultDisplayName('Jane', 'doe')).toBe('Jane D');
    expect(defaultDisplayName('Jane', '')).toBe('Jane');
    expect(abbreviatedName('jane', 'doe')).toBe('JD');
    expect(abbreviatedName('', '')).toBe('');
  });
});

describe('date display (§9)', () => {
  // Wednesday 2026-03-11 15:00 UTC
  const now = new Date('2026-03-11T15:00:00Z');
  const opts = { now, timeZone: 'UTC' };
  it('shows today with time, weekday this week, month and day this year, else with year', () => {
    expect(formatRelativeDate(new Date('2026-03-11T09:05:00Z'), opts)).toBe('Today, 9:05 AM');
    expect(formatRelativeDate(new Date('2026-03-09T09:05:00Z'), opts)).toBe('Mon');
    expect(formatRelativeDate(new Date('2026-03-08T09:05:00Z'), opts)).toBe('Sun');
    expect(formatRelativeDate(new Date('2026-03-07T09:05:00Z'), opts)).toBe('Mar 7');
    expect(formatRelativeDate(new Date('2025-12-31T09:05:00Z'), opts)).toBe('Dec 31, 2025');
    expect(formatRelativeDate(new Date('2026-03-09T09:05:00Z'), { ...opts, withTime: true })).toBe(
      'Mon, 9:05 AM',
    );
    expect(formatRelativeDate(new Date('2026-03-11T09:05:00Z'), { ...opts, todayLabel: 'Tänään' })).toMatch(
      /^Tänään/,
    );
  });
  it('uses the given time zone', () => {
    const late = new Date('2026-03-11T23:30:00Z');
    expect(dateProximity(late, now, 'UTC')).toBe('today');
    // In Helsinki (UTC+2) that is already Thursday 12 March, 01:30, and "now" is the 11th.
    expect(dateProximity(late, now, 'Europe/Helsinki')).toBe('sameWeek');
    expect(formatRelativeDate(late, { now, timeZone: 'Europe/Helsinki' })).toBe('Thu');
    expect(dateProximity(new Date('2026-03-11T03:00:00Z'), now, 'America/Los_Angeles')).toBe('sameWeek');
    expect(calendarDay(new Date('2026-03-08T12:00:00Z'), 'UTC')).toMatchObject({
      year: 2026,
      month: 3,
      day: 8,
      weekday: 0,
    });
    expect(calendarDay(new Date('1969-12-31T12:00:00Z'), 'UTC').weekday).toBe(3);
    expect(dateProximity(new Date('2026-03-15T00:00:00Z'), now, 'UTC', 1)).toBe('sameWeek');
    expect(formatRelativeDate(new Date())).toMatch(/^Today, /);
  });
  it("names a deadline's day with its weekday, and the year when it is not this year's", () => {
    expect(formatDeadlineDay(new Date('2026-11-30T12:00:00Z'), 'UTC', 'en-US', now)).toBe('Mon, Nov 30');
    expect(formatDeadlineDay(new Date('2027-01-26T12:00:00Z'), 'UTC', 'en-US', now)).toBe(
      'Tue, Jan 26, 2027',
    );
  });
  it('formats month and year', () => {
    expect(formatMonthYear(new Date('2019-03-04T00:00:00Z'))).toBe('March 2019');
  });
});

describe('phone numbers (§5, §9)', () => {
  it('groups digits like the template: local 3 + 7, international 3 + 2 + 7', () => {
    expect(formatPhoneNumber('5551234567')).toBe('555 1234567');
    expect(formatPhoneNumber('555')).toBe('555');
    expect(formatPhoneNumber('5551')).toBe('555 1');
    expect(formatPhoneNumber('+358401234567')).toBe('+358 40 1234567');
    expect(formatPhoneNumber('+358')).toBe('+358');
    expect(formatPhoneNumber('+3584')).toBe('+358 4');
    expect(formatPhoneNumber('00358401234567')).toBe('00358 40 1234567');
    expect(formatPhoneNumber('00')).toBe('00');
    expect(formatPhoneNumber('555-123 4567')).toBe('555 1234567');
    expect(formatPhoneNumber('555123456789')).toBe('555 1234567 89');
    expect(formatPhoneNumber('')).toBe('');
    expect(formatPhoneNumber(null)).toBe('');
    expect(formatPhoneNumber('+')).toBe('+');
    expect(formatPhoneNumber('abc')).toBe('');
  });
  it('strips spaces on parse', () => {
    expect(parsePhoneNumber('040 123 4567')).toBe('0401234567');
    expect(parsePhoneNumber(undefined)).toBe('');
  });
  it('never loses a digit (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^(\+|00)?\d{0,16}$/), (s) => {
        expect(parsePhoneNumber(formatPhoneNumber(s))).toBe(s);
      }),
    );
  });
});
