import { mapSettings } from '../../../shared/config/constants';
import { staticMapSize } from '../../../shared/maps';
import type { StaticMapRequest } from './port';
import { maxMercatorLatitude } from './projection';

/** Limits of GET /api/static-map's query. */
export const staticMapLimits = {
  zoom: { min: 0, max: 20, fallback: mapSettings.fuzzy.defaultZoomLevel },
  /** Asked sizes; the image is then capped at 640 px wide (§9), keeping the aspect ratio. */
  size: { min: 1, max: 2048 },
  fallbackSize: { width: mapSettings.staticMap.maxWidthPx, height: 360 },
  maxHeight: 640,
} as const;

/** A problem with one parameter: its name and a sentence for people. */
export interface ParamProblem {
  param: string;
  message: string;
}

function wholeNumber(
  raw: string | undefined,
  name: string,
  { min, max }: { min: number; max: number },
  fallback: number,
): number | ParamProblem {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isInteger(value) || value < min || value > max) {
    return { param: name, message: `${name} must be a whole number from ${min} to ${max}.` };
  }
  return value;
}

const isProblem = (value: unknown): value is ParamProblem =>
  typeof value === 'object' && value !== null && 'param' in value;

/**
 * The static map request of a query (`center=lat,lng&zoom=13&width=640&height=360&scale=2`), or
 * the first problem with it. `center` is required; zoom 0–20 (default 13); width and height 1–2048
 * (default 640 × 360), then capped at 640 px wide keeping the aspect ratio, and at most 640 high;
 * scale 1 or 2.
 */
export function parseStaticMapQuery(
  query: Record<string, string | undefined>,
): StaticMapRequest | ParamProblem {
  const centerText = query.center?.trim();
  if (!centerText) return { param: 'center', message: 'center is required, as lat,lng (e.g. 43.65,-79.38).' };
  const parts = centerText.split(',');
  const [lat, lng] = parts.map((part) => (part.trim() === '' ? Number.NaN : Number(part)));
  if (parts.length !== 2 || !Number.isFinite(lat) || !Number.isFinite(lng)) {
    return { param: 'center', message: 'center must be two numbers, lat,lng (e.g. 43.65,-79.38).' };
  }
  if (Math.abs(lat!) > maxMercatorLatitude || Math.abs(lng!) > 180) {
    return {
      param: 'center',
      message: `center must have a latitude from -${maxMercatorLatitude} to ${maxMercatorLatitude} and a longitude from -180 to 180.`,
    };
  }
  const zoom = wholeNumber(query.zoom, 'zoom', staticMapLimits.zoom, staticMapLimits.zoom.fallback);
  if (isProblem(zoom)) return zoom;
  const width = wholeNumber(query.width, 'width', staticMapLimits.size, staticMapLimits.fallbackSize.width);
  if (isProblem(width)) return width;
  const height = wholeNumber(
    query.height,
    'height',
    staticMapLimits.size,
    staticMapLimits.fallbackSize.height,
  );
  if (isProblem(height)) return height;
  const size = staticMapSize(width, height);
  if (size.height < 1 || size.height > staticMapLimits.maxHeight) {
    return {
      param: 'height',
      message: `The map is at most ${mapSettings.staticMap.maxWidthPx} px wide and ${staticMapLimits.maxHeight} px high (the width is capped at ${mapSettings.staticMap.maxWidthPx} keeping the aspect ratio).`,
    };
  }
  const scaleText = query.scale;
  if (scaleText !== undefined && scaleText !== '' && scaleText !== '1' && scaleText !== '2') {
    return { param: 'scale', message: 'scale must be 1 or 2.' };
  }
  return { center: { lat: lat!, lng: lng! }, zoom, ...size, scale: scaleText === '2' ? 2 : 1 };
}
