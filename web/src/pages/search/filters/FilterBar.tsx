import { useEffect, useRef } from 'react';
import { enabledSearchFilters, type SearchFilter } from '../../../../../shared/config/search-filters';
import {
  activeFilterCount,
  filterChips,
  rangeLabel,
  selectedValues,
  withoutFilters,
} from '../../../search/filter-edits';
import { paramOf } from '../../../search/filter-params';
import { locationLabel, withoutLocation } from '../../../search/location';
import { FilterControl, type FilterControlProps } from './FilterControl';

/**
 * The desktop filter bar (issue 21): the primary filters each behind a button that opens its panel,
 * the secondary ones together under "More filters", and the chosen values as removable chips with
 * "Clear all". A panel stays open while its options are clicked (each click searches again) and
 * closes on Escape or a click elsewhere.
 */
type BarProps = Omit<FilterControlProps, 'filter'>;

export const primaryFilters = enabledSearchFilters.filter((filter) => filter.group === 'primary');
export const secondaryFilters = enabledSearchFilters.filter((filter) => filter.group === 'secondary');

/** "Condition (2)", "Price: From $500". */
function menuLabel(filter: SearchFilter, search: BarProps['search']): string {
  const value = search[paramOf(filter)];
  if (!value) return filter.label;
  if (filter.type === 'priceRange' || filter.type === 'yearRange')
    return `${filter.label}: ${rangeLabel(filter, value)}`;
  return `${filter.label} (${selectedValues(search, filter).length})`;
}

/** Closes the bar's open panels on Escape or a click outside them. */
function useClosingMenus() {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const close = (except?: EventTarget | null) => {
      for (const menu of bar.current?.querySelectorAll('details[open]') ?? []) {
        if (!(except instanceof Node && menu.contains(except))) menu.removeAttribute('open');
      }
    };
    const onPointerDown = (event: PointerEvent) => close(event.target);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const open = bar.current?.querySelector('details[open]');
      close();
      open?.querySelector('summary')?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, []);
  return bar;
}

export function FilterBar(props: BarProps) {
  const bar = useClosingMenus();
  const secondaryCount = activeFilterCount(
    Object.fromEntries(secondaryFilters.map((filter) => [paramOf(filter), props.search[paramOf(filter)]])),
  );
  return (
    <div className="filter-bar" ref={bar}>
      {primaryFilters.map((filter) => (
        <details key={filter.id} className="filter-menu">
          <summary className={props.search[paramOf(filter)] ? 'filter-menu-active' : undefined}>
            {menuLabel(filter, props.search)}
          </summary>
          <div className="filter-menu-panel">
            <FilterControl filter={filter} {...props} />
          </div>
        </details>
      ))}
      <details className="filter-menu filter-menu-more">
        <summary className={secondaryCount ? 'filter-menu-active' : undefined}>
          More filters{secondaryCount ? ` (${secondaryCount})` : ''}
        </summary>
        <div className="filter-menu-panel filter-more-panel">
          {secondaryFilters.map((filter) => (
            <FilterControl key={filter.id} filter={filter} {...props} />
          ))}
        </div>
      </details>
    </div>
  );
}

/** The chosen filter values as chips, each removing itself, and "Clear all". */
export function FilterChips({ search, onChange }: Pick<BarProps, 'search' | 'onChange'>) {
  const place = locationLabel(search);
  const chips = [
    ...(place ? [{ key: 'location', label: place, remove: withoutLocation }] : []),
    ...filterChips(search),
  ];
  if (chips.length === 0) return null;
  return (
    <div className="filter-chips">
      <ul aria-label="Chosen filters">
        {chips.map((chip) => (
          <li key={chip.key}>
            <button
              type="button"
              className="filter-chip"
              aria-label={`Remove filter ${chip.label}`}
              onClick={() => onChange(chip.remove(search))}
            >
              {chip.label}
              <span aria-hidden="true"> ×</span>
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="filter-clear"
        onClick={() => onChange(withoutLocation(withoutFilters(search)))}
      >
        Clear all
      </button>
    </div>
  );
}
