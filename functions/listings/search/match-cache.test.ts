import { describe, expect, it } from 'vitest';
import { MatchCache } from './match-cache';

const matched = (count: number) => ({
  matches: {
    positions: Int32Array.from({ length: count + 2 }, (_, i) => i),
    scores: new Int32Array(count + 2),
    count,
  },
  counts: [],
});

describe('MatchCache', () => {
  it('keeps a trimmed copy and gives it back', () => {
    const cache = new MatchCache(100);
    const given = matched(3);
    cache.set('a', given);
    given.matches.positions[0] = 99; // the caller reuses its arrays
    expect(Array.from(cache.get('a')!.matches.positions)).toEqual([0, 1, 2]);
  });

  it('drops the least recently used searches once it holds too many positions', () => {
    const cache = new MatchCache(10);
    cache.set('a', matched(4));
    cache.set('b', matched(4));
    cache.get('a');
    cache.set('c', matched(4));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    cache.set('huge', matched(11));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.size).toBe(2);
  });
});
