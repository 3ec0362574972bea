import * as v from 'valibot';
import { coded } from '../../common/issues';
import { calendarDate, dateRangeQuery, dateSchema, itemAnswer, listMetaSchema, listOf, money, moneyFromQuery, monthSchema, oneOf, pageQuery, timestamp, uuid } from '../../common/schemas';
import { memoCodeSchema, PAYMENT_METHODS, SOURCE_TYPES } from '../contract';
import { endpoint, fileAnswer } from '../../common/endpoint';

/**
 * The month of money (issue 28, the seed's Account statement and Account summary): what came in and
 * went out of the money accounts, against the month's budget targets. Amounts in minor units.
 */

/** The expense categories (SPEC Finance), one expense account each (`expense:rent`…). */
export const EXPENSE_CATEGORIES = ['rent', 'utilities', 'marketing', 'travel', 'software', 'salary', 'other'] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];

/** The statement's and summary's page size: the seed's account lists, 50. */
export const STATEMENT_PAGE_SIZE = 50;

// ---------- the statement ----------

export const MOVEMENT_TYPES = ['incoming', 'outgoing'] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number];
/**
 * `posted`: money that moved (a journal line on a money account). `pending`: a booking payment
 * submitted and not yet verified: shown apart, never in the balances.
 */
export const MOVEMENT_STATUSES = ['posted', 'pending'] as const;
export type MovementStatus = (typeof MOVEMENT_STATUSES)[number];

const amount = v.pipe(v.number(), v.integer());
/** An amount for each of `keys` (all of them, always). */
const amountsBy = <const K extends readonly string[]>(keys: K) => v.object(Object.fromEntries(keys.map((k) => [k, amount])) as { [P in K[number]]: typeof amount });

export const statementQuery = v.pipe(
  v.strictObject({
    ...pageQuery(STATEMENT_PAGE_SIZE),
    /** The month, `YYYY-MM`; this month in the organization's time zone by default. */
    month: v.optional(monthSchema),
    /** The money accounts, by their method; all of them by default. */
    paymentMethod: listOf(oneOf(PAYMENT_METHODS)),
    status: listOf(oneOf(MOVEMENT_STATUSES)),
    type: listOf(oneOf(MOVEMENT_TYPES)),
    minAmount: moneyFromQuery,
    maxAmount: moneyFromQuery,
    /** Narrows the rows to these days of the month. */
    dateRange: dateRangeQuery,
    linkedToType: listOf(oneOf(SOURCE_TYPES)),
  }),
  v.forward(
    v.check((q) => q.minAmount === undefined || q.maxAmount === undefined || q.minAmount <= q.maxAmount, coded('tooSmall', 'must not be below minAmount', { min: 'minAmount' })),
    ['maxAmount'],
  ),
);
export type StatementQuery = v.InferOutput<typeof statementQuery>;

export const movementSchema = v.object({
  /** The journal line's id (posted) or the submitted payment's (pending). */
  _id: uuid,
  date: calendarDate,
  description: v.string(),
  /** The description's key and values when the system wrote it, for the reader's language. */
  descriptionCode: memoCodeSchema,
  type: v.picklist(MOVEMENT_TYPES),
  paymentMethod: v.picklist(PAYMENT_METHODS),
  amount,
  status: v.picklist(MOVEMENT_STATUSES),
  /**
   * The record the money moved for: its kind, id and number (`RCT-2026-0001`), and the record that
   * holds it when it has its own page (a booking payment's booking, a vendor payment's operation).
   */
  linkedTo: v.object({ type: v.picklist(SOURCE_TYPES), _id: v.nullable(uuid), ref: v.nullable(v.string()), parentId: v.nullable(uuid) }),
});
export type Movement = v.InferOutput<typeof movementSchema>;

export const statementSummarySchema = v.object({
  month: v.string(),
  currency: v.string(),
  /** Held in the chosen accounts at the start of the month. */
  openingBalance: amount,
  incoming: amount,
  outgoing: amount,
  /** opening + incoming − outgoing: the next month's opening. */
  closingBalance: amount,
  /** Submitted booking payments of the month, not yet verified: not in the balances. */
  pending: v.object({ count: v.number(), amount }),
});
export type StatementSummary = v.InferOutput<typeof statementSummarySchema>;

