/**
 * `Idempotency-Key` (SPEC Money: every POST that moves money accepts one): the same key with the
 * same request answers the first result; with another request, 422. The web client sends a key
 * made once per form submission, so a double click or a retry after a lost answer takes effect once.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Set on an answer that repeats a stored first answer. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';
/** Keys are opaque to the server: 1 to 255 visible ASCII characters (a UUID is a good one). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * A random UUID (v4). From getRandomValues, not randomUUID: browsers offer randomUUID only on
 * secure origins, and the app may be served over plain HTTP inside an office network.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
