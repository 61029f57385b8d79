import { getRouteApi, Link } from '@tanstack/react-router';
import type { ListingSummary, Page } from '../../../../shared/api/types';
import { pages } from '../../../../shared/pages';
import type { Loaded } from '../../api/client';
import { ListingGrid } from '../../components/ListingCard';
import { ListingGridSkeleton } from '../../components/Loading';
import { RetryNotice } from '../../components/RetryNotice';
import { PageSections } from '../../content/PageSections';
import { usePageHead } from '../../lib/head';
import type { LoadedPage } from '../../lib/page-assets';
import { useLoaded } from '../../lib/useLoaded';
import { PartNotFound } from '../not-found/PartNotFound';

export const recentListingsCount = 8;

const route = getRouteApi(pages.landing);

function RecentListings({ recent }: { recent: Promise<Loaded<Page<ListingSummary>>> }) {
  const loaded = useLoaded(recent);
  if (!loaded) return <ListingGridSkeleton count={recentListingsCount} label="Loading recent listings…" />;
  if (!loaded.ok) {
    return <RetryNotice message="The latest listings could not be loaded." tone="neutral" />;
  }
  if (loaded.value.data.length === 0) return <p>Nothing is listed yet. Be the first to sell something!</p>;
  return <ListingGrid listings={loaded.value.data} />;
}

/**
 * The hosted landing page's sections, with the recently listed items after the featured categories
 * (the preview of an unpublished landing page shows the sections only).
 */
export function LandingContent({
  loaded,
  recent,
}: {
  loaded: Loaded<LoadedPage> | undefined;
  recent?: Promise<Loaded<Page<ListingSummary>>>;
}) {
  const page = loaded?.ok ? loaded.value.page : undefined;
  usePageHead({ description: page?.description, path: pages.landing, type: 'website' });
  if (!loaded) {
    return (
      <div className="landing" aria-busy="true">
        <div className="hero hero-pending" />
      </div>
    );
  }
  if (!page) return <PartNotFound />;
  const split = page.sections.findIndex((section) => section.id === 'featured-categories') + 1 || 1;
  return (
    <div className="landing">
      <PageSections page={{ ...page, sections: page.sections.slice(0, split) }} />
      {recent && (
        <section className="section" aria-labelledby="recent-title">
          <div className="section-header">
            <h2 id="recent-title">Recently listed</h2>
            <Link to={pages.search} className="section-link">
              See all listings
            </Link>
          </div>
          <RecentListings recent={recent} />
        </section>
      )}
      <PageSections page={{ ...page, sections: page.sections.slice(split) }} continued />
    </div>
  );
}

export function LandingPage() {
  const { page, recent } = route.useLoaderData();
  return <LandingContent loaded={useLoaded(page)} recent={recent} />;
}
