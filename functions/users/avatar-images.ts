import type { AvatarVariantName } from '../../shared/api/account';
import { imageSettings } from '../../shared/config/constants';

/**
 * Avatar files: what a file really is (its first bytes, not its name or declared type), and the
 * spec's square variants made from it. sharp is loaded only when an avatar is made, so the module
 * loads fast and only the avatar Lambda needs the native binary.
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

export const avatarVariants = Object.entries(imageSettings.userVariants).map(([name, size]) => ({
  name: name as AvatarVariantName,
  width: size.width,
  height: size.height,
}));

/** Images larger than this many pixels are refused before decoding (a 20 MB file can hold a decompression bomb). */
const maxInputPixels = 100_000_000;

export class UnreadableImage extends Error {}

/**
 * The square JPEG variants (cropped to fill, centred, EXIF orientation applied, transparency on
 * white; a GIF's first frame).
 */
export async function renderAvatarVariants(
  bytes: Uint8Array,
): Promise<Array<{ name: AvatarVariantName; width: number; height: number; body: Buffer }>> {
  const { default: sharp } = await import('sharp');
  try {
    const source = sharp(bytes, { limitInputPixels: maxInputPixels, failOn: 'error' });
    const metadata = await source.metadata();
    if (!metadata.width || !metadata.height) throw new UnreadableImage('no dimensions');
    return await Promise.all(
      avatarVariants.map(async (variant) => ({
        ...variant,
        body: await source
          .clone()
          .rotate()
          .resize(variant.width, variant.height, { fit: 'cover', position: 'centre' })
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 85, mozjpeg: true })
          .toBuffer(),
      })),
    );
  } catch (error) {
    throw error instanceof UnreadableImage ? error : new UnreadableImage(String(error));
  }
}
