import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ageInYears,
  birthdayValidator,
  birthdayYears,
  checkImageVariant,
  integerInRange,
  marketplaceCurrencyValidator,
  moneyInputValidator,
  textAreaValidator,
  validateImageFile,
} from './inputs';

describe('money input (§5)', () => {
  const v = moneyInputValidator();
  it('allows empty and comma or dot decimals', () => {
    for (const ok of [undefined, null, '', '  ', '12', '12.5', '12,50', '0']) expect(v(ok)).toBeUndefined();
  });
  it('rejects negative, non-divisible, unsafe and malformed', () => {
    expect(v('-1')).toBe('The amount cannot be negative.');
    expect(v('1.2345')).toBe('Use at most 2 decimals.');
    expect(moneyInputValidator('JPY')('1.5')).toBe('Enter a whole amount.');
    expect(v('99999999999999999999')).toBe('The amount is too large.');
    expect(v('12a')).toBe('Enter a valid amount.');
    expect(v(12)).toBe('Enter a valid amount.');
  });
  it('refuses an ambiguous thousands separator with one clear message', () => {
    for (const text of ['1.200', '1,200', '1.200.000,5', '1,2,3']) {
      expect(v(text)).toBe('Write the price without a thousands separator, e.g. 1200 or 1200.50');
    }
    for (const text of ['1.200,00', '1,200.00', '1200,5', '1 200', '1200']) expect(v(text)).toBeUndefined();
  });
  it('requires the marketplace currency', () => {
    const c = marketplaceCurrencyValidator();
    expect(c({ amount: 1, currency: 'USD' })).toBeUndefined();
    expect(c(null)).toBeUndefined();
    expect(c({ amount: 1, currency: 'CAD' })).toBe(
      "Oops, the currency of the listing doesn't match the currency of the marketplace.",
    );
    expect(marketplaceCurrencyValidator('CAD')({ amount: 1, currency: 'CAD' })).toBeUndefined();
  });
  it('accepts what parseMoneyInput accepts (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 9 }), fc.integer({ min: 0, max: 99 }), (whole, cents) => {
        expect(v(`${whole},${String(cents).padStart(2, '0')}`)).toBeUndefined();
        expect(v(`-${whole}.${cents}`)).toBe('The amount cannot be negative.');
      }),
    );
  });
});

describe('integer bound and text areas', () => {
  it('checks an integer range with the template messages', () => {
    const v = integerInRange(1, 10);
    expect(v('1')).toBeUndefined();
    expect(v(0)).toBe('The number must be greater than or equal to 1');
    expect(v(11)).toBe('The number must be less than or equal to 10');
    expect(v('2.5')).toBe('The number must be greater than or equal to 1');
    expect(integerInRange(0)(10 ** 9)).toBeUndefined();
  });
  it('limits text areas to 5000 characters', () => {
    expect(textAreaValidator('x'.repeat(5000))).toBeUndefined();
    expect(textAreaValidator('x'.repeat(5001))).toBe('Must be 5000 characters or less');
  });
});

describe('birthday (§5)', () => {
  const now = new Date('2026-06-15T12:00:00Z');
  const v = birthdayValidator(13, now);
  it('needs day, month and year', () => {
    expect(v(undefined)).toBe('Your birth date is required');
    expect(v({ day: '1', month: '2' })).toBe('Your birth date is required');
    expect(v({ day: 'x', month: '2', year: '2000' })).toBe('Your birth date is required');
  });
  it('needs a real date in the last 80 years', () => {
    expect(v({ day: 31, month: 2, year: 2000 })).toBe('A valid date is required');
    expect(v({ day: 29, month: 2, year: 2000 })).toBeUndefined();
    expect(v({ day: 1, month: 1, year: 1947 })).toBeUndefined();
    expect(v({ day: 1, month: 1, year: 1946 })).toBe('A valid date is required');
    expect(v({ day: 1, month: 1, year: 2027 })).toBe('A valid date is required');
    expect(v({ day: 16, month: 6, year: 2026 })).toBe('A valid date is required');
  });
  it('needs the minimum age', () => {
    expect(v({ day: 15, month: 6, year: 2013 })).toBeUndefined();
    expect(v({ day: 16, month: 6, year: 2013 })).toBe('You need to be at least 13 years old.');
    expect(v({ day: '01', month: '07', year: '2013' })).toBe('You need to be at least 13 years old.');
    expect(birthdayValidator()({ day: 1, month: 1, year: 1990 })).toBeUndefined();
    expect(ageInYears({ year: 2000, month: 6, day: 15 }, now)).toBe(26);
    expect(ageInYears({ year: 2000, month: 6, day: 16 }, now)).toBe(25);
    expect(ageInYears({ year: 2000, month: 7, day: 1 }, now)).toBe(25);
  });
  it('offers the last 80 years', () => {
    const years = birthdayYears(now);
    expect(years).toHaveLength(80);
    expect(years[0]).toBe(2026);
    expect(years[79]).toBe(1947);
    expect(birthdayYears()).toHaveLength(80);
  });
});

describe('images (§5)', () => {
  it('accepts JPG, GIF, PNG up to 20 MB', () => {
    expect(validateImageFile({ type: 'image/jpeg', size: 20 * 1024 * 1024 })).toBeUndefined();
    expect(validateImageFile({ type: 'IMAGE/PNG', size: 1 })).toBeUndefined();
    expect(validateImageFile({ type: 'image/gif', size: 1 })).toBeUndefined();
    expect(validateImageFile({ type: '', size: 1, name: 'photo.JPG' })).toBeUndefined();
    expect(validateImageFile({ type: '', size: 1, name: 'photo.heic' })).toBe(
      'Only .JPG, .GIF or .PNG images are allowed.',
    );
    expect(validateImageFile({ type: '', size: 1 })).toBe('Only .JPG, .GIF or .PNG images are allowed.');
    expect(validateImageFile({ type: 'image/svg+xml', size: 1 })).toBe(
      'Only .JPG, .GIF or .PNG images are allowed.',
    );
    expect(validateImageFile({ type: 'image/png', size: 20 * 1024 * 1024 + 1 })).toBe(
      'The maximum file size is 20 MB. Please try again.',
    );
    expect(validateImageFile({ type: 'image/png', size: Number.NaN })).toBe(
      'The maximum file size is 20 MB. Please try again.',
    );
  });
  it('limits custom variants to 3072 px', () => {
    expect(checkImageVariant({ name: 'big', width: 3072, height: 3072 })).toBeUndefined();
    expect(checkImageVariant({ name: 'big', width: 3073, height: 100 })).toBe(
      'Dimensions of image variant (big) exceed 3072px',
    );
    expect(checkImageVariant({ name: 'tall', width: 100, height: 4000 })).toContain('exceed 3072px');
    expect(checkImageVariant({ name: 'odd', width: 0, height: 10 })).toContain('positive whole numbers');
    expect(checkImageVariant({ name: 'odd', width: 1.5, height: 10 })).toContain('positive whole numbers');
  });
});
