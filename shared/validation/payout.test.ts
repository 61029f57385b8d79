import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { payoutCountries, payoutCountry } from '../config/payout-countries';
import { bankConnectionFailed } from '../errors/catalogue';
import {
  bankAccountTokenParams,
  bankFieldInlineNames,
  isValidAbaRoutingNumber,
  isValidBusinessUrl,
  isValidClabe,
  isValidIbanChecksum,
  normaliseBankAccount,
  payoutSubmitDisabled,
  validateBankAccount,
  validateBankField,
  validatePayoutForm,
} from './payout';

/** Builds a valid IBAN for a country from a BBAN of digits. */
function makeIban(country: string, bban: string): string {
  const numeric = [...`${bban}${country}00`]
    .map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c))
    .join('');
  let remainder = 0;
  for (const d of numeric) remainder = (remainder * 10 + Number(d)) % 97;
  return `${country}${String(98 - remainder).padStart(2, '0')}${bban}`;
}

const country = (code: string) => {
  const c = payoutCountry(code);
  if (!c) throw new Error(code);
  return c;
};

describe('checksums', () => {
  it('ABA routing numbers', () => {
    expect(isValidAbaRoutingNumber('110000000')).toBe(true);
    expect(isValidAbaRoutingNumber('011000015')).toBe(true);
    expect(isValidAbaRoutingNumber('123456789')).toBe(false);
    expect(isValidAbaRoutingNumber('12345678')).toBe(false);
  });
  it('IBAN mod-97', () => {
    for (const iban of [
      'DE89370400440532013000',
      'FR1420041010050500013M02606',
      'NL91ABNA0417164300',
      'NO9386011117947',
      'MT84MALT011000012345MTLCAST001S',
      'BE68539007547034',
      'CH9300762011623852957',
    ]) {
      expect(isValidIbanChecksum(iban)).toBe(true);
    }
    expect(isValidIbanChecksum('DE89370400440532013001')).toBe(false);
    expect(isValidIbanChecksum('de89370400440532013000')).toBe(false);
  });
  it('CLABE control digit', () => {
    expect(isValidClabe('000000001234567897')).toBe(true);
    expect(isValidClabe('000000001234567890')).toBe(false);
    expect(isValidClabe('00000000123456789')).toBe(false);
  });
  it('a generated IBAN always passes and a changed digit fails (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{18}$/), fc.integer({ min: 4, max: 21 }), (bban, pos) => {
        const iban = makeIban('DE', bban);
        expect(isValidIbanChecksum(iban)).toBe(true);
        const digit = Number(iban[pos]);
        const changed = `${iban.slice(0, pos)}${(digit + 1) % 10}${iban.slice(pos + 1)}`;
        expect(isValidIbanChecksum(changed)).toBe(false);
      }),
    );
  });
});

