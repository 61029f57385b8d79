import { describe, expect, it } from 'vitest';
import { paypalReturnSearch } from '../account/paypal/paypal-search';
import { previewSearch } from '../preview/search';
import { passwordResetSearch } from './search';

describe('page searches kept beside their pages', () => {
  it('keeps the reset link e-mail and code, bounded', () => {
    expect(passwordResetSearch({ email: 'a@b.example', code: '123456', other: 'x' })).toEqual({
      email: 'a@b.example',
      code: '123456',
    });
    expect(passwordResetSearch({ email: 5, code: '' })).toEqual({});
    expect(passwordResetSearch({ code: 'x'.repeat(100) }).code).toHaveLength(64);
  });

  it('keeps a preview asset path and a well-formed version only', () => {
    expect(previewSearch({ assetPath: 'content/pages/about.json', version: 'v-1' })).toEqual({
      assetPath: 'content/pages/about.json',
      version: 'v-1',
    });
    expect(previewSearch({ assetPath: '', version: '../x' })).toEqual({});
  });

  it("keeps PayPal's short string parameters", () => {
    expect(paypalReturnSearch({ merchantIdInPayPal: 'M1', n: 3, long: 'x'.repeat(201) })).toEqual({
      merchantIdInPayPal: 'M1',
    });
  });
});
