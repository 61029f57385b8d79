/**
 * Our ids are RFC 9562 UUIDs: listings, users' checkout keys and events are v4, transactions v5 of
 * customer + checkout key. The check includes the version (1–8) and variant nibbles, so a string
 * that only looks like a UUID (all zeros, random hex) is refused before it reaches the table.
 */
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_RE.test(value);
}
