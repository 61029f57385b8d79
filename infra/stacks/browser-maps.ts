import { mapSettings } from '../../shared/config/constants';
import type { DeployConfig } from '../config/deploy-config';

/**
 * What the browser's interactive maps draw on in a stage with Amazon Location for browsers
 * (`maps.browserApiKey`: a public key, restricted to the site's referrers and to map tiles): the
 * style descriptor's URL for /config.json (`mapStyle`: streets and labels) and its origin for the
 * CSP. Without it the maps use the offline basemap the site ships.
 */
export function browserMapsOf(config: DeployConfig): { mapStyle?: string; mapTiles?: string } {
  const maps = config.maps;
  if (!maps?.browserApiKey) return {};
  const origin = `https://maps.geo.${maps.region}.amazonaws.com`;
  const style = encodeURIComponent(maps.style ?? mapSettings.amazonLocationStyle);
  return {
    mapStyle: `${origin}/v2/styles/${style}/descriptor?key=${encodeURIComponent(maps.browserApiKey)}`,
    mapTiles: origin,
  };
}
