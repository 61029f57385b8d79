import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import type { Map as MapLibreMap, MapOptions } from 'maplibre-gl';
import { mapSettings } from '../../../../shared/config/constants';
import { circlePath } from '../../../../shared/maps';
import type { LatLng } from '../../../../shared/validation/core';

/** A MapLibre style document (the style spec's StyleSpecification). */
export type StyleSpecification = Exclude<MapOptions['style'], string | undefined>;

/** The offline basemap's colours: the static map image's (functions/places/maps/projection.ts). */
export const basemapColors = { water: '#aad3df', land: '#f2efe9', border: '#b9b2a5' } as const;

/** The fuzzy circle (radius = the fuzzy offset, 8-degree steps) as a closed GeoJSON polygon. */
export function fuzzyCircle(center: LatLng): Feature<Polygon> {
  const ring = circlePath(center).map((point) => [point.lng, point.lat]);
  ring.push(ring[0]!);
  return { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [ring] } };
}

/** The layers that draw the fuzzy circle from the source `fuzzy` (added to any basemap style). */
function fuzzyLayers(): StyleSpecification['layers'] {
  const { circleColor, circleOpacity } = mapSettings.fuzzy;
  return [
    {
      id: 'fuzzy-fill',
      type: 'fill',
      source: 'fuzzy',
      paint: { 'fill-color': circleColor, 'fill-opacity': circleOpacity },
    },
    {
      id: 'fuzzy-outline',
      type: 'line',
      source: 'fuzzy',
      paint: { 'line-color': circleColor, 'line-width': 2 },
    },
  ];
}

/** Draws the fuzzy circle around `center` on a loaded map, whatever its style (offline or Amazon Location). */
export function addFuzzyCircle(map: Pick<MapLibreMap, 'addSource' | 'addLayer'>, center: LatLng): void {
  map.addSource('fuzzy', { type: 'geojson', data: fuzzyCircle(center) });
  for (const layer of fuzzyLayers()) map.addLayer(layer);
}

/**
 * The offline style: a water background, and Natural Earth's countries (world-atlas, turned to
 * GeoJSON with topojson-client) as land with their borders. No tiles, no glyphs, no sprites: nothing
 * but the page's own origin, and no symbol or text layers (place names and markers are DOM elements).
 */
export function offlineStyle(countries: FeatureCollection<Polygon | MultiPolygon>): StyleSpecification {
  return {
    version: 8,
    sources: {
      countries: { type: 'geojson', data: countries, attribution: 'Natural Earth' },
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': basemapColors.water } },
      { id: 'land', type: 'fill', source: 'countries', paint: { 'fill-color': basemapColors.land } },
      {
        id: 'borders',
        type: 'line',
        source: 'countries',
        // Natural Earth's rings are cut at ±180°: seen whole, those cuts draw lines across the world.
        minzoom: 2.5,
        paint: { 'line-color': basemapColors.border, 'line-width': 1 },
      },
    ],
  };
}
