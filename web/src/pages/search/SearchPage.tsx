import { getRouteApi, Link, useRouter, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { SearchPage as SearchAnswer } from '../../../../shared/api/types';
import { pageSizes } from '../../../../shared/config/marketplace';
import { searchFailed } from '../../../../shared/errors/first-load-messages';
import { pages } from '../../../../shared/pages';
import type { LatLng } from '../../../../shared/validation/core';
import type { Loaded } from '../../api/client';
import { ListingGrid } from '../../components/ListingCard';
import { ListingGridSkeleton } from '../../components/Loading';
import { Pagination } from '../../components/Pagination';
import { RetryNotice } from '../../components/RetryNotice';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useLoaded } from '../../lib/useLoaded';
import { cleanedFilterHref } from '../../search/filter-edits';
import { categorySelectionLabel, resultCountText } from '../../search/labels';
import { areaSearch, searchLocation } from '../../search/location';
import type { SearchParams } from '../../search/params';
import { FilterBar, FilterChips } from './filters/FilterBar';
import { MapPanel, ViewToggle } from './MapPanel';
import { SearchPageForm } from './SearchPageForm';
import './search-page.css';
import './filters/filters.css';

const route = getRouteApi(pages.search);
// The phone's filters dialog loads when it is first opened: a desktop never needs it.
const FiltersDialog = lazy(() =>
  import('./filters/FiltersDialog').then((module) => ({ default: module.FiltersDialog })),
);

function Results({
  search,
  loaded,
  origin,
}: {
  search: SearchParams;
  loaded: Loaded<SearchAnswer> | undefined;
  origin: LatLng | undefined;
}) {
  if (!loaded) {
    return <ListingGridSkeleton count={pageSizes.search} label="Loading results…" />;
  }
  if (!loaded.ok) {
    return <RetryNotice message={searchFailed} />;
  }
  const { data, meta } = loaded.value;
  if (data.length === 0) {
    return (
      <div className="empty-state">
        <p className="result-count" role="status">
          {resultCountText(meta.totalItems)}
        </p>
        {meta.totalItems > 0 ? (
          <p>
            This page is past the last results.{' '}
            <Link to={pages.search} search={{ ...search, page: undefined }}>
              Go to the first page
            </Link>
          </p>
        ) : (
          <>
            <h2>No listings match your search</h2>
            <p>
              Try other keywords, fewer filters{search.bounds ? ', a wider area' : ''}, or browse everything.
            </p>
            <p>
              <Link to={pages.search} className="button button-secondary">
                Show all listings
              </Link>
            </p>
          </>
        )}
      </div>
    );
  }
  const firstItem = (meta.page - 1) * meta.perPage + 1;
  const lastItem = firstItem + data.length - 1;
  return (
    <>
      <p className="result-count" role="status">
        {resultCountText(meta.totalItems)}
        {meta.totalPages > 1 ? (
          <span className="result-range">
            {' '}
            (showing {firstItem}–{lastItem})
          </span>
        ) : null}
      </p>
      <h2 className="visually-hidden">Results</h2>
      <ListingGrid listings={data} origin={origin} />
      <Pagination search={search} totalPages={meta.totalPages} />
    </>
  );
}

/** Replaces a URL with invalid filter values by the one without them (a shared or edited link). */
function useCleanFilterUrl() {
  const router = useRouter();
  const href = useRouterState({ select: (state) => state.location.href });
  useEffect(() => {
    const cleaned = cleanedFilterHref(href);
    if (cleaned) void router.navigate({ href: cleaned, replace: true });
  }, [href, router]);
}

/** The last answer, kept while the next one loads so the filters and the map's markers do not flicker. */
function useLastAnswer(loaded: Loaded<SearchAnswer> | undefined): SearchAnswer | undefined {
  const last = useRef<SearchAnswer | undefined>(undefined);
  if (loaded?.ok) last.current = loaded.value;
  return last.current;
}

export function SearchPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { results } = route.useLoaderData();
  const loaded = useLoaded(results);
  const lastAnswer = useLastAnswer(loaded);
  const facets = lastAnswer?.facets;
  const { bounds, origin } = searchLocation(search);
  const [filtersOpen, setFiltersOpen] = useState(false);
  useCleanFilterUrl();
  useEffect(() => {
    // Remembered for the phone's search sheet; not needed to show the page, so loaded after it.
    const { keywords } = search;
    if (keywords)
      void import('../../search/recent-searches').then((module) => module.rememberSearch(keywords));
  }, [search]);
  const onChange = (next: SearchParams) => navigate({ search: next });
  const categoryName = categorySelectionLabel(search.pub_category);
  const heading = search.keywords
    ? `Results for “${search.keywords}”`
    : search.address
      ? `Near ${search.address}`
      : (categoryName ?? (search.origin ? 'Near you' : 'Used bikes and cycling gear'));
  const pageSuffix = search.page && search.page > 1 ? `, page ${search.page}` : '';
  useDocumentTitle(`${heading}${pageSuffix}`);
  return (
    <div className="page search-page">
      <h1>
        {heading}
        {categoryName && search.keywords ? <span className="heading-sub"> in {categoryName}</span> : null}
      </h1>
      <search className="filters" aria-label="Search filters">
        <SearchPageForm search={search} onChange={onChange} onOpenFilters={() => setFiltersOpen(true)} />
        <FilterBar search={search} facets={facets} onChange={onChange} />
        <FilterChips search={search} onChange={onChange} />
      </search>
      <div className={search.view === 'map' ? 'search-layout search-layout-map' : 'search-layout'}>
        <section className="results" aria-label="Search results">
          <ViewToggle search={search} />
          <Results search={search} loaded={loaded} origin={origin} />
        </section>
        {search.view === 'map' ? (
          <MapPanel
            listings={lastAnswer?.data ?? []}
            bounds={bounds}
            origin={origin}
            onSearchArea={(area) => onChange(areaSearch(search, area))}
          />
        ) : null}
      </div>
      {filtersOpen ? (
        <Suspense fallback={null}>
          <FiltersDialog
            search={search}
            facets={facets}
            onChange={onChange}
            totalItems={loaded?.ok ? loaded.value.meta.totalItems : undefined}
            onClose={() => setFiltersOpen(false)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
