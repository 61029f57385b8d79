import { useCallback, useEffect, useRef, useState } from 'react';
import type { ListingImage } from '../../../../../shared/api/types';
import {
  addListingImage,
  createListingImageUpload,
  removeListingImage,
  reorderListingImages,
} from '../../../api/listing-images';
import { getOwnListing, type OwnListing } from '../../../api/own-listings';
import { postFile } from '../../../lib/upload';
import {
  checkPhotoFile,
  isRetryableUploadError,
  maxListingPhotos,
  mergePhotoOrder,
  moveItem,
  photoContentType,
  photosThatFit,
  uploadErrorMessage,
} from './photos';

/**
 * The photos of a listing being edited, and the uploads under way. Each file is checked in the
 * browser, then uploaded (presigned POST, with progress), then made into a photo by the API
 * ("Processing…": sharp makes the variants). Uploads run one after another, so photos are added in
 * the order they were chosen; every change of the photo list (add, move, remove) goes to the API
 * one at a time, so each is made against the list the previous one left. A move shows at once; a
 * failure puts the list back as the server has it. A failed upload stays, with its message, until
 * it is retried or dismissed; nothing else is lost.
 */
export type PendingStatus = 'queued' | 'uploading' | 'processing' | 'failed';

export interface PendingPhoto {
  key: string;
  file: File;
  name: string;
  status: PendingStatus;
  /** 0…1 while uploading. */
  progress: number;
  message?: string;
  /**
   * False when the file itself was refused, by the browser's check or by the server (retrying it
   * would fail the same way: isRetryableUploadError).
   */
  retryable: boolean;
  /**
   * An object URL of the file, for its thumbnail while it uploads (only for files that passed the
   * check; removed when the server refuses the file).
   */
  preview?: string | undefined;
}

export interface PhotoEditor {
  photos: ListingImage[];
  pending: PendingPhoto[];
  /** Uploads or list changes still under way (publishing waits for them). */
  busy: boolean;
  /** A message about the whole list (too many files, a move or removal that failed). */
  notice: string | undefined;
  /** What a screen reader hears after a move, an added or a removed photo. */
  announcement: string;
  addFiles(files: readonly File[]): void;
  retry(key: string): void;
  dismiss(key: string): void;
  move(imageId: string, to: number): void;
  remove(imageId: string): Promise<void>;
  clearNotice(): void;
}

let nextKey = 0;

