import { getRouteApi, Link, useRouter, useRouterState } from '@tanstack/react-router';
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { SearchPage as SearchAnswer, SearchFacets } from '../../../../shared/api/types';
import { pageSizes } from '../../../../shared/config/marketplace';
import { messages } from '../../../../shared/errors/messages';
import { pages } from '../../../../shared/pages';
import type { Loaded } from '../../api/client';
import { ListingGrid } from '../../components/ListingCard';
import { ListingGridSkeleton } from '../../components/Loading';
import { Pagination } from '../../components/Pagination';
import { RetryNotice } from '../../components/RetryNotice';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useLoaded } from '../../lib/useLoaded';
import { activeFilterCount, cleanedFilterHref } from '../../search/filter-edits';
import { categorySelectionLabel, resultCountText } from '../../search/labels';
import {
  availableSortOptions,
  defaultSort,
  type SearchParams,
  validateSearchParams,
} from '../../search/params';
import { FilterBar, FilterChips } from './filters/FilterBar';
import './search-page.css';
import './filters/filters.css';

const route = getRouteApi(pages.search);
// The phone's filters dialog loads when it is first opened: a desktop never needs it.
const FiltersDialog = lazy(() =>
  import('./filters/FiltersDialog').then((module) => ({ default: module.FiltersDialog })),
);

/**
 * Keywords and sort, and on a phone the button that opens the filters: one compact form so the
 * first result stays above the fold at 375 × 812.
 */
function SearchForm({
  search,
  onChange,
  onOpenFilters,
}: {
  search: SearchParams;
  onChange: (next: SearchParams) => void;
  onOpenFilters: () => void;
}) {
  const apply = (form: HTMLFormElement) => {
    const data = new FormData(form);
    const next = validateSearchParams({
      ...search,
      keywords: data.get('keywords'),
      sort: data.get('sort'),
      page: undefined,
    });
    if (next.sort === defaultSort(next)) delete next.sort;
    onChange(next);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(event.currentTarget);
  };
  const count = activeFilterCount(search);
  return (
    <form className="search-page-form" action={pages.search} method="get" onSubmit={onSubmit}>
      <div className="field field-keywords">
        <label htmlFor="search-keywords">Keywords</label>
        <div className="field-keywords-row">
          <input
            key={search.keywords ?? ''}
            id="search-keywords"
            name="keywords"
            type="search"
            defaultValue={search.keywords}
            autoComplete="off"
            enterKeyHint="search"
          />
          <button type="submit" className="button button-primary">
            Search
          </button>
        </div>
      </div>
      <button type="button" className="button button-secondary filters-open" onClick={onOpenFilters}>
        Filters{count ? ` (${count})` : ''}
      </button>
      <div className="field field-sort">
        <label htmlFor="search-sort">Sort by</label>
        <select
          id="search-sort"
          name="sort"
          value={search.sort ?? defaultSort(search)}
          onChange={(event) => event.currentTarget.form && apply(event.currentTarget.form)}
        >
          {availableSortOptions(search).map((option) => (
            <option key={option.key} value={option.key}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}

function Results({ search, loaded }: { search: SearchParams; loaded: Loaded<SearchAnswer> | undefined }) {
  if (!loaded) {
    return <ListingGridSkeleton count={pageSizes.search} label="Loading results…" />;
  }
  if (!loaded.ok) {
    return <RetryNotice message={messages.searchFailed} />;
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
            <p>Try other keywords, fewer filters, or browse everything.</p>
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
      <ListingGrid listings={data} />
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

/** The facets of the last answer, kept while the next one loads so the filters do not flicker. */
function useLastFacets(loaded: Loaded<SearchAnswer> | undefined): SearchFacets | undefined {
  const last = useRef<SearchFacets | undefined>(undefined);
  if (loaded?.ok) last.current = loaded.value.facets;
  return last.current;
}

export function SearchPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { results } = route.useLoaderData();
  const loaded = useLoaded(results);
  const facets = useLastFacets(loaded);
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
      : (categoryName ?? 'Used bikes and cycling gear');
  const pageSuffix = search.page && search.page > 1 ? `, page ${search.page}` : '';
  useDocumentTitle(`${heading}${pageSuffix}`);
  return (
    <div className="page search-page">
      <h1>
        {heading}
        {categoryName && search.keywords ? <span className="heading-sub"> in {categoryName}</span> : null}
      </h1>
      <search className="filters" aria-label="Search filters">
        <SearchForm search={search} onChange={onChange} onOpenFilters={() => setFiltersOpen(true)} />
        <FilterBar search={search} facets={facets} onChange={onChange} />
        <FilterChips search={search} onChange={onChange} />
      </search>
      <section className="results" aria-label="Search results">
        <Results search={search} loaded={loaded} />
      </section>
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
