import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { ListingSummary } from '../../../../../shared/api/types';
import { pages } from '../../../../../shared/pages';
import { createSlug } from '../../../../../shared/text/slug';
import type { LatLng } from '../../../../../shared/validation/core';
import { CardImage, cardFacts, PriceText } from '../../../components/ListingCard';

/** The listing of the marker chosen, over the map's foot: a link to it, and a close button (or Escape). */
export function MapListingCard({
  listing,
  origin,
  onClose,
}: {
  listing: ListingSummary;
  origin: LatLng | undefined;
  onClose: () => void;
}) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <section id="map-listing-card" className="map-listing-card" aria-label="Listing on the map">
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
      <button type="button" className="map-listing-close" onClick={onClose}>
        <span aria-hidden="true">×</span>
        <span className="visually-hidden">Close</span>
      </button>
    </section>
  );
}
