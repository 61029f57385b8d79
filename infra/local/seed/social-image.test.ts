import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { socialImageSizes } from '../../../shared/seo/head';
import { defaultSocialImageFiles, defaultSocialImageSvg, renderDefaultSocialImages } from './social-image';

describe('default social images', () => {
  it('are committed in web/public at the social sizes (1200×630 and 600×314)', async () => {
    for (const name of ['facebook', 'twitter'] as const) {
      const meta = await sharp(readFileSync(defaultSocialImageFiles[name])).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([
        'png',
        socialImageSizes[name].width,
        socialImageSizes[name].height,
      ]);
    }
    expect(defaultSocialImageFiles.facebook).toMatch(/web\/public\/social-image-1200x630\.png$/);
  });

  it('render from the SVG at those sizes, small enough for link previews', async () => {
    expect(defaultSocialImageSvg()).toContain('width="1200" height="630"');
    const images = await renderDefaultSocialImages();
    for (const name of ['facebook', 'twitter'] as const) {
      const meta = await sharp(images[name]).metadata();
      expect([meta.width, meta.height]).toEqual([
        socialImageSizes[name].width,
        socialImageSizes[name].height,
      ]);
      expect(images[name].length).toBeLessThan(100_000);
    }
  });
});