/** The seed's shape: `{ summary, transactions, meta }` with the month in `meta`. */
export const statementAnswer = v.object({
  summary: statementSummarySchema,
  transactions: v.array(movementSchema),
  meta: v.object({ ...listMetaSchema.entries, month: v.string() }),
});
export type StatementAnswer = v.InferOutput<typeof statementAnswer>;

// ---------- the summary ----------

export const summaryQuery = v.strictObject({ month: v.optional(monthSchema) });
export type SummaryQuery = v.InferOutput<typeof summaryQuery>;

/** Where money came from, on the cash basis (money in, net of reversals). */
export const INCOME_SOURCES = ['booking-payment', 'other-income'] as const;
export type IncomeSource = (typeof INCOME_SOURCES)[number];

export const monthFiguresSchema = v.object({
  month: v.string(),
  income: v.object({ total: amount, bySource: amountsBy(INCOME_SOURCES) }),
  expenses: v.object({ total: amount, byCategory: amountsBy(EXPENSE_CATEGORIES) }),
  /** Paid to vendors for trips (vouchers and trip expenses). */
  vendorCosts: amount,
  /** Paid back to customers. */
  refunds: amount,
  /** income − expenses − vendor costs − refunds. */
  profit: amount,
});
export type MonthFigures = v.InferOutput<typeof monthFiguresSchema>;

const targetLine = v.object({
  target: v.nullable(amount),
  actual: amount,
  /** actual ÷ target in basis points (10 000 = 100 %), or null without a target. */
  achievement: v.nullable(v.number()),
});
export const budgetFiguresSchema = v.object({
  income: targetLine,
  expense: v.object({ ...targetLine.entries, byCategory: v.array(v.object({ category: v.picklist(EXPENSE_CATEGORIES), ...targetLine.entries })) }),
});
export type BudgetFigures = v.InferOutput<typeof budgetFiguresSchema>;

/** The shape: `{ summary, budget }`, and the 12 months ending with the month for the chart. */
export const summaryAnswer = v.object({
  summary: v.object({ ...monthFiguresSchema.entries, currency: v.string() }),
  budget: budgetFiguresSchema,
  months: v.array(v.object({ ...monthFiguresSchema.entries, incomeTarget: v.nullable(amount), expenseTarget: v.nullable(amount) })),
});
export type SummaryAnswer = v.InferOutput<typeof summaryAnswer>;

// ---------- budget targets ----------

export const BUDGET_KINDS = ['income', 'expense'] as const;
export type BudgetKind = (typeof BUDGET_KINDS)[number];

export const budgetTargetSchema = v.object({
  _id: uuid,
  month: v.string(),
  kind: v.picklist(BUDGET_KINDS),
  category: v.nullable(v.picklist(EXPENSE_CATEGORIES)),
  amount,
  currency: v.string(),
  updatedAt: timestamp,
});
export type BudgetTarget = v.InferOutput<typeof budgetTargetSchema>;

/** `POST|PUT /budget/target/income`. */
export const incomeTargetInput = v.strictObject({ month: monthSchema, amount: money(0) });
export type IncomeTargetInput = v.InferOutput<typeof incomeTargetInput>;
/** `POST|PUT /budget/target/expense`: the month's whole expense, or one category's. */
export const expenseTargetInput = v.strictObject({ month: monthSchema, amount: money(0), category: v.optional(oneOf(EXPENSE_CATEGORIES)) });
export type ExpenseTargetInput = v.InferOutput<typeof expenseTargetInput>;

export const budgetQuery = v.strictObject({ month: v.optional(monthSchema) });
export const budgetTargetsSchema = v.object({
  month: v.string(),
  income: v.nullable(budgetTargetSchema),
  expense: v.nullable(budgetTargetSchema),
  expenseByCategory: v.array(budgetTargetSchema),
});
export type BudgetTargets = v.InferOutput<typeof budgetTargetsSchema>;

