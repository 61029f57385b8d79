import { type FormEvent, Fragment, useId, useState } from 'react';
import type { SearchFacets } from '../../../../../shared/api/types';
import { categoryGroups } from '../../../../../shared/config/categories';
import { latestBikeYear } from '../../../../../shared/config/listing-fields';
import type {
  OptionsFilter,
  RangeFilter,
  SearchFilter,
  TextFilter,
} from '../../../../../shared/config/search-filters';
import { constrainHandles } from '../../../../../shared/validation/filters';
import { selectedValues, toggleValue, withFilter } from '../../../search/filter-edits';
import { paramOf } from '../../../search/filter-params';
import type { SearchParams } from '../../../search/params';

/**
 * One search filter's controls, from its entry in shared/config/search-filters.ts: checkboxes with
 * their facet counts (an option no listing has is disabled unless already chosen), a searchable
 * list for free-text values (brand, groupset), or a from–to pair for a range. Every change is a new
 * search at once, so the counts and results follow each click.
 */
export interface FilterControlProps {
  filter: SearchFilter;
  search: SearchParams;
  /** The facet counts of the current search (undefined while the first answer loads). */
  facets: SearchFacets | undefined;
  onChange: (next: SearchParams) => void;
}

export function FilterControl(props: FilterControlProps) {
  switch (props.filter.type) {
    case 'options':
      return props.filter.id === 'category' ? <CategoryOptions {...props} /> : <Options {...props} />;
    case 'text':
      return <TextValues {...props} filter={props.filter} />;
    case 'priceRange':
    case 'yearRange':
      return <Range {...props} filter={props.filter} />;
    default:
      return null;
  }
}

function OptionBox({
  label,
  count,
  checked,
  onToggle,
}: {
  label: string;
  count: number | undefined;
  checked: boolean;
  onToggle: () => void;
}) {
  const none = count === undefined || count === 0;
  return (
    <label className={`filter-option${none && !checked ? ' filter-option-empty' : ''}`}>
      <input type="checkbox" checked={checked} disabled={none && !checked} onChange={onToggle} />
      <span>{label}</span>
      <span className="facet-count">({count ?? 0})</span>
    </label>
  );
}

function optionList(
  { filter, search, facets, onChange }: FilterControlProps,
  options: readonly { key: string; label: string }[],
) {
  const selected = selectedValues(search, filter);
  const counts = facets?.[filter.id];
  return options.map((option) => (
    <OptionBox
      key={option.key}
      label={option.label}
      count={facets ? (counts?.[option.key] ?? 0) : undefined}
      checked={selected.includes(option.key)}
      onToggle={() => onChange(toggleValue(search, filter, option.key))}
    />
  ));
}

function Options(props: FilterControlProps) {
  const filter = props.filter as OptionsFilter;
  return (
    <fieldset className="filter-options">
      <legend>{filter.label}</legend>
      {optionList(props, filter.config.options)}
    </fieldset>
  );
}

/**
 * Categories under their group's name, as the spec groups them: each group folds away (sixty
 * categories are too many to scroll past on a phone) and opens when one of its categories is chosen.
 */
function CategoryOptions(props: FilterControlProps) {
  const selected = selectedValues(props.search, props.filter);
  const counts = props.facets?.[props.filter.id] ?? {};
  return (
    <fieldset className="filter-options filter-categories">
      <legend>{props.filter.label}</legend>
      {categoryGroups.map((group) => {
        const keys = Object.keys(group.categories);
        const total = keys.reduce((sum, key) => sum + (counts[key] ?? 0), 0);
        return (
          <details
            key={group.id}
            className="filter-options-group"
            open={keys.some((key) => selected.includes(key)) || undefined}
          >
            <summary>
              <span>{group.label}</span>
              <span className="facet-count">({total})</span>
            </summary>
            {optionList(
              props,
              Object.entries(group.categories).map(([key, label]) => ({ key, label })),
            )}
          </details>
        );
      })}
    </fieldset>
  );
}

/** Free-text values (brands): the facet's values, narrowed by what is typed, the chosen ones first. */
function TextValues(props: FilterControlProps & { filter: TextFilter }) {
  const { filter, search, facets } = props;
  const [query, setQuery] = useState('');
  const selected = selectedValues(search, filter);
  const counts = facets?.[filter.id] ?? {};
  const known = Object.keys(counts).filter((value) => !selected.includes(value));
  const wanted = query.trim().toLowerCase();
  const values = [...selected, ...known].filter((value) => !wanted || value.toLowerCase().includes(wanted));
  const plural = `${filter.label.toLowerCase()}s`;
  return (
    <fieldset className="filter-options filter-text">
      <legend>{filter.label}</legend>
      <input
        type="search"
        className="filter-text-search"
        aria-label={`Search ${plural}`}
        placeholder={`Search ${plural}`}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        maxLength={filter.config.maxLength}
      />
      {values.length === 0 ? <p className="filter-none">No {plural} match.</p> : null}
      {optionList(
        props,
        values.map((value) => ({ key: value, label: value })),
      )}
    </fieldset>
  );
}

/** A from–to pair applied together; an empty end is open, and the ends stay in order (§5). */
function Range({ filter, search, onChange }: FilterControlProps & { filter: RangeFilter }) {
  const id = useId();
  const [from, to] = (search[paramOf(filter)] ?? ',').split(',');
  const isPrice = filter.type === 'priceRange';
  const lowest = filter.config.min;
  const highest = isPrice ? filter.config.max : latestBikeYear();
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const low = String(data.get('from') ?? '').trim();
    const high = String(data.get('to') ?? '').trim();
    if (!low && !high) return onChange(withFilter(search, filter, undefined));
    const [min, max] = constrainHandles([low ? Number(low) : lowest, high ? Number(high) : highest], {
      min: lowest,
      max: highest,
      step: filter.config.step,
    });
    onChange(withFilter(search, filter, `${min},${max}`));
  };
  const unit = isPrice ? ' ($)' : '';
  return (
    <form
      className="filter-range"
      onSubmit={apply}
      aria-label={filter.label}
      key={search[paramOf(filter)] ?? ''}
    >
      <fieldset>
        <legend>{filter.label}</legend>
        <div className="filter-range-fields">
          {(
            [
              ['from', 'From', from, lowest],
              ['to', 'To', to, highest],
            ] as const
          ).map(([name, label, value, placeholder]) => (
            <Fragment key={name}>
              <label htmlFor={`${id}-${name}`}>
                {label}
                {unit}
              </label>
              <input
                id={`${id}-${name}`}
                name={name}
                type="number"
                inputMode="numeric"
                min={lowest}
                max={highest}
                step={filter.config.step}
                defaultValue={value}
                placeholder={String(placeholder)}
              />
            </Fragment>
          ))}
        </div>
        <button type="submit" className="button button-secondary">
          Apply<span className="visually-hidden"> {filter.label.toLowerCase()}</span>
        </button>
      </fieldset>
    </form>
  );
}
