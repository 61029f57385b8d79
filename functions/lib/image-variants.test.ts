import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { detectImageType, renderVariants, UnreadableImage, variantSize } from './image-variants';

const image = (width: number, height: number, format: 'png' | 'jpeg' | 'gif') =>
  sharp({ create: { width, height, channels: 3, background: '#3366aa' } })
    .toFormat(format)
    .toBuffer();

describe('detectImageType', () => {
  it('knows real JPG, GIF and PNG files by their first bytes', async () => {
    expect(detectImageType(await image(8, 8, 'jpeg'))).toBe('image/jpeg');
    expect(detectImageType(await image(8, 8, 'png'))).toBe('image/png');
    expect(detectImageType(await image(8, 8, 'gif'))).toBe('image/gif');
  });

  it('refuses other formats and text, whatever they claim', async () => {
    expect(
      detectImageType(
        await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
          .webp()
          .toBuffer(),
      ),
    ).toBeUndefined();
    expect(detectImageType(new TextEncoder().encode('not a png, just text'))).toBeUndefined();
    expect(detectImageType(new Uint8Array())).toBeUndefined();
  });
});

describe('variantSize', () => {
  const cover = { width: 400, height: 400, fit: 'cover' } as const;
  const inside = { width: 1600, height: 1600, fit: 'inside' } as const;

  it('crops to exactly the box', () => {
    expect(variantSize(cover, 3000, 1000)).toEqual({ width: 400, height: 400 });
    expect(variantSize(cover, 10, 20)).toEqual({ width: 400, height: 400 });
  });

  it('fits portrait and landscape inside the box, keeping the aspect ratio', () => {
    expect(variantSize(inside, 4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(variantSize(inside, 3000, 4000)).toEqual({ width: 1200, height: 1600 });
  });

  it('never enlarges a small image and never goes above 3072 px', () => {
    expect(variantSize(inside, 640, 480)).toEqual({ width: 640, height: 480 });
    expect(variantSize({ width: 5000, height: 5000, fit: 'inside' }, 8000, 4000)).toEqual({
      width: 3072,
      height: 1536,
    });
    expect(variantSize({ width: 5000, height: 100, fit: 'cover' }, 10, 10)).toEqual({
      width: 3072,
      height: 100,
    });
  });
});

describe('renderVariants', () => {
  it('makes JPEGs of the computed sizes', async () => {
    const variants = await renderVariants(await image(900, 600, 'png'), [
      { name: 'square', width: 100, height: 100, fit: 'cover' },
      { name: 'inside', width: 300, height: 300, fit: 'inside' },
      { name: 'small', width: 2000, height: 2000, fit: 'inside' },
    ]);
    const sizes = await Promise.all(
      variants.map(async (v) => {
        const m = await sharp(v.body).metadata();
        return [v.name, v.width, v.height, m.format, m.width, m.height];
      }),
    );
    expect(sizes).toEqual([
      ['square', 100, 100, 'jpeg', 100, 100],
      ['inside', 300, 200, 'jpeg', 300, 200],
      ['small', 900, 600, 'jpeg', 900, 600],
    ]);
  });

  it('throws UnreadableImage for a file with image magic bytes but no image', async () => {
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('garbage'),
    ]);
    await expect(
      renderVariants(fake, [{ name: 'x', width: 10, height: 10, fit: 'cover' }]),
    ).rejects.toBeInstanceOf(UnreadableImage);
  });
});
