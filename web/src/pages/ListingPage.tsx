import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { PublicProfile } from '../../../shared/api/account';
import type { Listing, ListingImage } from '../../../shared/api/types';
import { categoryLabel } from '../../../shared/config/categories';
import { messages } from '../../../shared/errors/catalogue';
import { galleryImageSources, largestListingVariant } from '../../../shared/listings';
import { listingHead } from '../../../shared/seo/pages';
import type { Loaded } from '../api/client';
import { Avatar } from '../components/Avatar';
import { PriceText } from '../components/ListingCard';
import { Spinner } from '../components/Loading';
import { RetryNotice } from '../components/RetryNotice';
import { SearchForm } from '../components/SearchForm';
import { usePageHead } from '../lib/head';
import { conditionLabel, deliveryOptions, listingDetails } from '../lib/listing-details';
import { loadedTitle } from '../lib/useDocumentTitle';
import { useLoaded } from '../lib/useLoaded';
import { hasProfile, userDisplayName } from '../lib/users';
import './listing-page.css';

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
  const notFound = loaded && !loaded.ok && loaded.error.isNotFound;
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
  if (!loaded) {
    return (
      <div className="page listing-loading" aria-busy="true">
        <Spinner label="Loading listing…" />
      </div>
    );
  }
  if (!loaded.ok) {
    if (notFound) {
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
            <Link to="/">Go to the home page</Link>
          </p>
        </div>
      );
    }
    return (
      <div className="page page-narrow">
        <h1>Something went wrong</h1>
        <RetryNotice message={messages.somethingWentWrong} />
        <p>
          <Link to="/">Go to the home page</Link>
        </p>
      </div>
    );
  }
  return <ListingDetails listing={loaded.value} />;
}

function Gallery({ images, title }: { images: ListingImage[]; title: string }) {
  const [index, setIndex] = useState(0);
  const current = images[index] ?? images[0];
  const main = current && galleryImageSources(current);
  if (!current || !main) {
    return (
      <div className="gallery">
        <div className="gallery-main gallery-empty">No photos</div>
      </div>
    );
  }
  return (
    <div className="gallery">
      <div className="gallery-main">
        <img
          key={current.id}
          src={main.src}
          srcSet={main.srcSet}
          sizes={main.sizes}
          width={main.width}
          height={main.height}
          alt={images.length > 1 ? `${title}, photo ${index + 1} of ${images.length}` : title}
          fetchPriority="high"
        />
      </div>
      {images.length > 1 ? (
        <ul className="gallery-thumbs" aria-label="Photos">
          {images.map((image, i) => {
            const thumb = image.variants['listing-card'] ?? largestListingVariant(image);
            return (
              <li key={image.id}>
                <button
                  type="button"
                  className="gallery-thumb"
                  aria-pressed={i === index}
                  aria-label={`Show photo ${i + 1} of ${images.length}`}
                  onClick={() => setIndex(i)}
                >
                  {thumb ? <img src={thumb.url} alt="" width={80} height={80} loading="lazy" /> : null}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}

function SellerCard({ author }: { author: Listing['author'] & Pick<PublicProfile, 'profileImage'> }) {
  const name = userDisplayName(author);
  return (
    <section className="seller-card" aria-labelledby="seller-title">
      <h2 id="seller-title" className="seller-title">
        Seller
      </h2>
      <div className="seller-row">
        <Avatar user={author} size="medium" />
        {hasProfile(author) ? (
          <Link to="/u/$id" params={{ id: author.id }} className="seller-name">
            {name}
          </Link>
        ) : (
          <span className="seller-name">{name}</span>
        )}
      </div>
    </section>
  );
}

function ListingDetails({ listing }: { listing: Listing }) {
  const { publicData } = listing;
  const category = categoryLabel(publicData.category);
  const details = listingDetails(publicData);
  const delivery = deliveryOptions(listing);
  const location = publicData.location;
  return (
    <article className="page listing-page">
      <div className="listing-layout">
        <Gallery images={listing.images} title={listing.title} />
        <div className="listing-summary">
          {category ? (
            <p className="listing-category">
              <Link to="/s" search={{ pub_category: publicData.category }}>
                {category}
              </Link>
            </p>
          ) : null}
          <h1 className="listing-title">{listing.title}</h1>
          <p className="listing-price">
            <PriceText price={listing.price} className="price price-large" />
          </p>
          <p className="listing-condition">{conditionLabel(publicData.condition)}</p>
          {listing.state === 'closed' ? (
            <p className="notice">This listing is closed.</p>
          ) : (
            <p className="listing-stock">
              {listing.currentStock > 0 ? `${listing.currentStock} available` : 'Out of stock'}
            </p>
          )}
          <section className="listing-box" aria-labelledby="delivery-title">
            <h2 id="delivery-title">Delivery</h2>
            {delivery.length ? (
              <ul className="delivery-list">
                {delivery.map((option) => (
                  <li key={option}>{option}</li>
                ))}
              </ul>
            ) : (
              <p>Contact the seller about delivery.</p>
            )}
            {location?.city ? (
              <p className="listing-location">
                Located in {location.city}
                {location.region ? `, ${location.region}` : ''}
              </p>
            ) : null}
          </section>
          <SellerCard author={listing.author} />
        </div>
      </div>
      <div className="listing-body">
        <section aria-labelledby="description-title">
          <h2 id="description-title">Description</h2>
          {listing.description ? (
            <p className="listing-description">{listing.description}</p>
          ) : (
            <p>The seller has not written a description.</p>
          )}
        </section>
        {details.length ? (
          <section aria-labelledby="details-title">
            <h2 id="details-title">Details</h2>
            <table className="details-table">
              <tbody>
                {details.map((row) => (
                  <tr key={row.key}>
                    <th scope="row">{row.label}</th>
                    <td>{row.value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ) : null}
      </div>
    </article>
  );
}
