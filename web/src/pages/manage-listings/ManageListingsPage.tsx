import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { ListingState } from '../../../../shared/api/types';
import { messages } from '../../../../shared/errors/catalogue';
import { editListingPath, listingPageVariant, pages } from '../../../../shared/pages';
import { createSlug } from '../../../../shared/text/slug';
import { errorMessage } from '../../api/errors';
import { closeOwnListing, type OwnListing, openOwnListing } from '../../api/own-listings';
import { CardImage, PriceText } from '../../components/ListingCard';
import { Spinner } from '../../components/Loading';
import { ManageTabs } from '../../components/ManageTabs';
import { PaginationLinks } from '../../components/Pagination';
import { RetryNotice } from '../../components/RetryNotice';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useLoaded } from '../../lib/useLoaded';
import './manage-listings-page.css';

const route = getRouteApi('/signed-in/listings');

const stateLabels: Record<ListingState, string> = {
  draft: 'Draft',
  pendingApproval: 'Pending approval',
  published: 'Published',
  closed: 'Closed',
};

function ManageListingCard({ initial, priority }: { initial: OwnListing; priority: boolean }) {
  const [listing, setListing] = useState(initial);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setListing(initial), [initial]);

  const slug = listing.slug || createSlug(listing.title || 'draft');
  const title = listing.title || 'Untitled draft';
  const variant = listingPageVariant(listing.state);
  const action = listing.state === 'published' ? 'close' : listing.state === 'closed' ? 'open' : null;

  async function run(kind: 'open' | 'close') {
    setPending(true);
    setError(null);
    try {
      setListing(await (kind === 'close' ? closeOwnListing(listing.id) : openOwnListing(listing.id)));
    } catch (failure) {
      setError(errorMessage(failure, { fallback: messages.somethingWentWrong }));
    } finally {
      setPending(false);
    }
  }

  return (
    <article className="card manage-card" aria-labelledby={`manage-card-${listing.id}`}>
      <div className="card-media">
        <CardImage image={listing.images[0]} alt="" priority={priority} />
        <span className={`manage-card-state manage-card-state-${listing.state}`}>
          {stateLabels[listing.state]}
        </span>
      </div>
      <div className="card-body">
        <PriceText price={listing.price} />
        <h2 className="card-title" id={`manage-card-${listing.id}`}>
          {variant ? (
            // A draft or a listing waiting for approval: its preview, the owner's variant page (§2).
            <Link to={pages.listingVariant} params={{ slug, id: listing.id, variant }}>
              {title}
            </Link>
          ) : (
            <Link to={pages.listing} params={{ slug, id: listing.id }}>
              {title}
            </Link>
          )}
        </h2>
        <div className="manage-card-actions">
          <a href={editListingPath({ id: listing.id, slug }, 'edit', 'details')}>
            Edit<span className="visually-hidden"> {title}</span>
          </a>
          {action ? (
            <button
              type="button"
              className="button button-secondary"
              disabled={pending}
              aria-busy={pending || undefined}
              onClick={() => run(action)}
            >
              {pending
                ? action === 'close'
                  ? 'Closing…'
                  : 'Opening…'
                : action === 'close'
                  ? 'Close listing'
                  : 'Open listing'}
              <span className="visually-hidden"> {title}</span>
            </button>
          ) : null}
        </div>
        {error ? (
          <p className="manage-card-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </article>
  );
}

function ListingsBody() {
  const { listings } = route.useLoaderData();
  const { page } = route.useSearch();
  const loaded = useLoaded(listings);
  if (!loaded) {
    return (
      <div aria-busy="true">
        <Spinner label="Loading your listings…" />
      </div>
    );
  }
  if (!loaded.ok) return <RetryNotice message={messages.somethingWentWrong} />;
  if (loaded.value.data.length === 0) {
    return (
      <div className="manage-listings-empty">
        <p>You have no listings yet.</p>
        <p>
          <Link to={pages.newListing} className="button">
            Create your first listing
          </Link>
        </p>
      </div>
    );
  }
  return (
    <>
      <ul className="listing-grid manage-listings-grid">
        {loaded.value.data.map((listing, index) => (
          <li key={listing.id}>
            <ManageListingCard initial={listing} priority={index < 2} />
          </li>
        ))}
      </ul>
      <PaginationLinks
        page={page ?? 1}
        totalPages={loaded.value.meta.totalPages}
        renderLink={(target, props) => (
          <Link
            to={pages.manageListings}
            search={{ page: target > 1 ? target : undefined }}
            activeOptions={{ exact: true, includeSearch: true }}
            {...props}
          />
        )}
      />
    </>
  );
}

/** The manage listings page (§2): the seller's listings in every state, 42 a page, with open and close. */
export function ManageListingsPage() {
  useDocumentTitle('Your listings');
  return (
    <>
      <ManageTabs />
      <div className="page manage-listings-page">
        <h1>Your listings</h1>
        <ListingsBody />
      </div>
    </>
  );
}
