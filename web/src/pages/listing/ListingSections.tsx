import { Link } from '@tanstack/react-router';
import type { PublicProfile } from '../../../../shared/api/account';
import type { Listing } from '../../../../shared/api/types';
import { isKeyOf, listingFeatures } from '../../../../shared/config/listing-fields';
import { pages } from '../../../../shared/pages';
import { listingPlaceText } from '../../../../shared/text/addresses';
import { Avatar } from '../../components/Avatar';
import { UserReviewsBody } from '../../components/ReviewList';
import { SellerFiguresList, useSellerFigures } from '../../components/SellerFigures';
import { deliveryOptions, listingDetails } from '../../lib/listing-details';
import { hasProfile, userDisplayName } from '../../lib/users';

/** The labels of a listing's features (keys of `listingFeatures`; unknown keys are left out). */
export function featureLabels(features: readonly string[] | undefined): string[] {
  return (features ?? [])
    .filter((key) => isKeyOf(listingFeatures, key))
    .map((key) => listingFeatures[key as keyof typeof listingFeatures]);
}

export function DescriptionSection({ description }: { description: string }) {
  return (
    <section aria-labelledby="description-title">
      <h2 id="description-title">Description</h2>
      {description ? (
        <p className="listing-description">{description}</p>
      ) : (
        <p>The seller has not written a description.</p>
      )}
    </section>
  );
}

export function DetailsSection({ publicData }: { publicData: Listing['publicData'] }) {
  const details = listingDetails(publicData);
  if (!details.length) return null;
  return (
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
  );
}

export function FeaturesSection({ features }: { features: readonly string[] | undefined }) {
  const labels = featureLabels(features);
  if (!labels.length) return null;
  return (
    <section aria-labelledby="features-title">
      <h2 id="features-title">Features</h2>
      <ul className="feature-list">
        {labels.map((label) => (
          <li key={label}>{label}</li>
        ))}
      </ul>
    </section>
  );
}

/** The seller's rules and disclaimer (policies tab), each only when written. */
export function PolicySections({ rules, disclaimer }: { rules?: string; disclaimer?: string }) {
  return (
    <>
      {rules?.trim() ? (
        <section aria-labelledby="rules-title">
          <h2 id="rules-title">Rules</h2>
          <p className="listing-text">{rules}</p>
        </section>
      ) : null}
      {disclaimer?.trim() ? (
        <section aria-labelledby="disclaimer-title">
          <h2 id="disclaimer-title">Disclaimer</h2>
          <p className="listing-text">{disclaimer}</p>
        </section>
      ) : null}
    </>
  );
}

export function DeliveryBox({ listing }: { listing: Pick<Listing, 'publicData' | 'shippingFee'> }) {
  const delivery = deliveryOptions(listing);
  const location = listing.publicData.location;
  return (
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
      {location?.city ? <p className="listing-location">Located in {listingPlaceText(location)}</p> : null}
    </section>
  );
}

/**
 * The seller card: avatar and name, linking to the profile (not for deleted or banned users, §3),
 * and the seller's figures (issue 24: rating, reviews, completed sales, member since), asked after
 * the page has painted.
 */
export function SellerCard({ author }: { author: Listing['author'] & Pick<PublicProfile, 'profileImage'> }) {
  const name = userDisplayName(author);
  const figures = useSellerFigures(hasProfile(author) ? author.id : undefined);
  return (
    <section className="seller-card" aria-labelledby="seller-title">
      <h2 id="seller-title" className="seller-title">
        Seller
      </h2>
      <div className="seller-row">
        <Avatar user={author} size="medium" />
        {hasProfile(author) ? (
          <Link to={pages.profile} params={{ id: author.id }} className="seller-name">
            {name}
          </Link>
        ) : (
          <span className="seller-name">{name}</span>
        )}
      </div>
      {figures === 'loading' ? (
        <p className="seller-figures-loading" role="status">
          Loading the seller's reviews and sales…
        </p>
      ) : figures ? (
        <SellerFiguresList figures={figures} />
      ) : null}
    </section>
  );
}

/**
 * The seller's published reviews as a seller (§2 listing page "seller reviews"), titled "Reviews of
 * <seller>" so they are not read as reviews of this item: average, count and each review with the
 * item it was for (issue 24). Loaded after the listing has painted, so it never delays the page.
 */
export function SellerReviewsSection({ author, now }: { author: Listing['author']; now?: Date }) {
  if (!hasProfile(author)) return null;
  return (
    <section className="listing-reviews" aria-labelledby="reviews-title">
      <h2 id="reviews-title">Reviews of {userDisplayName(author)}</h2>
      <UserReviewsBody
        userId={author.id}
        type="ofProvider"
        empty={`${userDisplayName(author)} has no reviews as a seller yet.`}
        {...(now ? { now } : {})}
      />
    </section>
  );
}
