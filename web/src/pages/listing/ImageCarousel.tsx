import { type KeyboardEvent, lazy, type PointerEvent, Suspense, useEffect, useRef, useState } from 'react';
import type { ListingImage } from '../../../../shared/api/types';
import { galleryImageSources, largestListingVariant } from '../../../../shared/listings';
import { Spinner } from '../../components/Loading';
import { GalleryArrows } from './GalleryArrows';

// Only visitors who tap a photo need the full-screen gallery: its own chunk, fetched from the
// pointerdown of that tap (a head start on the click) and kept by the module cache afterwards.
const loadGallery = () => import('./FullScreenGallery');
const FullScreenGallery = lazy(loadGallery);

/** A horizontal swipe longer than this (px) turns the photo. */
const swipeDistance = 40;

/**
 * The listing's photos (§2 full-image layout): one large photo, previous and next buttons, the
 * arrow keys (and Home/End) while anything in the carousel has focus, a swipe on touch screens,
 * thumbnails, and "Photo N of M" announced politely when the photo changes.
 */
export function ImageCarousel({ images, title }: { images: ListingImage[]; title: string }) {
  const [index, setIndex] = useState(0);
  const [fullScreen, setFullScreen] = useState(false);
  const swipeStart = useRef<number | null>(null);
  // A swipe ends in a click on the photo: that click turned the photo, it must not open the gallery.
  const swiped = useRef(false);
  const openButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  // After the gallery has unmounted (and its focus trap with it), not before: the trap would take
  // the focus straight back.
  useEffect(() => {
    if (fullScreen || !returnFocus.current) return;
    returnFocus.current = false;
    openButton.current?.focus({ preventScroll: true });
  }, [fullScreen]);
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
    // The open gallery's keys bubble here through React's tree (it is portalled): they are its own.
    if (!several || fullScreen) return;
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
    if (Math.abs(distance) >= swipeDistance) {
      swiped.current = true;
      go(distance < 0 ? index + 1 : index - 1);
    }
  };
  const openGallery = () => {
    if (swiped.current) {
      swiped.current = false;
      return;
    }
    setFullScreen(true);
  };
  // The gallery shows where it was left, and focus goes back to the photo that opened it.
  const closeGallery = (shown: number) => {
    returnFocus.current = true;
    setFullScreen(false);
    setIndex(shown);
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
        <button
          ref={openButton}
          type="button"
          className="gallery-open"
          aria-label={
            several ? `Open photo ${index + 1} of ${count} full screen` : 'Open the photo full screen'
          }
          aria-haspopup="dialog"
          onPointerDown={() => void loadGallery()}
          onClick={openGallery}
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
        </button>
        {several ? <GalleryArrows prefix="gallery" onStep={(by) => go(index + by)} /> : null}
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
      {fullScreen ? (
        <Suspense
          fallback={
            <div className="gallery-opening">
              <Spinner label="Opening the photos…" />
            </div>
          }
        >
          <FullScreenGallery images={images} title={title} startIndex={index} onClose={closeGallery} />
        </Suspense>
      ) : null}
    </section>
  );
}
