import * as v from 'valibot';
import { coded } from '../../common/issues';
import { calendarDate, dateRangeQuery, dateSchema, formMoney, idParams, idSchema, itemAnswer, listAnswerOf, listOf, money, moneyFromQuery, monthSchema, oneOf, pageQuery, requiredText, sortBy, timestamp, uuid } from '../../common/schemas';
import { PAYMENT_METHODS } from '../contract';
import { EXPENSE_CATEGORIES } from '../statement/contract';
import { endpoint, fileAnswer } from '../../common/endpoint';

/**
 * Expenses and salaries (issue 28; the seed's `POST /expenses`, `POST /expenses/salary`,
 * `GET /expenses`): each paid from a money account, one journal entry each, never changed (a
 * mistake is reversed in the journal). Salaries are seen only with the salaries permission.
 */
export const EXPENSES_PAGE_SIZE = 50;

/** What `POST /expenses` takes: every category but salary, which is paid per member (`POST /expenses/salary`). */
export const EXPENSE_INPUT_CATEGORIES = EXPENSE_CATEGORIES.filter((c) => c !== 'salary') as unknown as readonly ['rent', 'utilities', 'marketing', 'travel', 'software', 'other'];

/** A receipt file: a scan or a PDF, up to 5 MB. */
export const RECEIPT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export const MAX_RECEIPT_BYTES = 5 * 1024 * 1024;

const amount = v.pipe(v.number(), v.integer());
const ref = v.object({ _id: uuid, name: v.string() });

export const expenseSchema = v.object({
  _id: uuid,
  category: v.picklist(EXPENSE_CATEGORIES),
  amount,
  currency: v.string(),
  date: calendarDate,
  paymentMethod: v.picklist(PAYMENT_METHODS),
  description: v.string(),
  vendor: v.nullable(ref),
  /** A salary's member and month (`YYYY-MM`). */
  member: v.nullable(ref),
  salaryMonth: v.nullable(v.string()),
  /** The recurring expense this month of it was posted for. */
  recurringId: v.nullable(uuid),
  receipt: v.nullable(v.object({ name: v.string(), type: v.string() })),
  entryId: uuid,
  createdBy: v.nullable(ref),
  createdAt: timestamp,
  /**
   * Its reversal, once reversed or corrected: the reversing entry and its date, the reason, who and
   * when, and the expense that corrects it (null for a reversal alone). Null while it stands.
   */
  reversal: v.nullable(
    v.object({ entryId: uuid, date: calendarDate, reason: v.string(), by: v.nullable(ref), at: timestamp, correctedBy: v.nullable(uuid) }),
  ),
  /** The expense this one was recorded to correct. */
  corrects: v.nullable(uuid),
});
export type Expense = v.InferOutput<typeof expenseSchema>;

/** `POST /expenses` (JSON, or multipart with the receipt in the field `receipt`). */
export const expenseInput = v.strictObject({
  category: oneOf(EXPENSE_INPUT_CATEGORIES, 'must be an expense category (salaries are paid per member)'),
  amount: formMoney,
  date: dateSchema,
  paymentMethod: oneOf(PAYMENT_METHODS),
  description: requiredText(500),
  vendorId: v.optional(idSchema),
});
export type ExpenseInput = v.InferOutput<typeof expenseInput>;

/** `POST /expenses/{id}/reverse`: undoes the expense with a reversing entry (docs/finance.md, "Correcting an expense"). */
export const expenseReverseInput = v.strictObject({ reason: requiredText(500) });
export type ExpenseReverseInput = v.InferOutput<typeof expenseReverseInput>;

/**
 * `POST /expenses/{id}/correct`: the expense as it should have been (every field, as `POST
 * /expenses` takes them; at least one different) and why. The old one is reversed, the new one
 * recorded, in one transaction; the receipt carries over.
 */
export const expenseCorrectionInput = v.strictObject({ ...expenseInput.entries, reason: requiredText(500) });
export type ExpenseCorrectionInput = v.InferOutput<typeof expenseCorrectionInput>;

