import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import {
  AttributionControl,
  Map as MapLibreMap,
  type MapOptions,
  NavigationControl,
  setWorkerUrl,
} from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?worker&url';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countriesUrl from 'world-atlas/countries-50m.json?url';
import { loadRuntimeConfig } from '../../auth/runtime-config';
import { offlineStyle, type StyleSpecification } from './basemap-style';

// MapLibre's worker is its own file: Vite emits it as an asset (the library cannot find it in a bundle).
setWorkerUrl(workerUrl);

let countries: Promise<FeatureCollection<Polygon | MultiPolygon>> | undefined;

/**
 * What both interactive maps (the listing's and the search's) draw on: Natural Earth's countries at
 * 1:50 million (world-atlas, 240 kB gzipped), fetched once per page load and kept.
 */
export function loadCountries(): Promise<FeatureCollection<Polygon | MultiPolygon>> {
  countries ??= fetch(countriesUrl)
    .then((response) => {
      if (!response.ok) throw new Error(`The basemap answered ${response.status}`);
      return response.json() as Promise<Topology>;
    })
    .then(
      (topology) =>
        feature(topology, topology.objects.countries as GeometryCollection) as FeatureCollection<
          Polygon | MultiPolygon
        >,
    )
    .catch((error: unknown) => {
      countries = undefined;
      throw error;
    });
  return countries;
}

/** What an interactive map draws on, and whether it names places itself (the offline basemap does not). */
export interface Basemap {
  style: StyleSpecification | string;
  labelled: boolean;
}

/**
 * The deployed stage's Amazon Location style when /config.json has one (streets and labels), else
 * the offline basemap: Natural Earth's countries, drawn from the site's own files.
 */
export async function loadBasemap(): Promise<Basemap> {
  const mapStyle = await loadRuntimeConfig().then(
    (config) => config.mapStyle,
    () => undefined,
  );
  if (mapStyle) return { style: mapStyle, labelled: true };
  return { style: offlineStyle(await loadCountries()), labelled: false };
}

/** Whether this browser can draw a MapLibre map at all (no WebGL: the page says so instead). */
export function webGlAvailable(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}

/** Keeps the canvas out of the tab order and the accessibility tree: the map's buttons are the way in. */
export function quietCanvas(canvas: HTMLCanvasElement): void {
  canvas.tabIndex = -1;
  canvas.setAttribute('aria-hidden', 'true');
}

/**
 * A flat, north-up map on a basemap (both interactive maps), with zoom buttons and the attribution.
 * `onStyled` runs once its style has loaded; `onFailed` if it fails first (a style that does not load,
 * a wrong key or a referrer the key refuses, never fires `load`).
 */
export function basemapMap(
  options: MapOptions,
  onStyled: (map: MapLibreMap) => void,
  onFailed: () => void,
): MapLibreMap {
  const map = new MapLibreMap({
    attributionControl: false,
    dragRotate: false,
    pitchWithRotate: false,
    touchPitch: false,
    ...options,
  });
  map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
  map.addControl(new AttributionControl({ compact: false }), 'bottom-right');
  let styled = false;
  map.on('error', () => {
    if (!styled) onFailed();
  });
  map.on('load', () => {
    styled = true;
    onStyled(map);
  });
  return map;
}
