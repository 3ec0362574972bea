import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, integer, json, pgTable, primaryKey, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { money } from '../db/money';
import { members } from '../auth/schema';
import { createdAt, id, tenantId } from '../db/tenancy';

/**
 * The money kit's tables (docs/finance.md). What Drizzle cannot say lives in the custom migration
 * beside the generated one: the chart of accounts every organization gets (a trigger on
 * organizations), the balance of every entry checked at commit (a deferred constraint trigger),
 * and entries, lines and receipts that can never change or disappear.
 */
/** Integer minor units, 64-bit. */

/** The chart of accounts: one row per organization and stable key (`money:cash`, `other-income`). */
export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    organizationId: tenantId(),
    key: text('key').notNull(),
    code: text('code').notNull(),
    type: text('type').notNull(),
    normalSide: text('normal_side').notNull(),
    paymentMethod: text('payment_method'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('accounts_org_key_uq').on(t.organizationId, t.key),
    uniqueIndex('accounts_org_code_uq').on(t.organizationId, t.code),
    uniqueIndex('accounts_org_method_uq').on(t.organizationId, t.paymentMethod),
    unique('accounts_org_id_uq').on(t.organizationId, t.id),
    check('accounts_type_ck', sql`${t.type} in ('asset', 'liability', 'equity', 'income', 'expense')`),
    check('accounts_side_ck', sql`${t.normalSide} in ('debit', 'credit')`),
  ],
);

/** One money movement. Never updated or deleted; a correction is a reversing entry. */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: id(),
    organizationId: tenantId(),
    date: date('date', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    memo: text('memo'),
    sourceType: text('source_type').notNull(),
    sourceId: uuid('source_id'),
    /** The source document's number as people say it (`RCT-2026-0001`), when it has one. */
    reference: text('reference'),
    /** The member who posted it; null for the system (seed, jobs). */
    postedBy: uuid('posted_by').references(() => members.id),
    /** The entry this one undoes; unique, so an entry is reversed at most once. */
    reversesEntryId: uuid('reverses_entry_id'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('journal_entries_org_id_uq').on(t.organizationId, t.id),
    uniqueIndex('journal_entries_reverses_uq').on(t.reversesEntryId),
    foreignKey({ name: 'journal_entries_reverses_fk', columns: [t.organizationId, t.reversesEntryId], foreignColumns: [t.organizationId, t.id] }),
    index('journal_entries_org_date_idx').on(t.organizationId, t.date, t.createdAt),
    index('journal_entries_org_source_idx').on(t.organizationId, t.sourceType, t.sourceId),
    check('journal_entries_currency_ck', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('journal_entries_source_ck', sql`${t.sourceType} ~ '^[a-z]+(-[a-z]+)*$'`),
    check('journal_entries_date_ck', sql`${t.date} between '1900-01-01' and '2200-12-31'`),
  ],
);

export const journalLines = pgTable(
  'journal_lines',
  {
    id: id(),
    organizationId: tenantId(),
    entryId: uuid('entry_id').notNull(),
    accountId: uuid('account_id').notNull(),
    debit: money('debit').notNull().default(0),
    credit: money('credit').notNull().default(0),
    currency: text('currency').notNull(),
  },
  (t) => [
    foreignKey({ name: 'journal_lines_entry_fk', columns: [t.organizationId, t.entryId], foreignColumns: [journalEntries.organizationId, journalEntries.id] }),
    foreignKey({ name: 'journal_lines_account_fk', columns: [t.organizationId, t.accountId], foreignColumns: [accounts.organizationId, accounts.id] }),
    index('journal_lines_entry_idx').on(t.entryId),
    index('journal_lines_org_account_idx').on(t.organizationId, t.accountId),
    check('journal_lines_amounts_ck', sql`${t.debit} >= 0 and ${t.credit} >= 0 and (${t.debit} = 0) <> (${t.credit} = 0)`),
  ],
);

/**
 * Number series per organization, document type and year: `last` is the last number issued.
 * Taken with an upsert whose row lock lasts until the issuing transaction ends (server/finance/series.ts).
 */
export const numberSeries = pgTable(
  'number_series',
  {
    organizationId: tenantId(),
    docType: text('doc_type').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.docType, t.year] }), check('number_series_last_ck', sql`${t.last} > 0`)],
);

/** The first answer to a request sent with an Idempotency-Key, kept 24 hours (server/http/idempotency.ts). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    organizationId: tenantId(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    // json, not jsonb: a replay answers the first body byte for byte (jsonb reorders keys).
    body: json('body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/** Other income (`POST /budget/income`): a numbered receipt and the journal entry it posted. */
export const otherIncomes = pgTable(
  'other_incomes',
  {
    id: id(),
    organizationId: tenantId(),
    number: text('number').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    paymentMethod: text('payment_method').notNull(),
    description: text('description').notNull(),
    entryId: uuid('entry_id').notNull(),
    createdBy: uuid('created_by').references(() => members.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('other_incomes_org_number_uq').on(t.organizationId, t.number),
    foreignKey({ name: 'other_incomes_entry_fk', columns: [t.organizationId, t.entryId], foreignColumns: [journalEntries.organizationId, journalEntries.id] }),
    index('other_incomes_org_date_idx').on(t.organizationId, t.date),
    check('other_incomes_amount_ck', sql`${t.amount} > 0`),
  ],
);
