import { describe, expect, it } from 'vitest';
import { mapSettings } from '../../../shared/config/constants';
import { distanceMeters } from '../../../shared/maps';
import { basemapPolygons } from './basemap';
import { parseStaticMapQuery } from './params';
import {
  type BasemapPolygon,
  clipRing,
  imageProjection,
  ringPath,
  staticMapSvg,
  viewBounds,
  worldPixel,
  worldPoint,
} from './projection';

describe('Web Mercator pixels', () => {
  it('puts 0,0 in the middle of the world and the corners at the Mercator limits', () => {
    expect(worldPixel({ lat: 0, lng: 0 }, 0)).toEqual({ x: 128, y: 128 });
    expect(worldPixel({ lat: 85.05112878, lng: -180 }, 1)).toMatchObject({ x: 0, y: expect.closeTo(0, 3) });
    expect(worldPixel({ lat: -85.05112878, lng: 180 }, 1)).toMatchObject({
      x: 512,
      y: expect.closeTo(512, 3),
    });
  });

  it('matches the slippy-map tile of a known place (Toronto at zoom 13 is tile 2289/2989)', () => {
    const { x, y } = worldPixel({ lat: 43.6532, lng: -79.3832 }, 13);
    expect(Math.floor(x / 256)).toBe(2289);
    expect(Math.floor(y / 256)).toBe(2989);
  });

  it('worldPoint inverts worldPixel', () => {
    const point = { lat: 49.2676, lng: -123.1553 };
    const back = worldPoint(worldPixel(point, 13), 13);
    expect(back.lat).toBeCloseTo(point.lat, 9);
    expect(back.lng).toBeCloseTo(point.lng, 9);
  });

  it('projects the center to the middle of the image, north up and east right', () => {
    const view = { center: { lat: 43.65, lng: -79.38 }, zoom: 13, width: 640, height: 360 };
    const project = imageProjection(view);
    expect(project(view.center)).toEqual({ x: 320, y: 180 });
    const east = project({ lat: 43.65, lng: -79.37 });
    const north = project({ lat: 43.66, lng: -79.38 });
    expect(east.x).toBeGreaterThan(320);
    expect(north.y).toBeLessThan(180);
    // One degree of longitude is 256·2^13/360 px at zoom 13.
    expect(east.x - 320).toBeCloseTo((0.01 * 256 * 2 ** 13) / 360, 6);
  });

  it('takes the copy of the world nearest the center across the antimeridian', () => {
    const project = imageProjection({ center: { lat: 0, lng: 179.9 }, zoom: 10, width: 200, height: 200 });
    expect(project({ lat: 0, lng: -179.9 }).x).toBeGreaterThan(100);
    expect(project({ lat: 0, lng: -179.9 }).x).toBeLessThan(300);
  });

  it('gives the box an image shows', () => {
    const bounds = viewBounds({ center: { lat: 0, lng: 0 }, zoom: 0, width: 256, height: 256 });
    expect(bounds.west).toBeCloseTo(-180);
    expect(bounds.east).toBeCloseTo(180);
    expect(bounds.north).toBeCloseTo(85.0511, 3);
  });
});

describe('clipRing and ringPath', () => {
  const box = { minX: 0, minY: 0, maxX: 10, maxY: 10 };

  it('keeps a ring that is inside, cuts one that crosses, drops one that is outside', () => {
    const inside = [
      { x: 1, y: 1 },
      { x: 9, y: 1 },
      { x: 5, y: 9 },
    ];
    expect(clipRing(inside, box)).toEqual(inside);
    const crossing = [
      { x: -5, y: 5 },
      { x: 5, y: -5 },
      { x: 15, y: 5 },
      { x: 5, y: 15 },
    ];
    const clipped = clipRing(crossing, box);
    for (const point of clipped) {
      expect(point.x).toBeGreaterThanOrEqual(0);
      expect(point.x).toBeLessThanOrEqual(10);
      expect(point.y).toBeGreaterThanOrEqual(0);
      expect(point.y).toBeLessThanOrEqual(10);
    }
    expect(clipped.length).toBeGreaterThanOrEqual(4);
    expect(
      clipRing(
        [
          { x: 20, y: 20 },
          { x: 30, y: 20 },
          { x: 25, y: 30 },
        ],
        box,
      ),
    ).toEqual([]);
  });

  it('writes rounded SVG path data and skips points closer than half a pixel', () => {
    expect(
      ringPath([
        { x: 0, y: 0 },
        { x: 0.2, y: 0.1 },
        { x: 10.04, y: 0 },
        { x: 10, y: 10.06 },
      ]),
    ).toBe('M0 0L10 0L10 10.1Z');
    expect(ringPath([{ x: 0, y: 0 }])).toBe('');
  });
});

