import { latestAssetAlias } from '../../../shared/content/page-asset';
import { ApiError, httpHandler, json, pathParam } from '../../lib/http';
import { AssetNotFound, assetVersionPattern, isServableAssetPath, readAsset } from '../assets';

/** A version never changes: browsers and CloudFront may keep it for a year. */
export const versionCacheControl = 'public, max-age=31536000, immutable';
/** `latest` moves when content is published: a minute. */
export const latestCacheControl = 'public, max-age=60';

/**
 * GET /api/assets/{version}/{path+} — a hosted JSON asset (page content, translations) of one
 * version or of the `latest` alias: `{ data, meta: { version } }`, `version` being the one served.
 */
export const handler = httpHandler(async (event) => {
  const version = pathParam(event, 'version');
  const path = pathParam(event, 'path');
  if (!assetVersionPattern.test(version)) {
    throw new ApiError('validation-invalid-params', 'The version must be latest or a version id.', {
      param: 'version',
    });
  }
  if (!isServableAssetPath(path)) {
    throw new ApiError('validation-invalid-params', 'Only JSON assets under content/ can be fetched.', {
      param: 'path',
    });
  }
  try {
    const asset = await readAsset(version, path);
    return json(
      200,
      { data: asset.data, meta: { version: asset.version } },
      { 'cache-control': version === latestAssetAlias ? latestCacheControl : versionCacheControl },
    );
  } catch (error) {
    if (error instanceof AssetNotFound) throw new ApiError('not-found', 'This asset does not exist.');
    throw error;
  }
});
