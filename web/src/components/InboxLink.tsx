import { Link } from '@tanstack/react-router';
import { pages } from '../../../shared/pages';
import { useAuth } from '../auth/store';
import { useTranslation } from '../i18n/translations';
import { badgeCount, salesNeedActionText, useSaleNotificationCount } from '../state/use-notifications';
import './inbox-link.css';

/** The current user's id (null for anonymous visitors: then nothing is fetched). */
const useSignedInUserId = () =>
  useAuth((state) => (state.status === 'authenticated' ? (state.currentUser?.id ?? null) : null));

/**
 * The link's name with the count ("Inbox, 2 sales need your action"); one label, since a hidden
 * span's text is joined to the link text with a stray space in some browsers.
 */
function inboxName(label: string, count: number | null | undefined): string | undefined {
  return count ? `${label}, ${salesNeedActionText(count)}` : undefined;
}

/**
 * The top bar's inbox link (§2 "inbox with notification dot"): a dot when sales need the seller's
 * action, and the link's name says how many ("Inbox, 2 sales need your action"). Loaded lazily, for
 * signed-in people only; it keeps the count fresh (state/use-notifications.ts).
 */
export function InboxLink() {
  const t = useTranslation();
  const count = useSaleNotificationCount(useSignedInUserId());
  return (
    <Link
      to={pages.inboxBase}
      className="nav-link inbox-link"
      aria-label={inboxName(t('TopBar.inbox'), count)}
    >
      {t('TopBar.inbox')}
      {count ? <span className="inbox-dot" aria-hidden="true" /> : null}
    </Link>
  );
}

/** The mobile menu's inbox entry (§2 "inbox with count badge"). */
export function InboxMenuLink({ onLeave }: { onLeave: () => void }) {
  const t = useTranslation();
  const count = useSaleNotificationCount(useSignedInUserId());
  return (
    <Link
      to={pages.inboxBase}
      replace
      onClick={onLeave}
      className="inbox-menu-link"
      aria-label={inboxName(t('TopBar.inbox'), count)}
    >
      {t('TopBar.inbox')}
      {count ? (
        <span className="inbox-count-badge" aria-hidden="true">
          {badgeCount(count)}
        </span>
      ) : null}
    </Link>
  );
}
