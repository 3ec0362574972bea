import { readInteger } from '../db/money';

/**
 * Totals as PostgreSQL adds them up (issue 26): `sum` of a bigint column is an exact numeric, read
 * as text, and what is worked out from totals (a balance, a profit, an average) is worked out in
 * BigInt. A total is answered as a JSON number only when that number is exact: beyond 2^53 − 1
 * JavaScript would round it (off by one, silently), so the answer is a refusal instead.
 */

/** A total read from PostgreSQL (text, a number of a count, null for none) as a BigInt. */
export const bigTotal = (value: string | number | bigint | null | undefined): bigint => (typeof value === 'bigint' ? value : BigInt(value ?? 0));

/** A total as a JSON number, exact or refused (422 TOTAL_TOO_LARGE, server/http/errors.ts): `readInteger`'s rule. */
export const exactTotal = (value: string | number | bigint | null | undefined): number => readInteger(value ?? 0);

/** `a / b` rounded half up, for non-negative totals (an average). */
export const roundedQuotient = (a: bigint, b: bigint): bigint => (b === 0n ? 0n : (2n * a + b) / (2n * b));
