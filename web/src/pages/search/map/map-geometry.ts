import type { Bounds } from '../../../../../shared/maps';

/** A marker's spot on the screen: the listing's id and its projected pixel position. */
export interface ScreenPoint {
  id: string;
  x: number;
  y: number;
}

/** Markers that would overlap, drawn as one: their ids, in the order given, and their middle. */
export interface MarkerCluster {
  ids: string[];
  x: number;
  y: number;
}

/**
 * Groups points whose price markers would overlap (closer than `width` across and `height` down,
 * the size of a marker): each point joins the first group whose middle is that close, or starts
 * its own. Greedy and in the order given, so the same view always draws the same groups.
 */
export function clusterMarkers(
  points: readonly ScreenPoint[],
  width: number,
  height: number,
): MarkerCluster[] {
  const clusters: (MarkerCluster & { sumX: number; sumY: number })[] = [];
  for (const point of points) {
    const near = clusters.find(
      (cluster) => Math.abs(cluster.x - point.x) < width && Math.abs(cluster.y - point.y) < height,
    );
    if (!near) {
      clusters.push({ ids: [point.id], x: point.x, y: point.y, sumX: point.x, sumY: point.y });
      continue;
    }
    near.ids.push(point.id);
    near.sumX += point.x;
    near.sumY += point.y;
    near.x = near.sumX / near.ids.length;
    near.y = near.sumY / near.ids.length;
  }
  return clusters.map(({ ids, x, y }) => ({ ids, x, y }));
}

const wrapLng = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180;
const clampLat = (lat: number) => Math.max(-90, Math.min(90, lat));

/**
 * The box a map view shows, as a search's `bounds` takes it: MapLibre reports a view that wraps past
 * ±180° with longitudes beyond them (a view over the Pacific from 170° to 190°), which becomes a box
 * crossing the antimeridian (ne.lng < sw.lng); a view wider than the world is the whole world.
 * Six decimals (about 10 cm) keep the URL short.
 */
export function viewBounds(view: { west: number; south: number; east: number; north: number }): Bounds {
  const round = (value: number) => Number(value.toFixed(6)) + 0;
  const world = view.east - view.west >= 360;
  return {
    ne: { lat: round(clampLat(view.north)), lng: world ? 180 : round(wrapLng(view.east)) },
    sw: { lat: round(clampLat(view.south)), lng: world ? -180 : round(wrapLng(view.west)) },
  };
}

/**
 * The box as MapLibre's fitBounds takes it ([west, south], [east, north]): a box crossing the
 * antimeridian gets an east beyond 180° so the map fits the narrow box, not the rest of the world.
 */
export function fitBox(bounds: Bounds): [[number, number], [number, number]] {
  const east = bounds.ne.lng < bounds.sw.lng ? bounds.ne.lng + 360 : bounds.ne.lng;
  return [
    [bounds.sw.lng, bounds.sw.lat],
    [east, bounds.ne.lat],
  ];
}

/** The smallest box around the points (none for no points); across 0°, never across 180°. */
export function boxAround(points: readonly { lat: number; lng: number }[]): Bounds | undefined {
  if (points.length === 0) return undefined;
  const lats = points.map((point) => point.lat);
  const lngs = points.map((point) => point.lng);
  return {
    ne: { lat: Math.max(...lats), lng: Math.max(...lngs) },
    sw: { lat: Math.min(...lats), lng: Math.min(...lngs) },
  };
}
