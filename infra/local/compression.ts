import { createReadStream, statSync } from 'node:fs';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { createGzip, gzipSync } from 'node:zlib';

/**
 * CloudFront's automatic compression, for the local gateway: text answers of 1,000 bytes to 10 MB
 * are gzipped when the viewer accepts it (with `Vary: Accept-Encoding`), so local page loads and
 * Lighthouse runs see the bytes a deployed site sends.
 */
const minBytes = 1000;
const maxBytes = 10_000_000;

export function isCompressible(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return (
    type.startsWith('text/') ||
    type === 'application/json' ||
    type === 'image/svg+xml' ||
    type.endsWith('+json')
  );
}

export function acceptsGzip(request: IncomingMessage): boolean {
  const header = request.headers['accept-encoding'];
  return typeof header === 'string' && /\bgzip\b/i.test(header);
}

/** A header's value whatever its case (handlers may answer `Content-Type`). */
function header(headers: OutgoingHttpHeaders, name: string): string | undefined {
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
  return key === undefined ? undefined : String(headers[key]);
}

function shouldCompress(request: IncomingMessage, headers: OutgoingHttpHeaders, size: number): boolean {
  return (
    acceptsGzip(request) &&
    size >= minBytes &&
    size <= maxBytes &&
    header(headers, 'content-encoding') === undefined &&
    isCompressible(header(headers, 'content-type'))
  );
}

/** Writes a whole answer, compressed when CloudFront would compress it. */
export function sendBody(
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  headers: OutgoingHttpHeaders,
  body: string | Uint8Array,
): void {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const compress = shouldCompress(request, headers, bytes.length);
  const out = compress ? gzipSync(bytes) : bytes;
  response.writeHead(status, {
    ...headers,
    ...(compress ? { 'content-encoding': 'gzip', vary: 'Accept-Encoding' } : {}),
    'content-length': String(out.length),
  });
  response.end(request.method === 'HEAD' ? undefined : out);
}

/** Streams a file as the answer, compressed when CloudFront would compress it. */
export function sendFile(
  request: IncomingMessage,
  response: ServerResponse,
  headers: OutgoingHttpHeaders,
  file: string,
): void {
  const compress = shouldCompress(request, headers, statSync(file).size);
  response.writeHead(200, {
    ...headers,
    ...(compress ? { 'content-encoding': 'gzip', vary: 'Accept-Encoding' } : {}),
  });
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  const stream = createReadStream(file);
  (compress ? stream.pipe(createGzip()) : stream).pipe(response);
}
