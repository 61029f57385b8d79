/**
 * Composable validators (§5). A validator returns `undefined` when the value is valid, else the
 * message to show. `composeValidators` returns the first failing message. The same validators run
 * in the browser forms and in the API's 400 answers.
 */

export type ValidationResult = string | undefined;
export type Validator<T = unknown> = (value: T) => ValidationResult;

export const VALID: ValidationResult = undefined;

/** Runs validators in order; the first failure wins. */
export function composeValidators<T>(...validators: readonly Validator<T>[]): Validator<T> {
  return (value) => {
    for (const validator of validators) {
      const error = validator(value);
      if (error !== undefined) return error;
    }
    return VALID;
  };
}

export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim().length === 0);
}

/** Fails on undefined, null and strings that are empty after trimming. */
export function required(message: string): Validator<unknown> {
  return (value) => (isBlank(value) ? message : VALID);
}

export function requiredBoolean(message: string): Validator<unknown> {
  return (value) => (typeof value === 'boolean' ? VALID : message);
}

/** Length at least `min` (strings and arrays). */
export function minLength(message: string, min: number): Validator<unknown> {
  return (value) => (hasLength(value) && value.length >= min ? VALID : message);
}

/** Length at most `max`; an empty value passes (combine with `required`). */
export function maxLength(message: string, max: number): Validator<unknown> {
  return (value) => {
    if (value === undefined || value === null || value === '') return VALID;
    return hasLength(value) && value.length <= max ? VALID : message;
  };
}

function hasLength(value: unknown): value is { length: number } {
  return (typeof value === 'string' || Array.isArray(value)) && typeof value.length === 'number';
}

export function nonEmptyArray(message: string): Validator<unknown> {
  return (value) => (Array.isArray(value) && value.length > 0 ? VALID : message);
}

/** The regular-expressions.info address pattern the Sharetribe template uses. */
export const EMAIL_RE = /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}$/i;

export function emailFormat(message: string): Validator<unknown> {
  return (value) => (typeof value === 'string' && EMAIL_RE.test(value.trim()) ? VALID : message);
}

export function matches(message: string, pattern: RegExp): Validator<unknown> {
  return (value) => (typeof value === 'string' && pattern.test(value) ? VALID : message);
}

export function oneOf(message: string, options: readonly unknown[]): Validator<unknown> {
  return (value) => (options.includes(value) ? VALID : message);
}

/** Parses a whole number from a number or decimal text ("12", " 12 "); anything else gives null. */
export function parseInteger(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  if (typeof value !== 'string' || !/^\s*[-+]?\d+\s*$/.test(value)) return null;
  const n = Number(value.trim());
  return Number.isSafeInteger(n) ? n : null;
}

/** A whole number of at least `min` (§5 integer bound). */
export function integerAtLeast(message: string, min: number): Validator<unknown> {
  return (value) => {
    const n = parseInteger(value);
    return n !== null && n >= min ? VALID : message;
  };
}

/** A whole number of at most `max`. */
export function integerAtMost(message: string, max: number): Validator<unknown> {
  return (value) => {
    const n = parseInteger(value);
    return n !== null && n <= max ? VALID : message;
  };
}

/** Money in minor units at least `min` (§5 price ≥ minimum). */
export function moneyAtLeast(message: string, min: number): Validator<unknown> {
  return (value) => {
    if (typeof value !== 'object' || value === null) return message;
    const amount = (value as { amount?: unknown }).amount;
    return typeof amount === 'number' && Number.isSafeInteger(amount) && amount >= min ? VALID : message;
  };
}

/** Money in minor units at most `max` (prices and fees have a ceiling). Empty passes. */
export function moneyAtMost(message: string, max: number): Validator<unknown> {
  return (value) => {
    if (typeof value !== 'object' || value === null) return VALID;
    const amount = (value as { amount?: unknown }).amount;
    return typeof amount === 'number' && amount > max ? message : VALID;
  };
}

export interface LatLng {
  lat: number;
  lng: number;
}

export interface SelectedPlace {
  address: string;
  origin: LatLng;
  bounds?: { ne: LatLng; sw: LatLng };
}

export function isLatLng(value: unknown): value is LatLng {
  if (typeof value !== 'object' || value === null) return false;
  const { lat, lng } = value as Record<string, unknown>;
  return typeof lat === 'number' && typeof lng === 'number' && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
}

/** A location field value needs a selected place with an address and an origin (§5). */
export function placeSelected(message: string): Validator<unknown> {
  return (value) => {
    const place = (value as { selectedPlace?: Partial<SelectedPlace> } | null | undefined)?.selectedPlace;
    return place && typeof place.address === 'string' && place.address.trim() && isLatLng(place.origin)
      ? VALID
      : message;
  };
}

/** A location field has a search text or a selection (§5 "required"). */
export function placeSearchRequired(message: string): Validator<unknown> {
  return (value) => {
    const v = value as { search?: unknown; selectedPlace?: unknown } | null | undefined;
    return (typeof v?.search === 'string' && v.search.trim()) || v?.selectedPlace ? VALID : message;
  };
}

export type FieldValidators<T> = { [K in keyof T]?: Validator<T[K]> };
export type FieldErrors<T> = Partial<Record<keyof T, string>>;

/** Validates each field of a form; the result has a message for each failing field. */
export function validateFields<T extends object>(values: T, validators: FieldValidators<T>): FieldErrors<T> {
  const errors: FieldErrors<T> = {};
  for (const key of Object.keys(validators) as (keyof T)[]) {
    const validator = validators[key];
    const error = validator?.(values[key]);
    if (error !== undefined) errors[key] = error;
  }
  return errors;
}

export function hasErrors(errors: object): boolean {
  return Object.keys(errors).length > 0;
}

/** The first message of a form's errors (in field order), for one-line API answers. */
export function firstError<T>(errors: FieldErrors<T>): string | undefined {
  for (const message of Object.values(errors)) if (typeof message === 'string') return message;
  return undefined;
}

/** Accepts any value (for optional fields in field maps). */
export const optional: Validator<unknown> = () => VALID;
