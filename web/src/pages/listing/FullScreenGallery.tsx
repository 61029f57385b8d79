import { type PointerEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { ListingImage } from '../../../../shared/api/types';
import { galleryImageSources } from '../../../../shared/listings';
import { focusableIn, wrapIndex } from './gallery-focus';
import './full-screen-gallery.css';
import { holdDocumentForDialog } from '../../lib/dialog-document';
import { GalleryArrows } from './GalleryArrows';

/** A horizontal swipe longer than this (px) turns the photo (the carousel's distance). */
const swipeDistance = 40;
/** Two taps closer than this (ms) are a double tap: the zoom toggle on touch screens. */
const doubleTapMs = 300;

/** Where in the photo (0–1 across and down) a zoom was asked: that point is centred once zoomed. */
interface ZoomPoint {
  x: number;
  y: number;
}

const photoCentre: ZoomPoint = { x: 0.5, y: 0.5 };

/** The point of `stage`'s photo under the pointer, 0–1 each way (the centre without a photo). */
function pointOnPhoto(stage: HTMLElement | null, clientX: number, clientY: number): ZoomPoint {
  const rect = stage?.querySelector('img')?.getBoundingClientRect();
  if (!rect || rect.width === 0 || rect.height === 0) return photoCentre;
  const clamp = (value: number) => Math.min(1, Math.max(0, value));
  return { x: clamp((clientX - rect.left) / rect.width), y: clamp((clientY - rect.top) / rect.height) };
}

/**
 * The full-screen gallery (issue 24), a lazy chunk loaded on the first tap on a photo: a modal
 * dialog with the photos large, "3 / 7", previous and next buttons, ←/→ (Home/End), a swipe on
 * touch, a zoom toggle (the button, a double click or a double tap; zoomed, the photo scrolls to
 * pan, centred on the point double-tapped, and the browser's pinch works), Escape and "Close". Focus is trapped inside while it is
 * open (unlike the site's Modal, which closes on blur: here Tab past the end would lose the
 * photos); the caller puts focus back on the photo that opened it (`onClose` with the index shown).
 */
export default function FullScreenGallery({
  images,
  title,
  startIndex,
  onClose,
}: {
  images: ListingImage[];
  title: string;
  startIndex: number;
  onClose: (index: number) => void;
}) {
  const [index, setIndex] = useState(startIndex);
  const [zoomed, setZoomed] = useState(false);
  const dialogRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const zoomPoint = useRef<ZoomPoint>(photoCentre);
  const swipeStart = useRef<number | null>(null);
  const lastTap = useRef(0);
  const lastPointer = useRef('mouse');
  const count = images.length;
  const state = useRef({ index, count, onClose });
  state.current = { index, count, onClose };

  /** Zooms in on `point` (the photo's centre from the button), or back out. */
  const toggleZoom = (point: ZoomPoint = photoCentre) => {
    zoomPoint.current = point;
    setZoomed((value) => !value);
  };

  // Zoomed, the photo is twice the screen's width and the stage scrolls: start with the point the
  // zoom was asked on in the middle, not the photo's top left corner.
  useLayoutEffect(() => {
    const stage = stageRef.current;
    const photo = stage?.querySelector('img');
    if (!zoomed || !stage || !photo) return;
    const stageRect = stage.getBoundingClientRect();
    const photoRect = photo.getBoundingClientRect();
    const { x, y } = zoomPoint.current;
    stage.scrollLeft =
      photoRect.left - stageRect.left + stage.scrollLeft + photoRect.width * x - stage.clientWidth / 2;
    stage.scrollTop =
      photoRect.top - stageRect.top + stage.scrollTop + photoRect.height * y - stage.clientHeight / 2;
  }, [zoomed]);

  const go = (next: number) => {
    setIndex(wrapIndex(next, count));
    setZoomed(false);
  };

  useEffect(() => {
    const dialog = dialogRef.current;
    dialog?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      const { index: shown, count: total, onClose: close } = state.current;
      if (event.key === 'Escape') {
        event.preventDefault();
        close(shown);
        return;
      }
      if (event.key === 'Tab' && dialog) {
        // The trap: Tab from the last control goes to the first, Shift+Tab from the first to the last.
        const focusable = focusableIn(dialog);
        const first = focusable[0];
        const last = focusable[focusable.length - 1];
        const active = document.activeElement;
        if (event.shiftKey && (active === first || active === dialog)) {
          event.preventDefault();
          last?.focus();
        } else if (!event.shiftKey && active === last) {
          event.preventDefault();
          first?.focus();
        }
        return;
      }
      const moves: Record<string, number> = {
        ArrowLeft: shown - 1,
        ArrowRight: shown + 1,
        Home: 0,
        End: total - 1,
      };
      const target = moves[event.key];
      if (target === undefined || total < 2) return;
      event.preventDefault();
      setIndex(wrapIndex(target, total));
      setZoomed(false);
    };
    // Focus that escapes anyway (a click on the page behind is impossible, but a screen reader's
    // virtual cursor can move it) comes back into the dialog.
    const onFocusIn = (event: FocusEvent) => {
      if (dialog && event.target instanceof Node && !dialog.contains(event.target)) dialog.focus();
    };
    return holdDocumentForDialog({ keydown: onKeyDown, focusin: onFocusIn });
  }, []);

  const current = images[index] ?? images[0];
  const sources = current && galleryImageSources(current);
  const several = count > 1;

  const onPointerDown = (event: PointerEvent) => {
    lastPointer.current = event.pointerType;
    if (event.pointerType !== 'mouse' && !zoomed) swipeStart.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (event.pointerType === 'mouse') return;
    if (start !== null && several && Math.abs(event.clientX - start) >= swipeDistance) {
      go(event.clientX - start < 0 ? index + 1 : index - 1);
      return;
    }
    const now = event.timeStamp;
    if (now - lastTap.current < doubleTapMs) {
      toggleZoom(pointOnPhoto(stageRef.current, event.clientX, event.clientY));
      lastTap.current = 0;
    } else lastTap.current = now;
  };

  // On the body, so it covers the page whatever the listing's layout does to positioning.
  return createPortal(
    <div className="fs-gallery-backdrop">
      <div
        ref={dialogRef}
        className="fs-gallery"
        role="dialog"
        aria-modal="true"
        aria-label={`Photos of ${title}`}
        tabIndex={-1}
      >
        <div className="fs-gallery-bar">
          <p className="fs-gallery-position" aria-live="polite" aria-atomic="true">
            <span className="visually-hidden">Photo </span>
            {index + 1} / {count}
          </p>
          <button
            type="button"
            className="fs-gallery-button"
            aria-pressed={zoomed}
            onClick={() => toggleZoom()}
          >
            {zoomed ? 'Zoom out' : 'Zoom in'}
          </button>
          <button type="button" className="fs-gallery-button" data-autofocus onClick={() => onClose(index)}>
            Close
          </button>
        </div>
        {/* biome-ignore lint/a11y/useSemanticElements: the shown photo is a group (as the carousel's slide); a fieldset is for form controls */}
        <div
          ref={stageRef}
          role="group"
          aria-label="Shown photo"
          className={`fs-gallery-stage${zoomed ? ' fs-gallery-zoomed' : ''}`}
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerCancel={() => {
            swipeStart.current = null;
          }}
          // A double tap is handled in onPointerUp (some browsers also send dblclick for it).
          onDoubleClick={(event) =>
            lastPointer.current === 'mouse' &&
            toggleZoom(pointOnPhoto(stageRef.current, event.clientX, event.clientY))
          }
        >
          {sources ? (
            <img
              key={current?.id}
              src={sources.src}
              srcSet={sources.srcSet}
              sizes={zoomed ? '200vw' : '100vw'}
              width={sources.width}
              height={sources.height}
              alt={`${title}, ${index + 1} of ${count}`}
              draggable={false}
            />
          ) : null}
        </div>
        {several ? <GalleryArrows prefix="fs-gallery" onStep={(by) => go(index + by)} /> : null}
      </div>
    </div>,
    document.body,
  );
}
