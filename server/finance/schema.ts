import { sql } from 'drizzle-orm';
import { boolean, check, customType, date, foreignKey, index, integer, json, jsonb, pgTable, primaryKey, smallint, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { money } from '../db/money';
import { members } from '../auth/schema';
import { createdAt, id, tenantId, updatedAt } from '../db/tenancy';
import { declareDuplicates, declareRules, moneyParams } from '../http/errors';

/**
 * The money kit's tables (docs/finance.md). What Drizzle cannot say lives in the custom migration
 * beside the generated one: the chart of accounts every organization gets (a trigger on
 * organizations), the balance of every entry checked at commit (a deferred constraint trigger),
 * and entries, lines and receipts that can never change or disappear.
 */
/** PostgreSQL's 64-bit transaction id (`pg_current_xact_id()`). */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

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
    /** The memo in English, for the books and the exports. */
    memo: text('memo'),
    /** What the system wrote, as a key of `JOURNAL_MEMOS` and its values, so screens say it in the reader's language; null for a person's own words. */
    memoKey: text('memo_key'),
    memoParams: jsonb('memo_params').$type<Record<string, string>>(),
    sourceType: text('source_type').notNull(),
    sourceId: uuid('source_id'),
    /** The source document's number as people say it (`RCT-2026-0001`), when it has one. */
    reference: text('reference'),
    /** The member who posted it; null for the system (seed, jobs). */
    postedBy: uuid('posted_by').references(() => members.id),
    /** The entry this one undoes; unique, so an entry is reversed at most once. */
    reversesEntryId: uuid('reverses_entry_id'),
    /** The transaction that posted it: its lines are written in that transaction or never (0026_ledger_rules.sql). */
    txId: xid8('tx_id').notNull().default(sql`pg_current_xact_id()`),
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
    check('journal_entries_memo_key_ck', sql`(${t.memoKey} is null) = (${t.memoParams} is null)`),
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

/**
 * Every document number issued, whatever document it went on (a booking payment's receipt and other
 * income share the receipt book): a number is issued once, even if the series row were tampered
 * with. Written only by `next_document_number()` (0026_ledger_rules.sql).
 */
export const documentNumbers = pgTable(
  'document_numbers',
  {
    organizationId: tenantId(),
    docType: text('doc_type').notNull(),
    number: text('number').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.number] })],
);

/** Each move of the books' lock date (SPEC Finance, "Closed periods"): who, when, from what to what, and why. */
export const periodLocks = pgTable(
  'period_locks',
  {
    id: id(),
    organizationId: tenantId(),
    /** The new lock date; null: the books are open again from the start. */
    lockedThrough: date('locked_through', { mode: 'string' }),
    previous: date('previous', { mode: 'string' }),
    reason: text('reason'),
    changedBy: uuid('changed_by').references(() => members.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('period_locks_org_created_idx').on(t.organizationId, t.createdAt)],
);

declareDuplicates({ document_numbers_organization_id_number_pk: { field: 'number', message: 'This document number was issued already' } });

declareRules({
  journal_period_locked: { status: 409, code: 'PERIOD_LOCKED', message: 'The books are closed for that date; finance reopens a closed month' },
  organizations_currency_fixed: { status: 409, code: 'CURRENCY_LOCKED', message: 'The currency cannot change once money has been recorded in it' },
  // 0040_money_rules_triggers.sql: the account, what it holds on the day and what was to be paid from it.
  money_account_not_negative: {
    status: 409,
    code: 'ACCOUNT_WOULD_GO_NEGATIVE',
    message: 'The money account would go below zero, and the organization refuses that for it',
    fromDetail(detail) {
      const d = JSON.parse(detail) as { paymentMethod: string; balance: number | string; amount: number | string; date: string; currency: string };
      const m = moneyParams(d.currency, { balance: Number(d.balance), amount: Number(d.amount) }, { account: d.paymentMethod, date: d.date });
      return {
        message: `The ${d.paymentMethod} account would go below zero: it holds ${m.text.balance} on ${d.date}, and ${m.text.amount} is to be paid from it (the organization refuses that for this account)`,
        params: m.params,
      };
    },
  },
});

/**
 * The journal summed as it is written (a trigger on journal_lines, 0028_finance_month.sql): per
 * account, month and source, what was debited and credited. The statement's opening balance, the
 * summary's twelve months and the chart read these few rows instead of every line, so they cost
 * the same at ten thousand lines and at a million; a test holds them equal to a recount.
 */
export const ledgerTotals = pgTable(
  'ledger_totals',
  {
    organizationId: tenantId(),
    accountId: uuid('account_id').notNull(),
    /** The first day of the month. */
    month: date('month', { mode: 'string' }).notNull(),
    sourceType: text('source_type').notNull(),
    debit: money('debit').notNull().default(0),
    credit: money('credit').notNull().default(0),
    lines: integer('lines').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.accountId, t.month, t.sourceType] }),
    index('ledger_totals_org_month_idx').on(t.organizationId, t.month),
  ],
);

