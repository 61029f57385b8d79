import { type ChangeEvent, type DragEvent, useEffect, useId, useRef, useState } from 'react';
import type { ListingImage } from '../../../../../shared/api/types';
import { imageSettings } from '../../../../../shared/config/constants';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { maxListingPhotos, photoAccept } from './photos';
import type { PendingPhoto, PhotoEditor } from './usePhotos';

/**
 * The photos of the listing (1:1 thumbnails of the `listing-card` variant; the first is the cover),
 * each with "Move earlier", "Move later" and "Remove" (asks first); photos can also be dragged
 * with the mouse. Uploads under way follow, with their progress or their message (Retry where trying again can help,
 * Dismiss). The "Add photos" button is a styled label of the file input (keyboard focus shows on
 * it); it is the tab's primary button until there is a photo, then the next step (publishing, the
 * payout form) has the one primary button.
 */
export function PhotoList({ editor, headingId }: { editor: PhotoEditor; headingId: string }) {
  const { photos, pending } = editor;
  const listRef = useRef<HTMLOListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = useId();
  const [focusAfterMove, setFocusAfterMove] = useState<{ id: string; button: 'earlier' | 'later' }>();
  const [removing, setRemoving] = useState<ListingImage | undefined>();
  const [dragged, setDragged] = useState<string | undefined>();
  const full = photos.length + pending.filter((item) => item.status !== 'failed').length >= maxListingPhotos;

  // After a move the item is elsewhere in the list: keep the focus on its button (or the other one
  // when it reached an end).
  useEffect(() => {
    if (!focusAfterMove) return;
    const item = listRef.current?.querySelector<HTMLElement>(`[data-photo-id="${focusAfterMove.id}"]`);
    const wanted = item?.querySelector<HTMLButtonElement>(`[data-move="${focusAfterMove.button}"]`);
    const other = item?.querySelector<HTMLButtonElement>(
      `[data-move="${focusAfterMove.button === 'earlier' ? 'later' : 'earlier'}"]`,
    );
    (wanted && !wanted.disabled ? wanted : other)?.focus();
    setFocusAfterMove(undefined);
  }, [focusAfterMove]);

  const moveBy = (image: ListingImage, index: number, by: -1 | 1) => {
    editor.move(image.id, index + by);
    setFocusAfterMove({ id: image.id, button: by < 0 ? 'earlier' : 'later' });
  };

  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Reset, so choosing the same file again (after a failure) still adds it.
    event.target.value = '';
    if (files.length) editor.addFiles(files);
  };

  const onDrop = (event: DragEvent<HTMLLIElement>, index: number) => {
    event.preventDefault();
    if (dragged) editor.move(dragged, index);
    setDragged(undefined);
  };

  return (
    <>
      <div className="photos-add">
        <input
          ref={inputRef}
          id={inputId}
          className="photos-input visually-hidden"
          type="file"
          accept={photoAccept}
          multiple
          disabled={full}
          onChange={onFiles}
          aria-describedby={hintId}
        />
        <label
          htmlFor={inputId}
          className={`button ${photos.length ? 'button-secondary' : 'button-primary'} photos-add-button${full ? ' is-disabled' : ''}`}
        >
          Add photos
        </label>
        <p id={hintId} className="field-hint">
          .JPG, .GIF or .PNG, max. {imageSettings.maxUploadLabel} each; up to {maxListingPhotos} photos. The
          first photo is the cover of your listing.
        </p>
      </div>

      {editor.notice ? (
        <p className="form-error" role="alert">
          {editor.notice}
        </p>
      ) : null}

      {photos.length ? (
        <ol ref={listRef} className="photos-grid" aria-labelledby={headingId}>
          {photos.map((image, index) => {
            const captionId = `${inputId}-photo-${image.id}`;
            const thumb = image.variants['listing-card'] ?? image.variants['listing-card-2x'];
            return (
              <li
                key={image.id}
                className={`photo-item${dragged === image.id ? ' is-dragged' : ''}`}
                data-photo-id={image.id}
                draggable
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', image.id);
                  setDragged(image.id);
                }}
                onDragEnd={() => setDragged(undefined)}
                onDragOver={(event) => {
                  if (dragged) event.preventDefault();
                }}
                onDrop={(event) => onDrop(event, index)}
              >
                <div className="photo-frame">
                  {thumb ? (
                    <img src={thumb.url} alt="" width={200} height={200} loading="lazy" />
                  ) : (
                    <span className="photo-missing">Photo {index + 1}</span>
                  )}
                  {index === 0 ? <span className="photo-badge">Cover</span> : null}
                </div>
                <p id={captionId} className="photo-caption">
                  Photo {index + 1} of {photos.length}
                  {index === 0 ? ' (cover photo)' : ''}
                </p>
                <div className="photo-actions">
                  <button
                    type="button"
                    className="button button-small"
                    data-move="earlier"
                    disabled={index === 0}
                    aria-describedby={captionId}
                    onClick={() => moveBy(image, index, -1)}
                  >
                    Move earlier
                  </button>
                  <button
                    type="button"
                    className="button button-small"
                    data-move="later"
                    disabled={index === photos.length - 1}
                    aria-describedby={captionId}
                    onClick={() => moveBy(image, index, 1)}
                  >
                    Move later
                  </button>
                  <button
                    type="button"
                    className="button button-small photo-remove"
                    aria-describedby={captionId}
                    onClick={() => setRemoving(image)}
                  >
                    Remove
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="photos-empty">No photos yet. Add at least one photo to publish your listing.</p>
      )}

      {pending.length ? (
        <ul className="photos-grid photos-pending" aria-label="Uploads">
          {pending.map((item) => (
            <PendingItem key={item.key} item={item} editor={editor} />
          ))}
        </ul>
      ) : null}

      <p className="visually-hidden" role="status">
        {editor.announcement}
      </p>

      {removing ? (
        <ConfirmDialog
          title="Remove this photo?"
          confirmLabel="Remove photo"
          busyLabel="Removing…"
          failureMessage="The photo could not be removed. Please try again."
          errorTag="remove-listing-photo-failed"
          action={() => editor.remove(removing.id)}
          onDone={() => {
            setRemoving(undefined);
            // The button that opened the dialog is gone: back to the add button's input.
            requestAnimationFrame(() => inputRef.current?.focus());
          }}
          onClose={() => setRemoving(undefined)}
        >
          <p>
            Photo {photos.findIndex((image) => image.id === removing.id) + 1} will be removed from your
            listing.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

function PendingItem({ item, editor }: { item: PendingPhoto; editor: PhotoEditor }) {
  const labelId = useId();
  const percent = Math.round(item.progress * 100);
  // A file the browser cannot draw (it passed the type check but is no image) shows no broken tile.
  const [unreadable, setUnreadable] = useState(false);
  const preview = item.preview && !unreadable ? item.preview : undefined;
  return (
    <li className={`photo-item photo-pending photo-${item.status}`} aria-labelledby={labelId}>
      {preview ? (
        <div className="photo-frame">
          <img src={preview} alt="" width={200} height={200} onError={() => setUnreadable(true)} />
        </div>
      ) : null}
      <p id={labelId} className="photo-caption photo-name">
        {item.name}
      </p>
      {item.status === 'queued' ? <p className="photo-state">Waiting…</p> : null}
      {item.status === 'uploading' ? (
        <div className="photo-state">
          <label htmlFor={`${labelId}-progress`}>Uploading… {percent}%</label>
          <progress id={`${labelId}-progress`} max={100} value={percent} />
        </div>
      ) : null}
      {item.status === 'processing' ? (
        <p className="photo-state">
          <span className="button-spinner" aria-hidden="true" /> Processing…
        </p>
      ) : null}
      {item.status === 'failed' ? (
        <>
          <p className="form-error photo-error" role="alert">
            {item.message}
          </p>
          <div className="photo-actions">
            {item.retryable ? (
              <button
                type="button"
                className="button button-small"
                aria-describedby={labelId}
                onClick={() => editor.retry(item.key)}
              >
                Retry
              </button>
            ) : null}
            <button
              type="button"
              className="button button-small"
              aria-describedby={labelId}
              onClick={() => editor.dismiss(item.key)}
            >
              Dismiss
            </button>
          </div>
        </>
      ) : null}
    </li>
  );
}
