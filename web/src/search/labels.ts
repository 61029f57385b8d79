import { categoryLabel } from '../../../shared/config/categories';
import { categoryFilterOptions } from './params';

const groups = categoryFilterOptions();

/** A name for the `pub_category` selection: one category, a whole group, or undefined. */
export function categorySelectionLabel(pubCategory: string | undefined): string | undefined {
  if (!pubCategory) return undefined;
  if (!pubCategory.includes(',')) return categoryLabel(pubCategory);
  return groups.find((group) => group.groupValue === pubCategory)?.label;
}

/** "1 result", "1,234 results". */
export function resultCountText(totalItems: number): string {
  return `${totalItems.toLocaleString('en-US')} ${totalItems === 1 ? 'result' : 'results'}`;
}
