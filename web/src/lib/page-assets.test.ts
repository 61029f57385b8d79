import { describe, expect, it } from 'vitest';
import { resolvePreview } from './page-assets';

describe('preview resolver', () => {
  it('chooses terms, privacy, landing or a content page from the asset path', () => {
    expect(resolvePreview('content/pages/terms-of-service.json')?.kind).toBe('terms');
    expect(resolvePreview('content/pages/privacy-policy.json')?.kind).toBe('privacy');
    expect(resolvePreview('/content/pages/landing-page.json')?.kind).toBe('landing');
    expect(resolvePreview('content/pages/safety-tips.json')).toMatchObject({
      kind: 'content',
      pageId: 'safety-tips',
    });
  });

  it('refuses paths that are not page assets', () => {
    for (const path of [
      undefined,
      '',
      'content/translations.json',
      'content/pages/../x.json',
      'content/pages/About.json',
    ]) {
      expect(resolvePreview(path)).toBeUndefined();
    }
  });
});
