import { randomUUID } from 'node:crypto';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import type { AvatarUpload as ImageUpload } from '../../shared/api/account';
import { imageSettings } from '../../shared/config/constants';
import { imagesBucket, s3 } from './aws';
import { ApiError, invalidField } from './errors';
import { log } from './logger';
import { presignedPost } from './uploads';

/**
 * Uploaded images, shared by avatars and listing photos: what a file really is (its first bytes,
 * not its name or declared type), reading an upload back with its size re-checked, and JPEG
 * variants made with sharp. sharp is loaded only when variants are made, so modules importing this
 * load fast and only the image Lambdas need the native binary.
 */
export type ImageType = 'image/jpeg' | 'image/png' | 'image/gif';

/** The image type from the file's magic bytes: JPEG FF D8 FF, PNG \x89PNG\r\n\x1a\n, GIF87a/GIF89a. */
export function detectImageType(bytes: Uint8Array): ImageType | undefined {
  const starts = (signature: readonly number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) {
    return 'image/gif';
  }
  return undefined;
}

export function isAcceptedImageType(contentType: string): boolean {
  return imageSettings.acceptedTypes.includes(contentType);
}

export class UnreadableImage extends Error {}

/**
 * `cover`: exactly width×height, cropped to fill, centred. `inside`: fits within width×height
 * keeping the aspect ratio, never enlarged; the box is capped at the spec's 3072 px.
 */
export interface VariantSpec<Name extends string = string> {
  name: Name;
  width: number;
  height: number;
  fit: 'cover' | 'inside';
}

export interface RenderedVariant<Name extends string = string> {
  name: Name;
  width: number;
  height: number;
  body: Buffer;
}

/** A stored variant: its size and its path on the site (`/images/…`). */
export interface StoredVariant {
  width: number;
  height: number;
  url: string;
}

/**
 * Writes each rendered variant to the images bucket under `keyOf(name)`, cached for a year (a new
 * image gets new keys, so a key's bytes never change); answers each variant's size and path.
 */
export async function storeVariants<Name extends string>(
  variants: readonly RenderedVariant<Name>[],
  keyOf: (name: Name) => string,
): Promise<Partial<Record<Name, StoredVariant>>> {
  const stored: Partial<Record<Name, StoredVariant>> = {};
  await Promise.all(
    variants.map(async (variant) => {
      const key = keyOf(variant.name);
      await s3().send(
        new PutObjectCommand({
          Bucket: imagesBucket(),
          Key: key,
          Body: variant.body,
          ContentType: 'image/jpeg',
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
      stored[variant.name] = { width: variant.width, height: variant.height, url: `/${key}` };
    }),
  );
  return stored;
}

/** Images larger than this many pixels are refused before decoding (a 20 MB file can hold a decompression bomb). */
const maxInputPixels = 100_000_000;

/** The size a variant comes out at for a source of `sourceWidth`×`sourceHeight` (after EXIF rotation). */
export function variantSize(
  spec: Pick<VariantSpec, 'width' | 'height' | 'fit'>,
  sourceWidth: number,
  sourceHeight: number,
): { width: number; height: number } {
  const boxWidth = Math.min(spec.width, imageSettings.variantMaxPx);
  const boxHeight = Math.min(spec.height, imageSettings.variantMaxPx);
  if (spec.fit === 'cover') return { width: boxWidth, height: boxHeight };
  const scale = Math.min(1, boxWidth / sourceWidth, boxHeight / sourceHeight);
  return {
    width: Math.max(1, Math.round(sourceWidth * scale)),
    height: Math.max(1, Math.round(sourceHeight * scale)),
  };
}

/**
 * JPEG variants of an image (EXIF orientation applied, transparency on white, a GIF's first
 * frame). Anything sharp cannot decode throws UnreadableImage.
 */
export async function renderVariants<Name extends string>(
  bytes: Uint8Array,
  specs: readonly VariantSpec<Name>[],
): Promise<Array<RenderedVariant<Name>>> {
  const { default: sharp } = await import('sharp');
  try {
    const source = sharp(bytes, { limitInputPixels: maxInputPixels, failOn: 'error' });
    const metadata = await source.metadata();
    if (!metadata.width || !metadata.height) throw new UnreadableImage('no dimensions');
    // Orientations 5–8 swap width and height.
    const swapped = (metadata.orientation ?? 1) >= 5;
    const sourceWidth = swapped ? metadata.height : metadata.width;
    const sourceHeight = swapped ? metadata.width : metadata.height;
    return await Promise.all(
      specs.map(async (spec) => {
        const size = variantSize(spec, sourceWidth, sourceHeight);
        const { data, info } = await source
          .clone()
          .rotate()
          .resize(size.width, size.height, {
            fit: spec.fit === 'cover' ? 'cover' : 'fill',
            position: 'centre',
          })
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 85, mozjpeg: true })
          .toBuffer({ resolveWithObject: true });
        return { name: spec.name, width: info.width, height: info.height, body: data };
      }),
    );
  } catch (error) {
    throw error instanceof UnreadableImage ? error : new UnreadableImage(String(error));
  }
}

/**
 * An uploaded object's bytes. The size is checked first (HEAD), so a huge object is never read
 * into memory; too big → the object is deleted and 413 request-upload-over-limit (S3 enforces the
 * POST policy's content-length-range, s3rver does not). A missing object → 404 with `unknownUpload`.
 */
export async function readUpload(key: string): Promise<Uint8Array> {
  try {
    const head = await s3().send(new HeadObjectCommand({ Bucket: imagesBucket(), Key: key }));
    if ((head.ContentLength ?? 0) > imageSettings.maxUploadBytes) {
      await deleteUpload(key);
      throw new ApiError('request-upload-over-limit', undefined, { maxBytes: imageSettings.maxUploadBytes });
    }
    const object = await s3().send(new GetObjectCommand({ Bucket: imagesBucket(), Key: key }));
    const bytes = await object.Body!.transformToByteArray();
    if (bytes.length > imageSettings.maxUploadBytes) {
      await deleteUpload(key);
      throw new ApiError('request-upload-over-limit', undefined, { maxBytes: imageSettings.maxUploadBytes });
    }
    return bytes;
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'NoSuchKey' || name === 'NotFound') throw new ApiError('not-found', unknownUpload);
    throw error;
  }
}

