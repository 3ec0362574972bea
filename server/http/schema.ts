import { sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from '../db/tenancy';

/** Fixed-window request counters (public endpoints), shared by every server instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: instant('window_start').notNull().default(sql`now()`),
  count: integer('count').notNull().default(0),
});
