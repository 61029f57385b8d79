import { describe, expect, it } from 'vitest';
import { priceValidator } from '../../../shared/validation/listing';
import { listingMessages, moneyInputMessages } from '../../../shared/validation/messages';
import { moneyFieldText, moneyOfText, moneyTextValidator } from './MoneyField';

describe('money field', () => {
  const validate = moneyTextValidator(priceValidator());

  it('accepts comma or dot decimals', () => {
    expect(moneyOfText('12,50')).toEqual({ amount: 1250, currency: 'USD' });
    expect(moneyOfText('12.5')).toEqual({ amount: 1250, currency: 'USD' });
    expect(moneyOfText('1.200,00')).toEqual({ amount: 120_000, currency: 'USD' });
    expect(moneyOfText('1 200')).toEqual({ amount: 120_000, currency: 'USD' });
    expect(moneyOfText('1.200')).toBeNull();
    expect(validate('450')).toBeUndefined();
    expect(validate('0')).toBeUndefined();
  });

  it('rejects empty, negative, garbage, non-divisible and unsafe amounts with their messages', () => {
    expect(validate('')).toBe(listingMessages.priceRequired);
    expect(validate('-5')).toBe(moneyInputMessages.negative);
    expect(validate('abc')).toBe(moneyInputMessages.invalid);
    expect(validate('1.2345')).toBe(moneyInputMessages.notDivisible(2));
    expect(validate('1.234')).toBe(moneyInputMessages.thousandsSeparator);
    expect(validate('99999999999999999')).toBe(moneyInputMessages.unsafe);
    expect(validate('100000')).toBeUndefined();
    expect(validate('100 000,00')).toBeUndefined();
    expect(validate('100000.01')).toBe(listingMessages.priceTooHigh('$100,000'));
    expect(validate('99999999999')).toBe(listingMessages.priceTooHigh('$100,000'));
  });

  it('starts from the saved amount', () => {
    expect(moneyFieldText({ amount: 1050, currency: 'USD' })).toBe('10.50');
    expect(moneyFieldText(undefined)).toBe('');
  });
});
