/**
 * Payout countries of the card payment provider (§9: 36 countries), each with its currency and the
 * bank fields it needs (§3), with the real formats of those fields. The validators in
 * `validation/payout.ts` read this table; the per-field messages are Sharetribe's English texts.
 */

export const bankFieldKeys = [
  'bsb',
  'transitNumber',
  'institutionNumber',
  'clearingCode',
  'bankName',
  'bankCode',
  'branchName',
  'branchCode',
  'sortCode',
  'routingNumber',
  'accountOwnerName',
  'accountNumber',
  'iban',
  'clabe',
] as const;

export type BankField = (typeof bankFieldKeys)[number];

/** How a field's raw input is cleaned before it is checked and sent. */
export type BankFieldNormalisation = 'whitespace' | 'whitespaceAndDashes' | 'trim';

/** Extra check on top of the pattern: US ABA routing checksum, IBAN mod-97, CLABE control digit. */
export type BankFieldCheck = 'aba' | 'iban' | 'clabe';

export interface BankFieldFormat {
  /** Matches the normalised value. */
  pattern: RegExp;
  /** What the pattern means, for the invalid message. */
  description: string;
  normalise: BankFieldNormalisation;
  check?: BankFieldCheck;
}

export interface BankFieldText {
  label: string;
  /** Lower-case name used inside sentences ("…that your BSB and account number are valid…"). */
  inline: string;
  placeholder: string;
  required: string;
}

/** Labels and required messages (Sharetribe's StripeBankAccountTokenInputField texts). */
export const bankFieldTexts: Record<BankField, BankFieldText> = {
  bsb: { label: 'BSB', inline: 'BSB', placeholder: 'Type in BSB…', required: 'BSB is required' },
  transitNumber: {
    label: 'Transit number',
    inline: 'transit number',
    placeholder: 'Type in transit number…',
    required: 'Transit number is required',
  },
  institutionNumber: {
    label: 'Institution number',
    inline: 'institution number',
    placeholder: 'Type in institution number…',
    required: 'Institution number is required',
  },
  clearingCode: {
    label: 'Clearing code',
    inline: 'clearing code',
    placeholder: 'Type in clearing code…',
    required: 'Clearing code is required',
  },
  bankName: {
    label: 'Bank name',
    inline: 'bank name',
    placeholder: 'Type in bank name…',
    required: 'Bank name is required',
  },
  bankCode: {
    label: 'Bank code',
    inline: 'bank code',
    placeholder: 'Type in bank code…',
    required: 'Bank code is required',
  },
  branchName: {
    label: 'Branch name',
    inline: 'branch name',
    placeholder: 'Type in branch name…',
    required: 'Branch name is required',
  },
  branchCode: {
    label: 'Branch code',
    inline: 'branch code',
    placeholder: 'Type in branch code…',
    required: 'Branch code is required',
  },
  sortCode: {
    label: 'Sort code',
    inline: 'sort code',
    placeholder: 'Type in sort code…',
    required: 'Sort code is required',
  },
  routingNumber: {
    label: 'Routing number',
    inline: 'routing number',
    placeholder: 'Type in routing number…',
    required: 'Routing number is required',
  },
  accountOwnerName: {
    label: 'Bank account owner name',
    inline: 'account owner name',
    placeholder: 'Jane Doe',
    required: 'Bank account owner name is required',
  },
  accountNumber: {
    label: 'Bank account number',
    inline: 'account number',
    placeholder: 'Type in bank account number…',
    required: 'Bank account number is required',
  },
  iban: {
    label: 'Bank account number (IBAN)',
    inline: 'IBAN',
    placeholder: 'DE89 3704 0044 0532 0130 00',
    required: 'Bank account number (IBAN) is required',
  },
  clabe: { label: 'CLABE', inline: 'CLABE', placeholder: 'Type in CLABE…', required: 'CLABE is required' },
};

