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

export type MoneyParseError = 'invalid' | 'negative' | 'notDivisible' | 'unsafe' | 'thousandsSeparator';
export type MoneyParseResult = { ok: true; value: Money | null } | { ok: false; error: MoneyParseError };

/** Spaces people put between thousands: ordinary, no-break, thin and narrow no-break spaces. */
const GROUP_SPACE = /[ \u00a0\u2009\u202f]/;
/** Digit groups split by spaces: 1 to 3 digits, then groups of exactly 3 ("1 200 000"). */
const SPACE_GROUPED = /^\d{1,3}(?:[ \u00a0\u2009\u202f]\d{3})+$/;
const DIGITS = /^\d*$/;

/**
 * Splits what a person typed (no sign) into whole and fraction digits, reading the separators the
 * way people in any country write them (§5: comma or dot decimals), or says why it cannot:
 * - spaces (also no-break and thin ones) group thousands: "1 200" is 1200;
 * - with both a dot and a comma, the last one is the decimal separator and the other must group the
 *   whole part in threes, once: "1.200,00" and "1,200.00" are 1200.00;
 * - a lone separator followed by exactly three digits ("1.200", "1,200") could be either, so it is
 *   refused (`thousandsSeparator`) rather than guessed: "1.200" must never silently mean $1.20;
 * - a separator used more than once ("1,2,3", "1.200.000,5") is refused the same way.
 */
function splitMoneyText(text: string): { whole: string; fraction: string } | MoneyParseError {
  const dots = text.split('.').length - 1;
  const commas = text.split(',').length - 1;
  if (dots > 1 || commas > 1) return 'thousandsSeparator';
  let whole: string;
  let fraction = '';
  if (dots === 1 && commas === 1) {
    const decimalAt = Math.max(text.lastIndexOf('.'), text.lastIndexOf(','));
    const groupAt = Math.min(text.indexOf('.'), text.indexOf(','));
    const head = text.slice(0, groupAt);
    const tail = text.slice(groupAt + 1, decimalAt);
    if (!/^\d{1,3}$/.test(head) || !/^\d{3}$/.test(tail)) return 'thousandsSeparator';
    whole = head + tail;
    fraction = text.slice(decimalAt + 1);
  } else if (dots + commas === 1) {
    const at = Math.max(text.indexOf('.'), text.indexOf(','));
    whole = text.slice(0, at);
    fraction = text.slice(at + 1);
    // "1.200" may be twelve hundred or one point two; "0.125" can only be a decimal.
    if (/^\d{3}$/.test(fraction) && /[1-9]/.test(whole)) return 'thousandsSeparator';
  } else {
    whole = text;
  }
  if (GROUP_SPACE.test(whole)) {
    if (!SPACE_GROUPED.test(whole)) return 'thousandsSeparator';
    whole = whole.replace(new RegExp(GROUP_SPACE.source, 'g'), '');
  }
  if (!DIGITS.test(whole) || !DIGITS.test(fraction) || (whole === '' && fraction === '')) return 'invalid';
  return { whole, fraction };
}

/**
 * Parses what a person typed into a price field (§5 money input): comma or dot decimals, spaces
 * between thousands (see splitMoneyText for the separators); an empty field is allowed (value
 * null); negative numbers, more decimals than the currency has (unless they are zeros) and amounts
 * beyond the safe-integer range are rejected. Exact: no floating point. For people only: amounts
 * from providers and from our own code go through the strict `parseDecimalAmount`.
 */
export function parseMoneyInput(input: string, currency: string = marketplaceCurrency): MoneyParseResult {
  const text = input.trim();
  if (text === '') return { ok: true, value: null };
  const negative = text.startsWith('-');
  const body = negative ? text.slice(1).trimStart() : text;
  if (!/^[\d.,]/.test(body) || !/[\d.,]$/.test(body)) return { ok: false, error: 'invalid' };
  const split = splitMoneyText(body);
  if (typeof split === 'string') return { ok: false, error: split };
  if (negative) return { ok: false, error: 'negative' };
  return toMinorUnits(split.whole, split.fraction, currency);
}

/** Whole and fraction digits as Money, checking the currency's decimals and the safe range. */
function toMinorUnits(whole: string, fraction: string, currency: string): MoneyParseResult {
  const decimals = currencyDecimals(currency);
  const kept = fraction.slice(0, decimals);
  if (/[1-9]/.test(fraction.slice(decimals))) return { ok: false, error: 'notDivisible' };
  const minor =
    BigInt(whole || '0') * BigInt(subunitDivisor(currency)) +
    BigInt((kept || '0').padEnd(decimals, '0') || '0');
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false, error: 'unsafe' };
  return { ok: true, value: { amount: Number(minor), currency } };
}

/** A machine's decimal amount: optional minus, digits, optionally a dot and digits. Nothing else. */
const DECIMAL_AMOUNT = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * The strict reading of an amount written by a machine (PayPal's `value`, our own API's decimal
 * strings): a dot is always the decimal separator, there is no grouping, so "1.200" is 1.20 here.
 * Negative amounts are allowed (refunds); more decimals than the currency has (unless zeros), unsafe
 * amounts and anything else are refused.
 */
export function parseDecimalAmount(text: string, currency: string = marketplaceCurrency): MoneyParseResult {
  const match = DECIMAL_AMOUNT.exec(text);
  if (!match) return { ok: false, error: 'invalid' };
  const parsed = toMinorUnits(match[2] ?? '', match[3] ?? '', currency);
  if (!parsed.ok || parsed.value === null || match[1] !== '-') return parsed;
  return { ok: true, value: negateMoney(parsed.value) };
}

/**
 * Converts an amount in major units (a number, or strict decimal text with a dot) to Money.
 * Negative amounts are allowed here; throws MoneyError when the amount is not decimal text, has
 * more decimals than the currency or is not safe.
 */
export function fromMajorUnits(major: number | string, currency: string = marketplaceCurrency): Money {
  const text = typeof major === 'number' ? numberToPlainString(major) : major.trim();
  const parsed = parseDecimalAmount(text, currency);
  if (!parsed.ok || parsed.value === null) {
    const code = parsed.ok ? 'not-integer' : parsed.error === 'unsafe' ? 'unsafe' : 'not-divisible';
    throw new MoneyError(code, `Cannot convert ${String(major)} ${currency} to minor units`);
  }
  return parsed.value;
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

/** Money from a PayPal amount `{ currency_code, value }`, read strictly ("1.200" is 1.20, "1,20" is refused). */
export function fromPaypalAmount(amount: { currency_code: string; value: string }): Money {
  return fromMajorUnits(amount.value, amount.currency_code);
}
