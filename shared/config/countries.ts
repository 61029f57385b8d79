/**
 * Countries (§1: a country list exists in English, French, Spanish and German; §3 address and
 * payout forms have a country field). The codes are every officially assigned ISO 3166-1 alpha-2
 * code (249; user-assigned codes such as XK are left out). Names are not stored: they come from
 * `Intl.DisplayNames` in the reader's language (Node 20 and browsers ship full ICU), sorted with
 * that language's `Intl.Collator`.
 */

// biome-ignore format: one row per initial letter keeps the list readable
export const countryCodes = [
  'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ',
  'BA', 'BB', 'BD', 'BE', 'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS', 'BT', 'BV', 'BW', 'BY', 'BZ',
  'CA', 'CC', 'CD', 'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN', 'CO', 'CR', 'CU', 'CV', 'CW', 'CX', 'CY', 'CZ',
  'DE', 'DJ', 'DK', 'DM', 'DO', 'DZ',
  'EC', 'EE', 'EG', 'EH', 'ER', 'ES', 'ET',
  'FI', 'FJ', 'FK', 'FM', 'FO', 'FR',
  'GA', 'GB', 'GD', 'GE', 'GF', 'GG', 'GH', 'GI', 'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GS', 'GT', 'GU', 'GW', 'GY',
  'HK', 'HM', 'HN', 'HR', 'HT', 'HU',
  'ID', 'IE', 'IL', 'IM', 'IN', 'IO', 'IQ', 'IR', 'IS', 'IT',
  'JE', 'JM', 'JO', 'JP',
  'KE', 'KG', 'KH', 'KI', 'KM', 'KN', 'KP', 'KR', 'KW', 'KY', 'KZ',
  'LA', 'LB', 'LC', 'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY',
  'MA', 'MC', 'MD', 'ME', 'MF', 'MG', 'MH', 'MK', 'ML', 'MM', 'MN', 'MO', 'MP', 'MQ', 'MR', 'MS', 'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ',
  'NA', 'NC', 'NE', 'NF', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR', 'NU', 'NZ',
  'OM',
  'PA', 'PE', 'PF', 'PG', 'PH', 'PK', 'PL', 'PM', 'PN', 'PR', 'PS', 'PT', 'PW', 'PY',
  'QA',
  'RE', 'RO', 'RS', 'RU', 'RW',
  'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH', 'SI', 'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS', 'ST', 'SV', 'SX', 'SY', 'SZ',
  'TC', 'TD', 'TF', 'TG', 'TH', 'TJ', 'TK', 'TL', 'TM', 'TN', 'TO', 'TR', 'TT', 'TV', 'TW', 'TZ',
  'UA', 'UG', 'UM', 'US', 'UY', 'UZ',
  'VA', 'VC', 'VE', 'VG', 'VI', 'VN', 'VU',
  'WF', 'WS',
  'YE', 'YT',
  'ZA', 'ZM', 'ZW',
] as const;

export type CountryCode = (typeof countryCodes)[number];

const codeSet: ReadonlySet<string> = new Set(countryCodes);

/** Whether `value` is one of the ISO 3166-1 alpha-2 codes (upper case, as stored). */
export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === 'string' && codeSet.has(value);
}

/** The languages the country list is offered in (§1). */
export const countryLocales = ['en', 'fr', 'es', 'de'] as const;
export type CountryLocale = (typeof countryLocales)[number];

export interface CountryOption {
  code: CountryCode;
  name: string;
}

const displayNames = new Map<CountryLocale, Intl.DisplayNames>();

function namesIn(locale: CountryLocale): Intl.DisplayNames {
  let names = displayNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    displayNames.set(locale, names);
  }
  return names;
}

/** A country's name in `locale` ("DE" → "Germany", "Allemagne", "Alemania", "Deutschland"). */
export function countryName(code: CountryCode, locale: CountryLocale = 'en'): string {
  return namesIn(locale).of(code) ?? code;
}

const sortedOptions = new Map<CountryLocale, readonly CountryOption[]>();

/**
 * Every country (or only `codes`, e.g. the payout countries) with its name in `locale`, in that
 * language's alphabetical order. Unknown codes in `codes` are left out.
 */
export function countryOptions(
  locale: CountryLocale = 'en',
  codes?: readonly string[],
): readonly CountryOption[] {
  let all = sortedOptions.get(locale);
  if (!all) {
    const collator = new Intl.Collator(locale);
    all = countryCodes
      .map((code) => ({ code, name: countryName(code, locale) }))
      .sort((a, b) => collator.compare(a.name, b.name));
    sortedOptions.set(locale, all);
  }
  if (!codes) return all;
  const wanted = new Set(codes);
  return all.filter((option) => wanted.has(option.code));
}
