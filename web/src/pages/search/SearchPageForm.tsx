import type { FormEvent } from 'react';
import { pages } from '../../../../shared/pages';
import type { LatLng } from '../../../../shared/validation/core';
import { activeFilterCount } from '../../search/filter-edits';
import { nearMeSearch } from '../../search/location';
import {
  availableSortOptions,
  defaultSort,
  type SearchParams,
  validateSearchParams,
} from '../../search/params';
import { NearMeButton } from './NearMeButton';

/** The sort select's value for "nearest first": the default order of a search with an origin. */
const nearest = '';

/**
 * Keywords, "Near me" and sort, and on a phone the button that opens the filters: one compact form
 * so the first result stays above the fold at 375 × 812. A search with an origin (a place, or the
 * person's position) is nearest first unless another order is chosen (§9 has no distance sort to
 * pick: "Nearest first" is that default, shown as such).
 */
export function SearchPageForm({
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
    if (!next.origin && next.sort === defaultSort(next)) delete next.sort;
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
      <NearMeButton onPosition={(point: LatLng) => onChange(nearMeSearch(search, point))} />
      <div className="field field-sort">
        <label htmlFor="search-sort">Sort by</label>
        <select
          id="search-sort"
          name="sort"
          value={search.sort ?? (search.origin ? nearest : defaultSort(search))}
          onChange={(event) => event.currentTarget.form && apply(event.currentTarget.form)}
        >
          {search.origin ? <option value={nearest}>Nearest first</option> : null}
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
