import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isUuid } from '../../../shared/ids';
import { newIdempotencyKey } from './idempotency-key';

describe('newIdempotencyKey', () => {
  it('uses crypto.randomUUID where the browser has it', () => {
    expect(newIdempotencyKey({ randomUUID: () => 'from-random-uuid' } as never)).toBe('from-random-uuid');
  });

  it('makes a v4 UUID the API accepts from getRandomValues elsewhere (http on a LAN address)', () => {
    const insecure = { getRandomValues: webcrypto.getRandomValues.bind(webcrypto) } as Pick<
      Crypto,
      'getRandomValues'
    >;
    const keys = Array.from({ length: 200 }, () => newIdempotencyKey(insecure));
    for (const key of keys) expect(isUuid(key), key).toBe(true);
    expect(keys.every((key) => key[14] === '4')).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