export async function deleteUpload(key: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: imagesBucket(), Key: key }));
}

/** UUID v4-style ids (uploads, images), so an id can never climb out of its key prefix. */
export const uploadIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Ours: an upload id that is not one of ours, or whose file is gone. */
export const unknownUpload =
  'This upload does not exist or has already been used. Please upload the image again.';

/** The request body's `uploadId`, if it is shaped like one of ours (else 400 on that field). */
export function uploadIdOf(body: Record<string, unknown>): string {
  const uploadId = body.uploadId;
  if (typeof uploadId !== 'string' || !uploadIdPattern.test(uploadId)) {
    throw new ApiError('validation-invalid-params', undefined, { fields: { uploadId: unknownUpload } });
  }
  return uploadId;
}

/**
 * The variants of an uploaded image: the upload read back (its size checked again), its real type
 * from its first bytes (whatever its name or declared type), then rendered. A file of another type
 * or one sharp cannot decode is deleted and refused: 400 validation-invalid-value on `uploadId`
 * with `refusals.wrongType` or `refusals.unreadable`.
 */
export async function variantsFromUpload<Name extends string>(
  uploadKey: string,
  specs: readonly VariantSpec<Name>[],
  refusals: { wrongType: string; unreadable: string },
): Promise<Array<RenderedVariant<Name>>> {
  const bytes = await readUpload(uploadKey);
  const refuse = async (message: string) => {
    await deleteUpload(uploadKey);
    return invalidField('uploadId', message);
  };
  const type = detectImageType(bytes);
  if (!type || !isAcceptedImageType(type)) throw await refuse(refusals.wrongType);
  try {
    return await renderVariants(bytes, specs);
  } catch (error) {
    if (error instanceof UnreadableImage) throw await refuse(refusals.unreadable);
    throw error;
  }
}

/**
 * Deletes an image's variant files, best effort: a leftover variant costs a few kB, and a failed
 * delete must not fail the request (it is logged with `context`).
 */
export async function deleteVariantFiles(
  variantNames: readonly string[],
  keyOf: (name: string) => string,
  context: Record<string, unknown>,
): Promise<void> {
  await Promise.all(
    variantNames.map((name) =>
      s3()
        .send(new DeleteObjectCommand({ Bucket: imagesBucket(), Key: keyOf(name) }))
        .catch((error: unknown) => log.warn('image variant not deleted', { ...context, error })),
    ),
  );
}

/** Ours: §5 says JPG, GIF or PNG. */
export const wrongImageType = 'Please choose a JPG, GIF or PNG image.';
const badSize = 'The file size is missing or not valid.';

/**
 * The answer to an image-upload request `{ contentType, size }` (avatars, listing photos): a
 * presigned POST `{ uploadId, url, fields }` to the key made for a new upload id, its policy fixing
 * that key and the Content-Type and capping the size at 20 MB. JPG, GIF or PNG only; a declared
 * size over 20 MB → 413 request-upload-over-limit. The stored file is checked again when attached.
 */
export async function imageUploadFor(
  body: Record<string, unknown>,
  keyFor: (uploadId: string) => `images/${string}`,
): Promise<ImageUpload> {
  const contentType = typeof body.contentType === 'string' ? body.contentType.trim().toLowerCase() : '';
  const size = body.size;
  if (!isAcceptedImageType(contentType)) {
    throw invalidField('contentType', wrongImageType);
  }
  if (typeof size !== 'number' || !Number.isSafeInteger(size) || size <= 0) {
    throw invalidField('size', badSize);
  }
  if (size > imageSettings.maxUploadBytes) {
    throw new ApiError('request-upload-over-limit', undefined, { maxBytes: imageSettings.maxUploadBytes });
  }
  const uploadId = randomUUID();
  const { url, fields } = await presignedPost(keyFor(uploadId), contentType);
  return { uploadId, url, fields };
}
