import { sql } from 'drizzle-orm';
import type { Tx } from './client';
import { organizations } from './tenancy';

/**
 * The organization's clock (SPEC: "today" is in the organization's time zone). The caller's
 * transaction sees only its own organization's row.
 */
export async function organizationTimeZone(tx: Tx): Promise<string> {
  const [org] = await tx.select({ tz: organizations.timeZone }).from(organizations);
  return org?.tz ?? 'UTC';
}

/** Today's date in the organization's time zone (SPEC: "Today" is in the organization's time zone). */
export async function todayIn(tx: Tx, tz: string): Promise<string> {
  const { rows } = await tx.execute<{ d: string }>(sql`select to_char(now() at time zone ${tz}, 'YYYY-MM-DD') as d`);
  return rows[0].d;
}
