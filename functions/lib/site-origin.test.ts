import { describe, expect, it } from 'vitest';
import { siteSettings } from '../../shared/config/site';
import { ApiError } from './http';
import { offSiteMessage, onSite, siteOrigin, sitePath, siteUrlOf } from './site-origin';

const origin = 'https://www.veloexchange.com';

describe('siteOrigin', () => {
  it('is SITE_ORIGIN (its origin only), else the canonical origin', () => {
    expect(siteOrigin({})).toBe(siteSettings.canonicalOrigin);
    expect(siteOrigin({ SITE_ORIGIN: '  ' })).toBe(siteSettings.canonicalOrigin);
    expect(siteOrigin({ SITE_ORIGIN: 'http://localhost:3000/' })).toBe('http://localhost:3000');
    expect(siteOrigin({ SITE_ORIGIN: 'https://Shop.Example/some/path' })).toBe('https://shop.example');
  });

  it('refuses a configured value that is not an http(s) URL', () => {
    expect(() => siteOrigin({ SITE_ORIGIN: 'shop.example' })).toThrow(/SITE_ORIGIN/);
    expect(() => siteOrigin({ SITE_ORIGIN: 'javascript:alert(1)' })).toThrow(/SITE_ORIGIN/);
  });
});

describe('onSite', () => {
  it.each([
    ['/account/paypal?returnURLType=success', `${origin}/account/paypal?returnURLType=success`],
    ['/', `${origin}/`],
    ['/account/payments/success#top', `${origin}/account/payments/success#top`],
    [`${origin}/account/payments/failure`, `${origin}/account/payments/failure`],
    ['HTTPS://WWW.VELOEXCHANGE.COM/x', `${origin}/x`],
    ['https://www.veloexchange.com:443/x', `${origin}/x`],
    ['/%2F%2Fevil.example', `${origin}/%2F%2Fevil.example`],
  ])('keeps %s on the site', (value, expected) => {
    expect(onSite(value, origin)).toBe(expected);
  });

  it.each([
    'https://evil.example/account/paypal',
    'http://www.veloexchange.com/x', // another scheme
    'https://www.veloexchange.com:8443/x', // another port
    'https://www.veloexchange.com.evil.example/x',
    '//evil.example/x',
    '///evil.example/x',
    '/\\evil.example/x',
    '\\\\evil.example/x',
    '\\/evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    ' /account',
    'javascript:alert(1)',
    'JavaScript:alert(document.domain)',
    'data:text/html,<script>alert(1)</script>',
    'https://www.veloexchange.com@evil.example/x',
    'https://evil.example@www.veloexchange.com/x',
    'https://user:pass@www.veloexchange.com/x',
    'evil.example',
    'account/paypal',
    'https:evil.example',
    '',
  ])('refuses %j with 400 validation-invalid-params', (value) => {
    expect(siteUrlOf(value, origin)).toBeUndefined();
    let error: unknown;
    try {
      onSite(value, origin);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'validation-invalid-params', status: 400, message: offSiteMessage });
  });

  it('refuses what is not a string', () => {
    for (const value of [undefined, null, 42, { href: origin }])
      expect(siteUrlOf(value, origin)).toBeUndefined();
  });

  it('uses the configured origin by default, whatever else the URL claims', () => {
    const saved = process.env.SITE_ORIGIN;
    process.env.SITE_ORIGIN = 'http://localhost:3000';
    try {
      expect(onSite('/account/payments')).toBe('http://localhost:3000/account/payments');
      expect(siteUrlOf('https://www.veloexchange.com/account/payments')).toBeUndefined();
    } finally {
      if (saved === undefined) delete process.env.SITE_ORIGIN;
      else process.env.SITE_ORIGIN = saved;
    }
  });
});

describe('sitePath', () => {
  it('is the path, query and fragment', () => {
    expect(sitePath(`${origin}/account/paypal?returnURLType=success#x`)).toBe(
      '/account/paypal?returnURLType=success#x',
    );
  });
});
