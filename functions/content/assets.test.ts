import { describe, expect, it } from 'vitest';
import {
  assetAliasKey,
  assetAliasKeyFor,
  assetKey,
  assetVersionPattern,
  isServableAssetPath,
} from './assets';

describe('asset keys', () => {
  it('put versions and the alias under assets/', () => {
    expect(assetKey('0a1b2c3d4e5f', 'content/pages/about.json')).toBe(
      'assets/0a1b2c3d4e5f/content/pages/about.json',
    );
    expect(assetKey('v1', 'content/x.json', 'test/')).toBe('test/v1/content/x.json');
    expect(assetAliasKey).toBe('assets/latest.json');
    expect(assetAliasKeyFor('test/')).toBe('test/latest.json');
  });

  it('accept latest and version ids only', () => {
    for (const version of ['latest', '0a1b2c3d4e5f', 'release-2', 'a'.repeat(64)]) {
      expect(assetVersionPattern.test(version), version).toBe(true);
    }
    for (const version of ['', 'A1', '..', 'v1.2', 'a/b', 'a'.repeat(65)]) {
      expect(assetVersionPattern.test(version), version).toBe(false);
    }
  });
});

describe('isServableAssetPath', () => {
  it('allows JSON under content/', () => {
    for (const path of [
      'content/pages/about.json',
      'content/translations.json',
      'content/pages/v2.1_x-y.json',
    ]) {
      expect(isServableAssetPath(path), path).toBe(true);
    }
  });

  it('refuses other files, other folders, traversal and odd segments', () => {
    for (const path of [
      'content/pages/about.txt',
      'content/pages/about.json.bak',
      'content.json',
      'other/pages/about.json',
      'content/../latest.json',
      'content/pages/../../../secret.json',
      'content/./pages/about.json',
      'content//about.json',
      'content/.hidden.json',
      '/content/pages/about.json',
      'content/pages/a b.json',
      'content/pages/%2e%2e.json',
      `content/${'a'.repeat(260)}.json`,
    ]) {
      expect(isServableAssetPath(path), path).toBe(false);
    }
  });
});
