import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import type { ListingImage } from '../../../../shared/api/types';
import { galleryImageSources, largestListingVariant } from '../../../../shared/listings';

/** A horizontal swipe longer than this (px) turns the photo. */
const swipeDistance = 40;

/**
 * The listing's photos (§2 full-image layout): one large photo, previous and next buttons, the
 * arrow keys (and Home/End) while anything in the carousel has focus, a swipe on touch screens,
 * thumbnails, and "Photo N of M" announced politely when the photo changes.
 */
export function ImageCarousel({ images, title }: { images: ListingImage[]; title: string }) {
  const [index, setIndex] = useState(0);
  const swipeStart = useRef<number | null>(null);
  const count = images.length;
  const current = images[index] ?? images[0];
  const main = current && galleryImageSources(current);
  if (!current || !main) {
    return (
      <div className="gallery">
        <div className="gallery-main gallery-empty">No photos</div>
      </div>
    );
  }
  const go = (next: number) => setIndex(((next % count) + count) % count);
  const several = count > 1;

  const onKeyDown = (event: KeyboardEvent) => {
    if (!several) return;
    const keys: Record<string, () => void> = {
      ArrowLeft: () => go(index - 1),
      ArrowRight: () => go(index + 1),
      Home: () => go(0),
      End: () => go(count - 1),
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };
  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') swipeStart.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (start === null || !several) return;
    const distance = event.clientX - start;
    if (Math.abs(distance) >= swipeDistance) go(distance < 0 ? index + 1 : index - 1);
  };

  const position = `Photo ${index + 1} of ${count}`;
  return (
    <section
      className="gallery"
      aria-roledescription="carousel"
      aria-label={`Photos of ${title}`}
      onKeyDown={onKeyDown}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: the APG carousel's slide is a group; a fieldset is for form controls */}
      <div
        className="gallery-main"
        role="group"
        aria-roledescription="slide"
        aria-label={several ? position : title}
        // Focusable so the arrow keys work on the photo itself (the buttons and thumbnails pass them on too).
        tabIndex={several ? 0 : undefined}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipeStart.current = null;
        }}
      >
        <img
          key={current.id}
          src={main.src}
          srcSet={main.srcSet}
          sizes={main.sizes}
          width={main.width}
          height={main.height}
          alt={several ? `${title}, photo ${index + 1} of ${count}` : title}
          fetchPriority={index === 0 ? 'high' : 'auto'}
          draggable={false}
        />
        {several ? (
          <>
            <button
              type="button"
              className="gallery-arrow gallery-previous"
              aria-label="Previous photo"
              onClick={() => go(index - 1)}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <button
              type="button"
              className="gallery-arrow gallery-next"
              aria-label="Next photo"
              onClick={() => go(index + 1)}
            >
              <span aria-hidden="true">›</span>
            </button>
          </>
        ) : null}
      </div>
      {several ? (
        <>
          <p className="gallery-position" aria-live="polite" aria-atomic="true">
            {position}
          </p>
          <ul className="gallery-thumbs" aria-label="Photos">
            {images.map((image, i) => {
              const thumb = image.variants['listing-card'] ?? largestListingVariant(image);
              return (
                <li key={image.id}>
                  <button
                    type="button"
                    className="gallery-thumb"
                    aria-pressed={i === index}
                    aria-label={`Show photo ${i + 1} of ${count}`}
                    onClick={() => setIndex(i)}
                  >
                    {thumb ? <img src={thumb.url} alt="" width={80} height={80} loading="lazy" /> : null}
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
    </section>
  );
}
