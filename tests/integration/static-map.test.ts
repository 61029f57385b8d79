import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../shared/api/types';
import { mapSettings } from '../../shared/config/constants';
import { useLocalCloud } from './cloud-env';

let url: string;
beforeAll(() => {
  url = useLocalCloud().url;
});

const toronto = '43.6532,-79.3832';

async function pixel(png: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return [data[offset]!, data[offset + 1]!, data[offset + 2]!];
}

describe('GET /api/static-map (offline renderer)', () => {
  it('answers a PNG of the asked size, publicly cacheable, with the fuzzy circle in the middle', async () => {
    const response = await fetch(`${url}/api/static-map?center=${toronto}&zoom=13&width=640&height=360`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toMatch(/^public, max-age=\d{6,}/);
    const png = Buffer.from(await response.arrayBuffer());
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 640, height: 360 });
    // The middle is inside the circle: land tinted with the circle colour (reddish), a corner is not.
    const [r, g, b] = await pixel(png, 320, 180);
    expect(r).toBeGreaterThan(g + 20);
    expect(r).toBeGreaterThan(b + 20);
    const corner = await pixel(png, 5, 5);
    expect(Math.abs(corner[0] - corner[1])).toBeLessThan(20);
  });

  it('renders real geography: the Pacific west of Vancouver is water, Alberta is land', async () => {
    const water = await fetch(`${url}/api/static-map?center=49.3,-127&zoom=8&width=100&height=100`);
    const land = await fetch(`${url}/api/static-map?center=53.5,-113.5&zoom=8&width=100&height=100`);
    const [wr, wg, wb] = await pixel(Buffer.from(await water.arrayBuffer()), 2, 2);
    const [lr, lg, lb] = await pixel(Buffer.from(await land.arrayBuffer()), 2, 2);
    expect(wb).toBeGreaterThan(wr + 30); // #aad3df
    expect(lr).toBeGreaterThanOrEqual(lb); // #f2efe9
    expect([wr, wg, wb]).not.toEqual([lr, lg, lb]);
  });

  it('caps the width at 640 px keeping the aspect ratio, and doubles the pixels at scale 2', async () => {
    const capped = await fetch(`${url}/api/static-map?center=${toronto}&width=1280&height=720`);
    expect(await sharp(Buffer.from(await capped.arrayBuffer())).metadata()).toMatchObject({
      width: mapSettings.staticMap.maxWidthPx,
      height: 360,
    });
    const dense = await fetch(`${url}/api/static-map?center=${toronto}&width=320&height=180&scale=2`);
    expect(await sharp(Buffer.from(await dense.arrayBuffer())).metadata()).toMatchObject({
      width: 640,
      height: 360,
    });
  });

  it('answers 400 validation-invalid-params naming the bad parameter', async () => {
    const cases = [
      ['', 'center'],
      ['center=43.6', 'center'],
      ['center=91,0', 'center'],
      [`center=${toronto}&zoom=21`, 'zoom'],
      [`center=${toronto}&zoom=abc`, 'zoom'],
      [`center=${toronto}&width=0`, 'width'],
      [`center=${toronto}&height=9999`, 'height'],
      [`center=${toronto}&scale=3`, 'scale'],
    ] as const;
    for (const [query, param] of cases) {
      const response = await fetch(`${url}/api/static-map?${query}`);
      expect(response.status, query).toBe(400);
      const [error] = ((await response.json()) as ApiErrorBody).errors;
      expect(error).toMatchObject({ code: 'validation-invalid-params', meta: { param } });
      expect(error!.title).toContain(param);
    }
  });
});
