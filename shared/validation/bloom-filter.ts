/**
 * A Bloom filter: a bit array that answers "maybe in the set" or "certainly not", so a set of
 * thousands of words fits in a few kilobytes (the common passwords, issue 25). A word sets `hashes`
 * bits, picked by double hashing (Kirsch and Mitzenmacher: bit i = h1 + i·h2), from two 32-bit
 * hashes of its UTF-16 code units. The same code builds the filter and reads it, so the browser
 * and the API agree bit for bit.
 */

export interface BloomFilterShape {
  /** The number of bits (the array is bits / 8 bytes, rounded up). */
  bits: number;
  /** How many bits each word sets. */
  hashes: number;
}

/** Two independent 32-bit hashes of a text (the cyrb53 mixing, kept as two halves). */
export function hashPair(text: string): [number, number] {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return [h1 >>> 0, h2 >>> 0];
}

/** The bit positions a word sets (h1 + i·h2 stays below 2^53, so the arithmetic is exact). */
export function bitPositions(word: string, shape: BloomFilterShape): number[] {
  const [h1, h2] = hashPair(word);
  return Array.from({ length: shape.hashes }, (_, i) => (h1 + i * h2) % shape.bits);
}

export function buildBloomFilter(words: Iterable<string>, shape: BloomFilterShape): Uint8Array {
  const bytes = new Uint8Array(Math.ceil(shape.bits / 8));
  for (const word of words) {
    for (const bit of bitPositions(word, shape))
      bytes[bit >>> 3] = (bytes[bit >>> 3] ?? 0) | (1 << (bit & 7));
  }
  return bytes;
}

/** True when the word may be in the set (false positives at the filter's rate), false when it is not. */
export function bloomFilterHas(bytes: Uint8Array, shape: BloomFilterShape, word: string): boolean {
  return bitPositions(word, shape).every((bit) => ((bytes[bit >>> 3] ?? 0) & (1 << (bit & 7))) !== 0);
}

/**
 * The shape for `count` words at a false-positive rate: m = −n·ln p / (ln 2)², rounded up to whole
 * bytes, and k = m/n · ln 2 hashes.
 */
export function bloomFilterShape(count: number, falsePositiveRate: number): BloomFilterShape {
  const bits = Math.ceil((-count * Math.log(falsePositiveRate)) / Math.LN2 ** 2 / 8) * 8;
  return { bits, hashes: Math.max(1, Math.round((bits / count) * Math.LN2)) };
}

/** The expected false-positive rate of a filter holding `count` words: (1 − e^(−k·n/m))^k. */
export function expectedFalsePositiveRate(count: number, shape: BloomFilterShape): number {
  return (1 - Math.exp((-shape.hashes * count) / shape.bits)) ** shape.hashes;
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64);
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}
