/**
 * The previous and next buttons of a gallery (the listing page's photos and the full-screen view),
 * styled by `prefix` (`gallery` → `.gallery-arrow.gallery-previous`).
 */
export function GalleryArrows({ prefix, onStep }: { prefix: string; onStep: (by: -1 | 1) => void }) {
  return (
    <>
      <button
        type="button"
        className={`${prefix}-arrow ${prefix}-previous`}
        aria-label="Previous photo"
        onClick={() => onStep(-1)}
      >
        <span aria-hidden="true">‹</span>
      </button>
      <button
        type="button"
        className={`${prefix}-arrow ${prefix}-next`}
        aria-label="Next photo"
        onClick={() => onStep(1)}
      >
        <span aria-hidden="true">›</span>
      </button>
    </>
  );
}
