import { GeoMapsClient, GetStaticMapCommand } from '@aws-sdk/client-geo-maps';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { mapSettings } from '../../../shared/config/constants';
import { staticMapProvider } from './index';
import { AmazonStaticMaps, circleOverlay } from './real';

const geoMaps = mockClient(GeoMapsClient);
afterEach(() => geoMaps.reset());

describe('staticMapProvider', () => {
  it('is the offline renderer unless VELO_MAPS_PROVIDER=amazon', () => {
    expect(staticMapProvider({}).name).toBe('offline');
    expect(staticMapProvider({ VELO_MAPS_PROVIDER: 'offline' }).name).toBe('offline');
    expect(staticMapProvider({ VELO_MAPS_PROVIDER: 'amazon', VELO_MAPS_API_KEY: 'k' }).name).toBe('amazon');
  });
});

describe('AmazonStaticMaps (GetStaticMap)', () => {
  it('asks for the center as lng,lat with the zoom, size, key, style and the fuzzy circle overlay', async () => {
    geoMaps.on(GetStaticMapCommand).resolves({
      Blob: new Uint8Array([1, 2, 3]),
      ContentType: 'image/jpeg',
    } as never);
    const provider = new AmazonStaticMaps({ region: 'ca-central-1', apiKey: 'v1.public.key' });
    const image = await provider.render({
      center: { lat: 43.65, lng: -79.38 },
      zoom: 13,
      width: 640,
      height: 360,
      scale: 2,
    });
    expect(image).toEqual({ body: Buffer.from([1, 2, 3]), contentType: 'image/jpeg' });
    const [call] = geoMaps.commandCalls(GetStaticMapCommand);
    expect(call!.args[0].input).toMatchObject({
      Center: '-79.38,43.65',
      Zoom: 13,
      Width: 640,
      Height: 360,
      FileName: 'map@2x',
      Style: 'Standard',
      Key: 'v1.public.key',
    });
    const overlay = JSON.parse(call!.args[0].input.GeoJsonOverlay!);
    expect(overlay.features[0].properties.color).toBe(mapSettings.fuzzy.circleColor);
  });

  it('fails clearly when the answer has no image', async () => {
    geoMaps.on(GetStaticMapCommand).resolves({} as never);
    const provider = new AmazonStaticMaps({ region: 'ca-central-1' });
    await expect(
      provider.render({ center: { lat: 0, lng: 0 }, zoom: 3, width: 100, height: 100, scale: 1 }),
    ).rejects.toThrow(/without an image/);
  });

  it('closes the circle polygon', () => {
    const ring = JSON.parse(circleOverlay({ center: { lat: 10, lng: 20 } })).features[0].geometry
      .coordinates[0];
    expect(ring[0]).toEqual(ring[ring.length - 1]);
  });
});
