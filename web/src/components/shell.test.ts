import { describe, expect, it } from 'vitest';
import { consentCookieString, hasCookieConsent } from './CookieConsent';
import { withParam } from './query-modal';

describe('cookie consent', () => {
  it('is given only by euCookiesAccepted=1', () => {
    expect(hasCookieConsent('')).toBe(false);
    expect(hasCookieConsent('a=b; euCookiesAccepted=0')).toBe(false);
    expect(hasCookieConsent('a=b; euCookiesAccepted=1')).toBe(true);
  });

  it('lasts 10 years on the whole site, Secure on https', () => {
    const cookie = consentCookieString(true);
    expect(cookie).toContain('euCookiesAccepted=1');
    expect(cookie).toContain(`Max-Age=${10 * 365 * 24 * 3600}`);
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('Secure');
    expect(consentCookieString(false)).not.toContain('Secure');
  });
});

describe('query modals', () => {
  it('adds and removes the parameter, keeping the rest of the address', () => {
    expect(withParam('/s?keywords=trek#top', 'mobilemenu', true)).toBe(
      '/s?keywords=trek&mobilemenu=open#top',
    );
    expect(withParam('/s?mobilesearch=open&keywords=trek', 'mobilesearch', false)).toBe('/s?keywords=trek');
  });
});
