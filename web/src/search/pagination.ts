/** One item of the pagination bar: a page number or a gap shown as an ellipsis. */
export type PaginationItem = number | 'gap';

/**
 * The spec's pagination links (§2): first page, last page, the current page and its neighbours,
 * with an ellipsis where pages are left out. A gap of a single page shows that page instead, since
 * an ellipsis would take the same room.
 */
export function paginationItems(currentPage: number, totalPages: number): PaginationItem[] {
  const total = Math.max(0, Math.floor(totalPages));
  if (total === 0) return [];
  const current = Math.min(Math.max(1, Math.floor(currentPage)), total);
  const shown = new Set([1, total, current - 1, current, current + 1]);
  const pages = [...shown].filter((page) => page >= 1 && page <= total).sort((a, b) => a - b);
  const items: PaginationItem[] = [];
  let previous = 0;
  for (const page of pages) {
    if (page - previous === 2) items.push(page - 1);
    else if (page - previous > 2) items.push('gap');
    items.push(page);
    previous = page;
  }
  return items;
}
