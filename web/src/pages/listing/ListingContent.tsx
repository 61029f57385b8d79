import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Listing } from '../../../../shared/api/types';
import { categoryLabel } from '../../../../shared/config/categories';
import { pages } from '../../../../shared/pages';
import { PriceText } from '../../components/ListingCard';
import { ListingMap } from '../../components/map/ListingMap';
import { approximateLocationLabel } from '../../components/map/static-map-url';
import { conditionLabel } from '../../lib/listing-details';
import { ImageCarousel } from './ImageCarousel';
import {
  DeliveryBox,
  DescriptionSection,
  DetailsSection,
  FeaturesSection,
  PolicySections,
  SellerCard,
  SellerReviewsSection,
} from './ListingSections';
import './listing-page.css';

/**
 * A listing as buyers see it (§2 listing page, full-image layout): the photo carousel, title,
 * price and condition, `orderPanel` (the public page's order panel; nothing on the owner's draft
 * and pending previews), delivery, the seller, then description, details, features, rules,
 * disclaimer and the fuzzy map, then `similar` items. The public page and the owner's variant pages both render this.
 */
export function ListingContent({
  listing,
  banner,
  orderPanel,
  contact,
  mapNote,
  showMap = true,
  similar,
}: {
  /** The public view: `geolocation` is the fuzzy center. */
  listing: Listing;
  banner?: ReactNode;
  orderPanel?: ReactNode;
  /** The public page's contact action (enquiry), under the seller card. */
  contact?: ReactNode;
  mapNote?: string;
  /** False for a draft without a location yet. */
  showMap?: boolean;
  /** The public page's similar items (issue 24), under the whole listing. */
  similar?: ReactNode;
}) {
  const { publicData } = listing;
  const category = categoryLabel(publicData.category);
  return (
    <article className={`page listing-page${orderPanel ? ' listing-page-orderable' : ''}`}>
      {banner}
      <div className="listing-layout">
        <div className="listing-media">
          <ImageCarousel images={listing.images} title={listing.title} />
        </div>
        <div className="listing-summary">
          {category ? (
            <p className="listing-category">
              <Link to={pages.search} search={{ pub_category: publicData.category }}>
                {category}
              </Link>
            </p>
          ) : null}
          <h1 className="listing-title">{listing.title}</h1>
          <p className="listing-price">
            <PriceText price={listing.price} className="price price-large" />
          </p>
          <p className="listing-condition">{conditionLabel(publicData.condition)}</p>
          {orderPanel}
          <DeliveryBox listing={listing} />
          <SellerCard author={listing.author} />
          {contact}
        </div>
        <div className="listing-body">
          <DescriptionSection description={listing.description} />
          <DetailsSection publicData={publicData} />
          <FeaturesSection features={publicData.features} />
          <PolicySections rules={publicData.rules} disclaimer={publicData.disclaimer} />
          <SellerReviewsSection author={listing.author} />
          {showMap && listing.geolocation ? (
            <ListingMap
              center={listing.geolocation}
              label={approximateLocationLabel(publicData.location ?? {})}
              {...(mapNote ? { note: mapNote } : {})}
            />
          ) : null}
        </div>
      </div>
      {similar}
    </article>
  );
}
