import { sql } from 'drizzle-orm';
import { check, customType, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Every tenant table has `organization_id`, defaulted from the request's tenant setting and
 * guarded by a row-level security policy (server/migrate.ts): scoping lives in the database, once.
 */
export const tenantId = () =>
  uuid('organization_id')
    .notNull()
    .default(sql`nullif(current_setting('app.org_id', true), '')::uuid`)
    .references(() => organizations.id, { onDelete: 'cascade' });
export const id = () => uuid('id').primaryKey().defaultRandom();
/** Instants travel as ISO 8601 UTC strings (SPEC conventions), converted here once. */
const UTC_TEXT = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d+))?\+00$/;
/** PostgreSQL's text of a UTC instant (`2026-11-22 02:33:55.997123+00`) as ISO 8601 without a Date (lists read thousands). */
function isoInstant(value: string | Date): string {
  const utc = typeof value === 'string' ? UTC_TEXT.exec(value) : null;
  if (!utc) return new Date(value).toISOString();
  // Milliseconds, truncated as Date truncates microseconds.
  return `${utc[1]}T${utc[2]}.${((utc[3] ?? '') + '000').slice(0, 3)}Z`;
}
export const instant = customType<{ data: string; driverData: string | Date }>({
  dataType: () => 'timestamp with time zone',
  fromDriver: isoInstant,
  toDriver: (value) => value,
});
export const createdAt = () => instant('created_at').notNull().default(sql`now()`);
export const updatedAt = () => instant('updated_at').notNull().default(sql`now()`);

export const organizations = pgTable('organizations', {
  id: id(),
  name: text('name').notNull(),
  currency: text('currency').notNull().default('USD'),
  timeZone: text('time_zone').notNull().default('UTC'),
  colorPrimary: text('color_primary').notNull().default('#14b8a6'),
  colorSecondary: text('color_secondary').notNull().default('#3b82f6'),
  invoicePrefix: text('invoice_prefix').notNull().default('INV'),
  taxRate: integer('tax_rate').notNull().default(0),
  terms: text('terms'),
  /** Postal address, printed under the name in the header of documents. */
  address: text('address'),
  /**
   * The books are closed through this day (a month end, as finance closes it): nothing is posted on
   * or before it (a trigger on journal_entries refuses). Moved by `PUT /account/lock-date`, each move
   * kept in period_locks.
   */
  booksLockedThrough: date('books_locked_through', { mode: 'string' }),
  /**
   * The money accounts (by payment method) the organization chose never to let go below zero
   * (issue 28): an outgoing movement that would is refused by a trigger on journal_lines
   * (`money_account_not_negative()`). Empty by default: an account may go negative, the forms warn.
   * Set by `PUT /account/money-rules`.
   */
  neverBelowZero: text('never_below_zero').array().notNull().default(sql`'{}'::text[]`),
  secretHash: text('secret_hash').notNull(),
  secretHint: text('secret_hint').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  // One name per organization across the product: the platform's list is ordered and found by it.
  uniqueIndex('organizations_name_uq').on(sql`lower(${t.name})`),
  check('organizations_never_below_zero_ck', sql`${t.neverBelowZero} <@ array['cash', 'bank-transfer', 'card', 'cheque', 'online']::text[]`),
  index('organizations_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
]);