// ---------- export and aging ----------

export const EXPORT_FORMATS = ['hledger', 'beancount', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const journalExportQuery = v.pipe(
  v.strictObject({ format: v.optional(oneOf(EXPORT_FORMATS), 'hledger'), from: v.optional(dateSchema), to: v.optional(dateSchema) }),
  v.forward(v.check((q) => !q.from || !q.to || q.from <= q.to, coded('dateOrder', 'must not be before from', { after: 'from' })), ['to']),
);
export type JournalExportQuery = v.InferOutput<typeof journalExportQuery>;

/** Days past due: not yet due, then the usual buckets. */
export const AGE_BUCKETS = ['current', '1-30', '31-60', '61-90', '90+'] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];
/** `GET /account/receivables|payables` (and `/export`, the same as CSV). */
export const agingQuery = v.strictObject({ asOf: v.optional(dateSchema) });
export type AgingQuery = v.InferOutput<typeof agingQuery>;

const buckets = amountsBy(AGE_BUCKETS);
export const receivablesSchema = v.object({
  asOf: calendarDate,
  currency: v.string(),
  totals: buckets,
  rows: v.array(
    v.object({
      booking: v.object({ _id: uuid, ref: v.string() }),
      customer: v.string(),
      total: amount,
      paid: amount,
      open: amount,
      /** The oldest unpaid installment's due date. */
      oldestDue: v.nullable(calendarDate),
      buckets,
    }),
  ),
});
export type Receivables = v.InferOutput<typeof receivablesSchema>;

export const payablesSchema = v.object({
  asOf: calendarDate,
  currency: v.string(),
  totals: buckets,
  rows: v.array(
    v.object({
      vendor: v.object({ _id: uuid, name: v.string() }),
      owed: amount,
      /** Vouchers confirmed or sent and not fully paid, by how long ago their service started. */
      vouchers: v.number(),
      buckets,
    }),
  ),
});
export type Payables = v.InferOutput<typeof payablesSchema>;

/** A budget target's calls, of one kind: `POST` sets a new month's (409 `TARGET_EXISTS` for a second), `PUT` changes it. */
const targetEndpoints = <P extends string, B extends typeof incomeTargetInput | typeof expenseTargetInput>(path: P, body: B) => ({
  create: endpoint({ method: 'POST', path, body, answer: itemAnswer(budgetTargetSchema), status: 201 }),
  update: endpoint({ method: 'PUT', path, body, answer: itemAnswer(budgetTargetSchema) }),
});

/** The month's and the aging reports' calls, declared once (src/api/common/endpoint.ts): the server's routes, the web app's calls and the API reference read them. */
export const statementEndpoints = {
  statement: endpoint({ method: 'GET', path: '/account/statement', query: statementQuery, answer: statementAnswer }),
  summary: endpoint({ method: 'GET', path: '/account/summary', query: summaryQuery, answer: summaryAnswer }),
  targets: endpoint({ method: 'GET', path: '/budget/target', query: budgetQuery, answer: itemAnswer(budgetTargetsSchema) }),
  /** A budget target, by kind. */
  target: { income: targetEndpoints('/budget/target/income', incomeTargetInput), expense: targetEndpoints('/budget/target/expense', expenseTargetInput) },
  /** The journal between two days as hledger, beancount or CSV text. */
  journalExport: endpoint({ method: 'GET', path: '/account/journal/export', query: journalExportQuery, answer: fileAnswer('text/plain', 'text/csv') }),
  aging: {
    receivables: endpoint({ method: 'GET', path: '/account/receivables', query: agingQuery, answer: itemAnswer(receivablesSchema) }),
    payables: endpoint({ method: 'GET', path: '/account/payables', query: agingQuery, answer: itemAnswer(payablesSchema) }),
  },
  /** The aging reports as CSV. */
  agingExport: {
    receivables: endpoint({ method: 'GET', path: '/account/receivables/export', query: agingQuery, answer: fileAnswer('text/csv') }),
    payables: endpoint({ method: 'GET', path: '/account/payables/export', query: agingQuery, answer: fileAnswer('text/csv') }),
  },
};