const digits = (n: number): BankFieldFormat => ({
  pattern: new RegExp(`^\\d{${n}}$`),
  description: `${n} digits`,
  normalise: 'whitespace',
});
const digitRange = (min: number, max: number): BankFieldFormat => ({
  pattern: new RegExp(`^\\d{${min},${max}}$`),
  description: `${min} to ${max} digits`,
  normalise: 'whitespace',
});
const text: BankFieldFormat = { pattern: /^\S(.*\S)?$/, description: 'text', normalise: 'trim' };

/** Formats shared by every country that uses the field. */
const defaultFormats: Record<BankField, BankFieldFormat> = {
  bsb: digits(6),
  transitNumber: digits(5),
  institutionNumber: digits(3),
  clearingCode: digits(3),
  bankName: text,
  bankCode: digits(4),
  branchName: text,
  branchCode: digits(3),
  // Sort codes are often written 12-34-56: dashes are removed like whitespace.
  sortCode: { ...digits(6), normalise: 'whitespaceAndDashes' },
  routingNumber: { ...digits(9), check: 'aba' },
  accountOwnerName: text,
  accountNumber: digitRange(4, 17),
  iban: {
    pattern: /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/,
    description: 'an IBAN',
    normalise: 'whitespace',
    check: 'iban',
  },
  clabe: { ...digits(18), check: 'clabe' },
};

export interface PayoutCountry {
  code: string;
  name: string;
  currency: string;
  /** Fields the bank account token needs, in the order they are shown. */
  fields: readonly BankField[];
  /** Field formats that differ from the defaults for this country. */
  formats?: Partial<Record<BankField, BankFieldFormat>>;
  /** Length of the country's IBAN, for IBAN countries. */
  ibanLength?: number;
}

const ibanCountry = (code: string, name: string, currency: string, ibanLength: number): PayoutCountry => ({
  code,
  name,
  currency,
  fields: ['iban'],
  ibanLength,
});

/** The 36 payout countries of §9, in the spec's order. */
export const payoutCountries: readonly PayoutCountry[] = [
  {
    code: 'AU',
    name: 'Australia',
    currency: 'AUD',
    fields: ['bsb', 'accountNumber'],
    formats: { accountNumber: digitRange(5, 9) },
  },
  ibanCountry('AT', 'Austria', 'EUR', 20),
  ibanCountry('BE', 'Belgium', 'EUR', 16),
  // Bulgaria adopted the euro on 1 January 2026 (before that: BGN).
  ibanCountry('BG', 'Bulgaria', 'EUR', 22),
  {
    code: 'CA',
    name: 'Canada',
    currency: 'CAD',
    fields: ['transitNumber', 'institutionNumber', 'accountNumber'],
    formats: { accountNumber: digitRange(7, 12) },
  },
  ibanCountry('CH', 'Switzerland', 'CHF', 21),
  ibanCountry('CY', 'Cyprus', 'EUR', 28),
  ibanCountry('CZ', 'Czech Republic', 'CZK', 24),
  ibanCountry('DE', 'Germany', 'EUR', 22),
  ibanCountry('DK', 'Denmark', 'DKK', 18),
  ibanCountry('EE', 'Estonia', 'EUR', 20),
  ibanCountry('ES', 'Spain', 'EUR', 24),
  ibanCountry('FI', 'Finland', 'EUR', 18),
  ibanCountry('FR', 'France', 'EUR', 27),
  {
    code: 'GB',
    name: 'United Kingdom',
    currency: 'GBP',
    fields: ['sortCode', 'accountNumber'],
    formats: { accountNumber: digits(8) },
  },
  ibanCountry('GR', 'Greece', 'EUR', 27),
  {
    code: 'HK',
    name: 'Hong Kong',
    currency: 'HKD',
    fields: ['clearingCode', 'branchCode', 'accountNumber'],
    formats: { accountNumber: digitRange(6, 12) },
  },
  ibanCountry('IE', 'Ireland', 'EUR', 22),
  ibanCountry('IT', 'Italy', 'EUR', 27),
  {
    code: 'JP',
    name: 'Japan',
    currency: 'JPY',
    fields: ['bankName', 'branchName', 'bankCode', 'branchCode', 'accountNumber', 'accountOwnerName'],
    formats: { accountNumber: digitRange(7, 8) },
  },
  ibanCountry('LT', 'Lithuania', 'EUR', 20),
  ibanCountry('LU', 'Luxembourg', 'EUR', 20),
  ibanCountry('LV', 'Latvia', 'EUR', 21),
  ibanCountry('MT', 'Malta', 'EUR', 31),
  { code: 'MX', name: 'Mexico', currency: 'MXN', fields: ['clabe'] },
  ibanCountry('NL', 'Netherlands', 'EUR', 18),
  ibanCountry('NO', 'Norway', 'NOK', 15),
  {
    code: 'NZ',
    name: 'New Zealand',
    currency: 'NZD',
    fields: ['accountNumber'],
    // Bank (2) + branch (4) + account (7) + suffix (2 or 3), often written with spaces or dashes.
    formats: {
      accountNumber: {
        pattern: /^\d{15,16}$/,
        description: '15 or 16 digits',
        normalise: 'whitespaceAndDashes',
      },
    },
  },
  ibanCountry('PL', 'Poland', 'PLN', 28),
  ibanCountry('PT', 'Portugal', 'EUR', 25),
  ibanCountry('RO', 'Romania', 'RON', 24),
  ibanCountry('SE', 'Sweden', 'SEK', 24),
  {
    code: 'SG',
    name: 'Singapore',
    currency: 'SGD',
    fields: ['bankCode', 'branchCode', 'accountNumber'],
    formats: { accountNumber: digitRange(6, 17) },
  },
  ibanCountry('SI', 'Slovenia', 'EUR', 19),
  ibanCountry('SK', 'Slovakia', 'EUR', 24),
  {
    code: 'US',
    name: 'United States',
    currency: 'USD',
    fields: ['routingNumber', 'accountNumber'],
    formats: { accountNumber: digitRange(4, 17) },
  },
];

