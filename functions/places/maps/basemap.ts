import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { MultiPolygon, Polygon } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { BasemapPolygon } from './projection';

/**
 * The offline basemap: Natural Earth's countries at 1:10 million (the npm package `world-atlas`,
 * public domain), read when the first static map of a container needs it, not bundled (3.6 MB of
 * TopoJSON): the map Lambda gets the package installed beside its bundle, like the places Lambda
 * gets its gazetteer.
 */
export const basemapDataFile = 'world-atlas/countries-10m.json';

/** The polygons of a TopoJSON object (`countries` or `land`), each with its bounding box. */
export function basemapPolygons(topology: Topology, objectName: string): BasemapPolygon[] {
  const object = topology.objects[objectName] as GeometryCollection | undefined;
  if (!object) throw new Error(`The basemap has no object ${objectName}`);
  const collection = feature(topology, object);
  const polygons: BasemapPolygon[] = [];
  for (const item of collection.features) {
    const geometry = item.geometry as Polygon | MultiPolygon | null;
    if (!geometry) continue;
    const parts = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
    for (const part of parts) {
      const rings = part.map((ring) => ring.map(([lng, lat]) => [lng, lat] as [number, number]));
      let west = 180;
      let south = 90;
      let east = -180;
      let north = -90;
      for (const [lng, lat] of rings[0] ?? []) {
        west = Math.min(west, lng);
        east = Math.max(east, lng);
        south = Math.min(south, lat);
        north = Math.max(north, lat);
      }
      if (rings.length) polygons.push({ rings, bbox: [west, south, east, north] });
    }
  }
  return polygons;
}

let loading: Promise<BasemapPolygon[]> | undefined;

/** The container's basemap polygons, read once (a failed read is tried again next time). */
export function containerBasemap(): Promise<BasemapPolygon[]> {
  loading ??= readFile(createRequire(import.meta.url).resolve(basemapDataFile), 'utf8')
    .then((text) => basemapPolygons(JSON.parse(text) as Topology, 'countries'))
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}
