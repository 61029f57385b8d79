import { getRouteApi, Link } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { pageSizes } from '../../../../shared/config/marketplace';
import { messages } from '../../../../shared/errors/catalogue';
import { pages } from '../../../../shared/pages';
import { ListingGrid } from '../../components/ListingCard';
import { ListingGridSkeleton } from '../../components/Loading';
import { Pagination } from '../../components/Pagination';
import { RetryNotice } from '../../components/RetryNotice';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useLoaded } from '../../lib/useLoaded';
import { categorySelectionLabel, resultCountText } from '../../search/labels';
import {
  availableSortOptions,
  categoryFilterOptions,
  defaultSort,
  type SearchParams,
  validateSearchParams,
} from '../../search/params';
import './search-page.css';

const route = getRouteApi(pages.search);
const filterOptions = categoryFilterOptions();

function Filters({ search }: { search: SearchParams }) {
  const navigate = route.useNavigate();
  const apply = (form: HTMLFormElement) => {
    const data = new FormData(form);
    const next = validateSearchParams({
      keywords: data.get('keywords'),
      pub_category: data.get('pub_category'),
      sort: data.get('sort'),
      // A location search keeps its place while the filters change.
      address: search.address,
      bounds: search.bounds,
      origin: search.origin,
    });
    if (next.sort === defaultSort(next)) delete next.sort;
    navigate({ search: next });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(event.currentTarget);
  };
  const category = search.pub_category ?? '';
  const knownCategory =
    !category ||
    filterOptions.some(
      (group) => group.groupValue === category || group.categories.some((c) => c.value === category),
    );
  return (
    <search className="filters" aria-label="Search filters">
      <form action={pages.search} method="get" onSubmit={onSubmit}>
        <div className="field field-keywords">
          <label htmlFor="search-keywords">Keywords</label>
          <input
            key={search.keywords ?? ''}
            id="search-keywords"
            name="keywords"
            type="search"
            defaultValue={search.keywords}
            autoComplete="off"
            enterKeyHint="search"
          />
        </div>
        <div className="field">
          <label htmlFor="search-category">Category</label>
          <select
            id="search-category"
            name="pub_category"
            value={category}
            onChange={(event) => event.currentTarget.form && apply(event.currentTarget.form)}
          >
            <option value="">All categories</option>
            {knownCategory ? null : <option value={category}>Selected categories</option>}
            {filterOptions.map((group) => (
              <optgroup key={group.label} label={group.label}>
                <option value={group.groupValue}>All {group.label.toLowerCase()}</option>
                {group.categories.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        <div className="field">
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
        <button type="submit" className="button button-primary">
          Search
        </button>
      </form>
    </search>
  );
}

function Results({ search }: { search: SearchParams }) {
  const { results } = route.useLoaderData();
  const loaded = useLoaded(results);

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
            <p>Try other keywords, another category, or browse everything.</p>
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

export function SearchPage() {
  const search = route.useSearch();
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
      <Filters search={search} />
      <section className="results" aria-label="Search results">
        <Results search={search} />
      </section>
    </div>
  );
}
