import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, isCompressible } from './compression';

const request = (acceptEncoding?: string) =>
  ({ headers: { 'accept-encoding': acceptEncoding } }) as IncomingMessage;

describe('CloudFront-style compression', () => {
  it('compresses text, JSON and SVG, not images or fonts', () => {
    for (const type of ['text/html; charset=utf-8', 'text/javascript', 'application/json', 'image/svg+xml']) {
      expect(isCompressible(type), type).toBe(true);
    }
    for (const type of [undefined, 'image/png', 'font/woff2', 'application/octet-stream']) {
      expect(isCompressible(type), String(type)).toBe(false);
    }
  });

  it('only when the viewer accepts gzip', () => {
    expect(acceptsGzip(request('gzip, deflate, br'))).toBe(true);
    expect(acceptsGzip(request('br'))).toBe(false);
    expect(acceptsGzip(request())).toBe(false);
  });
});
