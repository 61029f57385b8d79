import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { cookieConsent } from '../../../shared/config/constants';
import { pages } from '../../../shared/pages';
import { useTranslation } from '../i18n/translations';

const consentCookie = `${cookieConsent.name}=${cookieConsent.value}`;

export function hasCookieConsent(cookies: string = document.cookie): boolean {
  return cookies.split(/;\s*/).includes(consentCookie);
}

/** The cookie written on accepting (§2, §9): 10 years, path /. */
export function consentCookieString(secure: boolean): string {
  const maxAge = cookieConsent.maxAgeYears * 365 * 24 * 60 * 60;
  return `${consentCookie}; Max-Age=${maxAge}; Path=${cookieConsent.path}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * The cookie consent bar (§2): shown until the `euCookiesAccepted=1` cookie is set, announced as a
 * region. From 768 px it is fixed to the bottom of the window, so it never shifts the page; on a
 * phone it is one line at the top of the page, in the flow, so it never covers what phones keep at
 * the bottom (the buy bar, the map switch) and takes a few percent of the screen, not a sixth.
 */
export function CookieConsent() {
  const t = useTranslation();
  const [accepted, setAccepted] = useState(() => hasCookieConsent());
  if (accepted) return null;
  const accept = () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Safari and older browsers.
    document.cookie = consentCookieString(window.location.protocol === 'https:');
    setAccepted(true);
  };
  return (
    <section className="cookie-consent" aria-label="Cookies">
      <p>
        <span className="cookie-consent-long">{t('CookieConsent.message')}</span>
        <span className="cookie-consent-short">{t('CookieConsent.short')}</span>{' '}
        <Link to={pages.privacyPolicy} className="cookie-consent-link">
          <span className="cookie-consent-long">{t('CookieConsent.details')}</span>
          <span className="cookie-consent-short">{t('CookieConsent.detailsShort')}</span>
        </Link>
      </p>
      <button type="button" className="button button-primary button-small" onClick={accept}>
        {t('CookieConsent.accept')}
      </button>
    </section>
  );
}
