import { GetObjectCommand } from '@aws-sdk/client-s3';
import { requiredEnv, s3 } from '../../lib/aws';
import { log } from '../../lib/logger';

/**
 * The app shell: `index.html` of the site bucket (SITE_BUCKET; locally the gateway copies the
 * built dist/web/index.html there). Read once per container and then only revalidated, at most
 * every `templateRecheckMs`, with a conditional GET (304 keeps the copy), so a new deployment of
 * the site reaches warm containers within that time instead of at their next cold start.
 */
export const siteIndexKey = 'index.html';
export const templateRecheckMs = 30_000;

let template: { html: string; etag: string | undefined; checkedAt: number } | undefined;

export async function siteTemplate(): Promise<string> {
  if (template && Date.now() - template.checkedAt < templateRecheckMs) return template.html;
  try {
    const object = await s3().send(
      new GetObjectCommand({
        Bucket: requiredEnv('SITE_BUCKET'),
        Key: siteIndexKey,
        ...(template?.etag ? { IfNoneMatch: template.etag } : {}),
      }),
    );
    const html = await object.Body!.transformToString('utf8');
    template = { html, etag: object.ETag, checkedAt: Date.now() };
    return html;
  } catch (error) {
    if (!template) throw error;
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status !== 304 && (error as Error).name !== 'NotModified') {
      // Keep serving the copy we have; try again after the next interval.
      log.warn('index.html revalidation failed', { error });
    }
    template.checkedAt = Date.now();
    return template.html;
  }
}

/** Forgets the copy (tests). */
export function clearSiteTemplate(): void {
  template = undefined;
}