export function usePhotos(listing: OwnListing, onListingChange: (listing: OwnListing) => void): PhotoEditor {
  const [photos, setPhotosState] = useState<ListingImage[]>(listing.images ?? []);
  const [pending, setPendingState] = useState<PendingPhoto[]>([]);
  const [notice, setNotice] = useState<string | undefined>();
  const [announcement, setAnnouncement] = useState('');
  const [running, setRunning] = useState(0);

  const photosRef = useRef(photos);
  const pendingRef = useRef(pending);
  const listingRef = useRef(listing);
  listingRef.current = listing;
  const onChangeRef = useRef(onListingChange);
  onChangeRef.current = onListingChange;
  const live = useRef(true);
  const uploadChain = useRef<Promise<unknown>>(Promise.resolve());
  const listChain = useRef<Promise<unknown>>(Promise.resolve());

  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
      for (const item of pendingRef.current) if (item.preview) URL.revokeObjectURL(item.preview);
    };
  }, []);

  const setPhotos = useCallback((next: ListingImage[]) => {
    photosRef.current = next;
    if (live.current) setPhotosState(next);
  }, []);
  const setPending = useCallback((change: (current: PendingPhoto[]) => PendingPhoto[]) => {
    pendingRef.current = change(pendingRef.current);
    if (live.current) setPendingState(pendingRef.current);
  }, []);
  const updatePending = useCallback(
    (key: string, patch: Partial<PendingPhoto>) =>
      setPending((current) => current.map((item) => (item.key === key ? { ...item, ...patch } : item))),
    [setPending],
  );

  /** The server's list: shown in the order on screen, and given to the page. */
  const applyServer = useCallback(
    (server: ListingImage[]) => {
      setPhotos(mergePhotoOrder(photosRef.current, server));
      onChangeRef.current({ ...listingRef.current, images: server });
    },
    [setPhotos],
  );

  /** Runs `job` after the jobs already queued on `chain` (whatever became of them). */
  const track = useCallback(<T>(chain: { current: Promise<unknown> }, job: () => Promise<T>): Promise<T> => {
    setRunning((count) => count + 1);
    const run = chain.current.then(job, job).finally(() => {
      if (live.current) setRunning((count) => count - 1);
    });
    chain.current = run.catch(() => undefined);
    return run;
  }, []);

  /** After a failed change: the list as the server has it now. */
  const resync = useCallback(async () => {
    try {
      applyServer((await getOwnListing(listingRef.current.id)).images ?? []);
    } catch {
      // The next change or a reload will show it.
    }
  }, [applyServer]);

  const upload = useCallback(
    (key: string) =>
      track(uploadChain, async () => {
        const item = pendingRef.current.find((candidate) => candidate.key === key);
        if (!item) return; // dismissed while it waited
        const listingId = listingRef.current.id;
        try {
          updatePending(key, { status: 'uploading', progress: 0 });
          const target = await createListingImageUpload(listingId, {
            contentType: photoContentType(item.file),
            size: item.file.size,
          });
          await postFile(target.url, target.fields, item.file, (progress) =>
            updatePending(key, { progress }),
          );
          updatePending(key, { status: 'processing', progress: 1 });
          const server = await track(listChain, () => addListingImage(listingId, target.uploadId));
          applyServer(server);
          setPending((current) => current.filter((candidate) => candidate.key !== key));
          if (item.preview) URL.revokeObjectURL(item.preview);
          setAnnouncement(`${item.name} added. ${server.length} of ${maxListingPhotos} photos.`);
        } catch (error) {
          const retryable = isRetryableUploadError(error);
          // A rejected file's preview is no photo to show (often a broken image): drop it.
          if (!retryable && item.preview) URL.revokeObjectURL(item.preview);
          updatePending(key, {
            status: 'failed',
            message: uploadErrorMessage(error),
            retryable,
            ...(retryable ? {} : { preview: undefined }),
          });
          setAnnouncement(`${item.name} could not be uploaded.`);
        }
      }),
    [track, updatePending, applyServer, setPending],
  );

  const addFiles = useCallback(
    (files: readonly File[]) => {
      setNotice(undefined);
      const active = pendingRef.current.filter((item) => item.status !== 'failed').length;
      const checked = files.map((file) => ({ file, problem: checkPhotoFile(file) }));
      const acceptable = checked.filter((entry) => !entry.problem).length;
      const room = photosThatFit(acceptable, photosRef.current.length, active);
      if (room < acceptable) setNotice(tooManyNotice(acceptable - room));
      let accepted = 0;
      const added: PendingPhoto[] = [];
      for (const { file, problem } of checked) {
        if (!problem && accepted >= room) continue;
        if (!problem) accepted++;
        added.push({
          key: `photo-${++nextKey}`,
          file,
          name: file.name || 'Photo',
          status: problem ? 'failed' : 'queued',
          progress: 0,
          retryable: !problem,
          ...(problem ? { message: problem } : { preview: objectUrl(file) }),
        });
      }
      setPending((current) => [...current, ...added]);
      for (const item of added) if (item.status === 'queued') void upload(item.key);
    },
    [setPending, upload],
  );

  const retry = useCallback(
    (key: string) => {
      const item = pendingRef.current.find((candidate) => candidate.key === key);
      if (!item?.retryable || item.status !== 'failed') return;
      const active = pendingRef.current.filter((candidate) => candidate.status !== 'failed').length;
      if (photosThatFit(1, photosRef.current.length, active) < 1) {
        updatePending(key, { message: tooManyNotice(1) });
        return;
      }
      const { message: _message, ...rest } = item;
      setPending((current) =>
        current.map((candidate) =>
          candidate.key === key ? { ...rest, status: 'queued' as const, progress: 0 } : candidate,
        ),
      );
      void upload(key);
    },
    [setPending, updatePending, upload],
  );

  const dismiss = useCallback(
    (key: string) => {
      const item = pendingRef.current.find((candidate) => candidate.key === key);
      if (item?.preview) URL.revokeObjectURL(item.preview);
      setPending((current) => current.filter((candidate) => candidate.key !== key));
    },
    [setPending],
  );

  const move = useCallback(
    (imageId: string, to: number) => {
      const from = photosRef.current.findIndex((image) => image.id === imageId);
      if (from < 0) return;
      const next = moveItem(photosRef.current, from, to);
      const position = next.findIndex((image) => image.id === imageId);
      if (position === from) return;
      setPhotos(next);
      setNotice(undefined);
      setAnnouncement(
        `Photo moved to position ${position + 1} of ${next.length}.${position === 0 ? ' It is now the cover photo.' : ''}`,
      );
      const listingId = listingRef.current.id;
      void track(listChain, () =>
        // The order on screen when the request leaves (later moves are included).
        reorderListingImages(
          listingId,
          photosRef.current.map((image) => image.id),
        ),
      ).then(applyServer, async () => {
        setNotice('The new order could not be saved. Please try again.');
        await resync();
      });
    },
    [setPhotos, track, applyServer, resync],
  );

  const remove = useCallback(
    async (imageId: string) => {
      const listingId = listingRef.current.id;
      try {
        const server = await track(listChain, () => removeListingImage(listingId, imageId));
        applyServer(server);
        setAnnouncement(`Photo removed. ${server.length} of ${maxListingPhotos} photos.`);
      } catch (error) {
        // Already gone (another tab): show the list as it is.
        if ((error as { status?: number }).status === 404) {
          await resync();
          return;
        }
        throw error;
      }
    },
    [track, applyServer, resync],
  );

  return {
    photos,
    pending,
    busy: running > 0,
    notice,
    announcement,
    addFiles,
    retry,
    dismiss,
    move,
    remove,
    clearNotice: () => setNotice(undefined),
  };
}

function tooManyNotice(left: number): string {
  return `A listing can have at most ${maxListingPhotos} photos: ${left === 1 ? '1 photo was' : `${left} photos were`} not added.`;
}

function objectUrl(file: File): string | undefined {
  try {
    return URL.createObjectURL(file);
  } catch {
    return undefined;
  }
}
