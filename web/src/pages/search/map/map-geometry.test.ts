import { describe, expect, it } from 'vitest';
import { boxAround, clusterMarkers, fitBox, viewBounds } from './map-geometry';

describe('clusterMarkers', () => {
  it('keeps markers apart when they do not overlap and groups those that do, around their middle', () => {
    const clusters = clusterMarkers(
      [
        { id: 'a', x: 100, y: 100 },
        { id: 'b', x: 130, y: 110 }, // overlaps a (64 × 32 marker)
        { id: 'c', x: 300, y: 100 },
        { id: 'd', x: 100, y: 140 }, // 40 below a: apart
      ],
      64,
      32,
    );
    expect(clusters).toEqual([
      { ids: ['a', 'b'], x: 115, y: 105 },
      { ids: ['c'], x: 300, y: 100 },
      { ids: ['d'], x: 100, y: 140 },
    ]);
  });

  it('puts every marker of one spot (a city at world zoom) in one group', () => {
    const spot = Array.from({ length: 9 }, (_, i) => ({ id: String(i), x: 500 + (i % 3), y: 200 + i }));
    expect(clusterMarkers(spot, 64, 32)).toEqual([{ ids: spot.map((p) => p.id), x: 501, y: 204 }]);
    expect(clusterMarkers([], 64, 32)).toEqual([]);
  });
});

describe('viewBounds', () => {
  it('is the view itself inside ±180°, rounded to 6 decimals', () => {
    expect(viewBounds({ west: 11.3, south: 48.0612345678, east: 11.8, north: 48.25 })).toEqual({
      ne: { lat: 48.25, lng: 11.8 },
      sw: { lat: 48.061235, lng: 11.3 },
    });
  });

  it('crosses the antimeridian when the view wraps past 180°, and is the world when wider', () => {
    expect(viewBounds({ west: 170, south: -20, east: 190, north: -10 })).toEqual({
      ne: { lat: -10, lng: -170 },
      sw: { lat: -20, lng: 170 },
    });
    expect(viewBounds({ west: -400, south: -95, east: 100, north: 95 })).toEqual({
      ne: { lat: 90, lng: 180 },
      sw: { lat: -90, lng: -180 },
    });
  });
});

describe('fitBox and boxAround', () => {
  it('gives MapLibre an east beyond 180° for a box across the antimeridian', () => {
    expect(fitBox({ ne: { lat: -10, lng: -170 }, sw: { lat: -20, lng: 170 } })).toEqual([
      [170, -20],
      [190, -10],
    ]);
    expect(fitBox({ ne: { lat: 2, lng: 3 }, sw: { lat: 1, lng: 1 } })).toEqual([
      [1, 1],
      [3, 2],
    ]);
  });

  it('is the smallest box around the points', () => {
    expect(
      boxAround([
        { lat: 51.5, lng: -0.1 },
        { lat: 48.1, lng: 11.6 },
      ]),
    ).toEqual({ ne: { lat: 51.5, lng: 11.6 }, sw: { lat: 48.1, lng: -0.1 } });
    expect(boxAround([])).toBeUndefined();
  });
});
