import type { LatLng } from '../../../shared/validation/core';

/** A static map request (GET /api/static-map), already validated. */
export interface StaticMapRequest {
  center: LatLng;
  zoom: number;
  /** Image pixels (at most 640 wide, §9). */
  width: number;
  height: number;
  /** 1, or 2 for dense screens (the PNG is twice as large). */
  scale: 1 | 2;
}

export interface StaticMapImage {
  body: Buffer;
  contentType: string;
}

/**
 * The static map port: the offline renderer (world-atlas + sharp) on the local cloud and by
 * default, Amazon Location's GetStaticMap when configured (functions/places/maps/index.ts).
 */
export interface StaticMapProvider {
  readonly name: 'offline' | 'amazon';
  render(request: StaticMapRequest): Promise<StaticMapImage>;
}
