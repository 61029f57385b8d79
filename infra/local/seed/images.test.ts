import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { categoryGroupOf, categoryGroups } from '../../../shared/config/categories';
import { listings } from './catalogue';
import { listingImageSvg, renderListingImage } from './images';

const byKey = (key: string) => {
  const listing = listings.find((l) => l.key === key);
  if (!listing) throw new Error(`no listing ${key}`);
  return listing;
};

describe('listingImageSvg', () => {
  it('builds a complete SVG of the requested pixel size for every listing and photo index', () => {
    for (const listing of listings) {
      for (let index = 0; index < listing.imageCount; index++) {
        const svg = listingImageSvg(listing, index, 400);
        expect(svg.startsWith('<svg'), listing.key).toBe(true);
        expect(svg.endsWith('</svg>'), listing.key).toBe(true);
        expect(svg).toContain('width="400" height="400"');
        expect(svg, listing.key).not.toMatch(/NaN|undefined|Infinity/);
      }
    }
  });

  it('is deterministic', () => {
    const listing = listings[0]!;
    expect(listingImageSvg(listing, 1)).toBe(listingImageSvg(listing, 1));
  });

  it('varies by listing, by photo index and by category group', () => {
    const listing = listings[0]!;
    const photos = new Set([0, 1, 2].map((i) => listingImageSvg(listing, i)));
    expect(photos.size).toBe(3);
    expect(new Set(listings.map((l) => listingImageSvg(l, 0))).size).toBe(listings.length);
    const subjects = new Set(
      categoryGroups.map((g) => {
        const l = listings.find((x) => categoryGroupOf(x.category) === g.id)!;
        // The illustration only, without background and label.
        return listingImageSvg({ ...l, key: 'same', brand: 'Same', colour: 'Red' }, 0).replace(
          /<text.*<\/text>/,
          '',
        );
      }),
    );
    expect(subjects.size).toBe(categoryGroups.length);
  });

  it('escapes the brand for XML', () => {
    const svg = listingImageSvg({ ...listings[0]!, brand: `Stan's <&> "NoTubes"` }, 0);
    expect(svg).toContain('Stan&#39;s &#60;&#38;&#62; &#34;NoTubes&#34;');
  });
});

describe('social crops', () => {
  it('widen the background around the same centred scene', () => {
    const listing = listings[0]!;
    const square = listingImageSvg(listing, 0, 630);
    const wide = listingImageSvg(listing, 0, 1200, 630);
    expect(wide).toContain('width="1200" height="630" viewBox="0 0 761.9 400"');
    expect(wide).toContain('<g transform="translate(181 0)">');
    expect(square).toContain('viewBox="0 0 400 400"');
    expect(square).not.toContain('translate(0 0)');
    // The scene itself is the square picture's.
    const scene = (svg: string) => svg.slice(svg.indexOf('<circle'), svg.indexOf('<rect x="14"'));
    expect(scene(wide)).toContain(scene(square));
  });

  it('render as JPEGs of the social sizes (1200×630 and 600×314)', async () => {
    for (const [width, height] of [
      [1200, 630],
      [600, 314],
    ] as const) {
      const meta = await sharp(
        await renderListingImage(byKey('trek-domane-sl6-2021'), 0, width, height),
      ).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', width, height]);
    }
  });
});

describe('renderListingImage', () => {
  it('renders a JPEG of the requested size', async () => {
    for (const size of [400, 1200]) {
      const buf = await renderListingImage(byKey('trek-domane-sl6-2021'), 0, size);
      expect(buf[0]).toBe(0xff);
      expect(buf[1]).toBe(0xd8);
      const meta = await sharp(buf).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.width).toBe(size);
      expect(meta.height).toBe(size);
    }
  });

  it('gives different images for different listings', async () => {
    const a = await renderListingImage(byKey('trek-domane-sl6-2021'), 0, 400);
    const b = await renderListingImage(byKey('giro-aether-mips'), 0, 400);
    const c = await renderListingImage(byKey('trek-emonda-alr5-2022'), 0, 400);
    expect(a.equals(b)).toBe(false);
    expect(a.equals(c)).toBe(false);
    const [pa, pb] = await Promise.all([a, b].map((x) => sharp(x).resize(16, 16).raw().toBuffer()));
    let diff = 0;
    for (let i = 0; i < pa!.length; i++) diff += Math.abs(pa![i]! - pb![i]!);
    expect(diff / pa!.length).toBeGreaterThan(5);
  });

  it('renders every listing without librsvg errors', async () => {
    const results = await Promise.all(listings.map((l) => renderListingImage(l, l.imageCount - 1, 64)));
    for (const buf of results) expect(buf.length).toBeGreaterThan(100);
  });
});
