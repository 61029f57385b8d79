import { Link } from '@tanstack/react-router';
import { Logo } from './TopBar';

/** Footer groups of the spec (§2): organisation, help, legal. Social links come when configured. */
const groups = [
  {
    title: 'Velo Exchange',
    links: [
      { href: '/howto', label: 'How it works' },
      { href: '/about', label: 'About us' },
      { href: '/ourstory', label: 'Our story' },
    ],
  },
  {
    title: 'Help',
    links: [
      { href: '/faq', label: 'FAQ' },
      { href: '/guide', label: 'Guide' },
      { href: '/contactus', label: 'Contact us' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { href: '/terms-of-service', label: 'Terms of service' },
      { href: '/privacy-policy', label: 'Privacy policy' },
    ],
  },
];

export function Footer() {
  return (
    <footer className="footer">
      <div className="footer-inner">
        <div className="footer-brand">
          <Link to="/" className="logo logo-footer">
            <Logo />
            <span>Velo Exchange</span>
          </Link>
          <p>Used bikes and cycling gear, from riders to riders.</p>
        </div>
        <nav aria-label="Footer" className="footer-nav">
          {groups.map((group) => (
            <div key={group.title} className="footer-group">
              <h2 className="footer-title">{group.title}</h2>
              <ul>
                {group.links.map((link) => (
                  <li key={link.href}>
                    <a href={link.href}>{link.label}</a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <p className="footer-legal">© {new Date().getFullYear()} Velo Exchange</p>
      </div>
    </footer>
  );
}
