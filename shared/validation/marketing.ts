/** The marketing integration's page views (§7 `viewPage_{pathname}`): which pathnames are tracked. */
export const maxTrackedPathnameLength = 200;

/** Starts with `/`, at most 200 characters, no whitespace or control characters. */
export function isTrackablePathname(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.startsWith('/') &&
    value.length <= maxTrackedPathnameLength &&
    !/[\s\p{Cc}]/u.test(value)
  );
}
