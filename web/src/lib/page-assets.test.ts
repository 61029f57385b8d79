import { describe, expect, it } from 'vitest';
import { peekSettled } from '../api/client';
import { pageNotFound, previewOf } from './page-assets';

describe('preview resolver', () => {
  it('chooses terms, privacy, landing or a content page from the asset path', () => {
    expect(previewOf('content/pages/terms-of-service.json')?.kind).toBe('terms');
    expect(previewOf('content/pages/privacy-policy.json')?.kind).toBe('privacy');
    expect(previewOf('/content/pages/landing-page.json')?.kind).toBe('landing');
    expect(previewOf('content/pages/safety-tips.json')).toMatchObject({
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
      expect(previewOf(path)).toBeUndefined();
    }
  });
});

describe('pageNotFound', () => {
  it('is a settled 404 that a page reading it with useLoaded sees finish', async () => {
    const promise = pageNotFound();
    const result = await promise;
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.isNotFound).toBe(true);
    expect(peekSettled(promise)).toBe(result);
  });
});
