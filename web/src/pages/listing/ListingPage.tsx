import { getRouteApi, Link } from '@tanstack/react-router';
import type { Listing } from '../../../../shared/api/types';
import { messages } from '../../../../shared/errors/catalogue';
import { pages } from '../../../../shared/pages';
import { listingHead } from '../../../../shared/seo/pages';
import type { Loaded } from '../../api/client';
import { LoadFrame } from '../../components/LoadFrame';
import { SearchForm } from '../../components/SearchForm';
import { usePageHead } from '../../lib/head';
import { loadedTitle } from '../../lib/useDocumentTitle';
import { useLoaded } from '../../lib/useLoaded';
import { ContactSeller } from './ContactSeller';
import { ListingContent } from './ListingContent';
import { OrderPanel } from './OrderPanel';
import { SimilarItems } from './SimilarItems';

const bySlugRoute = getRouteApi('/l/$slug/$id');
const canonicalRoute = getRouteApi('/l/$id');

export function ListingBySlugPage() {
  const { listing } = bySlugRoute.useLoaderData();
  return <ListingView promise={listing} />;
}

export function ListingCanonicalPage() {
  const { listing } = canonicalRoute.useLoaderData();
  return <ListingView promise={listing} />;
}

function ListingView({ promise }: { promise: Promise<Loaded<Listing>> }) {
  const loaded = useLoaded(promise);
  usePageHead(
    loaded?.ok
      ? listingHead(loaded.value, '')
      : {
          title: loadedTitle(loaded, {
            loaded: () => '',
            notFound: 'Listing not found',
            loading: 'Loading listing',
          }),
          noindex: Boolean(loaded),
        },
  );
  return (
    <LoadFrame
      loaded={loaded}
      className="page listing-loading"
      loadingLabel="Loading listing…"
      notFound={<ListingNotFound />}
    >
      {(listing) => (
        <ListingContent
          listing={listing}
          orderPanel={<OrderPanel listing={listing} />}
          contact={<ContactSeller listing={listing} />}
          similar={<SimilarItems listing={listing} />}
        />
      )}
    </LoadFrame>
  );
}

/** A listing that does not exist (or is not the viewer's to see): the spec's unavailable text and a search box. */
export function ListingNotFound() {
  return (
    <div className="page page-narrow">
      <h1>Listing not found</h1>
      <p>{messages.listingUnavailable} It may have been sold or removed.</p>
      <SearchForm
        id="listing-missing-search"
        landmarkLabel="Find something else"
        label="Find something else"
        showLabel
      />
      <p>
        <Link to={pages.landing}>Go to the home page</Link>
      </p>
    </div>
  );
}
