import { containerBasemap } from './basemap';
import type { StaticMapImage, StaticMapProvider, StaticMapRequest } from './port';
import { staticMapSvg } from './projection';

/**
 * The offline static map: Natural Earth's countries projected around the center (projection.ts),
 * drawn as SVG and rasterised to PNG with sharp (librsvg). sharp is imported on first use, so the
 * module loads fast and the Amazon adapter never loads it.
 */
export class OfflineStaticMaps implements StaticMapProvider {
  readonly name = 'offline';

  async render(request: StaticMapRequest): Promise<StaticMapImage> {
    const [polygons, { default: sharp }] = await Promise.all([containerBasemap(), import('sharp')]);
    const svg = staticMapSvg({ ...request, polygons });
    const body = await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer();
    return { body, contentType: 'image/png' };
  }
}
