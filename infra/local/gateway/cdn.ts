import { existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { GetObjectCommand, NoSuchKey, PutObjectCommand } from '@aws-sdk/client-s3';
import { siteIndexKey } from '../../../functions/content/pages/site-template';
import { s3 } from '../../../functions/lib/aws';
import { rawUploadsKeyPrefix } from '../../../functions/lib/uploads';
import { immutableCacheControl, revalidateCacheControl } from '../../web-security';
import { sendFile } from '../compression';
import { pageRendererGrant, runReadOnly } from '../read-only';
import { httpEvent, type Invoke } from './lambda';
import { type PathHandler, sendError } from './responses';

/**
 * CloudFront's behaviours besides /api/*: /images/* from the images bucket, /config.json, the built
 * web app's files (long cache on hashed assets), and every other page from the head renderer's Lambda.
 */
const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

export function imagesBehaviour(imagesBucket: string): PathHandler {
  return async (_request, response, url, requestId) => {
    // CloudFront forwards the path as is, so /images/x is the object images/x in the images bucket.
    // Only that prefix: an encoded `..` must not reach the private ones (dispute-evidence/) on disk.
    const key = decodeURIComponent(url.pathname.slice(1));
    if (!key.startsWith('images/') || key.split('/').some((part) => part === '..' || part === '.')) {
      sendError(response, requestId, 'not-found');
      return;
    }
    // Raw uploads are denied to CloudFront by the bucket policy (S3 answers 403): the same here.
    if (key.startsWith(rawUploadsKeyPrefix)) {
      sendError(response, requestId, 'forbidden');
      return;
    }
    try {
      const object = await s3().send(new GetObjectCommand({ Bucket: imagesBucket, Key: key }));
      const bytes = await object.Body!.transformToByteArray();
      response.writeHead(200, {
        'content-type': object.ContentType ?? 'application/octet-stream',
        'content-length': String(bytes.length),
        'cache-control': immutableCacheControl,
        'x-content-type-options': 'nosniff',
      });
      response.end(bytes);
    } catch (error) {
      if (error instanceof NoSuchKey || (error as Error).name === 'NoSuchKey') {
        sendError(response, requestId, 'not-found');
        return;
      }
      throw error;
    }
  };
}

/** `/config.json`: the runtime configuration the web app reads at start. */
export function configBehaviour(runtimeConfig: Record<string, unknown>): PathHandler {
  return async (_request, response) => {
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': revalidateCacheControl,
    });
    response.end(JSON.stringify(runtimeConfig));
  };
}

/**
 * Puts the built index.html in the site bucket (where the head renderer reads it), and again
 * whenever a rebuild changed the file.
 */
function indexPublisher(indexFile: string, siteBucket: string): () => Promise<void> {
  let publishedIndex: number | undefined;
  return async () => {
    const modified = statSync(indexFile).mtimeMs;
    if (publishedIndex === modified) return;
    await s3().send(
      new PutObjectCommand({
        Bucket: siteBucket,
        Key: siteIndexKey,
        Body: readFileSync(indexFile),
        ContentType: 'text/html; charset=utf-8',
      }),
    );
    publishedIndex = modified;
  };
}

/** A URL path as a file under the web root, or '' when it is not a file name there. */
function relativeFile(pathname: string): string {
  let decoded: string | undefined;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    decoded = undefined; // not a file name; the renderer answers it like any unknown page
  }
  return decoded === undefined ? '' : normalize(decoded).replace(/^([/\\])+/, '');
}

function serveFile(
  request: IncomingMessage,
  response: ServerResponse,
  file: string,
  cacheControl: string,
  siteHeaders: Record<string, string>,
) {
  sendFile(
    request,
    response,
    {
      'content-type': contentTypes[extname(file)] ?? 'application/octet-stream',
      'cache-control': cacheControl,
      ...siteHeaders,
    },
    file,
  );
}

/**
 * The default behaviour: a deployed file of the web app, else the page from the head renderer.
 * Publishes index.html first when it is built already.
 */
export async function siteBehaviour(
  options: { webRoot: string; siteBucket: string },
  invoke: Invoke,
  siteHeaders: Record<string, string>,
): Promise<PathHandler> {
  const { webRoot } = options;
  const indexFile = join(webRoot, 'index.html');
  const publishIndex = indexPublisher(indexFile, options.siteBucket);
  if (existsSync(indexFile)) await publishIndex();

  return async (request, response, url, requestId) => {
    const relative = relativeFile(url.pathname);
    const file = join(webRoot, relative);
    const inside = file.startsWith(webRoot + sep) || file === webRoot;
    // Dot folders (.vite/ with the build manifest) are not deployed, so not served either.
    const deployed = !relative.split(sep).some((part) => part.startsWith('.'));
    if (inside && deployed && relative && existsSync(file) && statSync(file).isFile()) {
      const hashed = relative.startsWith(`assets${sep}`);
      const cacheControl = hashed ? immutableCacheControl : revalidateCacheControl;
      serveFile(request, response, file, cacheControl, siteHeaders);
      return;
    }
    if (!existsSync(indexFile)) {
      response.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('The web app is not built yet: run `npm run build:web`.');
      return;
    }
    // Client-side routes (and unknown URLs, which the app renders as its 404 page) get index.html
    // with the page's head from the renderer. A missing hashed asset is a real 404.
    if (relative.startsWith(`assets${sep}`) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...siteHeaders });
      response.end('Not found');
      return;
    }
    // A page request, as CloudFront's default behaviour sends it: the head renderer's Lambda, in-process.
    await publishIndex();
    const event = httpEvent(request, url, requestId, { routeKey: '$default' });
    // The head renderer's role only reads (web-stack.ts): read-only here too (infra/local/read-only.ts).
    await runReadOnly(pageRendererGrant(), () =>
      invoke('content/http/render-page', event, requestId, request, response, siteHeaders),
    );
  };
}
