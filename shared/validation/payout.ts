/**
 * Payout form and bank fields per country (§5): every field of the country is required with its own
 * message; values are cleaned (whitespace stripped; spaces and dashes removed for NZ account numbers
 * and UK sort codes) and checked against the country's real format (US ABA checksum, IBAN length and
 * mod-97, CLABE control digit).
 */
import { payoutSettings } from '../config/constants';
import {
  type BankField,
  type BankFieldFormat,
  bankFieldFormat,
  bankFieldTexts,
  type PayoutCountry,
  payoutCountry,
} from '../config/payout-countries';
import { type FieldErrors, isBlank, required, VALID, type ValidationResult, validateFields } from './core';
import { payoutMessages } from './messages';

/** Cleans a raw bank field value as its format says. */
export function normaliseBankField(raw: string, format: BankFieldFormat): string {
  switch (format.normalise) {
    case 'whitespaceAndDashes':
      return raw.replace(/[\s-]+/g, '');
    case 'whitespace':
      return raw.replace(/\s+/g, '').toUpperCase();
    default:
      return raw.trim();
  }
}

/** US ABA routing number checksum: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). */
export function isValidAbaRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const d = [...value].map(Number);
  const sum = (i: number) => (d[i] ?? 0) + (d[i + 3] ?? 0) + (d[i + 6] ?? 0);
  return (3 * sum(0) + 7 * sum(1) + sum(2)) % 10 === 0;
}

