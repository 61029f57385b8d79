import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  base64ToBytes,
  bitPositions,
  bloomFilterHas,
  bloomFilterShape,
  buildBloomFilter,
  bytesToBase64,
  expectedFalsePositiveRate,
  hashPair,
} from './bloom-filter';

describe('Bloom filter', () => {
  it('sizes the bit array for the count and the false-positive rate', () => {
    const shape = bloomFilterShape(1000, 0.01);
    // m = −1000 · ln 0.01 / (ln 2)² = 9585.06 bits → 9592 (whole bytes); k = 9.592 · ln 2 ≈ 6.65 → 7.
    expect(shape).toEqual({ bits: 9592, hashes: 7 });
    expect(expectedFalsePositiveRate(1000, shape)).toBeCloseTo(0.01, 3);
  });

  it('always finds every word it was built from', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 30 }), { minLength: 1, maxLength: 200 }),
        (words) => {
          const shape = bloomFilterShape(words.length, 0.01);
          const bytes = buildBloomFilter(words, shape);
          return words.every((word) => bloomFilterHas(bytes, shape, word));
        },
      ),
    );
  });

  it('answers "not in the set" for other words at about the expected rate', () => {
    const words = Array.from({ length: 2000 }, (_, i) => `member-${i}`);
    const shape = bloomFilterShape(words.length, 0.01);
    const bytes = buildBloomFilter(words, shape);
    const others = Array.from({ length: 20_000 }, (_, i) => `outsider-${i}`);
    const falsePositives = others.filter((word) => bloomFilterHas(bytes, shape, word)).length;
    expect(falsePositives / others.length).toBeLessThan(0.02);
    expect(bloomFilterHas(new Uint8Array(shape.bits / 8), shape, 'member-1')).toBe(false);
  });

  it('hashes deterministically, to distinct positions for near words', () => {
    expect(hashPair('password')).toEqual(hashPair('password'));
    expect(hashPair('password')).not.toEqual(hashPair('Password'));
    const shape = { bits: 1_000_003, hashes: 5 };
    expect(new Set(bitPositions('password', shape)).size).toBe(5);
    expect(bitPositions('password1', shape)).not.toEqual(bitPositions('password', shape));
    for (const bit of bitPositions('anything', { bits: 64, hashes: 10 })) expect(bit).toBeLessThan(64);
  });

  it('round-trips its bytes through base64', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(base64ToBytes(bytesToBase64(bytes))).toEqual(bytes);
      }),
    );
  });
});
