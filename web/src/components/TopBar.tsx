import { Link, useRouterState, useSearch } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { fromSearch, keepFrom, safeFrom } from '../auth/from';
import { useAuth } from '../auth/store';
import { SearchForm } from './SearchForm';

// Only signed-in people see the profile menu, so it is not part of the landing page's first load.
const ProfileMenu = lazy(() => import('./ProfileMenu').then((module) => ({ default: module.ProfileMenu })));

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

/** Log in and sign up links; they carry the page the visitor is on as `from`. */
function GuestLinks() {
  const href = useRouterState({ select: (state) => state.location.href });
  const { from } = useSearch({ strict: false }) as { from?: string };
  // On a page that is itself about signing in (safeFrom refuses those), pass its own `from` on.
  const search = safeFrom(href) ? fromSearch({ href }) : keepFrom(from);
  return (
    <>
      <li>
        <Link to="/login" search={search} className="nav-link">
          Log in
        </Link>
      </li>
      <li>
        <Link to="/signup" search={search} className="button button-small">
          Sign up
        </Link>
      </li>
    </>
  );
}

/** While a stored session is being checked: a quiet placeholder where the profile menu will be. */
function AccountPlaceholder() {
  return (
    <li>
      <span className="avatar avatar-small avatar-loading" aria-hidden="true" />
    </li>
  );
}

function AccountLinks() {
  const status = useAuth((state) => state.status);
  const user = useAuth((state) => state.currentUser);
  if (status === 'authenticated' && user) {
    return (
      <li>
        <Suspense fallback={<span className="avatar avatar-small avatar-loading" aria-hidden="true" />}>
          <ProfileMenu user={user} />
        </Suspense>
      </li>
    );
  }
  if (status === 'checking') return <AccountPlaceholder />;
  return <GuestLinks />;
}

/** Top bar (§2): logo, search box, shop now, sell, and log in and sign up or the profile menu. */
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
            <AccountLinks />
          </ul>
        </nav>
      </div>
    </header>
  );
}
