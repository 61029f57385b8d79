/** A spinner that screen readers announce. */
export function Spinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="spinner" role="status">
      <span className="spinner-icon" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

const skeletonKeys = Array.from({ length: 48 }, (_, index) => `skeleton-${index}`);

/** Grey placeholders in the shape of listing cards, while a list loads. */
export function ListingGridSkeleton({
  count,
  label = 'Loading listings…',
}: {
  count: number;
  label?: string;
}) {
  return (
    <div className="listing-grid-wrapper" aria-busy="true">
      <p className="visually-hidden" role="status">
        {label}
      </p>
      <ul className="listing-grid" aria-hidden="true">
        {skeletonKeys.slice(0, count).map((key) => (
          <li key={key} className="card card-skeleton">
            <div className="card-media skeleton" />
            <div className="card-body">
              <div className="skeleton skeleton-line short" />
              <div className="skeleton skeleton-line" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Shown by the router while a page's code loads slowly. */
export function PagePending() {
  return (
    <div className="page page-pending" aria-busy="true">
      <Spinner label="Loading page…" />
    </div>
  );
}
