import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ApiError } from './errors';

/**
 * A fixed-window limit shared by every server instance (the `rate_limits` table): at most `max`
 * calls per `windowSeconds` for `key`, else 429 with Retry-After. One statement per call.
 */
export async function rateLimit(db: Db, key: string, max: number, windowSeconds = 60): Promise<void> {
  const window = sql`make_interval(secs => ${windowSeconds})`;
  const { rows } = await db.execute<{ count: number; retry: number }>(sql`
    insert into rate_limits as r (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when r.window_start <= now() - ${window} then 1 else r.count + 1 end,
      window_start = case when r.window_start <= now() - ${window} then now() else r.window_start end
    returning count, ceil(extract(epoch from (window_start + ${window} - now())))::int as retry`);
  const { count, retry } = rows[0];
  if (count > max) {
    throw new ApiError(429, 'RATE_LIMITED', 'Too many requests; please try again later', undefined, { 'Retry-After': String(Math.max(1, retry)) }, { retryAfter: Math.max(1, retry) });
  }
}
