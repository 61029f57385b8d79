import { Link } from '@tanstack/react-router';
import { siteSettings } from '../../../shared/config/site';
import { pages } from '../../../shared/pages';
import type { MessageKey } from '../i18n/en';
import { useTranslation } from '../i18n/translations';
import { Logo } from './Logo';

type FooterLink = { label: MessageKey } & (
  | {
      to: (typeof pages)['howItWorks' | 'about' | 'faq' | 'guide' | 'termsOfService' | 'privacyPolicy'];
      hash?: string;
    }
  | { href: string }
);

/** Footer groups (§2): organisation, help, legal, and follow with only the configured networks. */
const groups: { title: MessageKey; links: FooterLink[] }[] = [
  {
    title: 'Footer.organisation',
    links: [
      { to: pages.howItWorks, label: 'Footer.howItWorks' },
      { to: pages.about, label: 'Footer.about' },
      { href: siteSettings.blogUrl, label: 'Footer.blog' },
    ],
  },
  {
    title: 'Footer.help',
    links: [
      { to: pages.faq, label: 'Footer.faq' },
      { to: pages.guide, label: 'Footer.guide' },
      // "FAQ with the contact anchor": contact is the FAQ's #contact section.
      { to: pages.faq, hash: 'contact', label: 'Footer.contact' },
    ],
  },
  {
    title: 'Footer.legal',
    links: [
      { to: pages.termsOfService, label: 'Footer.terms' },
      { to: pages.privacyPolicy, label: 'Footer.privacy' },
    ],
  },
];

const socialLabels = {
  facebook: 'Footer.facebook',
  instagram: 'Footer.instagram',
  twitter: 'Footer.twitter',
} as const;

const followLinks: FooterLink[] = (['facebook', 'instagram', 'twitter'] as const).flatMap((network) => {
  const href = siteSettings.social[network];
  return href ? [{ href, label: socialLabels[network] }] : [];
});

const allGroups = followLinks.length
  ? [...groups, { title: 'Footer.follow' as const, links: followLinks }]
  : groups;

export function Footer() {
  const t = useTranslation();
  return (
    <footer className="footer">
      <div className="footer-inner">
        <div className="footer-brand">
          <Link to={pages.landing} className="logo logo-footer">
            <Logo />
            <span>Velo Exchange</span>
          </Link>
          <p>{t('Footer.tagline')}</p>
        </div>
        <nav aria-label="Footer" className="footer-nav">
          {allGroups.map((group) => (
            <div key={group.title} className="footer-group">
              <h2 className="footer-title">{t(group.title)}</h2>
              <ul>
                {group.links.map((link) => (
                  <li key={link.label}>
                    {'href' in link ? (
                      <a href={link.href} rel="noopener">
                        {t(link.label)}
                      </a>
                    ) : (
                      <Link to={link.to} hash={link.hash}>
                        {t(link.label)}
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <p className="footer-legal">
          © {new Date().getFullYear()} Velo Exchange · {t('Footer.placesCredit')}{' '}
          <a href="https://simplemaps.com/data/world-cities" rel="noopener">
            SimpleMaps
          </a>{' '}
          (CC BY 4.0)
        </p>
      </div>
    </footer>
  );
}
