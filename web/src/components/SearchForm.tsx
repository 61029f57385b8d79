import { useNavigate } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { validateSearchParams } from '../search/params';

interface SearchFormProps {
  /** id of the text box (unique on the page). */
  id: string;
  /** Accessible name of the search landmark. */
  landmarkLabel: string;
  defaultValue?: string | undefined;
  className?: string;
  label?: string;
  /** Show the label above the box (otherwise it is for screen readers only). */
  showLabel?: boolean;
}

/** Keywords box that opens the search page (`/s?keywords=…`). Works as a plain GET form without JS. */
export function SearchForm({
  id,
  landmarkLabel,
  defaultValue,
  className = 'search-form',
  label = 'Search listings',
  showLabel = false,
}: SearchFormProps) {
  const navigate = useNavigate();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const keywords = new FormData(event.currentTarget).get('keywords');
    navigate({ to: '/s', search: validateSearchParams({ keywords }) });
  };
  return (
    <search className={className} aria-label={landmarkLabel}>
      <form action="/s" method="get" onSubmit={onSubmit}>
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
