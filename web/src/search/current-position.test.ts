import { describe, expect, it } from 'vitest';
import { mapSettings } from '../../../shared/config/constants';
import { currentPosition, type Geolocator, positionMessages } from './current-position';

/** A geolocation that answers with `outcome` and records the options it was asked with. */
function fakeGeolocation(outcome: { latitude: number; longitude: number } | { code: number }) {
  const asked: PositionOptions[] = [];
  const geolocation: Geolocator = {
    getCurrentPosition(success, failure, options) {
      asked.push(options ?? {});
      if ('code' in outcome) failure?.({ code: outcome.code, message: '' } as GeolocationPositionError);
      else success({ coords: outcome } as GeolocationPosition);
    },
  };
  return { geolocation, asked };
}

describe('currentPosition', () => {
  it("asks with the spec's timeout and high accuracy and answers the point", async () => {
    const { geolocation, asked } = fakeGeolocation({ latitude: 51.5072, longitude: -0.1276 });
    expect(await currentPosition(geolocation)).toEqual({ ok: true, point: { lat: 51.5072, lng: -0.1276 } });
    expect(asked).toEqual([
      { timeout: mapSettings.geolocation.timeoutMs, enableHighAccuracy: true, maximumAge: 0 },
    ]);
  });

  it('answers each failure with a reason, and has a message for each', async () => {
    for (const [code, reason] of [
      [1, 'refused'],
      [2, 'unavailable'],
      [3, 'timeout'],
      [9, 'unavailable'],
    ] as const) {
      expect(await currentPosition(fakeGeolocation({ code }).geolocation)).toEqual({ ok: false, reason });
      expect(positionMessages[reason]).toMatch(/search for a place/);
    }
    expect(await currentPosition(null)).toEqual({ ok: false, reason: 'unsupported' });
  });
});
