import { describe, expect, it } from 'vitest';
import { mapSettings } from '../../../../shared/config/constants';
import { distanceMeters } from '../../../../shared/maps';
import { addFuzzyCircle, fuzzyCircle, offlineStyle } from './basemap-style';
import { approximateLocationLabel, staticMapUrl } from './static-map-url';

describe('staticMapUrl', () => {
  it('asks GET /api/static-map for the center (5 decimals), zoom 13 and 640 × 360', () => {
    expect(staticMapUrl({ lat: 43.653212345, lng: -79.38321 })).toBe(
      '/api/static-map?center=43.65321,-79.38321&zoom=13&width=640&height=360',
    );
    expect(staticMapUrl({ lat: 1, lng: 2 }, { scale: 2, zoom: 10, width: 320, height: 200 })).toBe(
      '/api/static-map?center=1.00000,2.00000&zoom=10&width=320&height=200&scale=2',
    );
  });

  it('labels the map with the city and region', () => {
    expect(approximateLocationLabel({ city: 'Toronto', region: 'ON' })).toBe(
      'Approximate location: Toronto, ON',
    );
    expect(approximateLocationLabel({ city: 'Toronto' })).toBe('Approximate location: Toronto');
    expect(approximateLocationLabel({})).toBe('Approximate location');
  });
});

describe('the offline style', () => {
  const center = { lat: 49.26, lng: -123.15 };

  it('draws the fuzzy circle as a closed polygon of the fuzzy radius', () => {
    const ring = fuzzyCircle(center).geometry.coordinates[0]!;
    expect(ring[0]).toEqual(ring[ring.length - 1]);
    expect(ring).toHaveLength(360 / mapSettings.fuzzy.circleStepDegrees + 1);
    for (const [lng, lat] of ring) {
      expect(distanceMeters(center, { lat: lat!, lng: lng! })).toBeCloseTo(mapSettings.fuzzy.offsetMeters, 0);
    }
  });

  it('needs no network: GeoJSON sources only, no glyphs, sprites or symbol layers; Natural Earth attributed', () => {
    const style = offlineStyle({ type: 'FeatureCollection', features: [] });
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    for (const source of Object.values(style.sources)) expect(source.type).toBe('geojson');
    expect(style.sources.countries).toMatchObject({ attribution: 'Natural Earth' });
    expect(style.layers.map((layer) => layer.type)).not.toContain('symbol');
  });

  it('adds the fuzzy circle to any style: its polygon, filled at the spec opacity', () => {
    const sources: Record<string, unknown> = {};
    const layers: { id: string; type: string; paint?: unknown }[] = [];
    addFuzzyCircle(
      {
        addSource: ((id: string, source: unknown) => {
          sources[id] = source;
        }) as never,
        addLayer: ((layer: (typeof layers)[number]) => {
          layers.push(layer);
        }) as never,
      },
      center,
    );
    expect(sources.fuzzy).toEqual({ type: 'geojson', data: fuzzyCircle(center) });
    expect(layers.find((layer) => layer.id === 'fuzzy-fill')).toMatchObject({
      type: 'fill',
      paint: { 'fill-color': mapSettings.fuzzy.circleColor, 'fill-opacity': mapSettings.fuzzy.circleOpacity },
    });
    expect(layers.map((layer) => layer.type)).not.toContain('symbol');
  });
});
