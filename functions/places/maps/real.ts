import { mapSettings } from '../../../shared/config/constants';
import { circlePath } from '../../../shared/maps';
import { traced } from '../../lib/tracing';
import type { StaticMapImage, StaticMapProvider, StaticMapRequest } from './port';

export interface AmazonStaticMapsOptions {
  region: string;
  /** An Amazon Location API key allowed geo-maps:GetStaticMap; absent: the function's role signs (SigV4). */
  apiKey?: string;
  /** Amazon Location's map style (§9 "streets": Standard). */
  style?: string;
}

/** The fuzzy circle as a GeoJSON overlay of GetStaticMap (a closed polygon of [lng, lat]). */
export function circleOverlay(request: Pick<StaticMapRequest, 'center'>): string {
  const ring = circlePath(request.center).map((point) => [point.lng, point.lat]);
  ring.push(ring[0]!);
  return JSON.stringify({
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        geometry: { type: 'Polygon', coordinates: [ring] },
        properties: { color: mapSettings.fuzzy.circleColor, 'outline-color': mapSettings.fuzzy.circleColor },
      },
    ],
  });
}

/**
 * Amazon Location Service's static maps (GetStaticMap of the Maps API, @aws-sdk/client-geo-maps),
 * with the fuzzy circle as a GeoJSON overlay. The SDK client is imported on first use.
 */
export class AmazonStaticMaps implements StaticMapProvider {
  readonly name = 'amazon';
  private client: Promise<import('@aws-sdk/client-geo-maps').GeoMapsClient> | undefined;

  constructor(private readonly options: AmazonStaticMapsOptions) {}

  async render(request: StaticMapRequest): Promise<StaticMapImage> {
    const { GeoMapsClient, GetStaticMapCommand } = await import('@aws-sdk/client-geo-maps');
    this.client ??= Promise.resolve(traced(new GeoMapsClient({ region: this.options.region })));
    const client = await this.client;
    const answer = await client.send(
      new GetStaticMapCommand({
        Center: `${request.center.lng},${request.center.lat}`,
        Zoom: request.zoom,
        Width: request.width,
        Height: request.height,
        FileName: request.scale === 2 ? 'map@2x' : 'map',
        Style: (this.options.style ?? mapSettings.amazonLocationStyle) as never,
        GeoJsonOverlay: circleOverlay(request),
        ...(this.options.apiKey ? { Key: this.options.apiKey } : {}),
      }),
    );
    if (!answer.Blob) throw new Error('GetStaticMap answered without an image');
    return { body: Buffer.from(answer.Blob), contentType: answer.ContentType ?? 'image/jpeg' };
  }
}
