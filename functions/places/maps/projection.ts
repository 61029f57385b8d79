/**
 * The offline static map's drawing (pure, no I/O): Web Mercator pixels around a center at a zoom
 * (256 px tiles, the same numbers as every slippy map, so the image matches the interactive map),
 * polygon clipping to the image, and the SVG: water, land by country with their borders, and the
 * fuzzy circle (§9: offset 2000 m, drawn in 8-degree steps, circle colour at opacity 0.2).
 */
import { mapSettings } from '../../../shared/config/constants';
import { circlePath } from '../../../shared/maps';
import type { LatLng } from '../../../shared/validation/core';

/** Web Mercator's latitude limit: the square world. */
export const maxMercatorLatitude = 85.05112878;
const tileSize = 256;

export interface Pixel {
  x: number;
  y: number;
}

/** A point's world pixel at `zoom` (0,0 is the north-west corner; the world is 256·2^zoom wide). */
export function worldPixel(point: LatLng, zoom: number): Pixel {
  const size = tileSize * 2 ** zoom;
  const lat = Math.max(-maxMercatorLatitude, Math.min(maxMercatorLatitude, point.lat));
  const sin = Math.sin((lat * Math.PI) / 180);
  return {
    x: ((point.lng + 180) / 360) * size,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size,
  };
}

/** The point at a world pixel (the inverse of worldPixel). */
export function worldPoint(pixel: Pixel, zoom: number): LatLng {
  const size = tileSize * 2 ** zoom;
  const lng = (pixel.x / size) * 360 - 180;
  const n = Math.PI - (2 * Math.PI * pixel.y) / size;
  return { lat: (180 / Math.PI) * Math.atan(Math.sinh(n)), lng };
}

/** What an image shows: its center, zoom and size in pixels. */
export interface MapView {
  center: LatLng;
  zoom: number;
  width: number;
  height: number;
}

/** A function from a point to its pixel in the image of `view`. */
export function imageProjection(view: MapView): (point: LatLng) => Pixel {
  const center = worldPixel(view.center, view.zoom);
  const size = tileSize * 2 ** view.zoom;
  return (point) => {
    const pixel = worldPixel(point, view.zoom);
    // Longitudes wrap: take the copy of the world nearest to the center.
    let dx = pixel.x - center.x;
    if (dx > size / 2) dx -= size;
    else if (dx < -size / 2) dx += size;
    return { x: dx + view.width / 2, y: pixel.y - center.y + view.height / 2 };
  };
}

/** The longitude/latitude box an image shows, widened by `marginPx` on every side. */
export function viewBounds(
  view: MapView,
  marginPx = 0,
): { west: number; south: number; east: number; north: number } {
  const center = worldPixel(view.center, view.zoom);
  const nw = worldPoint(
    { x: center.x - view.width / 2 - marginPx, y: center.y - view.height / 2 - marginPx },
    view.zoom,
  );
  const se = worldPoint(
    { x: center.x + view.width / 2 + marginPx, y: center.y + view.height / 2 + marginPx },
    view.zoom,
  );
  return { west: nw.lng, south: se.lat, east: se.lng, north: nw.lat };
}

/** A box, in whatever units its numbers are. */
export interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/**
 * A polygon ring clipped to a box (Sutherland–Hodgman: one pass per edge of the box). The result is
 * still a closed ring (possibly with edges along the box), or empty when nothing is inside.
 */
export function clipRing(ring: readonly Pixel[], box: Box): Pixel[] {
  const edges: { inside: (p: Pixel) => boolean; cross: (a: Pixel, b: Pixel) => Pixel }[] = [
    { inside: (p) => p.x >= box.minX, cross: (a, b) => atX(a, b, box.minX) },
    { inside: (p) => p.x <= box.maxX, cross: (a, b) => atX(a, b, box.maxX) },
    { inside: (p) => p.y >= box.minY, cross: (a, b) => atY(a, b, box.minY) },
    { inside: (p) => p.y <= box.maxY, cross: (a, b) => atY(a, b, box.maxY) },
  ];
  let output: Pixel[] = [...ring];
  for (const edge of edges) {
    const input = output;
    output = [];
    if (input.length === 0) break;
    let previous = input[input.length - 1]!;
    for (const current of input) {
      const currentIn = edge.inside(current);
      const previousIn = edge.inside(previous);
      if (currentIn) {
        if (!previousIn) output.push(edge.cross(previous, current));
        output.push(current);
      } else if (previousIn) {
        output.push(edge.cross(previous, current));
      }
      previous = current;
    }
  }
  return output;
}

