import { inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { loginThrottle } from './schema';
import { ApiError } from '../http/errors';

/**
 * Failed password checks (sign-in, and the current password when changing it) slow further tries
 * with a growing delay (1 s, 2 s, 4 s … capped), per key:
 * - the account from one address: 5 free tries, then up to 15 minutes;
 * - one address over all accounts: 30 free tries, then up to 15 minutes;
 * - one account from all addresses: 20 free tries, then at most 30 seconds, so an attacker
 *   elsewhere can slow the real user's sign-in but never lock them out for long.
 * Counts reset after 15 quiet minutes. Stored in PostgreSQL so every instance agrees; counted by
 * `login_throttle_wait` / `login_throttle_fail` (server/migrate.ts), which a signed-in
 * member's transaction may call too.
 */
const RULES = {
  pair: { threshold: 5, maxBlockSeconds: 900 },
  ip: { threshold: 30, maxBlockSeconds: 900 },
  account: { threshold: 20, maxBlockSeconds: 30 },
} as const;
type Rule = keyof typeof RULES;
const RULE_NAMES = Object.keys(RULES) as Rule[];

const keysFor = (email: string, ip: string): Record<Rule, string> => ({
  pair: `pair:${email}|${ip}`,
  ip: `ip:${ip}`,
  account: `account:${email}`,
});

const textArray = (values: string[]) => sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;
const intArray = (values: number[]) => sql`${`{${values.join(',')}}`}::int[]`;

/** 429 with Retry-After while the account or the address must wait. */
export async function assertNotThrottled(db: Db | Tx, email: string, ip: string): Promise<void> {
  const { rows } = await db.execute<{ wait: number }>(sql`select login_throttle_wait(${textArray(Object.values(keysFor(email, ip)))}) as wait`);
  const wait = rows[0]?.wait ?? 0;
  if (wait > 0) {
    throw new ApiError(429, 'TOO_MANY_ATTEMPTS', `Too many sign-in attempts. Try again in ${wait} seconds.`, undefined, { 'Retry-After': String(wait) }, { retryAfter: wait });
  }
}

/** Counts a wrong password for the account (by email) from the address. In a transaction, it counts only if the transaction commits. */
export async function recordFailedLogin(db: Db | Tx, email: string, ip: string): Promise<void> {
  const keys = keysFor(email, ip);
  await db.execute(sql`select login_throttle_fail(
    ${textArray(RULE_NAMES.map((r) => keys[r]))},
    ${intArray(RULE_NAMES.map((r) => RULES[r].threshold))},
    ${intArray(RULE_NAMES.map((r) => RULES[r].maxBlockSeconds))})`);
}

export async function clearFailedLogins(db: Db, email: string, ip: string): Promise<void> {
  const { pair, account } = keysFor(email, ip);
  await db.delete(loginThrottle).where(inArray(loginThrottle.key, [pair, account]));
}
