import { Link, useRouterState, useSearch } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense } from 'react';
import { siteSettings } from '../../../shared/config/site';
import { pages } from '../../../shared/pages';
import { useAppAssetsStatus } from '../app-assets';
import { fromSearch, keepFrom, safeFrom } from '../auth/from';
import { useAuth } from '../auth/store';
import { useTranslation } from '../i18n/translations';
import { Logo } from './Logo';
import { useQueryModal } from './query-modal';
import { SearchForm, SearchIcon } from './SearchForm';

// Only signed-in people see the profile menu, and the mobile menu, mobile search and the network
// error exist only once opened or failed, so none of them is part of the landing page's first load.
const ProfileMenu = lazy(() => import('./ProfileMenu').then((module) => ({ default: module.ProfileMenu })));
const MobileModals = lazy(() => import('./MobileMenu').then((module) => ({ default: module.MobileModals })));
// The inbox link with its notification dot fetches the count, so it too loads only once signed in.
const InboxLink = lazy(() => import('./InboxLink').then((module) => ({ default: module.InboxLink })));
const AppAssetsNotice = lazy(() =>
  import('./AppAssetsNotice').then((module) => ({ default: module.AppAssetsNotice })),
);

/** The `from` that log in and sign up links carry: the page the visitor is on. */
export function useAuthLinkSearch() {
  const href = useRouterState({ select: (state) => state.location.href });
  const { from } = useSearch({ strict: false });
  // On a page that is itself about signing in (safeFrom refuses those), pass its own `from` on.
  return safeFrom(href) ? fromSearch({ href }) : keepFrom(from);
}

function GuestLinks() {
  const t = useTranslation();
  const search = useAuthLinkSearch();
  return (
    <>
      <li>
        <Link to={pages.login} search={search} className="nav-link">
          {t('TopBar.login')}
        </Link>
      </li>
      <li>
        <Link to={pages.signup} search={search} className="button button-small">
          {t('TopBar.signup')}
        </Link>
      </li>
    </>
  );
}

/** While a stored session is being checked (or the menu loads): a quiet placeholder where the profile menu will be. */
function AccountPlaceholder() {
  return <span className="avatar avatar-small avatar-loading" aria-hidden="true" />;
}

function AccountLinks() {
  const status = useAuth((state) => state.status);
  const user = useAuth((state) => state.currentUser);
  if (status === 'authenticated' && user) {
    return (
      <li>
        <Suspense fallback={<AccountPlaceholder />}>
          <ProfileMenu user={user} />
        </Suspense>
      </li>
    );
  }
  if (status === 'checking')
    return (
      <li>
        <AccountPlaceholder />
      </li>
    );
  return <GuestLinks />;
}

function HomeLink() {
  return (
    <Link to={pages.landing} className="logo">
      <Logo />
      <span>Velo Exchange</span>
    </Link>
  );
}

function MenuIcon() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="24" height="24">
      <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** An icon button of the mobile bar that opens one of the query-parameter modals. */
function ModalButton({
  modal,
  label,
  icon,
}: {
  modal: ReturnType<typeof useQueryModal>;
  label: string;
  icon: ReactNode;
}) {
  return (
    <button
      type="button"
      className="icon-button"
      aria-haspopup="dialog"
      aria-expanded={modal.isOpen}
      onClick={modal.open}
    >
      {icon}
      <span className="visually-hidden">{label}</span>
    </button>
  );
}

/**
 * Top bar (§2). Desktop: logo, search box, blog, shop now, sell, inbox and the profile menu (or log
 * in and sign up). Under 768 px: menu button, logo, search button; the menu and the search are
 * modals opened by `?mobilemenu=open` and `?mobilesearch=open`, loaded only when opened.
 */
export function TopBar() {
  const t = useTranslation();
  const current = useSearch({ strict: false });
  const signedIn = useAuth((state) => state.status === 'authenticated');
  const assets = useAppAssetsStatus();
  const menu = useQueryModal('mobilemenu');
  const search = useQueryModal('mobilesearch');
  return (
    <header className="topbar">
      {assets === 'failed' && (
        <Suspense fallback={null}>
          <AppAssetsNotice />
        </Suspense>
      )}
      <div className="topbar-inner topbar-desktop">
        <HomeLink />
        <SearchForm
          // A new search (keywords or place) starts the boxes afresh.
          key={`${current.keywords} ${current.address}`}
          id="topbar-search"
          landmarkLabel="Site"
          current={current}
          className="search-form topbar-search"
        />
        <nav aria-label="Main" className="topbar-nav">
          <ul>
            <li>
              <a href={siteSettings.blogUrl} className="nav-link" rel="noopener">
                {t('TopBar.blog')}
              </a>
            </li>
            <li>
              <Link to={pages.search} className="nav-link">
                {t('TopBar.shopNow')}
              </Link>
            </li>
            <li>
              <Link to={pages.newListing} className="nav-link">
                {t('TopBar.sell')}
              </Link>
            </li>
            {signedIn && (
              <li>
                <Suspense
                  fallback={
                    <Link to={pages.inboxBase} className="nav-link">
                      {t('TopBar.inbox')}
                    </Link>
                  }
                >
                  <InboxLink />
                </Suspense>
              </li>
            )}
            <AccountLinks />
          </ul>
        </nav>
      </div>
      <div className="topbar-inner topbar-mobile">
        <ModalButton modal={menu} label={t('TopBar.menu')} icon={<MenuIcon />} />
        <HomeLink />
        <ModalButton modal={search} label={t('TopBar.search')} icon={<SearchIcon size={24} />} />
      </div>
      {(menu.isOpen || search.isOpen) && (
        <Suspense fallback={null}>
          <MobileModals menu={menu} search={search} />
        </Suspense>
      )}
    </header>
  );
}
