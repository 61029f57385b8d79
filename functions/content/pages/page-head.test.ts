import { describe, expect, it } from 'vitest';
import { siteSettings } from '../../../shared/config/site';
import { canonicalOriginOf, viewerOriginHeader } from './page-head';

const origin = 'https://d111.cloudfront.net';

describe('canonicalOriginOf', () => {
  it("takes the viewer's origin from the CDN's header, else the configured one", () => {
    expect(canonicalOriginOf({ [viewerOriginHeader]: 'https://D111.cloudfront.net' })).toBe(origin);
    expect(canonicalOriginOf({ [viewerOriginHeader]: 'http://localhost:3000' })).toBe(
      'http://localhost:3000',
    );
    expect(canonicalOriginOf({})).toBe(siteSettings.canonicalOrigin);
    expect(canonicalOriginOf(undefined)).toBe(siteSettings.canonicalOrigin);
    for (const bad of ['javascript:alert(1)', 'https://x.example/path', 'https://"><script>', 'ftp://x']) {
      expect(canonicalOriginOf({ [viewerOriginHeader]: bad }), bad).toBe(siteSettings.canonicalOrigin);
    }
  });
});
