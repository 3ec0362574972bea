import { endpoint } from '../common/endpoint';
import { idParams, itemAnswer, listAnswerOf } from '../common/schemas';
import * as v from 'valibot';
import { coded } from '../common/issues';
import { MAX_MONEY, calendarDate, dateRangeQuery, dateSchema, timestamp, uuid, listOf, money, moneySchema, oneOf, optionalText, pageQuery, requiredText, sortBy, sortOrder } from '../common/schemas';
import { documentEndpoints } from '../documents/contract';

/** How money comes in and goes out: one money account each in the chart (SPEC Finance). */
export const PAYMENT_METHODS = ['cash', 'bank-transfer', 'card', 'cheque', 'online'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const ACCOUNT_TYPES = ['asset', 'liability', 'equity', 'income', 'expense'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export type Side = 'debit' | 'credit';

/**
 * The chart of accounts every organization has, by stable key. The database creates it
 * (create_chart_of_accounts in server/db/migrations/0008_finance_rules.sql) when an organization
 * is inserted; this list is its description for code and screens, and a test proves the two agree.
 */
export const CHART_OF_ACCOUNTS = [
  { key: 'money:cash', code: '1010', type: 'asset', normalSide: 'debit', paymentMethod: 'cash' },
  { key: 'money:bank-transfer', code: '1020', type: 'asset', normalSide: 'debit', paymentMethod: 'bank-transfer' },
  { key: 'money:card', code: '1030', type: 'asset', normalSide: 'debit', paymentMethod: 'card' },
  { key: 'money:cheque', code: '1040', type: 'asset', normalSide: 'debit', paymentMethod: 'cheque' },
  { key: 'money:online', code: '1050', type: 'asset', normalSide: 'debit', paymentMethod: 'online' },
  { key: 'accounts-receivable', code: '1200', type: 'asset', normalSide: 'debit', paymentMethod: null },
  { key: 'vendor-prepayments', code: '1300', type: 'asset', normalSide: 'debit', paymentMethod: null },
  { key: 'vendor-refunds-due', code: '1310', type: 'asset', normalSide: 'debit', paymentMethod: null },
  { key: 'customer-deposits', code: '2100', type: 'liability', normalSide: 'credit', paymentMethod: null },
  { key: 'credit-notes', code: '2200', type: 'liability', normalSide: 'credit', paymentMethod: null },
  { key: 'opening-balance', code: '3000', type: 'equity', normalSide: 'credit', paymentMethod: null },
  { key: 'tour-revenue', code: '4100', type: 'income', normalSide: 'credit', paymentMethod: null },
  { key: 'cancellation-income', code: '4200', type: 'income', normalSide: 'credit', paymentMethod: null },
  { key: 'other-income', code: '4900', type: 'income', normalSide: 'credit', paymentMethod: null },
  { key: 'vendor-costs', code: '5100', type: 'expense', normalSide: 'debit', paymentMethod: null },
  { key: 'expense:rent', code: '6100', type: 'expense', normalSide: 'debit', paymentMethod: null },
  { key: 'expense:utilities', code: '6200', type: 'expense', normalSide: 'debit', paymentMethod: null },
  { key: 'expense:marketing', code: '6300', type: 'expense', normalSide: 'debit', paymentMethod: null },
  { key: 'expense:travel', code: '6400', type: 'expense', normalSide: 'debit', paymentMethod: null },
  { key: 'expense:software', code: '6500', type: 'expense', normalSide: 'debit', paymentMethod: null },
  { key: 'expense:salary', code: '6600', type: 'expense', normalSide: 'debit', paymentMethod: null },
  { key: 'expense:other', code: '6700', type: 'expense', normalSide: 'debit', paymentMethod: null },
] as const satisfies readonly { key: string; code: string; type: AccountType; normalSide: Side; paymentMethod: PaymentMethod | null }[];
export type AccountKey = (typeof CHART_OF_ACCOUNTS)[number]['key'];
export const ACCOUNT_KEYS = CHART_OF_ACCOUNTS.map((a) => a.key) as [AccountKey, ...AccountKey[]];

/** The money account of a payment method. */
export const moneyAccount = (method: PaymentMethod) => `money:${method}` as AccountKey;

/** What a journal entry comes from (SPEC Finance); areas add theirs here. */
export const SOURCE_TYPES = [
  'booking-payment',
  'voucher-payment',
  'expense-payment',
  'expense',
  'salary',
  'refund',
  'credit-note',
  'other-income',
  'opening-balance',
  'revenue-recognition',
  'cancellation',
  'vendor-refund',
] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];
/** Entries the finance screens may reverse by hand; the others are undone through their own record (a refund, a credit note). */
export const REVERSIBLE_BY_HAND: readonly SourceType[] = ['other-income', 'opening-balance'];

/**
 * What the system writes on a journal entry (and a vendor's transaction), in English for the books
 * and the exports; the entry keeps the key and its values too, so a screen says it in the reader's
 * language (`finance.memos.<key>`). A person's own words (an expense's description) have no key.
 */
export const JOURNAL_MEMOS = {
  bookingPayment: 'Booking {{booking}}',
  tripCompleted: 'Trip {{booking}} completed',
  cancellation: 'Cancellation {{cancellation}}',
  refund: 'Refund {{booking}}',
  creditNoteExpired: 'Credit note {{creditNote}} expired',
  creditNoteGivenBack: 'Credit note {{creditNote}} given back after it expired',
  salary: 'Salary {{month}}',
  reversal: 'Reversal: {{reason}}',
  voucherPayment: 'Voucher {{voucher}} ({{booking}})',
  expensePayment: 'Expense {{expense}} ({{booking}})',
  vendorRefund: 'Vendor refund {{voucher}} ({{booking}})',
} as const;
export type MemoKey = keyof typeof JOURNAL_MEMOS;
/** A memo the system wrote: its key and values, and the English text the books keep. */
export interface SystemMemo {
  key: MemoKey;
  params: Record<string, string>;
  text: string;
}

/** Writes a system memo: `systemMemo('refund', { booking: 'BK-12' })` → "Refund BK-12" with its key kept. */
export function systemMemo(key: MemoKey, params: Record<string, string>): SystemMemo {
  const text = JOURNAL_MEMOS[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '').replace(/\s+/g, ' ').trim();
  return { key, params, text };
}

/** A memo as its columns: the text, and the key and values when the system wrote it. */
export function memoColumns(memo: string | SystemMemo | null | undefined): { text: string | null; key: MemoKey | null; params: Record<string, string> | null } {
  return typeof memo === 'object' && memo ? { text: memo.text, key: memo.key, params: memo.params } : { text: memo ?? null, key: null, params: null };
}

/** How a record answers a system memo: its key and values, or null for a person's own words. */
export const memoCodeSchema = v.nullable(v.object({ key: v.picklist(Object.keys(JOURNAL_MEMOS) as MemoKey[]), params: v.record(v.string(), v.string()) }));
export type MemoCode = v.InferOutput<typeof memoCodeSchema>;
/** A memo's code from its stored columns (null for a person's words, or a key this version does not know). */
export const memoCodeOf = (key: string | null, params: Record<string, string> | null): MemoCode =>
  key && Object.hasOwn(JOURNAL_MEMOS, key) ? { key: key as MemoKey, params: params ?? {} } : null;

/** The journal list's page size (the seed's account lists: 50). */
export const JOURNAL_PAGE_SIZE = 50;

const nullableText = v.nullable(v.string());
const amount = v.pipe(v.number(), v.integer());

export const accountSchema = v.object({
  _id: uuid,
  key: v.picklist(ACCOUNT_KEYS),
  code: v.string(),
  type: v.picklist(ACCOUNT_TYPES),
  normalSide: v.picklist(['debit', 'credit']),
  paymentMethod: v.nullable(v.picklist(PAYMENT_METHODS)),
  /** On the account's normal side, in minor units: money in the bank is positive, income earned is positive. */
  balance: amount,
  totalDebit: amount,
  totalCredit: amount,
  currency: v.string(),
  /** A money account the organization refuses to let go below zero (`PUT /account/money-rules`); false for every other account. */
  neverBelowZero: v.boolean(),
});
export type Account = v.InferOutput<typeof accountSchema>;

export const journalLineSchema = v.object({ accountKey: v.picklist(ACCOUNT_KEYS), accountCode: v.string(), debit: amount, credit: amount });
export type JournalLine = v.InferOutput<typeof journalLineSchema>;

export const journalEntrySchema = v.object({
  _id: uuid,
  date: calendarDate,
  currency: v.string(),
  memo: nullableText,
  /** The memo's key and values when the system wrote it, for the reader's language. */
  memoCode: memoCodeSchema,
  sourceType: v.picklist(SOURCE_TYPES),
  sourceId: v.nullable(uuid),
  /** The source document's number (`RCT-2026-0001`), when it has one. */
  reference: nullableText,
  postedBy: v.nullable(v.object({ _id: uuid, name: v.string() })),
  /** The entry this one reverses. */
  reversesEntryId: v.nullable(uuid),
  /** The entry that reversed this one. */
  reversedByEntryId: v.nullable(uuid),
  /** Sum of the debits (= sum of the credits). */
  total: amount,
  lines: v.array(journalLineSchema),
  createdAt: timestamp,
});
export type JournalEntry = v.InferOutput<typeof journalEntrySchema>;

export const otherIncomeSchema = v.object({
  _id: uuid,
  /** The receipt's number, `RCT-2026-0001`. */
  number: v.string(),
  date: calendarDate,
  amount,
  currency: v.string(),
  paymentMethod: v.picklist(PAYMENT_METHODS),
  description: v.string(),
  entryId: uuid,
  createdAt: timestamp,
});
export type OtherIncome = v.InferOutput<typeof otherIncomeSchema>;

export const openingBalancesSchema = v.object({
  entryId: uuid,
  date: calendarDate,
  currency: v.string(),
  balances: v.array(v.object({ paymentMethod: v.picklist(PAYMENT_METHODS), amount })),
});
export type OpeningBalances = v.InferOutput<typeof openingBalancesSchema>;

export const reversalSchema = v.object({ entryId: uuid, reversesEntryId: uuid });

const positiveMoney = money(1);
const paymentMethod = oneOf(PAYMENT_METHODS);

/** `POST /budget/income` (the seed's call): other income paid into a money account. */
export const otherIncomeInput = v.strictObject({
  amount: positiveMoney,
  date: dateSchema,
  paymentMethod,
  description: requiredText(500),
});
export type OtherIncomeInput = v.InferOutput<typeof otherIncomeInput>;

/** `POST /account/opening-balances`: the money each account held when the organization started. */
export const openingBalancesInput = v.strictObject({
  date: dateSchema,
  balances: v.pipe(
    v.array(v.strictObject({ paymentMethod, amount: moneySchema }), coded('invalidType', 'must be a list of balances', { expected: 'list' })),
    v.maxLength(PAYMENT_METHODS.length, coded('tooManyItems', `must have at most ${PAYMENT_METHODS.length} balances`, { max: PAYMENT_METHODS.length })),
    v.check((list) => new Set(list.map((b) => b.paymentMethod)).size === list.length, coded('duplicateItems', 'must name each payment method once')),
    v.check((list) => list.some((b) => b.amount > 0), coded('tooFewItems', 'must have at least one amount above zero', { min: 1 })),
    v.check((list) => list.reduce((sum, b) => sum + b.amount, 0) <= MAX_MONEY, coded('tooLarge', `must add up to at most ${MAX_MONEY} minor units`, { max: MAX_MONEY })),
  ),
});
export type OpeningBalancesInput = v.InferOutput<typeof openingBalancesInput>;

/** `POST /account/journal/{id}/reverse`. */
export const reverseEntryInput = v.strictObject({
  date: dateSchema,
  memo: optionalText(500),
});
export type ReverseEntryInput = v.InferOutput<typeof reverseEntryInput>;

export const chartQuery = v.strictObject({ asOf: v.optional(dateSchema) });
export type ChartQuery = v.InferOutput<typeof chartQuery>;

export const journalQuery = v.strictObject({
  ...pageQuery(JOURNAL_PAGE_SIZE),
  sortOrder: sortOrder('desc'),
  /** Entries are kept in date order; `date` is the one sort (the list's column header sends it). */
  sortBy: sortBy(['date'], 'date'),
  date: dateRangeQuery,
  sourceType: listOf(oneOf(SOURCE_TYPES)),
  account: v.optional(oneOf(ACCOUNT_KEYS, 'must be an account key')),
});
export type JournalQuery = v.InferOutput<typeof journalQuery>;

// ---------- closed periods ----------

/** One move of the lock date, as it was made. */
export const periodLockSchema = v.object({
  _id: uuid,
  lockedThrough: v.nullable(calendarDate),
  previous: v.nullable(calendarDate),
  reason: nullableText,
  changedBy: v.nullable(v.object({ _id: uuid, name: v.string() })),
  createdAt: timestamp,
});
export type PeriodLock = v.InferOutput<typeof periodLockSchema>;

/** `GET /account/lock-date`: the books are closed through `lockedThrough` (null: open), and each move of it, newest first. */
export const lockDateSchema = v.object({ lockedThrough: v.nullable(calendarDate), history: v.array(periodLockSchema) });
export type LockDate = v.InferOutput<typeof lockDateSchema>;

/**
 * `PUT /account/lock-date`: close the books through a day (a month's last day, usually), or move
 * the date back or clear it (`null`) to reopen, which needs the approve permission and a reason.
 */
export const lockDateInput = v.strictObject({
  lockedThrough: v.nullable(dateSchema),
  reason: optionalText(500),
});
export type LockDateInput = v.InferOutput<typeof lockDateInput>;

/**
 * `GET`/`PUT /account/money-rules` (issue 28): the money accounts, by payment method, that never go
 * below zero: an outgoing movement that would take one below zero on its date or later is refused
 * (409 `ACCOUNT_WOULD_GO_NEGATIVE`). None by default: any account may go negative, the forms warn.
 */
export const moneyRulesSchema = v.object({ neverBelowZero: v.array(v.picklist(PAYMENT_METHODS)) });
export type MoneyRules = v.InferOutput<typeof moneyRulesSchema>;
export const moneyRulesInput = v.strictObject({
  neverBelowZero: v.pipe(
    v.array(oneOf(PAYMENT_METHODS), coded('invalidType', 'must be a list of payment methods', { expected: 'list' })),
    v.check((methods) => new Set(methods).size === methods.length, coded('duplicateItems', 'must name each payment method once')),
  ),
});
export type MoneyRulesInput = v.InferOutput<typeof moneyRulesInput>;

/** The area's calls, declared once (src/api/common/endpoint.ts): the server's routes, the web app's calls and the API reference read them. */
export const financeEndpoints = {
  chart: endpoint({ method: 'GET', path: '/account/chart', query: chartQuery, answer: itemAnswer(v.array(accountSchema)) }),
  journal: endpoint({ method: 'GET', path: '/account/journal', query: journalQuery, answer: listAnswerOf(journalEntrySchema) }),
  reverseEntry: endpoint({ method: 'POST', path: '/account/journal/:id/reverse', params: idParams, body: reverseEntryInput, answer: itemAnswer(reversalSchema), status: 201 }),
  lockDate: endpoint({ method: 'GET', path: '/account/lock-date', answer: itemAnswer(lockDateSchema) }),
  updateLockDate: endpoint({ method: 'PUT', path: '/account/lock-date', body: lockDateInput, answer: itemAnswer(lockDateSchema) }),
  moneyRules: endpoint({ method: 'GET', path: '/account/money-rules', answer: itemAnswer(moneyRulesSchema) }),
  updateMoneyRules: endpoint({ method: 'PUT', path: '/account/money-rules', body: moneyRulesInput, answer: itemAnswer(moneyRulesSchema) }),
  openingBalances: endpoint({ method: 'GET', path: '/account/opening-balances', answer: itemAnswer(v.nullable(openingBalancesSchema)) }),
  createOpeningBalances: endpoint({ method: 'POST', path: '/account/opening-balances', body: openingBalancesInput, answer: itemAnswer(openingBalancesSchema), status: 201 }),
  /** Other income's receipt: `…/pdf`, `…/sends`, `…/send` (a record's documents: their routes are built by `documentRoutes`). */
  incomeReceipt: documentEndpoints('/budget/income/:id', idParams),
  income: endpoint({ method: 'POST', path: '/budget/income', body: otherIncomeInput, answer: itemAnswer(otherIncomeSchema), status: 201 }),
};