export const expensesQuery = v.pipe(
  v.strictObject({
    ...pageQuery(EXPENSES_PAGE_SIZE),
    sortOrder: v.optional(oneOf(['asc', 'desc'], 'must be asc or desc'), 'desc'),
    sortBy: sortBy(['date', 'amount'], 'date'),
    category: listOf(oneOf(EXPENSE_CATEGORIES)),
    paymentMethod: listOf(oneOf(PAYMENT_METHODS)),
    vendor: v.optional(idSchema),
    date: dateRangeQuery,
    minAmount: moneyFromQuery,
    maxAmount: moneyFromQuery,
  }),
  v.forward(
    v.check((q) => q.minAmount === undefined || q.maxAmount === undefined || q.minAmount <= q.maxAmount, coded('tooSmall', 'must not be below minAmount', { min: 'minAmount' })),
    ['maxAmount'],
  ),
);
export type ExpensesQuery = v.InferOutput<typeof expensesQuery>;

const byCategory = v.object(Object.fromEntries(EXPENSE_CATEGORIES.map((c) => [c, amount])) as { [C in (typeof EXPENSE_CATEGORIES)[number]]: typeof amount });
export const expenseStatsSchema = v.object({
  month: v.string(),
  thisMonth: v.object({ total: amount, byCategory }),
  lastMonth: v.object({ total: amount, byCategory }),
  /** This month against last, in basis points (+1 250 = 12.5 % more); null when last month had none. */
  change: v.nullable(v.number()),
});
export type ExpenseStats = v.InferOutput<typeof expenseStatsSchema>;

// ---------- salaries ----------

/** `POST /expenses/salary`: one member's salary for a month, once (the database refuses a second). */
export const salaryInput = v.strictObject({
  memberId: idSchema,
  month: monthSchema,
  amount: money(1),
  date: dateSchema,
  paymentMethod: oneOf(PAYMENT_METHODS),
});
export type SalaryInput = v.InferOutput<typeof salaryInput>;

/**
 * `POST /expenses/salary/{id}/correct`: the salary as it should have been paid (amount, date, method;
 * at least one different) and why; the member and month stay. `POST /expenses/salary/{id}/reverse`
 * takes `{ reason }` as an expense's reversal does. A reversed salary frees its month.
 */
export const salaryCorrectionInput = v.strictObject({ amount: salaryInput.entries.amount, date: dateSchema, paymentMethod: oneOf(PAYMENT_METHODS), reason: requiredText(500) });
export type SalaryCorrectionInput = v.InferOutput<typeof salaryCorrectionInput>;

/** `POST /expenses/salary/run`: every active member with a salary on record, not yet paid for the month. */
export const salaryRunInput = v.strictObject({ month: monthSchema, date: dateSchema, paymentMethod: oneOf(PAYMENT_METHODS) });
export type SalaryRunInput = v.InferOutput<typeof salaryRunInput>;

export const SALARY_SKIPS = ['alreadyPaid', 'noSalary'] as const;
export const salaryRunSchema = v.object({
  paid: v.array(expenseSchema),
  skipped: v.array(v.object({ member: ref, reason: v.picklist(SALARY_SKIPS) })),
});
export type SalaryRun = v.InferOutput<typeof salaryRunSchema>;

/**
 * `PUT /salaries/{memberId}`: what the member is paid a month (null: none on record). The answer is
 * the salaries of `month` (the month the screen shows), or of this month when none is given.
 */
export const salaryRateInput = v.strictObject({ amount: v.nullable(money(1)), month: v.optional(monthSchema) });
export type SalaryRateInput = v.InferOutput<typeof salaryRateInput>;

export const salariesQuery = v.strictObject({ month: v.optional(monthSchema) });
/** `GET /salaries?month=`: each member who is not gone, their salary on record and the month's payment. */
export const salaryRowSchema = v.object({
  member: v.object({ _id: uuid, name: v.string(), department: v.string(), employmentStatus: v.string() }),
  rate: v.nullable(amount),
  paid: v.nullable(expenseSchema),
});
export const salariesSchema = v.object({ month: v.string(), currency: v.string(), rows: v.array(salaryRowSchema) });
export type Salaries = v.InferOutput<typeof salariesSchema>;

// ---------- recurring expenses ----------

export const recurringExpenseSchema = v.object({
  _id: uuid,
  category: v.picklist(EXPENSE_CATEGORIES),
  amount,
  currency: v.string(),
  paymentMethod: v.picklist(PAYMENT_METHODS),
  description: v.string(),
  vendor: v.nullable(ref),
  dayOfMonth: v.number(),
  startsOn: calendarDate,
  active: v.boolean(),
  /** The last month it was posted for (`YYYY-MM`). */
  lastPosted: v.nullable(v.string()),
});
export type RecurringExpense = v.InferOutput<typeof recurringExpenseSchema>;

