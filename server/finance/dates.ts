import { sql } from 'drizzle-orm';
import { moduleSettings } from '../admin';
import { assertBooksOpen } from './periods';
import type { Tx } from '../db/client';
import { invalidField } from '../http/errors';

/**
 * When money may be dated (issue 26): never after the organization's today (a payment may be
 * recorded for yesterday, not for next week) and never before its books start — Configurations →
 * Finance, by default the day the organization was created (the demo's: the first day of its
 * history). Without it, an income dated 1900 opened the receipt series `RCT-1900-…`.
 */
export async function booksStart(tx: Tx): Promise<string> {
  const { booksStart: set } = await moduleSettings(tx, 'finance');
  if (set) return set;
  const { rows } = await tx.execute<{ d: string }>(sql`select to_char(created_at at time zone time_zone, 'YYYY-MM-DD') as d from organizations`);
  return rows[0].d;
}

/**
 * 400 on `field` unless `date` is within the books: from their start to `today` (the
 * organization's); and 409 `PERIOD_LOCKED` when it falls in a closed period.
 */
export async function assertMoneyDate(tx: Tx, today: string, field: string, date: string): Promise<void> {
  if (date > today) throw invalidField(field, 'inFuture', 'must not be in the future');
  const start = await booksStart(tx);
  if (date < start) throw invalidField(field, 'beforeBooksStart', `must not be before the books start (${start})`, { booksStart: start });
  await assertBooksOpen(tx, date);
}
