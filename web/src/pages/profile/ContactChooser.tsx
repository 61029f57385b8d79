import { type RefObject, useEffect, useRef, useState } from 'react';
import type { ListingSummary, Page, PublicUser } from '../../../../shared/api/types';
import { messages } from '../../../../shared/errors/catalogue';
import { getUserListings } from '../../api/endpoints';
import { enquire, sendMessage } from '../../api/transactions';
import { CardImage, PriceText } from '../../components/ListingCard';
import { Spinner } from '../../components/Loading';
import { Modal } from '../../components/Modal';
import { userDisplayName } from '../../lib/users';
import { ContactSellerModal } from '../listing/ContactSellerModal';
import type { EnquiryDeps } from '../listing/enquiry';
import { addChooserPage, type ChooserListings, contactListing, noChooserListings } from './contact-chooser';
import '../../components/dialog.css';
import './contact-chooser.css';

export interface ContactChooserDeps {
  /** A page of the user's open listings (GET /api/users/{id}/listings). */
  loadPage(userId: string, page: number): Promise<Page<ListingSummary>>;
  enquiry: EnquiryDeps;
}

// The same calls as the listing page's ContactSeller: not imported from it, which would split that
// module out of the listing page's chunk into one more file on its first load.
const defaultDeps: ContactChooserDeps = {
  loadPage: (userId, page) => getUserListings(userId, page),
  enquiry: {
    enquire: (listingId, checkoutKey) =>
      enquire({ transition: 'enquire', params: { listingId }, checkoutKey }),
    sendMessage: (id, content) => sendMessage(id, content),
  },
};

/**
 * The profile's contact dialog (issue 25): the user's open listings (photo, title, price), then,
 * once one is chosen, the listing page's contact modal for it, so the message is written and the
 * enquiry started in the one place both pages share. `firstPage`: the profile's page 1 of listings
 * when it has it (no second request); further pages come with "Show more listings".
 */
export function ContactChooser({
  profile,
  firstPage,
  deps = defaultDeps,
  onClose,
}: {
  profile: PublicUser;
  firstPage: Page<ListingSummary> | undefined;
  deps?: ContactChooserDeps;
  onClose: () => void;
}) {
  const [chosen, setChosen] = useState<ListingSummary>();
  const chooser = useChooserListings(profile.id, firstPage, deps.loadPage);
  if (chosen) {
    return (
      <ContactSellerModal listing={contactListing(chosen, profile)} deps={deps.enquiry} onClose={onClose} />
    );
  }
  const name = userDisplayName(profile);
  const { listings, nextPage } = chooser.state;
  const moreLabel = chooser.failed
    ? 'Try again'
    : listings.length > 0
      ? 'Show more listings'
      : 'Load listings';
  return (
    <Modal
      title={`Contact ${name}`}
      closeLabel="Close"
      onClose={onClose}
      className="centered-dialog contact-chooser"
    >
      <p className="contact-chooser-intro">Which of {name}'s listings is your message about?</p>
      {listings.length > 0 ? (
        <ul className="contact-chooser-list">
          {listings.map((listing, index) => (
            <li key={listing.id}>
              <ChooserOption
                listing={listing}
                autoFocus={index === 0}
                focusRef={listing.id === chooser.focusId ? chooser.focusRef : undefined}
                onChoose={() => setChosen(listing)}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {chooser.failed ? (
        <p className="notice notice-error" role="alert">
          {messages.somethingWentWrong}
        </p>
      ) : null}
      {chooser.loading && listings.length === 0 ? <Spinner label="Loading listings…" /> : null}
      {nextPage && (listings.length > 0 || !chooser.loading) ? (
        <p className="contact-chooser-more">
          {/* aria-disabled, not disabled: the button keeps the keyboard focus while the page loads. */}
          <button
            type="button"
            className="button button-secondary"
            aria-disabled={chooser.loading || undefined}
            aria-busy={chooser.loading || undefined}
            onClick={() => !chooser.loading && chooser.loadMore()}
          >
            {chooser.loading ? 'Loading…' : moreLabel}
          </button>
        </p>
      ) : null}
    </Modal>
  );
}

/** One listing as a button: its name is the title and the price; the photo is decoration. */
function ChooserOption({
  listing,
  autoFocus,
  focusRef,
  onChoose,
}: {
  listing: ListingSummary;
  autoFocus: boolean;
  focusRef: RefObject<HTMLButtonElement | null> | undefined;
  onChoose: () => void;
}) {
  return (
    <button
      ref={focusRef}
      type="button"
      className="contact-chooser-option"
      data-autofocus={autoFocus || undefined}
      onClick={onChoose}
    >
      <span className="contact-chooser-thumb">
        <CardImage image={listing.image} alt="" imageSizes="64px" />
      </span>
      <span className="contact-chooser-text">
        <span className="contact-chooser-title">{listing.title}</span>
        <PriceText price={listing.price} className="contact-chooser-price" />
        {listing.soldOut ? <span className="contact-chooser-sold">Sold</span> : null}
      </span>
    </button>
  );
}

/**
 * The listings so far, with page 1 asked for at once unless the profile already had it. After
 * "Show more listings", focus moves to the first listing it added (where reading goes on).
 */
function useChooserListings(
  userId: string,
  firstPage: Page<ListingSummary> | undefined,
  loadPage: ContactChooserDeps['loadPage'],
) {
  const [state, setState] = useState<ChooserListings>(() =>
    firstPage ? addChooserPage(noChooserListings, firstPage) : noChooserListings,
  );
  // Without the profile's page 1 it is asked for at once: progress from the first paint.
  const [loading, setLoading] = useState(!firstPage);
  const [failed, setFailed] = useState(false);
  const [focusId, setFocusId] = useState<string>();
  const focusRef = useRef<HTMLButtonElement>(null);
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    if (focusId) focusRef.current?.focus();
  }, [focusId]);
  const loadMore = async (moveFocus: boolean) => {
    const page = state.nextPage;
    if (!page) return;
    setLoading(true);
    setFailed(false);
    try {
      const loaded = await loadPage(userId, page);
      if (!mounted.current) return;
      const next = addChooserPage(state, loaded);
      setState(next);
      if (moveFocus) setFocusId(next.listings[state.listings.length]?.id);
    } catch {
      if (mounted.current) setFailed(true);
    } finally {
      if (mounted.current) setLoading(false);
    }
  };
  const first = useRef(loadMore);
  useEffect(() => {
    // Opened from a later page of the profile: page 1 of the chooser is asked for now.
    if (!firstPage) void first.current(false);
  }, [firstPage]);
  return { state, loading, failed, focusId, focusRef, loadMore: () => void loadMore(true) };
}
