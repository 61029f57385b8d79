import { enabledSearchFilters } from '../../../../../shared/config/search-filters';
import { Modal } from '../../../components/Modal';
import { withoutFilters } from '../../../search/filter-edits';
import { resultCountText } from '../../../search/labels';
import { FilterControl, type FilterControlProps } from './FilterControl';

/**
 * The phone's filters (issue 21): every filter in one full-screen dialog; each change searches
 * again behind it, and the sticky footer says how many results the choice gives ("Show 12
 * results", the API's totalItems) and closes the dialog onto them.
 */
export function FiltersDialog({
  totalItems,
  onClose,
  ...props
}: Omit<FilterControlProps, 'filter'> & { totalItems: number | undefined; onClose: () => void }) {
  return (
    <Modal title="Filters" closeLabel="Close filters" onClose={onClose} className="filters-dialog">
      <div className="filters-dialog-body">
        {enabledSearchFilters.map((filter) => (
          <FilterControl key={filter.id} filter={filter} {...props} />
        ))}
      </div>
      <div className="filters-dialog-footer">
        <button
          type="button"
          className="button button-secondary"
          onClick={() => props.onChange(withoutFilters(props.search))}
        >
          Clear all
        </button>
        <button type="button" className="button button-primary" onClick={onClose} aria-live="polite">
          {totalItems === undefined ? 'Show results' : `Show ${resultCountText(totalItems)}`}
        </button>
      </div>
    </Modal>
  );
}