/** `POST /expenses/recurring`: posted by the daily job on its day of each month from `startsOn`. */
export const recurringExpenseInput = v.strictObject({
  category: oneOf(EXPENSE_INPUT_CATEGORIES, 'must be an expense category (salaries are paid per member)'),
  amount: money(1),
  paymentMethod: oneOf(PAYMENT_METHODS),
  description: requiredText(500),
  vendorId: v.optional(idSchema),
  dayOfMonth: v.pipe(
    v.number(coded('invalidType', 'must be a number', { expected: 'number' })),
    v.integer(coded('notInteger', 'must be a whole number')),
    v.minValue(1, coded('tooSmall', 'must be at least 1', { min: 1 })),
    v.maxValue(28, coded('tooLarge', 'must be at most 28', { max: 28 })),
  ),
  startsOn: dateSchema,
});
export type RecurringExpenseInput = v.InferOutput<typeof recurringExpenseInput>;
export const recurringActiveInput = v.strictObject({ active: v.boolean(coded('invalidType', 'must be true or false', { expected: 'boolean' })) });

/** `PUT /salaries/{memberId}`: the member whose salary is on record. */
export const memberIdParams = v.object({ memberId: idSchema });

/** The expenses' and salaries' calls, declared once (src/api/common/endpoint.ts): the server's routes, the web app's calls and the API reference read them. */
export const expenseEndpoints = {
  /** With this month's and last month's totals. */
  list: endpoint({ method: 'GET', path: '/expenses', query: expensesQuery, answer: listAnswerOf(expenseSchema, expenseStatsSchema) }),
  /** Multipart: the fields and the receipt file in `receipt`. */
  create: endpoint({ method: 'POST', path: '/expenses', body: expenseInput, answer: itemAnswer(expenseSchema), status: 201 }),
  recurring: endpoint({ method: 'GET', path: '/expenses/recurring', answer: itemAnswer(v.array(recurringExpenseSchema)) }),
  createRecurring: endpoint({ method: 'POST', path: '/expenses/recurring', body: recurringExpenseInput, answer: itemAnswer(recurringExpenseSchema), status: 201 }),
  /** Paused or running again. */
  updateRecurring: endpoint({ method: 'PUT', path: '/expenses/recurring/:id', params: idParams, body: recurringActiveInput, answer: itemAnswer(recurringExpenseSchema) }),
  salary: endpoint({ method: 'POST', path: '/expenses/salary', body: salaryInput, answer: itemAnswer(expenseSchema), status: 201 }),
  salaryRun: endpoint({ method: 'POST', path: '/expenses/salary/run', body: salaryRunInput, answer: itemAnswer(salaryRunSchema) }),
  salaryReverse: endpoint({ method: 'POST', path: '/expenses/salary/:id/reverse', params: idParams, body: expenseReverseInput, answer: itemAnswer(expenseSchema) }),
  salaryCorrect: endpoint({ method: 'POST', path: '/expenses/salary/:id/correct', params: idParams, body: salaryCorrectionInput, answer: itemAnswer(expenseSchema), status: 201 }),
  byId: endpoint({ method: 'GET', path: '/expenses/:id', params: idParams, answer: itemAnswer(expenseSchema) }),
  reverse: endpoint({ method: 'POST', path: '/expenses/:id/reverse', params: idParams, body: expenseReverseInput, answer: itemAnswer(expenseSchema) }),
  correct: endpoint({ method: 'POST', path: '/expenses/:id/correct', params: idParams, body: expenseCorrectionInput, answer: itemAnswer(expenseSchema), status: 201 }),
  receipt: endpoint({ method: 'GET', path: '/expenses/:id/receipt', params: idParams, answer: fileAnswer(...RECEIPT_TYPES) }),
  salaries: endpoint({ method: 'GET', path: '/salaries', query: salariesQuery, answer: itemAnswer(salariesSchema) }),
  memberSalary: endpoint({ method: 'PUT', path: '/salaries/:memberId', params: memberIdParams, body: salaryRateInput, answer: itemAnswer(salariesSchema) }),
};