describe('bank fields per country (§5)', () => {
  it('accepts a valid IBAN for every IBAN country, with spaces and lower case', () => {
    for (const c of payoutCountries.filter((x) => x.fields.includes('iban'))) {
      const iban = makeIban(c.code, '1'.repeat((c.ibanLength ?? 0) - 4));
      const spaced = iban.toLowerCase().replace(/(.{4})/g, '$1 ');
      expect(validateBankAccount(c.code, { iban: spaced })).toEqual({});
      expect(bankAccountTokenParams(c.code, { iban: spaced })).toEqual({
        country: c.code,
        currency: c.currency,
        account_number: iban,
      });
    }
  });
  it('rejects an IBAN of another country, wrong length or checksum', () => {
    const de = 'DE89370400440532013000';
    expect(validateBankAccount('DE', { iban: de })).toEqual({});
    expect(validateBankAccount('FR', { iban: de })).toEqual({
      iban: 'Bank account number (IBAN) is not valid.',
    });
    expect(validateBankAccount('DE', { iban: 'DE8937040044053201300' })).toEqual({
      iban: 'Bank account number (IBAN) is not valid.',
    });
    expect(validateBankAccount('DE', { iban: 'not an iban' })).toEqual({
      iban: 'Bank account number (IBAN) is not valid.',
    });
    expect(validateBankAccount('DE', { iban: 'DE89370400440532013001' }).iban).toBeDefined();
    expect(validateBankAccount('DE', {})).toEqual({ iban: 'Bank account number (IBAN) is required' });
  });
  it('checks the real formats of the other countries', () => {
    expect(validateBankAccount('AU', { bsb: '110000', accountNumber: '000123456' })).toEqual({});
    expect(validateBankAccount('AU', { bsb: '11000', accountNumber: '1234' })).toEqual({
      bsb: 'BSB must be 6 digits.',
      accountNumber: 'Bank account number must be 5 to 9 digits.',
    });
    expect(
      validateBankAccount('CA', {
        transitNumber: '11000',
        institutionNumber: '000',
        accountNumber: '000123456789',
      }),
    ).toEqual({});
    expect(
      validateBankAccount('CA', { transitNumber: '1100', institutionNumber: '0000', accountNumber: '12' }),
    ).toEqual({
      transitNumber: 'Transit number must be 5 digits.',
      institutionNumber: 'Institution number must be 3 digits.',
      accountNumber: 'Bank account number must be 7 to 12 digits.',
    });
    expect(validateBankAccount('GB', { sortCode: '10-88-00', accountNumber: '00012345' })).toEqual({});
    expect(validateBankAccount('GB', { sortCode: '10880', accountNumber: '0001234' })).toEqual({
      sortCode: 'Sort code must be 6 digits.',
      accountNumber: 'Bank account number must be 8 digits.',
    });
    expect(validateBankAccount('US', { routingNumber: '110000000', accountNumber: '000123456789' })).toEqual(
      {},
    );
    expect(validateBankAccount('US', { routingNumber: '123456789', accountNumber: '000123456789' })).toEqual({
      routingNumber: 'Routing number is not valid.',
    });
    expect(validateBankAccount('US', { routingNumber: '1100000', accountNumber: '000123456789' })).toEqual({
      routingNumber: 'Routing number must be 9 digits.',
    });
    expect(validateBankAccount('MX', { clabe: '000000001234567897' })).toEqual({});
    expect(validateBankAccount('MX', { clabe: '000000001234567890' })).toEqual({
      clabe: 'CLABE is not valid.',
    });
    expect(validateBankAccount('MX', { clabe: '0001' })).toEqual({ clabe: 'CLABE must be 18 digits.' });
    expect(
      validateBankAccount('HK', { clearingCode: '110', branchCode: '000', accountNumber: '000123456' }),
    ).toEqual({});
    expect(
      validateBankAccount('SG', { bankCode: '1100', branchCode: '000', accountNumber: '000123456' }),
    ).toEqual({});
    expect(
      validateBankAccount('JP', {
        bankName: 'Mizuho',
        branchName: 'Tokyo',
        bankCode: '0001',
        branchCode: '001',
        accountNumber: '0001234',
        accountOwnerName: 'Taro Yamada',
      }),
    ).toEqual({});
    expect(validateBankAccount('JP', {})).toEqual({
      bankName: 'Bank name is required',
      branchName: 'Branch name is required',
      bankCode: 'Bank code is required',
      branchCode: 'Branch code is required',
      accountNumber: 'Bank account number is required',
      accountOwnerName: 'Bank account owner name is required',
    });
  });
  it('strips whitespace, and spaces and dashes in NZ account numbers', () => {
    expect(
      validateBankAccount('US', { routingNumber: ' 110 000 000 ', accountNumber: '0001 2345 6789' }),
    ).toEqual({});
    expect(
      validateBankAccount('US', { routingNumber: '110-000-000', accountNumber: '000123456789' }),
    ).toEqual({
      routingNumber: 'Routing number must be 9 digits.',
    });
    expect(validateBankAccount('NZ', { accountNumber: '11-0000-0000000-010' })).toEqual({});
    expect(validateBankAccount('NZ', { accountNumber: '11 0000 0000000 10' })).toEqual({});
    expect(validateBankAccount('NZ', { accountNumber: '11-0000-000000' })).toEqual({
      accountNumber: 'Bank account number must be 15 or 16 digits.',
    });
    expect(bankAccountTokenParams('NZ', { accountNumber: '11-0000-0000000-010' })).toEqual({
      country: 'NZ',
      currency: 'NZD',
      account_number: '1100000000000010',
    });
  });
  it('refuses an unsupported country', () => {
    expect(validateBankAccount('FI ', {})).toEqual({ country: 'Country not supported: FI ' });
    expect(() => bankAccountTokenParams('XX', {})).toThrow('Country not supported: XX');
    expect(bankFieldInlineNames('XX')).toEqual([]);
  });
  it('rejects non-string values', () => {
    expect(validateBankField(country('AU'), 'bsb', 110000)).toBe('BSB is required');
  });
  it('composes token parameters per country', () => {
    expect(bankAccountTokenParams('AU', { bsb: '110 000', accountNumber: '000123456' })).toEqual({
      country: 'AU',
      currency: 'AUD',
      routing_number: '110000',
      account_number: '000123456',
    });
    expect(
      bankAccountTokenParams('CA', {
        transitNumber: '11000',
        institutionNumber: '000',
        accountNumber: '0001234',
      }).routing_number,
    ).toBe('11000-000');
    expect(
      bankAccountTokenParams('GB', { sortCode: '10-88-00', accountNumber: '00012345' }).routing_number,
    ).toBe('108800');
    expect(
      bankAccountTokenParams('HK', { clearingCode: '110', branchCode: '000', accountNumber: '1' })
        .routing_number,
    ).toBe('110-000');
    expect(
      bankAccountTokenParams('SG', { bankCode: '1100', branchCode: '000', accountNumber: '1' })
        .routing_number,
    ).toBe('1100-000');
    expect(
      bankAccountTokenParams('JP', {
        bankCode: '0001',
        branchCode: '001',
        accountNumber: '0001234',
        accountOwnerName: ' Taro ',
      }),
    ).toEqual({
      country: 'JP',
      currency: 'JPY',
      routing_number: '0001001',
      account_number: '0001234',
      account_holder_name: 'Taro',
    });
    expect(
      bankAccountTokenParams('US', { routingNumber: '110000000', accountNumber: '1' }).routing_number,
    ).toBe('110000000');
    expect(bankAccountTokenParams('MX', { clabe: '000000001234567897' }).account_number).toBe(
      '000000001234567897',
    );
    expect(bankAccountTokenParams('US', {}).account_number).toBe('');
    expect(bankAccountTokenParams('AU', {}).account_number).toBe('');
    expect(bankAccountTokenParams('CA', {}).account_number).toBe('');
    expect(bankAccountTokenParams('GB', {}).account_number).toBe('');
    expect(bankAccountTokenParams('HK', {}).account_number).toBe('');
    expect(bankAccountTokenParams('SG', {}).account_number).toBe('');
    expect(bankAccountTokenParams('JP', {}).account_number).toBe('');
    expect(bankAccountTokenParams('MX', {}).account_number).toBe('');
    expect(bankAccountTokenParams('NZ', {}).account_number).toBe('');
    expect(bankAccountTokenParams('DE', {}).account_number).toBe('');
    expect(normaliseBankAccount(country('US'), { routingNumber: ' 1 ', iban: 'ignored' })).toEqual({
      routingNumber: '1',
    });
  });
  it('names the inputs in the connection failure message (§8)', () => {
    expect(bankFieldInlineNames('AU')).toEqual(['BSB', 'account number']);
    expect(bankConnectionFailed('Australia', bankFieldInlineNames('AU'))).toBe(
      'Could not connect account number. Please double-check that your BSB and account number are valid in Australia',
    );
    expect(bankConnectionFailed('Canada', bankFieldInlineNames('CA'))).toBe(
      'Could not connect account number. Please double-check that your transit number, institution number and account number are valid in Canada',
    );
    expect(bankConnectionFailed('Germany', bankFieldInlineNames('DE'))).toBe(
      'Could not connect account number. Please double-check that your account number is valid in Germany',
    );
  });
});

