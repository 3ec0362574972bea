import { sql } from 'drizzle-orm';
import { boolean, check, pgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './client';
import { instant, organizations } from './tenancy';

/**
 * The organization's clock (SPEC: "today" is in the organization's time zone). PostgreSQL keeps the
 * time, so every instance of the API agrees: `clock_now()` (migration 0017) is `now()`, unless this
 * one-row table holds an instant. Only tests write it (tests/support/clock.ts), so a rule that
 * depends on the date is tested at the date it is about, without waiting. The application never
 * writes it, and the tenant role cannot read it (the function reads it as its owner).
 */
export const clockOverride = pgTable(
  'clock_override',
  {
    id: boolean('id').primaryKey().default(true),
    at: instant('at').notNull(),
  },
  (t) => [check('clock_override_one_row', sql`${t.id}`)],
);

/** The caller's transaction sees only its own organization's row. */
export async function organizationTimeZone(tx: Tx): Promise<string> {
  const [org] = await tx.select({ tz: organizations.timeZone }).from(organizations);
  return org?.tz ?? 'UTC';
}

/** Today's date in the time zone (the organization's), by the organization clock. */
export async function todayIn(tx: Tx, tz: string): Promise<string> {
  const { rows } = await tx.execute<{ d: string }>(sql`select to_char(clock_now() at time zone ${tz}, 'YYYY-MM-DD') as d`);
  return rows[0].d;
}
