/**
 * Single inputs (§5): money input, integer bound, birthday, text areas, image files and image
 * variants.
 */
import { imageSettings, limits, minimumUserAge } from '../config/constants';
import { marketplaceCurrency } from '../config/marketplace';
import { currencyDecimals, parseMoneyInput } from '../money';
import {
  composeValidators,
  integerAtLeast,
  integerAtMost,
  maxLength,
  parseInteger,
  VALID,
  type ValidationResult,
  type Validator,
} from './core';
import {
  birthdayMessages,
  listingMessages,
  moneyInputMessages,
  numberMessages,
  textAreaMessages,
} from './messages';

/**
 * A money input's text (§5): comma or dot decimals, spaces between thousands; empty allowed;
 * negative, non-divisible and unsafe amounts rejected, and so is an ambiguous thousands separator
 * ("1.200", "1,200": see parseMoneyInput).
 */
export function moneyInputValidator(currency: string = marketplaceCurrency): Validator<unknown> {
  return (value) => {
    if (value === undefined || value === null) return VALID;
    if (typeof value !== 'string') return moneyInputMessages.invalid;
    const parsed = parseMoneyInput(value, currency);
    if (parsed.ok) return VALID;
    switch (parsed.error) {
      case 'negative':
        return moneyInputMessages.negative;
      case 'notDivisible':
        return moneyInputMessages.notDivisible(currencyDecimals(currency));
      case 'unsafe':
        return moneyInputMessages.unsafe;
      case 'thousandsSeparator':
        return moneyInputMessages.thousandsSeparator;
      default:
        return moneyInputMessages.invalid;
    }
  };
}

/** Money must be in the marketplace currency (§5). Empty passes (combine with required). */
export function marketplaceCurrencyValidator(currency: string = marketplaceCurrency): Validator<unknown> {
  return (value) => {
    if (value === undefined || value === null) return VALID;
    const c = (value as { currency?: unknown }).currency;
    return c === currency ? VALID : moneyInputMessages.currencyInvalid;
  };
}

/** A whole number within [min, max] with the template's messages (§5 "integer at least a bound"). */
export function integerInRange(min: number, max?: number): Validator<unknown> {
  const checks = [integerAtLeast(numberMessages.tooSmall(min), min)];
  if (max !== undefined) checks.push(integerAtMost(numberMessages.tooBig(max), max));
  return composeValidators(...checks);
}

/** Text areas: at most 5000 characters (§5, §9). */
export const textAreaValidator: Validator<unknown> = maxLength(
  textAreaMessages.tooLong,
  limits.textAreaMaxLength,
);

export interface BirthdayValue {
  day?: string | number;
  month?: string | number;
  year?: string | number;
}

/** Year options of the birthday field: the last 80 years, newest first (§5, §9). */
export function birthdayYears(now: Date = new Date()): number[] {
  const current = now.getUTCFullYear();
  return Array.from({ length: limits.birthdayYearsSpan }, (_, i) => current - i);
}

/** Full years between a birth date and `now` (UTC calendar). */
export function ageInYears(birth: { year: number; month: number; day: number }, now: Date): number {
  const years = now.getUTCFullYear() - birth.year;
  const beforeBirthday =
    now.getUTCMonth() + 1 < birth.month ||
    (now.getUTCMonth() + 1 === birth.month && now.getUTCDate() < birth.day);
  return beforeBirthday ? years - 1 : years;
}

/**
 * Birthday (§5): day, month and year all present; a real date within the last 80 years; age at
 * least `minAge` (13, §1) at `now`.
 */
export function birthdayValidator(
  minAge: number = minimumUserAge,
  now?: Date,
): Validator<BirthdayValue | undefined> {
  return (value) => {
    const day = parseInteger(value?.day);
    const month = parseInteger(value?.month);
    const year = parseInteger(value?.year);
    if (day === null || month === null || year === null) return birthdayMessages.required;
    const date = new Date(Date.UTC(year, month - 1, day));
    const real =
      date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
    const today = now ?? new Date();
    if (!real || !birthdayYears(today).includes(year) || date.getTime() > today.getTime()) {
      return birthdayMessages.invalid;
    }
    return ageInYears({ year, month, day }, today) >= minAge ? VALID : birthdayMessages.tooYoung(minAge);
  };
}

export interface ImageFileInfo {
  type: string;
  size: number;
  name?: string;
}

/** An image file: JPG, GIF or PNG, at most 20 MB (§5). */
export function validateImageFile(file: ImageFileInfo): ValidationResult {
  const type = file.type.toLowerCase();
  const byName = file.name
    ? imageSettings.acceptedExtensions.some((e) => file.name?.toLowerCase().endsWith(e))
    : false;
  if (!imageSettings.acceptedTypes.includes(type) && !(type === '' && byName))
    return listingMessages.imageTypeInvalid;
  if (!(file.size >= 0) || file.size > imageSettings.maxUploadBytes) return listingMessages.imageTooBig;
  return VALID;
}

export interface ImageVariantSpec {
  name: string;
  width: number;
  height: number;
}

/** Custom image variants are at most 3072 px wide or high (§5); returns the error, or undefined. */
export function checkImageVariant(variant: ImageVariantSpec): ValidationResult {
  const { name, width, height } = variant;
  const max = imageSettings.variantMaxPx;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    return `Dimensions of image variant (${name}) must be positive whole numbers`;
  }
  if (width > max || height > max) return `Dimensions of image variant (${name}) exceed ${max}px`;
  return VALID;
}
