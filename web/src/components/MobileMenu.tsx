import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { siteSettings } from '../../../shared/config/site';
import { pages } from '../../../shared/pages';
import { useAuth } from '../auth/store';
import { useLogout } from '../auth/useLogout';
import { useTranslation } from '../i18n/translations';
import { categoryFilterOptions } from '../search/params';
import { forgetRecentSearches, recentSearches } from '../search/recent-searches';
import { InboxMenuLink } from './InboxLink';
import { Modal } from './Modal';
import type { useQueryModal } from './query-modal';
import { SearchForm } from './SearchForm';
import { useAuthLinkSearch } from './TopBar';

interface ModalProps {
  onClose: () => void;
  /** Called when a link inside navigates away: that navigation replaces the modal's history entry. */
  onLeave: () => void;
}

function MenuItem({ children }: { children: ReactNode }) {
  return <li className="mobile-menu-item">{children}</li>;
}

/**
 * The mobile menu (§2, `?mobilemenu=open`). Signed in: a greeting with the first name (or display
 * name), log out, shop now, blog, inbox (with the count badge), your listings, profile settings,
 * account settings and sell.
 * Signed out: sign up, log in, sell and buy now.
 */
export function MobileMenu({ onClose, onLeave }: ModalProps) {
  const t = useTranslation();
  const user = useAuth((state) => (state.status === 'authenticated' ? state.currentUser : null));
  const authSearch = useAuthLinkSearch();
  const { logout, loggingOut } = useLogout();
  const leave = { replace: true, onClick: onLeave } as const;
  return (
    <Modal title={t('MobileMenu.title')} titleHidden closeLabel={t('MobileMenu.close')} onClose={onClose}>
      <nav aria-label={t('MobileMenu.title')} className="mobile-menu">
        <p className="mobile-menu-greeting">
          {user
            ? t('MobileMenu.greeting', { name: user.firstName || user.displayName })
            : t('MobileMenu.guestGreeting')}
        </p>
        {user ? (
          <ul>
            <MenuItem>
              <button
                type="button"
                className="link-button mobile-menu-logout"
                data-autofocus
                disabled={loggingOut}
                onClick={() => {
                  onLeave();
                  void logout();
                }}
              >
                {loggingOut ? t('MobileMenu.loggingOut') : t('MobileMenu.logout')}
              </button>
            </MenuItem>
            <MenuItem>
              <Link to={pages.search} {...leave}>
                {t('TopBar.shopNow')}
              </Link>
            </MenuItem>
            <MenuItem>
              <a href={siteSettings.blogUrl} rel="noopener">
                {t('TopBar.blog')}
              </a>
            </MenuItem>
            <MenuItem>
              <InboxMenuLink onLeave={onLeave} />
            </MenuItem>
            <MenuItem>
              <a href={pages.manageListings} onClick={onLeave}>
                {t('ProfileMenu.yourListings')}
              </a>
            </MenuItem>
            <MenuItem>
              <Link to={pages.profileSettings} {...leave}>
                {t('ProfileMenu.profileSettings')}
              </Link>
            </MenuItem>
            <MenuItem>
              <Link to={pages.contactDetails} {...leave}>
                {t('ProfileMenu.accountSettings')}
              </Link>
            </MenuItem>
          </ul>
        ) : (
          <ul>
            <MenuItem>
              <Link to={pages.signup} search={authSearch} data-autofocus {...leave}>
                {t('TopBar.signup')}
              </Link>
            </MenuItem>
            <MenuItem>
              <Link to={pages.login} search={authSearch} {...leave}>
                {t('TopBar.login')}
              </Link>
            </MenuItem>
            <MenuItem>
              <Link to={pages.search} {...leave}>
                {t('MobileMenu.buyNow')}
              </Link>
            </MenuItem>
          </ul>
        )}
        <Link to={pages.newListing} className="button button-primary mobile-menu-sell" {...leave}>
          {t('TopBar.sell')}
        </Link>
      </nav>
    </Modal>
  );
}

/** The mobile search (§2, `?mobilesearch=open`): the search form in a modal; searching closes it. */
export function MobileSearch({ onClose, onLeave }: ModalProps) {
  const t = useTranslation();
  const [recent, setRecent] = useState(recentSearches);
  const leave = { replace: true, onClick: onLeave } as const;
  return (
    <Modal
      title={t('MobileSearch.title')}
      closeLabel={t('MobileMenu.close')}
      onClose={onClose}
      className="modal-search"
    >
      <SearchForm
        id="mobile-search"
        landmarkLabel={t('MobileSearch.title')}
        label="Keywords"
        showLabel
        replace
        onSubmitted={onLeave}
      />
      {recent.length ? (
        <section className="search-sheet-section" aria-labelledby="recent-searches">
          <div className="search-sheet-heading">
            <h2 id="recent-searches">Recent searches</h2>
            <button
              type="button"
              className="filter-clear"
              onClick={() => {
                forgetRecentSearches();
                setRecent([]);
              }}
            >
              Clear
            </button>
          </div>
          <ul className="search-sheet-links">
            {recent.map((keywords) => (
              <li key={keywords}>
                <Link to={pages.search} search={{ keywords }} {...leave}>
                  {keywords}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="search-sheet-section" aria-labelledby="browse-categories">
        <h2 id="browse-categories">Browse by category</h2>
        <ul className="search-sheet-links">
          {categoryFilterOptions().map((group) => (
            <li key={group.label}>
              <Link to={pages.search} search={{ pub_category: group.groupValue }} {...leave}>
                {group.label}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </Modal>
  );
}

type QueryModal = ReturnType<typeof useQueryModal>;

/** The phone's menu and search modals, whichever is open (the top bar loads this module then). */
export function MobileModals({ menu, search }: { menu: QueryModal; search: QueryModal }) {
  return (
    <>
      {menu.isOpen && <MobileMenu onClose={menu.close} onLeave={menu.forget} />}
      {search.isOpen && <MobileSearch onClose={search.close} onLeave={search.forget} />}
    </>
  );
}
