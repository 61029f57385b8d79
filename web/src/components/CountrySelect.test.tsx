import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { countryCodes } from '../../../shared/config/countries';
import { payoutCountryCodes } from '../../../shared/config/payout-countries';
import { CountrySelect } from './CountrySelect';

const noop = () => {};

/** The options' [value, text] pairs in order. */
function options(html: string): [string, string][] {
  return [...html.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map((m) => [m[1]!, m[2]!]);
}

describe('CountrySelect', () => {
  it('lists every country in English by default, after an empty choice, in the field frame', () => {
    const html = renderToStaticMarkup(
      <CountrySelect id="country" name="country" label="Country" value="" onChange={noop} />,
    );
    expect(html).toMatch(
      /^<div class="field country-select"><label for="country">Country<\/label><select id="country" name="country"/,
    );
    expect(html).toContain('autoComplete="country"');
    expect(html).not.toContain('lang=');
    const list = options(html);
    expect(list[0]).toEqual(['', 'Select a country']);
    expect(list).toHaveLength(countryCodes.length + 1);
    expect(new Set(list.slice(1).map(([code]) => code))).toEqual(new Set(countryCodes));
    expect(list[1]).toEqual(['AF', 'Afghanistan']);
    expect(list).toContainEqual(['DE', 'Germany']);
  });

  it('names and sorts the countries in French, Spanish and German', () => {
    const expected = { fr: 'Allemagne', es: 'Alemania', de: 'Deutschland' } as const;
    for (const locale of ['fr', 'es', 'de'] as const) {
      const html = renderToStaticMarkup(
        <CountrySelect
          id={`c-${locale}`}
          name="country"
          label="Country"
          value="DE"
          onChange={noop}
          locale={locale}
        />,
      );
      expect(html).toContain(`lang="${locale}"`);
      const list = options(html);
      expect(list).toContainEqual(['DE', expected[locale]]);
      const names = list.slice(1).map(([, name]) => name);
      const collator = new Intl.Collator(locale);
      expect(names).toEqual([...names].sort(collator.compare));
      expect(html).toMatch(/<option value="DE" selected="">/);
    }
    const french = options(
      renderToStaticMarkup(<CountrySelect name="c" label="Pays" value="" onChange={noop} locale="fr" />),
    ).map(([, name]) => name);
    expect(french[0]).toBe('Sélectionnez un pays');
    // Accented names sort with their letter: "Égypte" before "Équateur", both before "Espagne".
    expect(french.indexOf('Égypte')).toBeLessThan(french.indexOf('Espagne'));
    expect(french.indexOf('Espagne')).toBeLessThan(french.indexOf('Fidji'));
  });

  it('links its hint and message, marks the field invalid and required, and can be limited to some countries', () => {
    const html = renderToStaticMarkup(
      <CountrySelect
        id="payout-country"
        name="country"
        label="Country"
        value=""
        onChange={noop}
        codes={payoutCountryCodes}
        hint="Where your bank is."
        error="Please select a country."
        placeholder="Choose…"
        required
      />,
    );
    expect(html).toContain('<p id="payout-country-hint" class="field-hint">Where your bank is.</p>');
    expect(html).toContain('<p id="payout-country-error" class="field-error">Please select a country.</p>');
    expect(html).toContain('aria-required="true"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="payout-country-hint payout-country-error"');
    const list = options(html);
    expect(list[0]).toEqual(['', 'Choose…']);
    expect(list).toHaveLength(payoutCountryCodes.length + 1);
  });

  it('makes its own id when none is given', () => {
    const html = renderToStaticMarkup(<CountrySelect name="c" label="Country" value="" onChange={noop} />);
    const id = html.match(/<select id="([^"]+)"/)?.[1];
    expect(id).toBeTruthy();
    expect(html).toContain(`<label for="${id}">`);
    expect(html).not.toContain('aria-describedby');
  });
});
