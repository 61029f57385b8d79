import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type { ListingSummary } from '../../../../../shared/api/types';
import { pages } from '../../../../../shared/pages';
import { createSlug } from '../../../../../shared/text/slug';
import type { LatLng } from '../../../../../shared/validation/core';
import { CardImage, cardFacts, PriceText } from '../../../components/ListingCard';

function MapListingLink({ listing, origin }: { listing: ListingSummary; origin: LatLng | undefined }) {
  return (
    <Link
      to={pages.listing}
      params={{ slug: listing.slug || createSlug(listing.title), id: listing.id }}
      className="map-listing-link"
    >
      <span className="map-listing-image">
        <CardImage image={listing.image} alt="" />
      </span>
      <span className="map-listing-body">
        <PriceText price={listing.price} />
        <span className="card-title">{listing.title}</span>
        <span className="card-meta">{cardFacts(listing, origin).join(' · ')}</span>
      </span>
    </Link>
  );
}

/**
 * The listing of the marker chosen (or the listings of a group the map cannot split), over the
 * map's foot: links to them, and a close button (or Escape, unless a dialog above took it).
 */
export function MapListingCard({
  listings,
  origin,
  onClose,
}: {
  listings: ListingSummary[];
  origin: LatLng | undefined;
  onClose: () => void;
}) {
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) onCloseRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  const [first] = listings;
  return (
    <section
      id="map-listing-card"
      className={listings.length > 1 ? 'map-listing-card map-listing-group' : 'map-listing-card'}
      aria-label={listings.length > 1 ? `${listings.length} listings on the map` : 'Listing on the map'}
    >
      {listings.length > 1 ? (
        <ul>
          {listings.map((listing) => (
            <li key={listing.id}>
              <MapListingLink listing={listing} origin={origin} />
            </li>
          ))}
        </ul>
      ) : first ? (
        <MapListingLink listing={first} origin={origin} />
      ) : null}
      <button type="button" className="map-listing-close" onClick={onClose}>
        <span aria-hidden="true">×</span>
        <span className="visually-hidden">Close</span>
      </button>
    </section>
  );
}