const byCode = new Map(payoutCountries.map((c) => [c.code, c]));

export const payoutCountryCodes: readonly string[] = payoutCountries.map((c) => c.code);

export function payoutCountry(code: string): PayoutCountry | undefined {
  return byCode.get(code);
}

export function isPayoutCountry(code: unknown): code is string {
  return typeof code === 'string' && byCode.has(code);
}

/** The format of a field in a country (the country's own, or the default). */
export function bankFieldFormat(country: PayoutCountry, field: BankField): BankFieldFormat {
  return country.formats?.[field] ?? defaultFormats[field];
}

/**
 * The country of the platform's own Stripe account. A deployment assumes a US platform that charges
 * buyers in USD (docs/payments.md); sellers elsewhere are paid with Stripe cross-border payouts.
 */
export const platformCountry = 'US';

/**
 * Payout countries a US platform can pay self-serve with cross-border payouts: the US, the UK, the
 * EEA, Canada and Switzerland (https://docs.stripe.com/connect/cross-border-payouts, "Availability").
 * The others of the 36 (AU, HK, JP, MX, NZ, SG) need Stripe's approval (sales) or Global Payouts.
 */
export const selfServeCrossBorderCountries: readonly string[] = payoutCountryCodes.filter(
  (code) => !['AU', 'HK', 'JP', 'MX', 'NZ', 'SG'].includes(code),
);

export type ConnectCapability = 'card_payments' | 'transfers';

/** What a seller's connected account asks Stripe for. */
export interface ConnectedAccountSetup {
  capabilities: readonly ConnectCapability[];
  /** Stripe's service agreement: `full` may take card payments; `recipient` only receives transfers. */
  serviceAgreement: 'full' | 'recipient';
}

/**
 * A domestic (US) account takes `card_payments` and `transfers` under the full agreement; a foreign
 * one only `transfers` under the `recipient` agreement, the only one cross-border payouts work with
 * (https://docs.stripe.com/connect/service-agreement-types). Sellers never take card payments
 * themselves here: the platform charges and transfers (separate charges and transfers).
 */
export function connectedAccountSetup(country: string): ConnectedAccountSetup {
  return country === platformCountry
    ? { capabilities: ['card_payments', 'transfers'], serviceAgreement: 'full' }
    : { capabilities: ['transfers'], serviceAgreement: 'recipient' };
}
