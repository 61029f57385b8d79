import { describe, expect, it } from 'vitest';
import { tokenize } from './keywords';

describe('tokenize', () => {
  it('lowercases, strips accents and splits on anything but letters and digits', () => {
    expect(tokenize('Vélo de Route — 700c/28mm')).toEqual(['velo', 'de', 'route', '700c', '28mm']);
    expect(tokenize('  ')).toEqual([]);
  });
});
