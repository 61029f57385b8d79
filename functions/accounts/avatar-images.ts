import type { AvatarVariantName } from '../../shared/api/account';
import { imageSettings } from '../../shared/config/constants';
import { type RenderedVariant, renderVariants, type VariantSpec } from '../lib/image-variants';

/** Avatar files: the spec's square variants (the shared image code is in functions/lib/image-variants.ts). */

export const avatarVariants: Array<VariantSpec<AvatarVariantName>> = Object.entries(
  imageSettings.userVariants,
).map(([name, size]) => ({
  name: name as AvatarVariantName,
  width: size.width,
  height: size.height,
  fit: 'cover',
}));

/** The square JPEG variants (cropped to fill, centred, EXIF orientation applied, transparency on white; a GIF's first frame). */
export function renderAvatarVariants(bytes: Uint8Array): Promise<Array<RenderedVariant<AvatarVariantName>>> {
  return renderVariants(bytes, avatarVariants);
}
