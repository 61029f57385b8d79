import { describe, expect, it } from 'vitest';
import { countryCodes, countryLocales, countryName, countryOptions, isCountryCode } from './countries';
import { payoutCountryCodes } from './payout-countries';

describe('country codes (ISO 3166-1 alpha-2)', () => {
  it('has the 249 officially assigned codes, once each, in order', () => {
    expect(countryCodes).toHaveLength(249);
    expect(new Set(countryCodes).size).toBe(249);
    expect([...countryCodes]).toEqual([...countryCodes].sort());
    for (const code of countryCodes) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it('covers every payout country and leaves out user-assigned and retired codes', () => {
    for (const code of payoutCountryCodes) expect(isCountryCode(code)).toBe(true);
    for (const code of ['XK', 'UK', 'EU', 'SU', 'YU', 'ZZ']) expect(isCountryCode(code)).toBe(false);
  });

  it('recognises codes only as stored strings', () => {
    expect(isCountryCode('DE')).toBe(true);
    expect(isCountryCode('de')).toBe(false);
    expect(isCountryCode(' DE')).toBe(false);
    expect(isCountryCode(49)).toBe(false);
    expect(isCountryCode(undefined)).toBe(false);
  });
});

describe('country names (§1: English, French, Spanish, German)', () => {
  it('names a country in each language', () => {
    expect(countryLocales).toEqual(['en', 'fr', 'es', 'de']);
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('DE', 'fr')).toBe('Allemagne');
    expect(countryName('DE', 'es')).toBe('Alemania');
    expect(countryName('DE', 'de')).toBe('Deutschland');
    expect(countryName('US', 'fr')).toBe('États-Unis');
    expect(countryName('GB', 'de')).toBe('Vereinigtes Königreich');
  });

  it('has a real name for every code in every language', () => {
    for (const locale of countryLocales) {
      for (const code of countryCodes) {
        const name = countryName(code, locale);
        expect(name, `${code} in ${locale}`).not.toBe(code);
        expect(name.length).toBeGreaterThan(2);
      }
    }
  });
});

describe('countryOptions', () => {
  it('lists every country, sorted in the language of the list', () => {
    for (const locale of countryLocales) {
      const options = countryOptions(locale);
      expect(options).toHaveLength(countryCodes.length);
      const collator = new Intl.Collator(locale);
      for (let i = 1; i < options.length; i++) {
        expect(collator.compare(options[i - 1]!.name, options[i]!.name)).toBeLessThanOrEqual(0);
      }
    }
    // The same list object is reused for a language.
    expect(countryOptions('fr')).toBe(countryOptions('fr'));
  });

  it('sorts accented names where the language puts them', () => {
    const names = countryOptions('fr').map((option) => option.name);
    // "États-Unis" sorts with E, not after Z.
    expect(names.indexOf('États-Unis')).toBeGreaterThan(names.indexOf('Espagne'));
    expect(names.indexOf('États-Unis')).toBeLessThan(names.indexOf('Éthiopie'));
    expect(names.indexOf('États-Unis')).toBeLessThan(names.indexOf('Fidji'));
    const german = countryOptions('de').map((option) => option.name);
    expect(german.indexOf('Österreich')).toBeLessThan(german.indexOf('Pakistan'));
  });

  it('defaults to English and can be limited to some codes', () => {
    expect(countryOptions()[0]).toEqual({ code: 'AF', name: 'Afghanistan' });
    expect(countryOptions('de', ['FR', 'DE', 'AT', 'nope'])).toEqual([
      { code: 'DE', name: 'Deutschland' },
      { code: 'FR', name: 'Frankreich' },
      { code: 'AT', name: 'Österreich' },
    ]);
    expect(countryOptions('es', [])).toEqual([]);
  });
});
