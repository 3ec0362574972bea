import { sql, type SQL } from 'drizzle-orm';
import { customType } from 'drizzle-orm/pg-core';

/**
 * Money in PostgreSQL (SPEC "Money"): 64-bit integer minor units, read into JavaScript only when
 * exact. `pg` answers a `bigint` as text, and `sum(bigint)` is `numeric`, also text: both are read
 * here, as whole numbers, never through `float8` or a bare `Number()`, and a value JavaScript cannot
 * hold exactly (beyond 2^53 − 1, or with a fraction) is refused with a RangeError, not rounded.
 */

/** A value JavaScript cannot hold exactly: the API answers 422 `TOTAL_TOO_LARGE` (server/http/errors.ts), never a rounded figure. */
export class NotExactError extends RangeError {}

/** A whole number as PostgreSQL answered it (a `bigint`'s or a `numeric`'s text, or a number): exact, or refused. */
export function readInteger(value: unknown): number {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'bigint' && value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)) return Number(value);
  if (typeof value === 'string' && /^-?\d+$/.test(value)) {
    // Any digit string beyond the safe range reads as at least 2^53, which is not safe: refused below.
    const n = Number(value);
    if (Number.isSafeInteger(n)) return n;
  }
  throw new NotExactError(`not a whole number JavaScript holds exactly: ${String(value)}`);
}

/** A money column: `bigint` in the database, exact integer minor units in JavaScript (both ways). */
export const money = customType<{ data: number; driverData: string | number }>({
  dataType: () => 'bigint',
  fromDriver: readInteger,
  toDriver: (value) => {
    if (!Number.isSafeInteger(value)) throw new RangeError(`money must be a safe whole number of minor units, got ${value}`);
    return value;
  },
});

/** A money (or count) expression selected exactly: `moneySql(sql\`coalesce(sum(${t.amount}), 0)\`)`. */
export const moneySql = (expression: SQL) => sql<number>`${expression}`.mapWith(readInteger);
