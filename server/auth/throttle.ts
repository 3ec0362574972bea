import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginThrottle } from './schema';
import { ApiError } from '../http/errors';

/**
 * Failed sign-ins slow further tries with a growing delay (1 s, 2 s, 4 s … capped), per key:
 * - the account from one address: 5 free tries, then up to 15 minutes;
 * - one address over all accounts: 30 free tries, then up to 15 minutes;
 * - one account from all addresses: 20 free tries, then at most 30 seconds, so an attacker
 *   elsewhere can slow the real user's sign-in but never lock them out for long.
 * Counts reset after 15 quiet minutes. Stored in PostgreSQL so every instance agrees.
 */
const RULES = {
  pair: { threshold: 5, maxBlockSeconds: 900 },
  ip: { threshold: 30, maxBlockSeconds: 900 },
  account: { threshold: 20, maxBlockSeconds: 30 },
} as const;

const keysFor = (email: string, ip: string) => ({
  pair: `pair:${email}|${ip}`,
  ip: `ip:${ip}`,
  account: `account:${email}`,
});

export async function assertNotThrottled(db: Db, email: string, ip: string): Promise<void> {
  const keys = Object.values(keysFor(email, ip));
  const [row] = await db
    .select({ waitSeconds: sql<number>`ceil(extract(epoch from max(${loginThrottle.blockedUntil}) - now()))::int` })
    .from(loginThrottle)
    .where(inArray(loginThrottle.key, keys));
  const wait = row?.waitSeconds ?? 0;
  if (wait > 0) {
    throw new ApiError(429, 'TOO_MANY_ATTEMPTS', `Too many sign-in attempts. Try again in ${wait} seconds.`, undefined, { 'Retry-After': String(wait) }, { retryAfter: wait });
  }
}

export async function recordFailedLogin(db: Db, email: string, ip: string): Promise<void> {
  const keys = keysFor(email, ip);
  for (const rule of Object.keys(RULES) as (keyof typeof RULES)[]) {
    const { threshold, maxBlockSeconds } = RULES[rule];
    const failures = sql`(case when ${loginThrottle.lastFailureAt} < now() - interval '15 minutes' then 1 else ${loginThrottle.failures} + 1 end)`;
    await db
      .insert(loginThrottle)
      .values({ key: keys[rule], failures: 1, lastFailureAt: sql`now()`, blockedUntil: threshold <= 1 ? sql`now() + interval '1 second'` : null })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          failures,
          lastFailureAt: sql`now()`,
          blockedUntil: sql`case when ${failures} >= ${threshold}
            then now() + make_interval(secs => least(power(2, ${failures} - ${threshold}), ${maxBlockSeconds}))
            else null end`,
        },
      });
  }
}

export async function clearFailedLogins(db: Db, email: string, ip: string): Promise<void> {
  const { pair, account } = keysFor(email, ip);
  await db.delete(loginThrottle).where(inArray(loginThrottle.key, [pair, account]));
}
