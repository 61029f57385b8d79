import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMoney,
  assertSameCurrency,
  currencyDecimals,
  formatMoney,
  formatMoneyExact,
  formatMoneyInput,
  fromMajorUnits,
  fromPaypalAmount,
  isMarketplaceCurrency,
  isMoney,
  MoneyError,
  money,
  multiplyMoney,
  negateMoney,
  parseDecimalAmount,
  parseMoneyInput,
  subtractMoney,
  sumMoney,
  toMajorUnits,
  toPaypalAmount,
  zeroMoney,
} from './money';

const usd = (amount: number) => ({ amount, currency: 'USD' });
const safeAmount = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER });

describe('Money values', () => {
  it('recognises money', () => {
    expect(isMoney(usd(5))).toBe(true);
    expect(isMoney({ amount: 1.5, currency: 'USD' })).toBe(false);
    expect(isMoney({ amount: 1, currency: 'usd' })).toBe(false);
    expect(isMoney(null)).toBe(false);
    expect(isMoney('5')).toBe(false);
  });
  it('builds and checks amounts', () => {
    expect(money(5)).toEqual(usd(5));
    expect(money(5, 'JPY')).toEqual({ amount: 5, currency: 'JPY' });
    expect(() => money(1.5)).toThrow(MoneyError);
    expect(() => money(2 ** 60)).toThrow(/safe/);
    expect(zeroMoney()).toEqual(usd(0));
    expect(isMarketplaceCurrency(usd(1))).toBe(true);
    expect(isMarketplaceCurrency({ amount: 1, currency: 'CAD' })).toBe(false);
  });
  it('does arithmetic in one currency', () => {
    expect(addMoney(usd(1), usd(2))).toEqual(usd(3));
    expect(subtractMoney(usd(1), usd(2))).toEqual(usd(-1));
    expect(multiplyMoney(usd(250), 3)).toEqual(usd(750));
    expect(() => multiplyMoney(usd(1), 1.5)).toThrow(/integer/);
    expect(negateMoney(usd(5))).toEqual(usd(-5));
    expect(negateMoney(usd(0)).amount).toBe(0);
    expect(Object.is(negateMoney(usd(0)).amount, -0)).toBe(false);
    expect(sumMoney([usd(1), usd(2), usd(3)])).toEqual(usd(6));
    expect(sumMoney([], 'EUR')).toEqual({ amount: 0, currency: 'EUR' });
    expect(() => addMoney(usd(1), { amount: 1, currency: 'EUR' })).toThrow(/Currencies differ/);
    expect(() => assertSameCurrency(usd(1), { amount: 1, currency: 'EUR' })).toThrow(MoneyError);
    // Kept outside the catch so the test fails when nothing is thrown.
    let refused: unknown;
    try {
      addMoney(usd(1), { amount: 1, currency: 'EUR' });
    } catch (e) {
      refused = e;
    }
    expect(refused).toBeInstanceOf(MoneyError);
    expect((refused as MoneyError).code).toBe('currency-mismatch');
  });
  it('knows the decimals', () => {
    expect(currencyDecimals('USD')).toBe(2);
    expect(currencyDecimals('JPY')).toBe(0);
    expect(toMajorUnits(usd(1234))).toBe(12.34);
    expect(toMajorUnits({ amount: 1234, currency: 'JPY' })).toBe(1234);
  });
});

describe('formatMoney', () => {
  it('shows USD with 0 decimals, rounding half away from zero', () => {
    expect(formatMoney(usd(1234))).toBe('$12');
    expect(formatMoney(usd(1250))).toBe('$13');
    expect(formatMoney(usd(1249))).toBe('$12');
    expect(formatMoney(usd(100_000_000))).toBe('$1,000,000');
    expect(formatMoney(usd(0))).toBe('$0');
    expect(formatMoney({ amount: 500, currency: 'JPY' })).toBe('¥500');
    expect(formatMoney(usd(1234), 'en-US', { fractionDigits: 2 })).toBe('$12.34');
    expect(formatMoneyExact(usd(1250))).toBe('$12.50');
    expect(formatMoneyExact(usd(-5))).toBe('-$0.05');
  });
  it('formats input text exactly', () => {
    expect(formatMoneyInput(usd(1050))).toBe('10.50');
    expect(formatMoneyInput(usd(1000))).toBe('10');
    expect(formatMoneyInput(usd(5))).toBe('0.05');
    expect(formatMoneyInput(usd(-5))).toBe('-0.05');
    expect(formatMoneyInput(usd(1050), ',')).toBe('10,50');
    expect(formatMoneyInput({ amount: 1234, currency: 'JPY' })).toBe('1234');
    expect(formatMoneyInput({ amount: -1234, currency: 'JPY' })).toBe('-1234');
  });
});

