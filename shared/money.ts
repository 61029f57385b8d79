import { currencyDisplayDecimals, marketplaceCurrency, subunitDivisor } from './config/marketplace';

/** Money in integer minor units (cents for USD). Never a float of major units. */
export interface Money {
  amount: number;
  currency: string;
}

export type MoneyErrorCode = 'currency-mismatch' | 'unsafe' | 'not-integer' | 'not-divisible';

/** Thrown by money arithmetic when an invariant breaks (mixed currencies, unsafe or fractional amounts). */
export class MoneyError extends Error {
  override readonly name = 'MoneyError';
  constructor(
    readonly code: MoneyErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const CURRENCY_RE = /^[A-Z]{3}$/;

/** A Money value: an integer amount in minor units and an ISO 4217 currency code. */
export function isMoney(value: unknown): value is Money {
  if (typeof value !== 'object' || value === null) return false;
  const { amount, currency } = value as Record<string, unknown>;
  return Number.isSafeInteger(amount) && typeof currency === 'string' && CURRENCY_RE.test(currency);
}

/** Builds Money, checking the amount is a safe integer of minor units. */
export function money(amount: number, currency: string = marketplaceCurrency): Money {
  checkAmount(amount);
  return { amount, currency };
}

export function zeroMoney(currency: string = marketplaceCurrency): Money {
  return { amount: 0, currency };
}

function checkAmount(amount: number): void {
  if (!Number.isInteger(amount)) throw new MoneyError('not-integer', `Amount must be an integer: ${amount}`);
  if (!Number.isSafeInteger(amount))
    throw new MoneyError('unsafe', `Amount is not a safe integer: ${amount}`);
}

export function assertSameCurrency(a: Money, b: Money): void {
  if (a.currency !== b.currency) {
    throw new MoneyError('currency-mismatch', `Currencies differ: ${a.currency} and ${b.currency}`);
  }
}

export function addMoney(a: Money, b: Money): Money {
  assertSameCurrency(a, b);
  return money(a.amount + b.amount, a.currency);
}

export function subtractMoney(a: Money, b: Money): Money {
  assertSameCurrency(a, b);
  return money(a.amount - b.amount, a.currency);
}

/** Money times an integer quantity (checked for safety). */
export function multiplyMoney(m: Money, quantity: number): Money {
  if (!Number.isInteger(quantity))
    throw new MoneyError('not-integer', `Quantity must be an integer: ${quantity}`);
  return money(m.amount * quantity, m.currency);
}

export function negateMoney(m: Money): Money {
  return { amount: m.amount === 0 ? 0 : -m.amount, currency: m.currency };
}

/** Sum of amounts in one currency; an empty list sums to zero in `currency`. */
export function sumMoney(items: readonly Money[], currency: string = marketplaceCurrency): Money {
  let total = zeroMoney(items[0]?.currency ?? currency);
  for (const item of items) total = addMoney(total, item);
  return total;
}

export function isMarketplaceCurrency(money: Money): boolean {
  return money.currency === marketplaceCurrency;
}

/** Number of decimals of a currency's minor unit (2 for USD, 0 for JPY). */
export function currencyDecimals(currency: string): number {
  return Math.round(Math.log10(subunitDivisor(currency)));
}

/** Major units as a number, for display and charts only (never for arithmetic). */
export function toMajorUnits(m: Money): number {
  return m.amount / subunitDivisor(m.currency);
}

const formatters = new Map<string, Intl.NumberFormat>();

export interface FormatMoneyOptions {
  /** Decimals shown; the marketplace shows 0 (§9). Rounding is half away from zero (Intl's default). */
  fractionDigits?: number;
}

/**
 * Formats for display. USD shows 0 decimals (§9), so $12.50 shows as $13: amounts are rounded half
 * away from zero to whole units. Use `formatMoneyExact` where cents matter.
 */
export function formatMoney(money: Money, locale = 'en-US', options: FormatMoneyOptions = {}): string {
  const digits = options.fractionDigits ?? currencyDisplayDecimals;
  const key = `${locale}:${money.currency}:${digits}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: money.currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(money.amount / subunitDivisor(money.currency));
}

/** Formats with all the currency's decimals ($12.50), e.g. for receipts and finance views. */
export function formatMoneyExact(money: Money, locale = 'en-US'): string {
  return formatMoney(money, locale, { fractionDigits: currencyDecimals(money.currency) });
}

/**
 * The exact decimal text of an amount in major units, e.g. 1050 USD → "10.50", 1000 → "10",
 * -5 → "-0.05", 1234 JPY → "1234". No grouping, no rounding: what an input field shows.
 */
export function formatMoneyInput(m: Money, decimalSeparator: '.' | ',' = '.'): string {
  const decimals = currencyDecimals(m.currency);
  const negative = m.amount < 0;
  const digits = String(Math.abs(m.amount));
  if (decimals === 0) return `${negative ? '-' : ''}${digits}`;
  const padded = digits.padStart(decimals + 1, '0');
  const whole = padded.slice(0, -decimals);
  const fraction = padded.slice(-decimals);
  const text = /^0+$/.test(fraction) ? whole : `${whole}${decimalSeparator}${fraction}`;
  return `${negative ? '-' : ''}${text}`;
}

export type MoneyParseError = 'invalid' | 'negative' | 'notDivisible' | 'unsafe';
export type MoneyParseResult = { ok: true; value: Money | null } | { ok: false; error: MoneyParseError };

const NUMBER_RE = /^(\d*)(?:[.,](\d*))?$/;

/**
 * Parses what a person typed into a price field (§5 money input): comma or dot decimals; an empty
 * field is allowed (value null); negative numbers, more decimals than the currency has (unless they
 * are zeros) and amounts beyond the safe-integer range are rejected. Exact: no floating point.
 */
export function parseMoneyInput(input: string, currency: string = marketplaceCurrency): MoneyParseResult {
  const text = input.trim();
  if (text === '') return { ok: true, value: null };
  const negative = text.startsWith('-');
  const match = NUMBER_RE.exec(negative ? text.slice(1).trimStart() : text);
  const whole = match?.[1] ?? '';
  const fraction = match?.[2] ?? '';
  if (!match || (whole === '' && fraction === '')) return { ok: false, error: 'invalid' };
  if (negative) return { ok: false, error: 'negative' };
  const decimals = currencyDecimals(currency);
  const kept = fraction.slice(0, decimals);
  if (/[1-9]/.test(fraction.slice(decimals))) return { ok: false, error: 'notDivisible' };
  const minor =
    BigInt(whole || '0') * BigInt(subunitDivisor(currency)) +
    BigInt((kept || '0').padEnd(decimals, '0') || '0');
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false, error: 'unsafe' };
  return { ok: true, value: { amount: Number(minor), currency } };
}

/**
 * Converts an amount in major units (number or decimal text, dot or comma) to Money. Negative
 * amounts are allowed here; throws MoneyError when the amount has more decimals than the currency
 * or is not safe.
 */
export function fromMajorUnits(major: number | string, currency: string = marketplaceCurrency): Money {
  const text = typeof major === 'number' ? numberToPlainString(major) : major.trim();
  const negative = text.startsWith('-');
  const parsed = parseMoneyInput(negative ? text.slice(1) : text, currency);
  if (!parsed.ok || parsed.value === null) {
    const code = parsed.ok ? 'not-integer' : parsed.error === 'unsafe' ? 'unsafe' : 'not-divisible';
    throw new MoneyError(code, `Cannot convert ${String(major)} ${currency} to minor units`);
  }
  return negative ? negateMoney(parsed.value) : parsed.value;
}

function numberToPlainString(n: number): string {
  if (!Number.isFinite(n)) return 'NaN';
  // Avoid exponent notation for small and large numbers; keep up to 20 decimals.
  const text = String(n);
  return /e/i.test(text) ? n.toFixed(20).replace(/\.?0+$/, '') : text;
}

/**
 * PayPal amount value: the minor units divided by the subunit divisor (100 for USD, §9), as the
 * exact decimal string PayPal wants ("12.34"; JPY "1234").
 */
export function toPaypalAmount(m: Money): { currency_code: string; value: string } {
  const decimals = currencyDecimals(m.currency);
  const negative = m.amount < 0;
  const digits = String(Math.abs(m.amount));
  const value =
    decimals === 0
      ? digits
      : `${digits.padStart(decimals + 1, '0').slice(0, -decimals)}.${digits.padStart(decimals + 1, '0').slice(-decimals)}`;
  return { currency_code: m.currency, value: `${negative ? '-' : ''}${value}` };
}

/** Money from a PayPal amount `{ currency_code, value }`. */
export function fromPaypalAmount(amount: { currency_code: string; value: string }): Money {
  return fromMajorUnits(amount.value, amount.currency_code);
}
