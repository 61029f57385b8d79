import { request as httpRequest } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { maxBodyBytes } from '../../infra/local/gateway/api';
import { useLocalCloud } from './cloud-env';

let url: string;
beforeAll(() => {
  url = useLocalCloud().url;
});

describe('local gateway as API Gateway', () => {
  it('puts a request id on every response', async () => {
    const response = await fetch(`${url}/api/listings?perPage=1`);
    expect(response.headers.get('apigw-requestid')).toMatch(/^[0-9a-f-]{36}$/);
    expect((await fetch(`${url}/`)).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers unknown API routes with 404 and wrong methods with 405, in the error shape', async () => {
    const missing = await fetch(`${url}/api/nothing-here`);
    expect(missing.status).toBe(404);
    const body = (await missing.json()) as { errors: Array<Record<string, unknown>> };
    expect(body.errors[0]).toEqual({
      id: missing.headers.get('apigw-requestid'),
      status: 404,
      code: 'not-found',
      title: expect.any(String),
    });
    expect((await fetch(`${url}/api/listings`, { method: 'DELETE' })).status).toBe(405);
  });

  it('answers 413 to a body over the Lambda payload limit', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(`${url}/api/listings`, {
        method: 'GET',
        headers: { 'content-type': 'application/octet-stream', 'content-length': String(maxBodyBytes + 1) },
      });
      request.on('response', (response) => resolve(response.statusCode ?? 0));
      request.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
      });
      request.end(Buffer.alloc(maxBodyBytes + 1));
    });
    expect(status).toBe(413);
  });

  it('answers CORS preflights for the site origin only', async () => {
    const allowed = await fetch(`${url}/api/me`, {
      method: 'OPTIONS',
      headers: { origin: url, 'access-control-request-method': 'GET' },
    });
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(url);
    expect(allowed.headers.get('access-control-allow-headers')).toContain('authorization');
    const other = await fetch(`${url}/api/me`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('local gateway as CloudFront', () => {
  it('serves the app with security headers and index.html (through the head renderer) for client routes', async () => {
    const pages: [path: string, status: number][] = [
      ['/', 200],
      ['/s?keywords=trek', 200],
      ['/no/such/page', 200],
      // A listing that does not exist: the app still renders (its 404 page), the status says so.
      ['/l/some-bike/123', 404],
    ];
    for (const [path, status] of pages) {
      const response = await fetch(`${url}${path}`);
      expect(response.status, path).toBe(status);
      expect(await response.text()).toContain('<div id="root">');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    }
  });

  it('gzips text answers of 1 kB or more, as CloudFront does', async () => {
    // fetch sends Accept-Encoding: gzip and decodes the body itself.
    const page = await fetch(`${url}/about`);
    expect(page.headers.get('content-encoding')).toBe('gzip');
    expect(page.headers.get('vary')).toContain('Accept-Encoding');
    expect(await page.text()).toContain('<div id="root">');
    const api = await fetch(`${url}/api/assets/latest/content/pages/terms-of-service.json`);
    expect(api.headers.get('content-encoding')).toBe('gzip');
    expect(((await api.json()) as { data: { title: string } }).data.title).toMatch(/terms/i);
    const plain = await fetch(`${url}/about`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
  });

  it('caches hashed assets for a year and 404s a missing one', async () => {
    const asset = await fetch(`${url}/assets/index-3f9a1c.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    expect((await fetch(`${url}/assets/missing-000000.js`)).status).toBe(404);
  });

  it('does not serve files outside the web root', async () => {
    const response = await fetch(`${url}/..%2f..%2fpackage.json`);
    expect(await response.text()).not.toContain('"name"');
  });

  it('serves the runtime configuration', async () => {
    const config = (await (await fetch(`${url}/config.json`)).json()) as Record<string, unknown>;
    expect(config).toMatchObject({ apiBaseUrl: '/api', currency: 'USD', idps: [] });
  });
});
