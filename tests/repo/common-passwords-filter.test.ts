import { describe, expect, it } from 'vitest';
import { commonPasswords } from '../../functions/accounts/common-passwords';
import { validateSignupRequest } from '../../shared/validation/account-requests';
import { commonPasswordsPolicy } from '../../shared/validation/common-passwords';
import { commonPasswordsFilter } from '../../shared/validation/common-passwords-filter';
import { browserFilter, rankedPasswords } from './common-passwords-filter';

const signup = { email: 'jane@example.com', firstName: 'Jane', lastName: 'Doe' };

describe("the browser's common-passwords filter (issue 25)", () => {
  it('is the one built from the installed package (else: npx tsx tests/repo/common-passwords-filter.ts --write)', () => {
    expect(commonPasswordsFilter).toEqual(browserFilter());
  });

  it('stays within 16 kB at a false-positive rate of at most 0.5 %', () => {
    expect(commonPasswordsFilter.bits / 8).toBeLessThanOrEqual(16 * 1024);
    expect(commonPasswordsFilter.falsePositiveRate).toBeLessThanOrEqual(0.005);
  });

  it("answers as the API's check, built from the package, does: every one of the 20,000 most common is refused", async () => {
    expect(commonPasswordsPolicy.mostCommon).toBeGreaterThanOrEqual(10_000);
    const ranked = rankedPasswords();
    expect(ranked.length).toBeGreaterThanOrEqual(commonPasswordsPolicy.mostCommon);
    const apiCheck = await commonPasswords();
    const accepted = ranked
      .slice(0, commonPasswordsPolicy.mostCommon)
      .filter((password) => validateSignupRequest({ ...signup, password }, apiCheck).password === undefined);
    expect(accepted).toEqual([]);
    expect(apiCheck('tq7#Lm2vRz!pX4')).toBe(false);
  });
});
