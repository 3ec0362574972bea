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

export const newIdempotencyKey = () => crypto.randomUUID();
