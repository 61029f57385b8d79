import { describe, expect, it } from 'vitest';
import { isTrackablePathname, maxTrackedPathnameLength } from './marketing';

describe('trackable pathnames', () => {
  it('accepts site paths up to the limit', () => {
    expect(isTrackablePathname('/s')).toBe(true);
    expect(isTrackablePathname(`/${'a'.repeat(maxTrackedPathnameLength - 1)}`)).toBe(true);
  });

  it('refuses other values', () => {
    for (const value of [
      undefined,
      42,
      '',
      's',
      '/a b',
      '/a\u0000',
      `/${'a'.repeat(maxTrackedPathnameLength)}`,
    ]) {
      expect(isTrackablePathname(value)).toBe(false);
    }
  });
});
