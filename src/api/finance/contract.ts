import * as v from 'valibot';
import { dateRangeQuery, dateSchema, listOf, moneySchema, noNul, nonEmpty, pageQuery, sortBy } from '../common/schemas';

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
] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];
/** Entries the finance screens may reverse by hand; the others are undone through their own record (a refund, a credit note). */
export const REVERSIBLE_BY_HAND: readonly SourceType[] = ['other-income', 'opening-balance'];

/** The journal list's page size (the seed's account lists: 50). */
export const JOURNAL_PAGE_SIZE = 50;

export interface Account {
  _id: string;
  key: AccountKey;
  code: string;
  type: AccountType;
  normalSide: Side;
  paymentMethod: PaymentMethod | null;
  /** On the account's normal side, in minor units: money in the bank is positive, income earned is positive. */
  balance: number;
  totalDebit: number;
  totalCredit: number;
  currency: string;
}

export interface JournalLine {
  accountKey: AccountKey;
  accountCode: string;
  debit: number;
  credit: number;
}

export interface JournalEntry {
  _id: string;
  date: string;
  currency: string;
  memo: string | null;
  sourceType: SourceType;
  sourceId: string | null;
  /** The source document's number (`RCT-2026-0001`), when it has one. */
  reference: string | null;
  postedBy: { _id: string; name: string } | null;
  /** The entry this one reverses. */
  reversesEntryId: string | null;
  /** The entry that reversed this one. */
  reversedByEntryId: string | null;
  /** Sum of the debits (= sum of the credits). */
  total: number;
  lines: JournalLine[];
  createdAt: string;
}

export interface OtherIncome {
  _id: string;
  /** The receipt's number, `RCT-2026-0001`. */
  number: string;
  date: string;
  amount: number;
  currency: string;
  paymentMethod: PaymentMethod;
  description: string;
  entryId: string;
  createdAt: string;
}

export interface OpeningBalances {
  entryId: string;
  date: string;
  currency: string;
  balances: { paymentMethod: PaymentMethod; amount: number }[];
}

const positiveMoney = v.pipe(moneySchema, v.minValue(1, 'must be more than zero'));
const paymentMethod = v.picklist(PAYMENT_METHODS, `must be one of ${PAYMENT_METHODS.join(', ')}`);

/** `POST /budget/income` (the seed's call): other income paid into a money account. */
export const otherIncomeInput = v.strictObject({
  amount: positiveMoney,
  date: dateSchema,
  paymentMethod,
  description: v.pipe(nonEmpty(500), noNul),
});
export type OtherIncomeInput = v.InferOutput<typeof otherIncomeInput>;

/** `POST /account/opening-balances`: the money each account held when the organization started. */
export const openingBalancesInput = v.strictObject({
  date: dateSchema,
  balances: v.pipe(
    v.array(v.strictObject({ paymentMethod, amount: moneySchema }), 'must be a list of balances'),
    v.maxLength(PAYMENT_METHODS.length, `must have at most ${PAYMENT_METHODS.length} balances`),
    v.check((list) => new Set(list.map((b) => b.paymentMethod)).size === list.length, 'must name each payment method once'),
    v.check((list) => list.some((b) => b.amount > 0), 'must have at least one amount above zero'),
    v.check((list) => list.reduce((sum, b) => sum + b.amount, 0) <= Number.MAX_SAFE_INTEGER, 'must add up to less than 2^53 minor units'),
  ),
});
export type OpeningBalancesInput = v.InferOutput<typeof openingBalancesInput>;

/** `POST /account/journal/{id}/reverse`. */
export const reverseEntryInput = v.strictObject({
  date: dateSchema,
  memo: v.optional(v.pipe(v.string('must be text'), v.trim(), v.maxLength(500, 'must be at most 500 characters'), noNul)),
});
export type ReverseEntryInput = v.InferOutput<typeof reverseEntryInput>;

export const chartQuery = v.strictObject({ asOf: v.optional(dateSchema) });
export type ChartQuery = v.InferOutput<typeof chartQuery>;

export const journalQuery = v.strictObject({
  ...pageQuery(JOURNAL_PAGE_SIZE),
  sortOrder: v.optional(v.picklist(['asc', 'desc'], 'must be asc or desc'), 'desc'),
  /** Entries are kept in date order; `date` is the one sort (the list's column header sends it). */
  sortBy: sortBy(['date'], 'date'),
  date: dateRangeQuery,
  sourceType: listOf(v.picklist(SOURCE_TYPES, `must be one of ${SOURCE_TYPES.join(', ')}`)),
  account: v.optional(v.picklist(ACCOUNT_KEYS, 'must be an account key')),
});
export type JournalQuery = v.InferOutput<typeof journalQuery>;
