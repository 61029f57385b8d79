import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { CurrentUser } from '../../../shared/api/account';
import { pages } from '../../../shared/pages';
import { useLogout } from '../auth/useLogout';
import { useTranslation } from '../i18n/translations';
import { Avatar } from './Avatar';
import './profile-menu.css';

/**
 * The signed-in user's menu in the top bar (§2): your listings, profile settings, account settings,
 * log out. A disclosure button with the avatar (or initials); the menu closes on Escape (focus goes
 * back to the button), when focus leaves it, and after choosing an item. Loaded only when someone
 * is signed in.
 */
export function ProfileMenu({ user }: { user: CurrentUser }) {
  const t = useTranslation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { logout, loggingOut } = useLogout();
  const containerRef = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    if (!open) return;
    const outside = (target: EventTarget | null) =>
      !(target instanceof Node) || !containerRef.current?.contains(target);
    const onPointerDown = (event: PointerEvent) => {
      if (outside(event.target)) close();
    };
    // Focus moving anywhere outside the menu closes it (the spec's "closes on blur").
    const onFocusIn = (event: FocusEvent) => {
      if (outside(event.target)) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, close]);

  return (
    <div className="profile-menu" ref={containerRef}>
      <button
        ref={buttonRef}
        type="button"
        className="profile-menu-button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <Avatar user={user} size="small" />
        <span className="visually-hidden">Account menu for {user.displayName || user.email}</span>
      </button>
      <ul id={menuId} className="profile-menu-list" aria-label="Account" hidden={!open}>
        <li className="profile-menu-greeting" aria-hidden="true">
          {user.firstName || user.displayName}
        </li>
        <li>
          <a href={pages.manageListings} className="profile-menu-item">
            {t('ProfileMenu.yourListings')}
          </a>
        </li>
        <li>
          <Link to={pages.profileSettings} className="profile-menu-item" onClick={close}>
            {t('ProfileMenu.profileSettings')}
          </Link>
        </li>
        <li>
          <Link to={pages.contactDetails} className="profile-menu-item" onClick={close}>
            {t('ProfileMenu.accountSettings')}
          </Link>
        </li>
        <li>
          <button
            type="button"
            className="profile-menu-item"
            onClick={() => {
              close();
              void logout();
            }}
            disabled={loggingOut}
          >
            {loggingOut ? t('MobileMenu.loggingOut') : t('MobileMenu.logout')}
          </button>
        </li>
      </ul>
    </div>
  );
}