function atX(a: Pixel, b: Pixel, x: number): Pixel {
  const t = (x - a.x) / (b.x - a.x);
  return { x, y: a.y + t * (b.y - a.y) };
}

function atY(a: Pixel, b: Pixel, y: number): Pixel {
  const t = (y - a.y) / (b.y - a.y);
  return { x: a.x + t * (b.x - a.x), y };
}

/** A ring as SVG path data, rounded to 0.1 px, dropping points closer than half a pixel to the last. */
export function ringPath(ring: readonly Pixel[]): string {
  if (ring.length < 3) return '';
  const round = (n: number) => Math.round(n * 10) / 10;
  let path = '';
  let last: Pixel | undefined;
  let count = 0;
  for (const point of ring) {
    if (last && Math.abs(point.x - last.x) < 0.5 && Math.abs(point.y - last.y) < 0.5) continue;
    path += `${count === 0 ? 'M' : 'L'}${round(point.x)} ${round(point.y)}`;
    last = point;
    count++;
  }
  return count >= 3 ? `${path}Z` : '';
}

/** A polygon of the basemap: rings of [lng, lat] (the first the outline, the others holes) and its box. */
export interface BasemapPolygon {
  rings: [number, number][][];
  /** West, south, east, north. */
  bbox: [number, number, number, number];
}

/** The colours of the offline map (OpenStreetMap-like water and land). */
export const staticMapColors = {
  water: '#aad3df',
  land: '#f2efe9',
  border: '#b9b2a5',
} as const;

export interface StaticMapDrawing extends MapView {
  /** Country polygons (from world-atlas), or land polygons. */
  polygons: readonly BasemapPolygon[];
  /** The fuzzy circle around the center; false: none. */
  circle?: boolean;
  /** Output pixels per image pixel (2: a sharp image on dense screens). */
  scale?: number;
}

function intersects(bbox: BasemapPolygon['bbox'], bounds: ReturnType<typeof viewBounds>): boolean {
  const [west, south, east, north] = bbox;
  return !(east < bounds.west || west > bounds.east || north < bounds.south || south > bounds.north);
}

/**
 * The SVG of a static map: a water background, the polygons that reach into the view (clipped to
 * the image plus a margin, so strokes do not show at the edges) as land with grey borders, and the
 * fuzzy circle (radius = the fuzzy offset) around the center. No text: no fonts needed to render it.
 */
export function staticMapSvg(drawing: StaticMapDrawing): string {
  const { width, height } = drawing;
  const scale = drawing.scale ?? 1;
  const project = imageProjection(drawing);
  const margin = 4;
  const box: Box = { minX: -margin, minY: -margin, maxX: width + margin, maxY: height + margin };
  const bounds = viewBounds(drawing, margin);
  const paths: string[] = [];
  for (const polygon of drawing.polygons) {
    if (!intersects(polygon.bbox, bounds)) continue;
    let d = '';
    for (const ring of polygon.rings) {
      const clipped = clipRing(
        ring.map(([lng, lat]) => project({ lat, lng })),
        box,
      );
      d += ringPath(clipped);
    }
    if (d) paths.push(d);
  }
  const { circleColor, circleOpacity } = mapSettings.fuzzy;
  const circle =
    drawing.circle === false
      ? ''
      : `<path d="${ringPath(circlePath(drawing.center).map(project))}" fill="${circleColor}" fill-opacity="${circleOpacity}" stroke="${circleColor}" stroke-width="2"/>`;
  const land = paths
    .map(
      (d) =>
        `<path d="${d}" fill="${staticMapColors.land}" fill-rule="evenodd" stroke="${staticMapColors.border}" stroke-width="1"/>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width * scale}" height="${height * scale}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="${width}" height="${height}" fill="${staticMapColors.water}"/>${land}${circle}</svg>`
  );
}
