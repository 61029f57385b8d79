import { Link } from '@tanstack/react-router';
import type { ListingImage, ListingSummary } from '../../../shared/api/types';
import { conditions, isKeyOf, sizes } from '../../../shared/config/listing-fields';
import { marketplaceCurrency } from '../../../shared/config/marketplace';
import { unsupportedPrice, unsupportedPriceTitle } from '../../../shared/errors/unsupported-price';
import { distanceMeters } from '../../../shared/geodesy';
import { formatMoney, type Money } from '../../../shared/money';
import { pages } from '../../../shared/pages';
import { createSlug } from '../../../shared/text/slug';
import type { LatLng } from '../../../shared/validation/core';

/** A price in the marketplace currency, or the spec's unsupportedPrice text for any other currency. */
export function PriceText({ price, className = 'price' }: { price: Money; className?: string }) {
  if (price.currency !== marketplaceCurrency) {
    return (
      <span className={`${className} price-unsupported`} title={unsupportedPriceTitle(price.currency)}>
        {unsupportedPrice(price.currency)}
      </span>
    );
  }
  return <span className={className}>{formatMoney(price)}</span>;
}

/**
 * A listing's 1:1 card photo (400 px, 800 px on dense screens), or a "No photo" placeholder.
 * `priority`: the first row (likely the largest paint) loads at once and first, the rest lazily.
 */
export function CardImage({
  image,
  alt,
  priority = false,
  imageSizes = '(max-width: 767px) 50vw, 280px',
}: {
  image: ListingImage | undefined;
  alt: string;
  priority?: boolean;
  /** The width it is shown at (the browser picks 1x or 2x from it); a card's by default. */
  imageSizes?: string;
}) {
  const card = image?.variants['listing-card'];
  const card2x = image?.variants['listing-card-2x'];
  if (!card) return <span className="card-no-photo">No photo</span>;
  return (
    <img
      src={card.url}
      srcSet={card2x ? `${card.url} ${card.width}w, ${card2x.url} ${card2x.width}w` : undefined}
      sizes={card2x ? imageSizes : undefined}
      width={card.width}
      height={card.height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      alt={alt}
    />
  );
}

/**
 * How far a listing is from the search's origin, in whole kilometres: its public point is up to 2 km
 * from the real one (§5), so nothing finer is honest.
 */
export function distanceAway(origin: LatLng, point: LatLng): string {
  const km = Math.round(distanceMeters(origin, point) / 1000);
  return km < 1 ? 'Under 1 km away' : `${km.toLocaleString('en-US')} km away`;
}

/**
 * What a buyer scans for under the title: frame size, condition, city (issue 21), and how far it is
 * when the search has an origin (a place or the person's position).
 */
export function cardFacts(listing: ListingSummary, origin?: LatLng): string[] {
  const letter =
    listing.frameSize && isKeyOf(sizes, listing.frameSize) ? sizes[listing.frameSize] : undefined;
  const cm = listing.frameSizeCm ? `${listing.frameSizeCm} cm` : undefined;
  const size = letter && cm ? `Frame ${letter} (${cm})` : letter || cm ? `Frame ${letter ?? cm}` : undefined;
  const condition = isKeyOf(conditions, listing.condition) ? conditions[listing.condition] : undefined;
  const distance = origin && listing.geolocation ? distanceAway(origin, listing.geolocation) : undefined;
  return [size, condition, listing.city, distance].filter((fact): fact is string => Boolean(fact));
}

/**
 * `priority`: a card in the first row (likely the largest paint) loads at once and first, the rest
 * lazily.
 */
export function ListingCard({
  listing,
  priority = false,
  origin,
}: {
  listing: ListingSummary;
  priority?: boolean;
  origin?: LatLng | undefined;
}) {
  return (
    <Link
      to={pages.listing}
      params={{ slug: listing.slug || createSlug(listing.title), id: listing.id }}
      className="card"
    >
      <div className="card-media">
        <CardImage image={listing.image} alt={listing.title} priority={priority} />
        {listing.soldOut ? <span className="card-badge">Sold</span> : null}
      </div>
      <div className="card-body">
        <PriceText price={listing.price} />
        <h3 className="card-title">{listing.title}</h3>
        <p className="card-meta">{cardFacts(listing, origin).join(' · ')}</p>
      </div>
    </Link>
  );
}

/** Cards of listings; with an `origin`, each says how far it is. */
export function ListingGrid({
  listings,
  origin,
}: {
  listings: ListingSummary[];
  origin?: LatLng | undefined;
}) {
  return (
    <ul className="listing-grid">
      {listings.map((listing, index) => (
        <li key={listing.id}>
          <ListingCard listing={listing} priority={index < 2} origin={origin} />
        </li>
      ))}
    </ul>
  );
}