/** IBAN mod-97 check (ISO 13616): move the first four characters to the end, letters → 10..35. */
export function isValidIbanChecksum(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    const value = code >= 65 ? String(code - 55) : ch;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** Mexican CLABE control digit: weights 3,7,1 over the first 17 digits; (10 − sum mod 10) mod 10. */
export function isValidClabe(clabe: string): boolean {
  if (!/^\d{18}$/.test(clabe)) return false;
  const weights = [3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (Number(clabe[i]) * (weights[i % 3] ?? 1)) % 10;
  return (10 - (sum % 10)) % 10 === Number(clabe[17]);
}

/** The error for one bank field of a country, or undefined when valid. */
export function validateBankField(country: PayoutCountry, field: BankField, raw: unknown): ValidationResult {
  const text = bankFieldTexts[field];
  if (isBlank(raw) || typeof raw !== 'string') return text.required;
  const format = bankFieldFormat(country, field);
  const value = normaliseBankField(raw, format);
  const notValid = payoutMessages.fieldNotValid(text.label);
  if (format.check === 'iban') {
    const ok =
      format.pattern.test(value) &&
      value.startsWith(country.code) &&
      value.length === country.ibanLength &&
      isValidIbanChecksum(value);
    return ok ? VALID : notValid;
  }
  if (!format.pattern.test(value)) return payoutMessages.fieldInvalid(text.label, format.description);
  switch (format.check) {
    case 'aba':
      return isValidAbaRoutingNumber(value) ? VALID : notValid;
    case 'clabe':
      return isValidClabe(value) ? VALID : notValid;
    default:
      return VALID;
  }
}

export type BankAccountValues = Partial<Record<BankField, string>>;

/**
 * Validates the bank fields of a country. An unsupported country gives `{ country: message }`;
 * otherwise each of the country's fields that fails has its message.
 */
export function validateBankAccount(
  countryCode: string,
  values: BankAccountValues,
): Partial<Record<BankField | 'country', string>> {
  const country = payoutCountry(countryCode);
  if (!country) return { country: payoutMessages.unsupportedCountry(countryCode) };
  const errors: Partial<Record<BankField, string>> = {};
  for (const field of country.fields) {
    const error = validateBankField(country, field, values[field]);
    if (error) errors[field] = error;
  }
  return errors;
}

/** The cleaned values of a country's fields (for the token request). */
export function normaliseBankAccount(country: PayoutCountry, values: BankAccountValues): BankAccountValues {
  const cleaned: BankAccountValues = {};
  for (const field of country.fields) {
    const raw = values[field];
    if (typeof raw === 'string') cleaned[field] = normaliseBankField(raw, bankFieldFormat(country, field));
  }
  return cleaned;
}

export interface BankAccountTokenParams {
  country: string;
  currency: string;
  account_number: string;
  routing_number?: string;
  account_holder_name?: string;
}

/**
 * The card provider's bank_account token parameters from a country's (valid) fields: routing
 * number composed per country (AU bsb; CA transit-institution; GB sort code; HK clearing-branch;
 * JP bank+branch; SG bank-branch; US routing), account number (or IBAN / CLABE).
 */
export function bankAccountTokenParams(
  countryCode: string,
  values: BankAccountValues,
): BankAccountTokenParams {
  const country = payoutCountry(countryCode);
  if (!country) throw new Error(payoutMessages.unsupportedCountry(countryCode));
  const v = normaliseBankAccount(country, values);
  const base = { country: country.code, currency: country.currency };
  switch (country.code) {
    case 'AU':
      return { ...base, routing_number: v.bsb, account_number: v.accountNumber ?? '' };
    case 'CA':
      return {
        ...base,
        routing_number: `${v.transitNumber}-${v.institutionNumber}`,
        account_number: v.accountNumber ?? '',
      };
    case 'GB':
      return { ...base, routing_number: v.sortCode, account_number: v.accountNumber ?? '' };
    case 'HK':
      return {
        ...base,
        routing_number: `${v.clearingCode}-${v.branchCode}`,
        account_number: v.accountNumber ?? '',
      };
    case 'JP':
      return {
        ...base,
        routing_number: `${v.bankCode}${v.branchCode}`,
        account_number: v.accountNumber ?? '',
        account_holder_name: v.accountOwnerName,
      };
    case 'SG':
      return {
        ...base,
        routing_number: `${v.bankCode}-${v.branchCode}`,
        account_number: v.accountNumber ?? '',
      };
    case 'US':
      return { ...base, routing_number: v.routingNumber, account_number: v.accountNumber ?? '' };
    case 'MX':
      return { ...base, account_number: v.clabe ?? '' };
    case 'NZ':
      return { ...base, account_number: v.accountNumber ?? '' };
    default:
      return { ...base, account_number: v.iban ?? '' };
  }
}

/** Inline names of a country's inputs, for the bank connection failure message (§8). */
export function bankFieldInlineNames(countryCode: string): string[] {
  return (payoutCountry(countryCode)?.fields ?? []).map((f) => bankFieldTexts[f].inline);
}

/** A business URL the card provider accepts: http(s) or no scheme, no example.com or localhost. */
export function isValidBusinessUrl(value: string): boolean {
  if (/[^-A-Za-z0-9+&@#/%?=~_|!:,.;()]/.test(value)) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1];
  if (scheme && !/^https?$/i.test(scheme)) return false;
  if (/^(https?:\/\/)?example\.com/i.test(value)) return false;
  if (/^(https?:\/\/)?localhost($|:|\/)/i.test(value)) return false;
  return value.length > 0;
}

export interface PayoutFormValues {
  accountType: string;
  country: string;
  bankAccountToken: string;
  businessProfileURL?: string;
  businessProfileMCC?: string;
}

/** Payout form (§5): account type, country (supported), bank account token required. */
export function validatePayoutForm(values: Partial<PayoutFormValues>): FieldErrors<PayoutFormValues> {
  const errors = validateFields(values, {
    accountType: (v: unknown) =>
      typeof v === 'string' && payoutSettings.accountTypes.includes(v)
        ? VALID
        : payoutMessages.accountTypeRequired,
    country: required(payoutMessages.countryRequired),
    bankAccountToken: required(payoutMessages.bankAccountTokenRequired),
    businessProfileURL: (v: unknown) =>
      v === undefined || v === '' || (typeof v === 'string' && isValidBusinessUrl(v))
        ? VALID
        : payoutMessages.businessUrlInvalid,
  });
  if (!errors.country && values.country && !payoutCountry(values.country)) {
    errors.country = payoutMessages.unsupportedCountry(values.country);
  }
  return errors;
}

/**
 * The submit button is disabled while the form is pristine, invalid or in progress (§5).
 */
export function payoutSubmitDisabled(state: {
  pristine: boolean;
  invalid: boolean;
  inProgress: boolean;
}): boolean {
  return state.pristine || state.invalid || state.inProgress;
}
