import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGzip } from 'node:zlib';

/**
 * A gzip-compressing proxy in front of the local gateway, for `npm run bench:web -- --compress`.
 * CloudFront compresses text responses (JS, CSS, HTML, JSON, SVG) for browsers that accept it; the
 * local gateway does not, so Lighthouse against it pays for uncompressed JavaScript. This shows what
 * the pages would score with compression, as in production. Gzip at zlib's default level 6, as an
 * edge compresses on the fly (CloudFront would use Brotli for Chrome, which is a little smaller).
 */
const compressible = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/;

export interface CompressingProxy {
  url: string;
  stop(): Promise<void>;
}

export async function startCompressingProxy(target: string): Promise<CompressingProxy> {
  const upstream = new URL(target);
  const server: Server = createServer((incoming, outgoing) => {
    const proxied = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: upstream.host, 'accept-encoding': 'identity' },
      },
      (response) => {
        const headers = { ...response.headers };
        const type = String(headers['content-type'] ?? '');
        const accepts = /\bgzip\b/.test(String(incoming.headers['accept-encoding'] ?? ''));
        if (
          accepts &&
          compressible.test(type) &&
          !headers['content-encoding'] &&
          incoming.method !== 'HEAD'
        ) {
          delete headers['content-length'];
          headers['content-encoding'] = 'gzip';
          headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
          outgoing.writeHead(response.statusCode ?? 502, headers);
          response.pipe(createGzip()).pipe(outgoing);
        } else {
          outgoing.writeHead(response.statusCode ?? 502, headers);
          response.pipe(outgoing);
        }
      },
    );
    proxied.on('error', (error) => {
      if (!outgoing.headersSent) outgoing.writeHead(502, { 'content-type': 'text/plain' });
      outgoing.end(`proxy error: ${error.message}`);
    });
    incoming.pipe(proxied);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
