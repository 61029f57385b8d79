import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, lazy, Suspense } from 'react';
import { siteSettings } from '../../../shared/config/site';
import { pages } from '../../../shared/pages';
import { validateSearchParams } from '../search/params';

// Only sites configured for location search load the autocomplete (and its styles), on demand, so
// the landing page's first load stays the keywords form's.
const LocationSearchForm = lazy(() =>
  import('./LocationAutocomplete').then((module) => ({ default: module.LocationSearchForm })),
);

export interface SearchFormProps {
  /** id of the text box (unique on the page). */
  id: string;
  /** Accessible name of the search landmark. */
  landmarkLabel: string;
  defaultValue?: string | undefined;
  className?: string;
  label?: string;
  /** Show the label above the box (otherwise it is for screen readers only). */
  showLabel?: boolean;
  /** Replace the current history entry instead of adding one (the mobile search modal's URL). */
  replace?: boolean;
  /** Called once the form has navigated to the search page (the mobile search modal closes). */
  onSubmitted?: () => void;
}

/**
 * The search form (§2), as the site settings say (`searchType`): a keywords box that opens the
 * search page (`/s?keywords=…`; works as a plain GET form without JS), or a location autocomplete
 * that opens it with the chosen place's address and bounds (and origin, if configured) as soon as
 * a place is chosen.
 */
export function SearchForm(props: SearchFormProps) {
  if (siteSettings.searchType !== 'location') return <KeywordsSearchForm {...props} />;
  const { id, landmarkLabel, className = 'search-form', label = 'Search by location', showLabel } = props;
  return (
    <Suspense
      fallback={
        // Until the chunk is there: the same landmark and a read-only box of the same id and label.
        <search className={className} aria-label={landmarkLabel}>
          <form>
            <label htmlFor={id} className={showLabel ? 'search-label' : 'visually-hidden'}>
              {label}
            </label>
            <input
              id={id}
              type="text"
              placeholder="Search by city"
              readOnly
              style={{ borderRight: '1px solid var(--color-control-border)', borderRadius: 'var(--radius)' }}
            />
          </form>
        </search>
      }
    >
      <LocationSearchForm {...props} />
    </Suspense>
  );
}

function KeywordsSearchForm({
  id,
  landmarkLabel,
  defaultValue,
  className = 'search-form',
  label = 'Search listings',
  showLabel = false,
  replace = false,
  onSubmitted,
}: SearchFormProps) {
  const navigate = useNavigate();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const keywords = new FormData(event.currentTarget).get('keywords');
    navigate({ to: pages.search, search: validateSearchParams({ keywords }), replace });
    onSubmitted?.();
  };
  return (
    <search className={className} aria-label={landmarkLabel}>
      <form action={pages.search} method="get" onSubmit={onSubmit}>
        <label htmlFor={id} className={showLabel ? 'search-label' : 'visually-hidden'}>
          {label}
        </label>
        <input
          id={id}
          name="keywords"
          type="search"
          defaultValue={defaultValue}
          placeholder="Search bikes and gear"
          autoComplete="off"
          enterKeyHint="search"
        />
        <button type="submit" className="search-button">
          <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" focusable="false">
            <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.5" />
            <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
          <span className="visually-hidden">Search</span>
        </button>
      </form>
    </search>
  );
}
