import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  boundsAround,
  circlePath,
  destination,
  distanceMeters,
  mapCenter,
  obfuscatedCenter,
  staticMapSize,
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
  it('obfuscates within the 2000 m offset, the same for the same seed', () => {
    const a = obfuscatedCenter(montreal, 'listing-1');
    expect(obfuscatedCenter(montreal, 'listing-1')).toEqual(a);
    expect(obfuscatedCenter(montreal, 'listing-2')).not.toEqual(a);
    fc.assert(
      fc.property(fc.string(), (seed) => {
        expect(distanceMeters(montreal, obfuscatedCenter(montreal, seed))).toBeLessThanOrEqual(2000 + 1e-6);
      }),
    );
    expect(distanceMeters(montreal, obfuscatedCenter(montreal, 'x', 100))).toBeLessThanOrEqual(100 + 1e-6);
  });
  it('draws the circle in 8-degree steps', () => {
    const path = circlePath(montreal);
    expect(path).toHaveLength(45);
    for (const p of path) expect(distanceMeters(montreal, p)).toBeCloseTo(2000, 3);
    expect(circlePath(montreal, 10, 90)).toHaveLength(4);
  });
  it('needs an obfuscated center when fuzzy is on, else the center', () => {
    const obf = { lat: 1, lng: 2 };
    expect(mapCenter({ fuzzy: true, center: montreal, obfuscatedCenter: obf })).toBe(obf);
    expect(mapCenter({ fuzzy: false, center: montreal, obfuscatedCenter: obf })).toBe(montreal);
    expect(() => mapCenter({ fuzzy: true, center: montreal })).toThrow('obfuscated center');
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