describe('parseMoneyInput (§5 money input)', () => {
  it('accepts comma or dot decimals', () => {
    expect(parseMoneyInput('12.34')).toEqual({ ok: true, value: usd(1234) });
    expect(parseMoneyInput('12,34')).toEqual({ ok: true, value: usd(1234) });
    expect(parseMoneyInput('12,3')).toEqual({ ok: true, value: usd(1230) });
    expect(parseMoneyInput(' 12 ')).toEqual({ ok: true, value: usd(1200) });
    expect(parseMoneyInput('12.')).toEqual({ ok: true, value: usd(1200) });
    expect(parseMoneyInput('.5')).toEqual({ ok: true, value: usd(50) });
    expect(parseMoneyInput('007')).toEqual({ ok: true, value: usd(700) });
    expect(parseMoneyInput('0')).toEqual({ ok: true, value: usd(0) });
  });
  it('allows empty', () => {
    expect(parseMoneyInput('')).toEqual({ ok: true, value: null });
    expect(parseMoneyInput('   ')).toEqual({ ok: true, value: null });
  });
  it('rejects negative, non-divisible, unsafe and malformed', () => {
    expect(parseMoneyInput('-1')).toEqual({ ok: false, error: 'negative' });
    expect(parseMoneyInput('- 1.5')).toEqual({ ok: false, error: 'negative' });
    expect(parseMoneyInput('1.2345')).toEqual({ ok: false, error: 'notDivisible' });
    expect(parseMoneyInput('0.125')).toEqual({ ok: false, error: 'notDivisible' });
    expect(parseMoneyInput('1.5', 'JPY')).toEqual({ ok: false, error: 'notDivisible' });
    expect(parseMoneyInput('1.0', 'JPY')).toEqual({ ok: true, value: { amount: 1, currency: 'JPY' } });
    expect(parseMoneyInput('90071992547409.92')).toEqual({ ok: false, error: 'unsafe' });
    expect(parseMoneyInput('90071992547409.91')).toEqual({ ok: true, value: usd(Number.MAX_SAFE_INTEGER) });
    for (const bad of ['abc', '1e5', '.', ',', '+5', '--1', '-', '12a', '1.5 0', '$12', '1_000']) {
      expect(parseMoneyInput(bad)).toEqual({ ok: false, error: 'invalid' });
    }
  });
  it('round-trips with formatMoneyInput (property)', () => {
    fc.assert(
      fc.property(safeAmount, fc.constantFrom('.', ',') as fc.Arbitrary<'.' | ','>, (amount, sep) => {
        expect(parseMoneyInput(formatMoneyInput(usd(amount), sep))).toEqual({ ok: true, value: usd(amount) });
      }),
    );
    fc.assert(
      fc.property(safeAmount, (amount) => {
        const jpy = { amount, currency: 'JPY' };
        expect(parseMoneyInput(formatMoneyInput(jpy), 'JPY')).toEqual({ ok: true, value: jpy });
      }),
    );
  });
  it('parses whole and cents parts exactly (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), fc.integer({ min: 0, max: 99 }), (whole, cents) => {
        const text = `${whole}.${String(cents).padStart(2, '0')}`;
        expect(parseMoneyInput(text)).toEqual({ ok: true, value: usd(whole * 100 + cents) });
      }),
    );
  });
  it('never accepts a negative amount (property)', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const result = parseMoneyInput(text);
        if (result.ok && result.value) expect(result.value.amount).toBeGreaterThanOrEqual(0);
        if (result.ok && result.value) expect(Number.isSafeInteger(result.value.amount)).toBe(true);
      }),
    );
  });
});

describe('parseMoneyInput: separators people write', () => {
  const thousands = { ok: false, error: 'thousandsSeparator' };
  it.each([
    ['1.200,00', 120_000],
    ['1,200.00', 120_000],
    ['1200,5', 120_050],
    ['1200.5', 120_050],
    ['1 200', 120_000],
    ['1\u00a0200', 120_000],
    ['1\u2009200,50', 120_050],
    ['1\u202f200.50', 120_050],
    ['1 200 000', 120_000_000],
    ['1200', 120_000],
    ['1.200,5', 120_050],
    ['0.500', 50],
    ['.500', 50],
    ['12,34', 1234],
  ])('%j is accepted as %i cents', (text, cents) => {
    expect(parseMoneyInput(text)).toEqual({ ok: true, value: usd(cents) });
  });
  it.each([
    '1.200',
    '1,200',
    '1.200.000,5',
    '1,2,3',
    '1.200.000',
    '1,200,000.00',
    '12.00,5',
    '1234,567.00',
    '1 200.000,5',
    '12 00',
    '1  200',
    '1.500',
  ])('%j is refused: thousands separator', (text) => {
    expect(parseMoneyInput(text)).toEqual(thousands);
  });
  it('says the same for a negative amount with a thousands separator', () => {
    expect(parseMoneyInput('-1,200')).toEqual(thousands);
    expect(parseMoneyInput('-1 200')).toEqual({ ok: false, error: 'negative' });
  });
});

