import { describe, expect, it } from 'vitest';
import { accountDay, catchUpDays, daysToRead } from './unverified-accounts';

describe('which days the removal of unverified accounts reads', () => {
  it('ends on the day 7 days ago and reaches back the catch-up days, oldest first', () => {
    const days = daysToRead(new Date('2026-11-27T09:00:00Z'));
    expect(days).toHaveLength(catchUpDays + 1);
    expect(days.at(-1)).toBe('2026-11-20');
    expect(days[0]).toBe('2026-10-21');
    expect([...days].sort()).toEqual(days);
  });

  it("names a sign-up's day in UTC", () => {
    expect(accountDay(new Date('2026-11-20T23:59:59.999Z'))).toBe('2026-11-20');
    expect(accountDay(new Date('2026-11-21T00:00:00Z'))).toBe('2026-11-21');
  });
});
