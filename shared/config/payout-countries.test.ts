import { describe, expect, it } from 'vitest';
import {
  connectedAccountSetup,
  payoutCountryCodes,
  platformCountry,
  selfServeCrossBorderCountries,
} from './payout-countries';

describe('connected accounts of a US platform', () => {
  it('asks for card_payments and transfers at home, transfers under the recipient agreement abroad', () => {
    expect(platformCountry).toBe('US');
    expect(connectedAccountSetup('US')).toEqual({
      capabilities: ['card_payments', 'transfers'],
      serviceAgreement: 'full',
    });
    for (const country of payoutCountryCodes.filter((code) => code !== 'US')) {
      expect(connectedAccountSetup(country)).toEqual({
        capabilities: ['transfers'],
        serviceAgreement: 'recipient',
      });
    }
  });

  it('pays the US, UK, EEA, Canada and Switzerland self-serve; the other six need Stripe', () => {
    expect(payoutCountryCodes).toHaveLength(36);
    expect(selfServeCrossBorderCountries).toHaveLength(30);
    expect(payoutCountryCodes.filter((code) => !selfServeCrossBorderCountries.includes(code))).toEqual([
      'AU',
      'HK',
      'JP',
      'MX',
      'NZ',
      'SG',
    ]);
  });
});
