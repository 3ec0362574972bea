import { sql } from 'drizzle-orm';
import { dateIn } from '../../src/domain/calendar';
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

/**
 * The organization's time zone as a signed-in request's session found it (session_open answers it):
 * for the rest of that request's transaction, read without asking again. A request that changes the
 * time zone reads no "today" after it.
 */
const timeZones = new WeakMap<Tx, string>();
export function rememberTimeZone(tx: Tx, timeZone: string): void {
  timeZones.set(tx, timeZone);
}

/**
 * The transaction's `now()` (its start, as PostgreSQL keeps it for the whole transaction) as an
 * ISO instant, when the request's first round trip answered it (server/auth/session.ts
 * `sessionOpening`): read without asking again.
 */
const starts = new WeakMap<Tx, string>();
export function rememberTransactionStart(tx: Tx, instant: string | undefined): void {
  if (instant) starts.set(tx, instant);
}

/** `now()` of the transaction, `YYYY-MM-DDTHH:MM:SS.mmmZ` (as the API writes instants). */
export async function transactionStart(tx: Tx): Promise<string> {
  const known = starts.get(tx);
  if (known) return known;
  const { rows } = await tx.execute<{ now: string }>(sql`select ${NOW_ISO} as now`);
  return rows[0].now;
}

/** `now()` as an ISO instant, in SQL (text, for a simple query's opening; and as SQL). */
export const NOW_ISO_TEXT = `to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const NOW_ISO = sql.raw(NOW_ISO_TEXT);

/** The caller's transaction sees only its own organization's row. */
export async function organizationTimeZone(tx: Tx): Promise<string> {
  const known = timeZones.get(tx);
  if (known) return known;
  const [org] = await tx.select({ tz: organizations.timeZone }).from(organizations);
  return org?.tz ?? 'UTC';
}

/** Today's date in the time zone (the organization's), by the organization clock. */
export async function todayIn(tx: Tx, tz: string): Promise<string> {
  const { rows } = await tx.execute<{ d: string }>(sql`select to_char(clock_now() at time zone ${tz}, 'YYYY-MM-DD') as d`);
  return rows[0].d;
}

/**
 * What time it is, for rules that depend on the day (an installment overdue, a trip over, a
 * reminder due). The server runs on {@link systemClock}; a test sets its own ({@link settableClock},
 * accepted by the app only when the configuration is a test's), so a test moves through weeks
 * without waiting.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock a test sets; `set(undefined)` follows the real time again. */
export interface SettableClock extends Clock {
  set(instant: string | Date | undefined): void;
}

export function settableClock(): SettableClock {
  let fixed: number | undefined;
  return {
    now: () => (fixed === undefined ? new Date() : new Date(fixed)),
    set(instant) {
      fixed = instant === undefined ? undefined : new Date(instant).getTime();
    },
  };
}

/** The organization's today by `clock`, in its time zone. */
export async function organizationToday(tx: Tx, clock: Clock): Promise<string> {
  return dateIn(clock.now(), await organizationTimeZone(tx));
}