/** A month's income or expense target (`POST /budget/target/income|expense`); an expense target may name a category. */
export const budgetTargets = pgTable(
  'budget_targets',
  {
    id: id(),
    organizationId: tenantId(),
    month: date('month', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    /** An expense category (`rent`…); null: the month's whole income or expense. */
    category: text('category'),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    updatedBy: uuid('updated_by').references(() => members.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('budget_targets_org_month_kind_uq').on(t.organizationId, t.month, t.kind, sql`coalesce(${t.category}, '')`),
    check('budget_targets_kind_ck', sql`${t.kind} in ('income', 'expense')`),
    check('budget_targets_amount_ck', sql`${t.amount} >= 0`),
    check('budget_targets_month_ck', sql`extract(day from ${t.month}) = 1`),
    check('budget_targets_category_ck', sql`${t.category} is null or (${t.kind} = 'expense' and ${t.category} in ('rent', 'utilities', 'marketing', 'travel', 'software', 'salary', 'other'))`),
  ],
);

/** A monthly expense the daily job posts once per month (the rent), from `startsOn` until it is stopped. */
export const recurringExpenses = pgTable(
  'recurring_expenses',
  {
    id: id(),
    organizationId: tenantId(),
    category: text('category').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    paymentMethod: text('payment_method').notNull(),
    description: text('description').notNull(),
    vendorId: uuid('vendor_id'),
    /** The day of the month it is paid (1–28). */
    dayOfMonth: integer('day_of_month').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    active: boolean('active').notNull().default(true),
    createdBy: uuid('created_by').references(() => members.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('recurring_expenses_org_id_uq').on(t.organizationId, t.id),
    check('recurring_expenses_amount_ck', sql`${t.amount} > 0`),
    check('recurring_expenses_day_ck', sql`${t.dayOfMonth} between 1 and 28`),
  ],
);

/**
 * An expense paid (`POST /expenses`), a salary (`POST /expenses/salary`, category `salary`, its
 * member and month), or a month of a recurring expense: one journal entry each (the category's
 * expense account ← the money account of the method). Never changed; a mistake is reversed.
 */
export const expenses = pgTable(
  'expenses',
  {
    id: id(),
    organizationId: tenantId(),
    category: text('category').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    paymentMethod: text('payment_method').notNull(),
    description: text('description').notNull(),
    vendorId: uuid('vendor_id'),
    /** A salary's member and month (`YYYY-MM-01`). */
    memberId: uuid('member_id').references(() => members.id),
    salaryMonth: date('salary_month', { mode: 'string' }),
    /**
     * How many of the member's salaries for that month were reversed before this one was paid; set by
     * the database (`expenses_salary_attempt()`), never by the code. With the unique index it keeps
     * one standing salary per member and month, while a reversed one frees its month.
     */
    salaryAttempt: smallint('salary_attempt').notNull().default(0),
    /** The recurring expense and month it was posted for. */
    recurringId: uuid('recurring_id'),
    period: date('period', { mode: 'string' }),
    receiptName: text('receipt_name'),
    receiptType: text('receipt_type'),
    receipt: bytea('receipt'),
    entryId: uuid('entry_id').notNull(),
    createdBy: uuid('created_by').references(() => members.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ name: 'expenses_entry_fk', columns: [t.organizationId, t.entryId], foreignColumns: [journalEntries.organizationId, journalEntries.id] }),
    foreignKey({ name: 'expenses_recurring_fk', columns: [t.organizationId, t.recurringId], foreignColumns: [recurringExpenses.organizationId, recurringExpenses.id] }),
    unique('expenses_org_id_uq').on(t.organizationId, t.id),
    uniqueIndex('expenses_entry_uq').on(t.entryId),
    // A member is paid once per month (a reversed salary frees it: salary_attempt); a recurring expense once per period: whatever races.
    uniqueIndex('expenses_salary_uq').on(t.organizationId, t.memberId, t.salaryMonth, t.salaryAttempt).where(sql`${t.memberId} is not null`),
    uniqueIndex('expenses_recurring_uq').on(t.recurringId, t.period).where(sql`${t.recurringId} is not null`),
    index('expenses_org_date_idx').on(t.organizationId, t.date, t.id),
    index('expenses_org_category_date_idx').on(t.organizationId, t.category, t.date),
    check('expenses_amount_ck', sql`${t.amount} > 0`),
    check('expenses_category_ck', sql`${t.category} in ('rent', 'utilities', 'marketing', 'travel', 'software', 'salary', 'other')`),
    check('expenses_method_ck', sql`${t.paymentMethod} in ('cash', 'bank-transfer', 'card', 'cheque', 'online')`),
    check('expenses_salary_ck', sql`(${t.category} = 'salary') = (${t.memberId} is not null and ${t.salaryMonth} is not null)`),
    check('expenses_receipt_ck', sql`(${t.receipt} is null) = (${t.receiptName} is null)`),
  ],
);

/**
 * An expense undone (issue 28): the reversing journal entry, the reason, and — for a correction —
 * the expense recorded in its place. Expenses and their entries never change; one reversal per
 * expense (the unique index, whatever races), and it never changes either (`journal_immutable`).
 */
export const expenseReversals = pgTable(
  'expense_reversals',
  {
    id: id(),
    organizationId: tenantId(),
    expenseId: uuid('expense_id').notNull(),
    entryId: uuid('entry_id').notNull(),
    reason: text('reason').notNull(),
    /** The expense that corrects it (its new amount, category, date…); null for a reversal alone. */
    correctedBy: uuid('corrected_by'),
    reversedBy: uuid('reversed_by').references(() => members.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ name: 'expense_reversals_expense_fk', columns: [t.organizationId, t.expenseId], foreignColumns: [expenses.organizationId, expenses.id] }),
    foreignKey({ name: 'expense_reversals_entry_fk', columns: [t.organizationId, t.entryId], foreignColumns: [journalEntries.organizationId, journalEntries.id] }),
    foreignKey({ name: 'expense_reversals_corrected_fk', columns: [t.organizationId, t.correctedBy], foreignColumns: [expenses.organizationId, expenses.id] }),
    uniqueIndex('expense_reversals_expense_uq').on(t.expenseId),
    uniqueIndex('expense_reversals_corrected_uq').on(t.correctedBy),
    check('expense_reversals_reason_ck', sql`length(btrim(${t.reason})) > 0`),
  ],
);

/**
 * How many expenses, by month, category and method, kept by a trigger as they are written (expenses
 * never change): the expenses list's total without counting its rows (docs/performance.md "Stats in
 * constant time"; its stats read ledger_totals).
 */
export const expenseTotals = pgTable(
  'expense_totals',
  {
    id: id(),
    organizationId: tenantId(),
    month: date('month', { mode: 'string' }).notNull(),
    category: text('category').notNull(),
    paymentMethod: text('payment_method').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [index('expense_totals_group_idx').on(t.organizationId, t.month, t.category, t.paymentMethod)],
);

/** What a member is paid a month, seen only with the salaries permission. */
export const salaryRates = pgTable(
  'salary_rates',
  {
    memberId: uuid('member_id')
      .primaryKey()
      .references(() => members.id, { onDelete: 'cascade' }),
    organizationId: tenantId(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    updatedBy: uuid('updated_by').references(() => members.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [check('salary_rates_amount_ck', sql`${t.amount} > 0`)],
);
