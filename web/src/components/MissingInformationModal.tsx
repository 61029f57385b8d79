import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { CurrentUser } from '../../../shared/api/account';
import { pages } from '../../../shared/pages';
import { markMissingInformationSeen } from '../api/payment-methods';
import { authStore, useCurrentUser } from '../auth/store';
import { Modal } from './Modal';
import './dialog.css';
import {
  countsAsVisit,
  type MissingInformationPrompt,
  marksSeenOnVisit,
  missingInformationPrompt,
} from './missing-information';

/**
 * The missing-information modal (§4; rules in ./missing-information.ts). Mounted lazily by the
 * Layout for signed-in users only. Closing it, or visiting a payout page, marks it seen: the flag is
 * set in the store at once and stored with PATCH /api/me (fire and forget).
 */

let shownThisVisit = false;

/** For tests: forget that the modal was shown. */
export function resetMissingInformationModal(): void {
  shownThisVisit = false;
}

function markSeen(user: CurrentUser): void {
  authStore.set((state) =>
    state.currentUser?.id === user.id && state.currentUser.payments
      ? {
          currentUser: {
            ...state.currentUser,
            payments: { ...state.currentUser.payments, seenMissingInformation: true },
          },
        }
      : {},
  );
  void markMissingInformationSeen().catch(() => undefined);
}

export function MissingInformationModal() {
  const user = useCurrentUser();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const visited = useRef<{ last: string | null; count: number }>({ last: null, count: 0 });
  if (visited.current.last !== pathname) {
    visited.current.last = pathname;
    if (countsAsVisit(pathname)) visited.current.count += 1;
  }
  const [open, setOpen] = useState<MissingInformationPrompt | null>(null);

  const candidate = missingInformationPrompt({
    user,
    pathname,
    visits: visited.current.count,
    shown: shownThisVisit,
  });
  useEffect(() => {
    if (candidate && !shownThisVisit) {
      shownThisVisit = true;
      setOpen(candidate);
    }
  }, [candidate]);

  useEffect(() => {
    if (user && marksSeenOnVisit(user, pathname)) {
      setOpen(null);
      markSeen(user);
    }
  }, [user, pathname]);

  if (!open || !user) return null;
  const close = () => {
    setOpen(null);
    markSeen(user);
  };
  if (open === 'verify-email')
    return (
      <Modal
        title="Verify your email address"
        closeLabel="Close"
        onClose={close}
        className="centered-dialog missing-info-modal"
      >
        <div className="modal-body">
          <p>
            Please verify your email address <strong>{user.email}</strong> so that we can send you updates
            about your listings and orders.
          </p>
          <div className="dialog-actions">
            <Link
              to={pages.emailVerification}
              className="button button-primary"
              data-autofocus
              onClick={close}
            >
              Verify your email
            </Link>
          </div>
        </div>
      </Modal>
    );
  return (
    <Modal
      title="Add your payout details"
      closeLabel="Close"
      onClose={close}
      className="centered-dialog missing-info-modal"
    >
      <div className="modal-body">
        <p>Add your payout details so buyers can purchase your listings.</p>
        <div className="dialog-actions">
          <Link to={pages.stripePayout} className="button button-primary" data-autofocus>
            Add payout details
          </Link>
          <Link to={pages.paypalSettings} className="button">
            Link PayPal account
          </Link>
        </div>
      </div>
    </Modal>
  );
}