describe('staticMapSvg', () => {
  const square = (west: number, south: number, east: number, north: number): BasemapPolygon => ({
    rings: [
      [
        [west, south],
        [east, south],
        [east, north],
        [west, north],
        [west, south],
      ],
    ],
    bbox: [west, south, east, north],
  });

  it('draws water, the land in view (clipped to the image) and the fuzzy circle', () => {
    const svg = staticMapSvg({
      center: { lat: 43.65, lng: -79.38 },
      zoom: 13,
      width: 640,
      height: 360,
      polygons: [square(-80, 43, -79, 44), square(10, 10, 11, 11)],
    });
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="640" height="360"/);
    expect(svg).toContain('<rect width="640" height="360" fill="#aad3df"/>');
    // The land square covers the whole view: clipped to the image plus its 4 px margin.
    expect(svg).toContain('fill="#f2efe9"');
    expect(svg).toMatch(/M-4 -4|M644 -4|M644 364|M-4 364/);
    // The far-away square is left out: one land path only.
    expect(svg.match(/fill="#f2efe9"/g)).toHaveLength(1);
    expect(svg).toContain(
      `fill="${mapSettings.fuzzy.circleColor}" fill-opacity="${mapSettings.fuzzy.circleOpacity}"`,
    );
    expect(svg).not.toMatch(/<text/);
  });

  it('draws the circle with the fuzzy radius: 2000 m is about 2000/(19.1·cos(lat)) px at zoom 13', () => {
    const center = { lat: 43.65, lng: -79.38 };
    const svg = staticMapSvg({ center, zoom: 13, width: 640, height: 360, polygons: [] });
    const circle = /<path d="M([\d.]+) ([\d.]+)L/.exec(svg.slice(svg.indexOf('fill-opacity') - 2000));
    expect(circle).not.toBeNull();
    // The first circle point is due north of the center: its distance in pixels from the middle.
    const metresPerPixel = (156543.03392 * Math.cos((center.lat * Math.PI) / 180)) / 2 ** 13;
    const radiusPx = 180 - Number(circle![2]);
    expect(radiusPx * metresPerPixel).toBeCloseTo(mapSettings.fuzzy.offsetMeters, -1);
    expect(distanceMeters(center, center)).toBe(0);
  });

  it('scales the output size for dense screens, keeping the drawing in image pixels', () => {
    const svg = staticMapSvg({
      center: { lat: 0, lng: 0 },
      zoom: 3,
      width: 320,
      height: 200,
      polygons: [],
      scale: 2,
    });
    expect(svg).toContain('width="640" height="400" viewBox="0 0 320 200"');
  });
});

describe('basemapPolygons', () => {
  it('turns a TopoJSON polygon and multipolygon into polygons with boxes', () => {
    const topology = {
      type: 'Topology' as const,
      arcs: [
        [
          [0, 0],
          [10, 0],
          [10, 10],
          [0, 10],
          [0, 0],
        ],
        [
          [20, 20],
          [21, 20],
          [21, 21],
          [20, 20],
        ],
      ],
      objects: {
        countries: {
          type: 'GeometryCollection' as const,
          geometries: [
            { type: 'Polygon' as const, arcs: [[0]] },
            { type: 'MultiPolygon' as const, arcs: [[[0]], [[1]]] },
          ],
        },
      },
    };
    const polygons = basemapPolygons(topology as never, 'countries');
    expect(polygons).toHaveLength(3);
    expect(polygons[0]!.bbox).toEqual([0, 0, 10, 10]);
    expect(polygons[2]!.bbox).toEqual([20, 20, 21, 21]);
    expect(() => basemapPolygons(topology as never, 'land')).toThrow(/no object land/);
  });
});

describe('parseStaticMapQuery', () => {
  it('reads center, zoom, size and scale, with defaults 13 and 640 × 360', () => {
    expect(parseStaticMapQuery({ center: '43.65,-79.38' })).toEqual({
      center: { lat: 43.65, lng: -79.38 },
      zoom: 13,
      width: 640,
      height: 360,
      scale: 1,
    });
    expect(
      parseStaticMapQuery({ center: ' 49.2,-123.1 ', zoom: '0', width: '300', height: '200', scale: '2' }),
    ).toEqual({
      center: { lat: 49.2, lng: -123.1 },
      zoom: 0,
      width: 300,
      height: 200,
      scale: 2,
    });
  });

  it('caps the width at 640 keeping the aspect ratio', () => {
    expect(parseStaticMapQuery({ center: '0,0', width: '1280', height: '720' })).toMatchObject({
      width: 640,
      height: 360,
    });
  });

  it('names the parameter of every problem', () => {
    const cases: [Record<string, string>, string][] = [
      [{}, 'center'],
      [{ center: '43.65' }, 'center'],
      [{ center: 'a,b' }, 'center'],
      [{ center: '43.65,-79.38,1' }, 'center'],
      [{ center: '86,0' }, 'center'],
      [{ center: '0,181' }, 'center'],
      [{ center: '0,0', zoom: '21' }, 'zoom'],
      [{ center: '0,0', zoom: '-1' }, 'zoom'],
      [{ center: '0,0', zoom: '12.5' }, 'zoom'],
      [{ center: '0,0', width: '0' }, 'width'],
      [{ center: '0,0', width: '5000' }, 'width'],
      [{ center: '0,0', height: 'x' }, 'height'],
      [{ center: '0,0', width: '640', height: '641' }, 'height'],
      [{ center: '0,0', scale: '3' }, 'scale'],
    ];
    for (const [query, param] of cases) {
      const result = parseStaticMapQuery(query);
      expect(result, JSON.stringify(query)).toMatchObject({ param, message: expect.any(String) });
    }
  });
});
