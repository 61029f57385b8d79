import { Link } from '@tanstack/react-router';
import type { ListingSummary } from '../../../shared/api/types';
import { marketplaceCurrency } from '../../../shared/config/marketplace';
import { unsupportedPrice, unsupportedPriceTitle } from '../../../shared/errors/unsupported-price';
import { formatMoney, type Money } from '../../../shared/money';
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
 * `priority`: a card in the first row (likely the largest paint) loads at once and first, the rest
 * lazily.
 */
export function ListingCard({ listing, priority = false }: { listing: ListingSummary; priority?: boolean }) {
  const card = listing.image?.variants['listing-card'];
  const card2x = listing.image?.variants['listing-card-2x'];
  return (
    <Link
      to="/l/$slug/$id"
      params={{ slug: listing.slug || createSlug(listing.title), id: listing.id }}
      className="card"
    >
      <div className="card-media">
        {card ? (
          <img
            src={card.url}
            srcSet={card2x ? `${card.url} ${card.width}w, ${card2x.url} ${card2x.width}w` : undefined}
            sizes={card2x ? '(max-width: 767px) 50vw, 280px' : undefined}
            width={card.width}
            height={card.height}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding="async"
            alt={listing.title}
          />
        ) : (
          <span className="card-no-photo">No photo</span>
        )}
      </div>
      <div className="card-body">
        <PriceText price={listing.price} />
        <h3 className="card-title">{listing.title}</h3>
        {listing.city ? <p className="card-meta">{listing.city}</p> : null}
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
