import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { CurrentUser } from '../../../../shared/api/account';
import type { Listing, OwnListing } from '../../../../shared/api/types';
import {
  type ListingPageVariant,
  listingPageVariant,
  listingPageVariants,
  listingPath,
  listingSlug,
  pages,
} from '../../../../shared/pages';
import type { Loaded } from '../../api/client';
import { useCurrentUser } from '../../auth/store';
import { LoadFrame } from '../../components/LoadFrame';
import { usePageHead } from '../../lib/head';
import { useLoaded } from '../../lib/useLoaded';
import { NotFoundPage } from '../not-found/NotFoundPage';
import { ListingContent } from './ListingContent';

const variantRoute = getRouteApi('/signed-in/l/$slug/$id/$variant');

const untitled = 'Untitled listing';

const variants: readonly string[] = Object.values(listingPageVariants);

function isVariant(value: string): value is ListingPageVariant {
  return variants.includes(value);
}

/**
 * The owner's view of their listing as buyers will see it (public fields only, the fuzzy map),
 * for a listing that is not public yet: the owner's own listing, shown at its public (fuzzy) point,
 * as the public API will show it.
 */
export function ownListingAsPublic(listing: OwnListing, owner: CurrentUser | null): Listing {
  const { location, ...publicData } = listing.publicData;
  return {
    id: listing.id,
    slug: listing.slug,
    title: listing.title || untitled,
    description: listing.description,
    price: listing.price,
    state: listing.state,
    publicData: {
      ...publicData,
      location: {
        city: location?.city ?? '',
        region: location?.region ?? '',
        country: location?.country ?? '',
      },
    },
    ...(listing.publicGeolocation ? { geolocation: listing.publicGeolocation } : {}),
    currentStock: listing.currentStock,
    ...(listing.shippingFee ? { shippingFee: listing.shippingFee } : {}),
    createdAt: listing.createdAt,
    author: {
      id: listing.authorId,
      displayName: owner?.displayName ?? '',
      abbreviatedName: owner?.abbreviatedName ?? '',
      ...(owner?.bio ? { bio: owner.bio } : {}),
      ...(owner?.profileImage ? { profileImage: owner.profileImage } : {}),
    } as Listing['author'],
    images: listing.images,
  };
}

/** A draft gets a place on the location tab; before that there is no map. */
export function hasLocation(listing: OwnListing): boolean {
  return Boolean(listing.publicData.location?.city && listing.publicGeolocation);
}

const banners: Record<ListingPageVariant, { title: string; action: string; tab: string }> = {
  draft: { title: 'This is a draft — only you can see it', action: 'Continue editing', tab: 'draft' },
  'pending-approval': {
    title: 'Your listing is waiting for approval',
    action: 'Edit listing',
    tab: 'edit',
  },
};

/**
 * §2 ListingPageVariant `/l/{slug}/{id}/{variant}` [auth]: a draft (`draft`) or a listing waiting
 * for approval (`pending-approval`), shown to its owner with a banner and without the order panel.
 * Any other variant, or a listing that is not the viewer's (404/403), is the not-found page; a
 * variant that does not match the listing's state goes to the listing's right page.
 */
export function ListingVariantPage() {
  const { variant } = variantRoute.useParams();
  const { listing } = variantRoute.useLoaderData();
  if (!isVariant(variant)) return <NotFoundPage />;
  return <VariantView variant={variant} promise={listing} />;
}

function VariantView({
  variant,
  promise,
}: {
  variant: ListingPageVariant;
  promise: Promise<Loaded<OwnListing>>;
}) {
  const loaded = useLoaded(promise);
  const owner = useCurrentUser();
  const own = loaded?.ok ? loaded.value : undefined;
  const navigate = useNavigate();
  // A variant that does not match the listing's state: to the listing's right page.
  const redirect = own && listingPageVariant(own.state) !== variant ? listingPath(own) : undefined;
  useEffect(() => {
    if (redirect) void navigate({ href: redirect, replace: true });
  }, [redirect, navigate]);
  usePageHead({
    title: own
      ? `${own.title || untitled} (${variant === 'draft' ? 'draft' : 'pending approval'})`
      : 'Listing preview',
    noindex: true,
  });
  // While it loads, and while a wrong variant is on its way to the right page: the spinner.
  return (
    <LoadFrame
      loaded={redirect ? undefined : loaded}
      className="page listing-loading"
      loadingLabel="Loading listing…"
      notFound={<NotFoundPage />}
      missingStatuses={[404, 403]}
    >
      {(listing) => <VariantContent variant={variant} listing={listing} owner={owner} />}
    </LoadFrame>
  );
}

function VariantContent({
  variant,
  listing,
  owner,
}: {
  variant: ListingPageVariant;
  listing: OwnListing;
  owner: CurrentUser | null;
}) {
  const banner = banners[variant];
  return (
    <ListingContent
      listing={ownListingAsPublic(listing, owner)}
      banner={
        <div className="notice listing-variant-banner">
          <p className="listing-variant-title">
            <strong>{banner.title}</strong>
          </p>
          <Link
            to={pages.editListing}
            params={{ slug: listingSlug(listing), id: listing.id, type: banner.tab, tab: 'details' }}
            className="button button-primary"
          >
            {banner.action}
          </Link>
        </div>
      }
      mapNote="Buyers see this approximate area, never your address."
      showMap={hasLocation(listing)}
    />
  );
}
