import { Link } from '@tanstack/react-router';
import type { ListingImage, ListingSummary } from '../../../shared/api/types';
import { conditions, isKeyOf, sizes } from '../../../shared/config/listing-fields';
import { marketplaceCurrency } from '../../../shared/config/marketplace';
import { unsupportedPrice, unsupportedPriceTitle } from '../../../shared/errors/unsupported-price';
import { formatMoney, type Money } from '../../../shared/money';
import { pages } from '../../../shared/pages';
import { createSlug } from '../../../shared/text/slug';

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
}: {
  image: ListingImage | undefined;
  alt: string;
  priority?: boolean;
}) {
  const card = image?.variants['listing-card'];
  const card2x = image?.variants['listing-card-2x'];
  if (!card) return <span className="card-no-photo">No photo</span>;
  return (
    <img
      src={card.url}
      srcSet={card2x ? `${card.url} ${card.width}w, ${card2x.url} ${card2x.width}w` : undefined}
      sizes={card2x ? '(max-width: 767px) 50vw, 280px' : undefined}
      width={card.width}
      height={card.height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      alt={alt}
    />
  );
}

/** What a buyer scans for under the title: frame size, condition, city (issue 21). */
export function cardFacts(listing: ListingSummary): string[] {
  const letter =
    listing.frameSize && isKeyOf(sizes, listing.frameSize) ? sizes[listing.frameSize] : undefined;
  const cm = listing.frameSizeCm ? `${listing.frameSizeCm} cm` : undefined;
  const size = letter && cm ? `Frame ${letter} (${cm})` : letter || cm ? `Frame ${letter ?? cm}` : undefined;
  const condition = isKeyOf(conditions, listing.condition) ? conditions[listing.condition] : undefined;
  return [size, condition, listing.city].filter((fact): fact is string => Boolean(fact));
}

/**
 * `priority`: a card in the first row (likely the largest paint) loads at once and first, the rest
 * lazily.
 */
export function ListingCard({ listing, priority = false }: { listing: ListingSummary; priority?: boolean }) {
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
        <p className="card-meta">{cardFacts(listing).join(' · ')}</p>
      </div>
    </Link>
  );
}

export function ListingGrid({ listings }: { listings: ListingSummary[] }) {
  return (
    <ul className="listing-grid">
      {listings.map((listing, index) => (
        <li key={listing.id}>
          <ListingCard listing={listing} priority={index < 2} />
        </li>
      ))}
    </ul>
  );
}
