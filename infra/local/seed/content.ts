import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { publishAssets } from '../../../functions/content/publish';

/** The hosted assets folder (written by the content work; published as it is). */
export const contentAssetsDir = fileURLToPath(new URL('../../content/assets', import.meta.url));

/**
 * Publishes infra/content/assets/ into the local content bucket (`assets/{version}/…`, then the
 * alias `assets/latest.json`), as the CDK deployment does in AWS. Runs on every start of the local
 * cloud (npm start, npm run seed, the test cloud); a version already published is not uploaded
 * again. Returns the line to log.
 */
export async function publishLocalContent(bucket: string, dir = contentAssetsDir): Promise<string> {
  if (!existsSync(dir)) return `Content assets   none (no ${dir})`;
  const result = await publishAssets({ dir, bucket });
  return result.unchanged
    ? `Content assets   version ${result.version} (already published)`
    : `Content assets   version ${result.version} (${result.uploaded} files published)`;
}
