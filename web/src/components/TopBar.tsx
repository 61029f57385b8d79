import { Link, useSearch } from '@tanstack/react-router';
import { SearchForm } from './SearchForm';

export function Logo() {
  return (
    <svg
      className="logo-mark"
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 32 32"
      width="28"
      height="28"
    >
      <rect width="32" height="32" rx="7" fill="currentColor" />
      <circle cx="10" cy="20" r="5" fill="none" stroke="#fff" strokeWidth="2" />
      <circle cx="22" cy="20" r="5" fill="none" stroke="#fff" strokeWidth="2" />
      <path
        d="M10 20l5-8h6l1 8M15 12l-2-3h-2"
        fill="none"
        stroke="#fff"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Top bar (§2): logo, search box, shop now, sell, log in and sign up. */
export function TopBar() {
  const { keywords } = useSearch({ strict: false });
  return (
    <header className="topbar">
      <div className="topbar-inner">
        <Link to="/" className="logo">
          <Logo />
          <span>Velo Exchange</span>
        </Link>
        <SearchForm
          key={keywords ?? ''}
          id="topbar-search"
          landmarkLabel="Site"
          defaultValue={keywords}
          className="search-form topbar-search"
        />
        <nav aria-label="Main" className="topbar-nav">
          <ul>
            <li>
              <Link to="/s" className="nav-link">
                Shop now
              </Link>
            </li>
            <li>
              <Link to="/l/new" className="nav-link">
                Sell
              </Link>
            </li>
            <li>
              <a href="/login" className="nav-link">
                Log in
              </a>
            </li>
            <li>
              <a href="/signup" className="button button-small">
                Sign up
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
