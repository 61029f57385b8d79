import { getRouteApi, Link } from '@tanstack/react-router';
import { type ReactNode, useId, useState } from 'react';
import type { PublicProfile } from '../../../../shared/api/account';
import type { ListingSummary, Page } from '../../../../shared/api/types';
import { messages } from '../../../../shared/errors/catalogue';
import { pages } from '../../../../shared/pages';
import { profileHead } from '../../../../shared/seo/pages';
import { useCurrentUser } from '../../auth/store';
import { Avatar } from '../../components/Avatar';
import { ListingGrid } from '../../components/ListingCard';
import { LoadFrame } from '../../components/LoadFrame';
import { ListingGridSkeleton } from '../../components/Loading';
import { PaginationLinks } from '../../components/Pagination';
import { RetryNotice } from '../../components/RetryNotice';
import { UserReviewsBody } from '../../components/ReviewList';
import { SellerFiguresList } from '../../components/SellerFigures';
import { usePageHead } from '../../lib/head';
import { truncateText } from '../../lib/text';
import { loadedTitle } from '../../lib/useDocumentTitle';
import { useLoaded } from '../../lib/useLoaded';
import { hasProfile, userDisplayName } from '../../lib/users';
import { ProfileContact } from './ProfileContact';
import './profile-page.css';

const route = getRouteApi('/u/$id');

type ProfileUser = PublicProfile;

/** A bio longer than 170 characters starts cut, with a button to show all of it (§2, §4, §9). */
function Bio({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const preview = truncateText(text);
  return (
    <div className="bio">
      <p id={id} className="bio-text">
        {expanded ? text : preview.text}
      </p>
      {preview.truncated ? (
        <button
          type="button"
          className="link-button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? 'Show less' : 'Show more'}
        </button>
      ) : null}
    </div>
  );
}

/**
 * The user card (§2): picture and name linking to the profile, the bio, and a link to profile
 * settings on one's own profile or "Contact" on someone else's (the chooser of their open
 * listings, `listings` the profile's loaded page of them). Banned and deleted users show a
 * placeholder name and icon with no links (§3).
 */
export function UserCard({
  user,
  headingLevel = 2,
  listings,
  page = 1,
}: {
  user: ProfileUser;
  headingLevel?: 1 | 2;
  listings?: Page<ListingSummary> | undefined;
  page?: number;
}) {
  const currentUser = useCurrentUser();
  const name = userDisplayName(user);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  if (!hasProfile(user)) {
    return (
      <div className="user-card">
        <Avatar user={user} size="large" />
        <Heading className="user-card-name">{name}</Heading>
      </div>
    );
  }
  const own = currentUser?.id === user.id;
  return (
    <div className="user-card">
      <Avatar user={user} size="large" />
      <div className="user-card-body">
        <Heading className="user-card-name">
          <Link to={pages.profile} params={{ id: user.id }}>
            {name}
          </Link>
        </Heading>
        {user.figures ? <SellerFiguresList figures={user.figures} /> : null}
        {user.bio ? <Bio text={user.bio} /> : null}
        {own ? (
          <p className="user-card-links">
            <Link to={pages.profileSettings}>Edit your profile</Link>
          </p>
        ) : (
          <ProfileContact user={user} listings={listings} page={page} />
        )}
      </div>
    </div>
  );
}

function UserListings({ user }: { user: ProfileUser }) {
  const { listings } = route.useLoaderData();
  const { page } = route.useSearch();
  const loaded = useLoaded(listings);
  const name = userDisplayName(user);
  let body: ReactNode;
  if (!loaded) body = <ListingGridSkeleton count={4} label="Loading listings…" />;
  else if (!loaded.ok) {
    body = <RetryNotice message={messages.somethingWentWrong} />;
  } else if (loaded.value.data.length === 0) {
    body = <p>{name} has no listings right now.</p>;
  } else {
    body = (
      <>
        <ListingGrid listings={loaded.value.data} />
        <PaginationLinks
          page={page ?? 1}
          totalPages={loaded.value.meta.totalPages}
          renderLink={(target, props) => (
            <Link
              to={pages.profile}
              params={{ id: user.id }}
              search={{ page: target > 1 ? target : undefined }}
              activeOptions={{ exact: true, includeSearch: true }}
              {...props}
            />
          )}
        />
      </>
    );
  }
  return (
    <section className="profile-section" aria-labelledby="profile-listings-title">
      <h2 id="profile-listings-title">
        Listings
        {loaded?.ok && loaded.value.meta.totalItems > 0 ? ` (${loaded.value.meta.totalItems})` : ''}
      </h2>
      {body}
    </section>
  );
}

/**
 * The user's public reviews (§2 profile page) in two groups, each with its average and
 * count: as a seller (reviews of them as the provider) and as a buyer (as the customer). Loaded
 * after the profile has painted.
 */
export function ProfileReviews({ user, now }: { user: ProfileUser; now?: Date }) {
  const name = userDisplayName(user);
  const dates = now ? { now } : {};
  return (
    <section className="profile-section profile-reviews" aria-labelledby="profile-reviews-title">
      <h2 id="profile-reviews-title">Reviews</h2>
      <section className="profile-review-group" aria-labelledby="profile-reviews-seller-title">
        <h3 id="profile-reviews-seller-title">As a seller</h3>
        <UserReviewsBody
          userId={user.id}
          type="ofProvider"
          empty={`${name} has no reviews as a seller yet.`}
          {...dates}
        />
      </section>
      <section className="profile-review-group" aria-labelledby="profile-reviews-buyer-title">
        <h3 id="profile-reviews-buyer-title">As a buyer</h3>
        <UserReviewsBody
          userId={user.id}
          type="ofCustomer"
          empty={`${name} has no reviews as a buyer yet.`}
          {...dates}
        />
      </section>
    </section>
  );
}

export function ProfilePage() {
  const { user } = route.useLoaderData();
  const loaded = useLoaded(user);
  usePageHead(
    loaded?.ok
      ? profileHead(loaded.value, '')
      : {
          title: loadedTitle(loaded, {
            loaded: userDisplayName,
            notFound: 'User not found',
            loading: 'Loading profile',
          }),
          noindex: Boolean(loaded),
        },
  );
  return (
    <LoadFrame loaded={loaded} loadingLabel="Loading profile…" notFound={<ProfileNotFound />}>
      {(profile) => <ProfileContent profile={profile} />}
    </LoadFrame>
  );
}

function ProfileNotFound() {
  return (
    <div className="page page-narrow">
      <h1>User not found</h1>
      <p>This profile does not exist or was removed.</p>
      <p>
        <Link to={pages.landing}>Go to the home page</Link>
      </p>
    </div>
  );
}

function ProfileContent({ profile }: { profile: ProfileUser }) {
  const { listings } = route.useLoaderData();
  const { page } = route.useSearch();
  const loadedListings = useLoaded(listings);
  return (
    <div className="page profile-page">
      <aside className="profile-aside" aria-label="About this user">
        <UserCard
          user={profile}
          headingLevel={1}
          listings={loadedListings?.ok ? loadedListings.value : undefined}
          page={page ?? 1}
        />
      </aside>
      {hasProfile(profile) ? (
        <div className="profile-main">
          <UserListings user={profile} />
          <ProfileReviews user={profile} />
        </div>
      ) : (
        <div className="profile-main">
          <p>This account is no longer active.</p>
          <p>
            <Link to={pages.search}>Browse all listings</Link>
          </p>
        </div>
      )}
    </div>
  );
}