describe('payout form (§5)', () => {
  const good = { accountType: 'individual', country: 'CA', bankAccountToken: 'btok_123' };
  it('requires account type, country and bank token', () => {
    expect(validatePayoutForm(good)).toEqual({});
    expect(validatePayoutForm({})).toEqual({
      accountType: 'This field is required',
      country: 'This field is required',
      bankAccountToken: 'Bank account details are required',
    });
    expect(validatePayoutForm({ ...good, country: 'XX' })).toEqual({ country: 'Country not supported: XX' });
    expect(validatePayoutForm({ ...good, accountType: 'nonprofit' }).accountType).toBe(
      'This field is required',
    );
  });
  it('checks the business URL', () => {
    expect(validatePayoutForm({ ...good, businessProfileURL: 'https://velo.example.org/u/1' })).toEqual({});
    expect(
      validatePayoutForm({ ...good, businessProfileURL: 'ftp://x.org' }).businessProfileURL,
    ).toBeDefined();
    expect(isValidBusinessUrl('velo.shop/u/1')).toBe(true);
    expect(isValidBusinessUrl('http://example.com')).toBe(false);
    expect(isValidBusinessUrl('localhost:3000')).toBe(false);
    expect(isValidBusinessUrl('https://bad url')).toBe(false);
    expect(isValidBusinessUrl('')).toBe(false);
  });
  it('disables submit while pristine, invalid or in progress', () => {
    expect(payoutSubmitDisabled({ pristine: false, invalid: false, inProgress: false })).toBe(false);
    expect(payoutSubmitDisabled({ pristine: true, invalid: false, inProgress: false })).toBe(true);
    expect(payoutSubmitDisabled({ pristine: false, invalid: true, inProgress: false })).toBe(true);
    expect(payoutSubmitDisabled({ pristine: false, invalid: false, inProgress: true })).toBe(true);
  });
});
