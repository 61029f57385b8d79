import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  boundsAround,
  circlePath,
  destination,
  distanceMeters,
  drawPublicPoint,
  mapCenter,
  roundPoint,
  staticMapSize,
  widenedBounds,
} from './maps';

const montreal = { lat: 45.5017, lng: -73.5673 };

describe('map helpers (§5, §9)', () => {
  it('moves and measures on the globe', () => {
    const north = destination(montreal, 1000, 0);
    expect(north.lat).toBeGreaterThan(montreal.lat);
    expect(distanceMeters(montreal, north)).toBeCloseTo(1000, 3);
    expect(distanceMeters(montreal, montreal)).toBe(0);
    expect(destination({ lat: 0, lng: 179.99 }, 5000, 90).lng).toBeLessThan(-179);
  });
  it('draws the public point at random within the 2000 m offset, rounded to 3 decimals', () => {
    const draws = Array.from({ length: 200 }, () => drawPublicPoint(montreal));
    for (const point of draws) {
      // 2000 m plus the rounding (half of 0.001° each way is under 80 m)
      expect(distanceMeters(montreal, point)).toBeLessThanOrEqual(2080);
      expect(roundPoint(point)).toEqual(point);
    }
    // A secure random draw: 200 draws land on many of the disc's ~1,450 rounded points (about 186
    // distinct expected), and they spread over the disc (mean distance two thirds of the radius).
    expect(new Set(draws.map((point) => `${point.lat},${point.lng}`)).size).toBeGreaterThan(150);
    const mean = draws.reduce((sum, point) => sum + distanceMeters(montreal, point), 0) / draws.length;
    expect(mean).toBeGreaterThan(1100);
    expect(mean).toBeLessThan(1600);
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 0.999999, noNaN: true }),
        fc.double({ min: 0, max: 0.999999, noNaN: true }),
        (u, v) => {
          const point = drawPublicPoint(montreal, () => [u, v], 100);
          expect(distanceMeters(montreal, point)).toBeLessThanOrEqual(180);
        },
      ),
    );
  });
  it('widens a search box smaller than the fuzzy disc around its middle', () => {
    const tiny = { ne: { lat: 45.5018, lng: -73.5672 }, sw: { lat: 45.5016, lng: -73.5674 } };
    const widened = widenedBounds(tiny);
    expect(distanceMeters(widened.sw, { lat: widened.ne.lat, lng: widened.sw.lng })).toBeCloseTo(4000, -1);
    expect(distanceMeters(widened.sw, { lat: widened.sw.lat, lng: widened.ne.lng })).toBeCloseTo(4000, -1);
    const big = boundsAround(montreal, 10_000);
    expect(widenedBounds(big)).toEqual(big);
    const world = { ne: { lat: 85, lng: 180 }, sw: { lat: -85, lng: -180 } };
    expect(widenedBounds(world)).toEqual(world);
    // A thin box across 180°: kept wide, made tall.
    const across = { ne: { lat: 0.001, lng: -179 }, sw: { lat: 0, lng: 179 } };
    const acrossWidened = widenedBounds(across);
    expect(acrossWidened.ne.lng).toBe(-179);
    expect(acrossWidened.sw.lng).toBe(179);
    expect(acrossWidened.ne.lat - acrossWidened.sw.lat).toBeGreaterThan(0.03);
  });
  it('draws the circle in 8-degree steps', () => {
    const path = circlePath(montreal);
    expect(path).toHaveLength(45);
    for (const p of path) expect(distanceMeters(montreal, p)).toBeCloseTo(2000, 3);
    expect(circlePath(montreal, 10, 90)).toHaveLength(4);
  });
  it('needs a public point when fuzzy is on, else the center', () => {
    const shown = { lat: 1, lng: 2 };
    expect(mapCenter({ fuzzy: true, center: montreal, publicPoint: shown })).toBe(shown);
    expect(mapCenter({ fuzzy: false, center: montreal, publicPoint: shown })).toBe(montreal);
    expect(() => mapCenter({ fuzzy: true, center: montreal })).toThrow('public point');
    expect(() => mapCenter({ fuzzy: false })).toThrow('Map needs a center');
  });
  it('makes bounds around the current location and caps static maps', () => {
    const b = boundsAround(montreal);
    expect(b.ne.lat).toBeGreaterThan(montreal.lat);
    expect(b.ne.lng).toBeGreaterThan(montreal.lng);
    expect(b.sw.lat).toBeLessThan(montreal.lat);
    expect(b.sw.lng).toBeLessThan(montreal.lng);
    expect(distanceMeters(montreal, { lat: b.ne.lat, lng: montreal.lng })).toBeCloseTo(1000, 3);
    expect(staticMapSize(1280, 640)).toEqual({ width: 640, height: 320 });
    expect(staticMapSize(400, 300)).toEqual({ width: 400, height: 300 });
  });
});
