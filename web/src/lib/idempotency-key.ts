/**
 * A new idempotency key for an order or enquiry (`checkoutKey`): an RFC 9562 v4 UUID, as the API
 * requires (shared/ids.ts). `crypto.randomUUID` exists only in secure contexts (https, localhost);
 * elsewhere (a LAN address over http) the same v4 layout is made from `crypto.getRandomValues`,
 * which every browser has everywhere.
 */
export function newIdempotencyKey(
  source: Pick<Crypto, 'getRandomValues'> & Partial<Crypto> = crypto,
): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // variant 10
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
