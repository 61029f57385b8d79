import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  detectImageType,
  isAcceptedImageType,
  UnreadableImage,
  uploadIdPattern,
} from '../lib/image-variants';
import { avatarVariants, renderAvatarVariants } from './avatar-images';
import { avatarUploadKey, avatarVariantKey } from './avatar-keys';

const bytes = (...values: number[]) => new Uint8Array(values);

describe('detectImageType', () => {
  it('knows JPEG, PNG and GIF by their first bytes', () => {
    expect(detectImageType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe('image/jpeg');
    expect(detectImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(detectImageType(new TextEncoder().encode('GIF87a...'))).toBe('image/gif');
    expect(detectImageType(new TextEncoder().encode('GIF89a...'))).toBe('image/gif');
  });

  it('refuses everything else, whatever the file is called', () => {
    expect(detectImageType(new TextEncoder().encode('just text, named photo.jpg'))).toBeUndefined();
    expect(detectImageType(new TextEncoder().encode('GIF88a'))).toBeUndefined();
    expect(detectImageType(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBeUndefined();
    expect(
      detectImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>')),
    ).toBeUndefined();
    expect(detectImageType(bytes(0x89, 0x50, 0x4e, 0x47))).toBeUndefined(); // truncated PNG signature
    expect(detectImageType(bytes(0xff, 0xd8))).toBeUndefined();
    expect(detectImageType(bytes())).toBeUndefined();
  });

  it('accepts the declared types of §5 only: JPG, GIF, PNG', () => {
    expect(['image/jpeg', 'image/gif', 'image/png'].every(isAcceptedImageType)).toBe(true);
    expect(['image/webp', 'image/svg+xml', 'text/plain', 'image/jpg', ''].some(isAcceptedImageType)).toBe(
      false,
    );
  });
});

describe('avatar keys', () => {
  it('keeps every key under images/, uploads under the owner', () => {
    const id = '0b6f8c1e-4a5d-4c1b-9a7e-2f3d4c5b6a79';
    expect(avatarUploadKey('user-1', id)).toBe(`images/uploads/avatars/user-1/${id}`);
    expect(avatarVariantKey('user-1', 'img', 'square-small')).toBe(
      'images/avatars/user-1/img/square-small.jpg',
    );
    expect(uploadIdPattern.test(id)).toBe(true);
    expect(uploadIdPattern.test(`../${id}`)).toBe(false);
    expect(uploadIdPattern.test(`${id}/x`)).toBe(false);
  });
});

describe('renderAvatarVariants', () => {
  it('makes the four square JPEG crops of §7 from any accepted image', async () => {
    expect(avatarVariants.map((v) => [v.name, v.width, v.height])).toEqual([
      ['square-xsmall', 40, 40],
      ['square-xsmall2x', 80, 80],
      ['square-small', 240, 240],
      ['square-small2x', 480, 480],
    ]);
    const wide = await sharp({
      create: { width: 300, height: 120, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const variants = await renderAvatarVariants(wide);
    for (const variant of variants) {
      const metadata = await sharp(variant.body).metadata();
      expect([metadata.format, metadata.width, metadata.height, metadata.hasAlpha]).toEqual([
        'jpeg',
        variant.width,
        variant.height,
        false,
      ]);
    }
    // Transparency becomes white, not black.
    const { data } = await sharp(variants[0]!.body).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(240);
  });

  it('refuses a file that only looks like an image', async () => {
    await expect(renderAvatarVariants(bytes(0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5))).rejects.toBeInstanceOf(
      UnreadableImage,
    );
  });
});
