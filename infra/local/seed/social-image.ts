/**
 * The site's default social images (og:image and twitter:image of every page without a picture of
 * its own): web/public/social-image-1200x630.png and social-image-600x314.png, drawn from the SVG
 * below with sharp. The PNGs are committed; after changing the drawing run
 * `npx tsx infra/local/seed/social-image.ts` to write them again.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { defaultSocialImagePaths, socialImageSizes } from '../../../shared/seo/head';

const publicDir = fileURLToPath(new URL('../../../web/public/', import.meta.url));

/** The drawing, 1200×630: the logo mark, the name and the tagline on the brand green. */
export function defaultSocialImageSvg(): string {
  const { width, height } = socialImageSizes.facebook;
  const wheel = (cx: number) =>
    `<circle cx="${cx}" cy="196" r="118" fill="none" stroke="#ffffff" stroke-opacity="0.09" stroke-width="22"/>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    '<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b5d3b"/><stop offset="1" stop-color="#07432a"/></linearGradient></defs>',
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>`,
    wheel(870),
    wheel(1130),
    // The logo mark (web/public/favicon.svg), 32 → 192 px.
    '<g transform="translate(96 120) scale(6)">',
    '<rect width="32" height="32" rx="7" fill="#ffffff"/>',
    '<circle cx="10" cy="20" r="5" fill="none" stroke="#0b5d3b" stroke-width="2"/>',
    '<circle cx="22" cy="20" r="5" fill="none" stroke="#0b5d3b" stroke-width="2"/>',
    '<path d="M10 20l5-8h6l1 8M15 12l-2-3h-2" fill="none" stroke="#0b5d3b" stroke-width="2" stroke-linejoin="round"/>',
    '</g>',
    '<g font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" fill="#ffffff">',
    '<text x="96" y="420" font-size="92" font-weight="bold">Velo Exchange</text>',
    '<text x="98" y="492" font-size="40" fill-opacity="0.88">Used bikes and cycling gear, from riders to riders.</text>',
    '</g>',
    '</svg>',
  ].join('');
}

/** Both PNGs, as written to web/public. */
export async function renderDefaultSocialImages(): Promise<{ facebook: Buffer; twitter: Buffer }> {
  const large = await sharp(Buffer.from(defaultSocialImageSvg()))
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
  const { width, height } = socialImageSizes.twitter;
  const small = await sharp(large)
    .resize(width, height, { fit: 'cover' })
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
  return { facebook: large, twitter: small };
}

export const defaultSocialImageFiles = {
  facebook: path.join(publicDir, defaultSocialImagePaths.facebook.slice(1)),
  twitter: path.join(publicDir, defaultSocialImagePaths.twitter.slice(1)),
};

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const images = await renderDefaultSocialImages();
  writeFileSync(defaultSocialImageFiles.facebook, images.facebook);
  writeFileSync(defaultSocialImageFiles.twitter, images.twitter);
  console.log(`Wrote ${defaultSocialImageFiles.facebook} and ${defaultSocialImageFiles.twitter}`);
}
