/** The photo index `next` wrapped into 0…count−1 (past the last is the first, before the first the last). */
export function wrapIndex(next: number, count: number): number {
  return count > 0 ? ((next % count) + count) % count : 0;
}

const focusableSelector =
  'button:not([disabled]), a[href], input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The elements Tab can reach inside `root`, in document order (the gallery's focus trap). */
export function focusableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(focusableSelector)];
}