describe('parseDecimalAmount (strict: providers and our own API)', () => {
  it('reads a dot as the decimal separator, always', () => {
    expect(parseDecimalAmount('1.200')).toEqual({ ok: true, value: usd(120) });
    expect(parseDecimalAmount('1200.00')).toEqual({ ok: true, value: usd(120_000) });
    expect(parseDecimalAmount('-0.05')).toEqual({ ok: true, value: usd(-5) });
    expect(parseDecimalAmount('1234', 'JPY')).toEqual({ ok: true, value: { amount: 1234, currency: 'JPY' } });
  });
  it('refuses what a person might write but a machine does not', () => {
    for (const bad of ['1,20', '1.200,00', '1,200.00', '1 200', '', ' 1', '.5', '12.', '+1', '1e3']) {
      expect(parseDecimalAmount(bad)).toEqual({ ok: false, error: 'invalid' });
    }
    expect(parseDecimalAmount('1.234')).toEqual({ ok: false, error: 'notDivisible' });
    expect(parseDecimalAmount('90071992547409.92')).toEqual({ ok: false, error: 'unsafe' });
  });
});

describe('fromMajorUnits', () => {
  it('converts numbers and text', () => {
    expect(fromMajorUnits(12.34)).toEqual(usd(1234));
    expect(fromMajorUnits('12.34')).toEqual(usd(1234));
    expect(fromMajorUnits(-12.34)).toEqual(usd(-1234));
    expect(fromMajorUnits(0.1)).toEqual(usd(10));
    expect(fromMajorUnits(1e-7 * 0)).toEqual(usd(0));
    expect(fromMajorUnits(1e12)).toEqual(usd(1e14));
  });
  it('rejects what it cannot represent', () => {
    expect(() => fromMajorUnits(0.1 + 0.2)).toThrow(MoneyError);
    expect(() => fromMajorUnits(1e-7)).toThrow(MoneyError);
    expect(() => fromMajorUnits(1e21)).toThrow(MoneyError);
    expect(() => fromMajorUnits(Number.NaN)).toThrow(MoneyError);
    expect(() => fromMajorUnits('')).toThrow(MoneyError);
    expect(() => fromMajorUnits('1e30')).toThrow(MoneyError);
    expect(() => fromMajorUnits('99999999999999999')).toThrow(/Cannot convert/);
    expect(() => fromMajorUnits('12,34')).toThrow(MoneyError);
    expect(() => fromMajorUnits('1,200.00')).toThrow(MoneyError);
  });
});

describe('PayPal amounts (§9)', () => {
  it('divides minor units by 100', () => {
    expect(toPaypalAmount(usd(1234))).toEqual({ currency_code: 'USD', value: '12.34' });
    expect(toPaypalAmount(usd(5))).toEqual({ currency_code: 'USD', value: '0.05' });
    expect(toPaypalAmount(usd(100))).toEqual({ currency_code: 'USD', value: '1.00' });
    expect(toPaypalAmount(usd(-150))).toEqual({ currency_code: 'USD', value: '-1.50' });
    expect(toPaypalAmount({ amount: 1234, currency: 'JPY' })).toEqual({
      currency_code: 'JPY',
      value: '1234',
    });
  });
  it('reads PayPal values strictly: "1.200" is $1.20, a comma is refused', () => {
    expect(fromPaypalAmount({ currency_code: 'USD', value: '1.200' })).toEqual(usd(120));
    expect(fromPaypalAmount({ currency_code: 'USD', value: '100000.00' })).toEqual(usd(10_000_000));
    expect(() => fromPaypalAmount({ currency_code: 'USD', value: '1,20' })).toThrow(MoneyError);
    expect(() => fromPaypalAmount({ currency_code: 'USD', value: '1.200,00' })).toThrow(MoneyError);
    expect(() => fromPaypalAmount({ currency_code: 'USD', value: '1 200' })).toThrow(MoneyError);
  });
  it('round-trips (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 15), max: 10 ** 15 }), (amount) => {
        expect(fromPaypalAmount(toPaypalAmount(usd(amount)))).toEqual(usd(amount));
        expect(toPaypalAmount(usd(amount)).value).toBe((amount / 100).toFixed(2));
      }),
    );
  });
});
