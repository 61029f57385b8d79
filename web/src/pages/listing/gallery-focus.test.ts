import { describe, expect, it } from 'vitest';
import { wrapIndex } from './gallery-focus';

describe('wrapIndex', () => {
  it('wraps past either end of the photos', () => {
    expect(wrapIndex(7, 7)).toBe(0);
    expect(wrapIndex(-1, 7)).toBe(6);
    expect(wrapIndex(3, 7)).toBe(3);
  });

  it('is 0 without photos', () => {
    expect(wrapIndex(2, 0)).toBe(0);
  });
});
