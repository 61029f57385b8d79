/**
 * Phone number input (§5, §9), as the Sharetribe template's formatter: the input shows digits in
 * groups and the stored value has no spaces.
 * - Local numbers: up to 3 digits, then up to 7 — "555 1234567".
 * - International numbers (after a leading + or 00): up to 3 digits (country code), then 2, then up
 *   to 7 — "+358 40 1234567", "00358 40 1234567".
 * Characters other than digits are dropped. Unlike the template, digits beyond the groups are kept
 * in one more group instead of being cut off, so formatting never loses a digit.
 */

function group(digits: string, cuts: readonly number[]): string {
  return cuts
    .map((start, i) => digits.slice(start, cuts[i + 1]))
    .filter(Boolean)
    .join(' ');
}

const LOCAL_CUTS = [0, 3, 10];
const INTERNATIONAL_CUTS = [0, 3, 5, 12];

/** Formats what is typed for display. */
export function formatPhoneNumber(value: string | null | undefined): string {
  if (!value) return '';
  const digits = value.replace(/\D/g, '');
  if (value.startsWith('+')) return `+${group(digits, INTERNATIONAL_CUTS)}`;
  if (value.startsWith('00') && digits.length > 2) return `00${group(digits.slice(2), INTERNATIONAL_CUTS)}`;
  return group(digits, LOCAL_CUTS);
}

/** Parses the input back to the stored value: whitespace stripped. */
export function parsePhoneNumber(value: string | null | undefined): string {
  return value ? value.replace(/\s/g, '') : '';
}
