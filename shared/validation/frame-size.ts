/**
 * A listing's frame size in cm (issue 21): a whole number or one decimal within frameSizeCmLimits.
 * The wizard's text field, the API (a number, or '' / null to remove it) and publishing all read it
 * through `frameSizeCmOf`, so "54,5" typed in the form and 54.5 sent by a client are the same size.
 */
import { frameSizeCmLimits } from '../config/listing-fields';
import { VALID, type Validator } from './core';
import { listingMessages } from './messages';

/** At most three digits and one decimal, with a point or a comma. */
const cmPattern = /^\d{1,3}(?:[.,]\d)?$/;

/**
 * The size a value says in cm, without the bounds: a finite number with at most one decimal, or text
 * of one; undefined for anything else (more decimals, words, a negative number).
 */
export function frameSizeCmOf(value: unknown): number | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return cmPattern.test(text) ? Number(text.replace(',', '.')) : undefined;
}

/** Optional: empty passes; otherwise a size `frameSizeCmOf` reads, from 30 to 70 cm inclusive. */
export const frameSizeCmValidator: Validator<unknown> = (value) => {
  if (value === undefined || value === null || value === '') return VALID;
  const cm = frameSizeCmOf(value);
  return cm !== undefined && cm >= frameSizeCmLimits.min && cm <= frameSizeCmLimits.max
    ? VALID
    : listingMessages.frameSizeCmInvalid;
};
