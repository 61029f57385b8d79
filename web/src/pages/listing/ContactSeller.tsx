import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import type { Listing } from '../../../../shared/api/types';
import { listingPath, pages } from '../../../../shared/pages';
import { enquire, sendMessage } from '../../api/transactions';
import { authStore, useAuth, useCurrentUser } from '../../auth/store';
import { Spinner } from '../../components/Loading';
import { contactMode, type EnquiryDeps } from './enquiry';
import './contact-seller.css';

// The message form (final-form and the form fields) is only for those who write to the seller:
// a lazy chunk, so the listing page's first load stays within its budget.
const ContactSellerModal = lazy(() =>
  import('./ContactSellerModal').then((module) => ({ default: module.ContactSellerModal })),
);

const defaultDeps: EnquiryDeps = {
  enquire: (listingId, checkoutKey) => enquire({ transition: 'enquire', params: { listingId }, checkoutKey }),
  sendMessage: (id, content) => sendMessage(id, content),
};

/**
 * "Contact the seller" under the seller card (§2 listing page: enquiry): for signed-in users other
 * than the owner it opens a modal with a message; sending initiates the enquiry and sends the
 * message (§4), then goes to the enquiry's order page. Signed-out visitors go to the login page
 * and come back here. The owner does not see it.
 */
export function ContactSeller({ listing, deps }: { listing: Listing; deps?: EnquiryDeps }) {
  const navigate = useNavigate();
  const viewer = useCurrentUser();
  const status = useAuth((state) => state.status);
  const [open, setOpen] = useState(false);
  const mode = contactMode(listing, viewer, status === 'anonymous');
  if (mode === 'none') return null;
  const onClick = () => {
    if (authStore.get().status === 'anonymous') {
      void navigate({ to: pages.login, search: { from: listingPath(listing) } });
      return;
    }
    setOpen(true);
  };
  return (
    <div className="contact-seller">
      <button type="button" className="button button-secondary contact-seller-button" onClick={onClick}>
        Contact the seller
      </button>
      {open ? (
        <Suspense fallback={<Spinner label="Opening the message form…" />}>
          <ContactSellerModal listing={listing} deps={deps ?? defaultDeps} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
