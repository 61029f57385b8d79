import { describe, expect, it } from 'vitest';
import type { HttpEvent } from '../../lib/http';
import { sameSiteUrl, siteOriginOf } from './site';

const eventWith = (headers: Record<string, string>) => ({ headers }) as unknown as HttpEvent;

describe('siteOriginOf', () => {
  it('prefers the Origin header, then the viewer origin, then the host', () => {
    expect(siteOriginOf(eventWith({ origin: 'https://www.veloexchange.com', host: 'api.example' }))).toBe(
      'https://www.veloexchange.com',
    );
    expect(siteOriginOf(eventWith({ 'x-velo-viewer-origin': 'https://d1.cloudfront.net' }))).toBe(
      'https://d1.cloudfront.net',
    );
    expect(siteOriginOf(eventWith({ host: 'localhost:3000' }))).toBe('http://localhost:3000');
    expect(siteOriginOf(eventWith({ origin: 'null', host: 'shop.example' }))).toBe('https://shop.example');
    expect(() => siteOriginOf(eventWith({ host: 'bad host/' }))).toThrow();
  });
});

describe('sameSiteUrl', () => {
  const origin = 'http://localhost:3000';
  it('accepts paths and same-origin URLs only', () => {
    expect(sameSiteUrl('/account/paypal?returnURLType=success', origin)).toBe(
      'http://localhost:3000/account/paypal?returnURLType=success',
    );
    expect(sameSiteUrl('http://localhost:3000/x', origin)).toBe('http://localhost:3000/x');
    for (const bad of ['//evil.example/x', '/\\evil.example', 'https://evil.example/x', 'not a url']) {
      expect(() => sameSiteUrl(bad, origin), bad).toThrow();
    }
  });
});
