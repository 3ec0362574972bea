import crypto from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { moneyAccount, systemMemo, type PaymentMethod } from '../../src/api/finance/contract';
import {
  MAX_RECEIPT_BYTES,
  RECEIPT_TYPES,
  type Expense,
  type ExpenseCorrectionInput,
  type ExpenseInput,
  type ExpenseReverseInput,
  type ExpensesQuery,
  type ExpenseStats,
  type RecurringExpense,
  type RecurringExpenseInput,
  type Salaries,
  type SalaryCorrectionInput,
  type SalaryInput,
  type SalaryRun,
  type SalaryRunInput,
} from '../../src/api/finance/expenses/contract';
import { EXPENSE_CATEGORIES, type ExpenseCategory } from '../../src/api/finance/statement/contract';
import type { ListAnswer } from '../../src/api/common/schemas';
import { members } from '../auth/schema';
import type { Tx } from '../db/client';
import { organizations } from '../db/tenancy';
import { ApiError, conflict, invalidField, notFound } from '../http/errors';
import { checkFile } from '../http/files';
import { containsPattern, dateRangeSql, filtersOnly, monthsAndEdges, monthsSql, pageOffset, totalFrom } from '../http/list';
import { readInteger } from '../db/money';
import type { UploadedFile } from '../http/route';
import { activeVendor, describedAs, vendorTransactions } from '../vendors';
import { postEntry, reverseEntry } from './journal';
import { assertBooksOpen } from './periods';
import { assertMoneyDate } from './dates';
import { expenseReversals, expenses, recurringExpenses, salaryRates } from './schema';
import { monthBounds } from './statement';

/**
 * Expenses, salaries and recurring expenses (issue 28). Each is paid from a money account in one
 * journal entry (the category's expense account ← the method's money account), with a vendor
 * transaction when it names a vendor; the expense row and its entry commit together and never
 * change (a mistake is reversed in the journal). A member is paid once a month, a recurring expense
 * once a period: the database's unique indexes hold it under any race.
 */

const currentOrg = sql`nullif(current_setting('app.org_id', true), '')::uuid`;

interface Paid {
  category: ExpenseCategory;
  amount: number;
  date: string;
  paymentMethod: PaymentMethod;
  description: string;
  vendorId?: string | null;
  memberId?: string | null;
  salaryMonth?: string | null;
  recurringId?: string | null;
  period?: string | null;
  receipt?: { name: string; type: string; bytes: Buffer } | null;
  /** The new row's id, when something names it before it is written (a correction's reversal). */
  id?: string;
}

/** A receipt file: at most one, in the field `receipt`, a PDF or an image whose bytes are what it says. */
export function checkReceipt(files: UploadedFile[]): Paid['receipt'] {
  if (files.length === 0) return null;
  if (files.length > 1) throw invalidField('receipt', 'tooManyItems', 'must be one file', { max: 1 });
  const [file] = files;
  const type = checkFile('receipt', file, RECEIPT_TYPES, MAX_RECEIPT_BYTES);
  return { name: file.name.replace(/[\u0000-\u001f\u007f/\\:*?"<>|\u202a-\u202e\u2066-\u2069]+/g, '_').trim().slice(0, 200) || 'receipt', type, bytes: file.bytes };
}

/** Pays one expense: its entry, its row and (with a vendor) the vendor's transaction, in the caller's transaction. */
async function pay(tx: Tx, input: Paid, actorId: string | null, today: string): Promise<string> {
  await assertMoneyDate(tx, today, 'date', input.date);
  const vendor = input.vendorId ? await activeVendor(tx, input.vendorId) : null;
  const id = input.id ?? crypto.randomUUID();
  const memo = input.category === 'salary' ? systemMemo('salary', { month: input.salaryMonth!.slice(0, 7) }) : input.description;
  const entry = await postEntry(tx, {
    date: input.date,
    source: { type: input.category === 'salary' ? 'salary' : 'expense', id, reference: null },
    memo,
    postedBy: actorId,
    lines: [
      { account: `expense:${input.category}`, debit: input.amount },
      { account: moneyAccount(input.paymentMethod), credit: input.amount },
    ],
  });
  const [org] = await tx.select({ currency: organizations.currency }).from(organizations);
  await tx.insert(expenses).values({
    id,
    category: input.category,
    amount: input.amount,
    currency: org.currency,
    date: input.date,
    paymentMethod: input.paymentMethod,
    description: input.description,
    vendorId: vendor?.id ?? null,
    memberId: input.memberId ?? null,
    salaryMonth: input.salaryMonth ?? null,
    recurringId: input.recurringId ?? null,
    period: input.period ?? null,
    receiptName: input.receipt?.name ?? null,
    receiptType: input.receipt?.type ?? null,
    receipt: input.receipt?.bytes ?? null,
    entryId: entry.id,
    createdBy: actorId,
  });
  if (vendor) {
    await tx.insert(vendorTransactions).values({
      vendorId: vendor.id,
      direction: 'outgoing',
      amount: input.amount,
      status: 'paid',
      date: input.date,
      reference: null,
      ...describedAs(memo),
      linkedType: 'expense',
      linkedId: id,
    });
  }
  return id;
}

// ---------- reading ----------

interface ExpenseRow extends Record<string, unknown> {
  id: string;
  category: ExpenseCategory;
  amount: string;
  currency: string;
  date: string;
  payment_method: PaymentMethod;
  description: string;
  vendor_id: string | null;
  vendor_name: string | null;
  member_id: string | null;
  member_name: string | null;
  salary_month: string | null;
  recurring_id: string | null;
  receipt_name: string | null;
  receipt_type: string | null;
  entry_id: string;
  created_by: string | null;
  created_by_name: string | null;
  created_at: string | Date;
  reversal_entry_id: string | null;
  reversal_date: string | null;
  reversal_reason: string | null;
  reversed_by: string | null;
  reversed_by_name: string | null;
  reversed_at: string | Date | null;
  corrected_by: string | null;
  corrects: string | null;
}

const SELECT = sql`
  select x.id, x.category, x.amount::text as amount, x.currency, x.date::text as date, x.payment_method, x.description,
         x.vendor_id, v.name as vendor_name, x.member_id, m.name as member_name, to_char(x.salary_month, 'YYYY-MM') as salary_month,
         x.recurring_id, x.receipt_name, x.receipt_type, x.entry_id, x.created_by, c.name as created_by_name, x.created_at,
         r.entry_id as reversal_entry_id, re.date::text as reversal_date, r.reason as reversal_reason, r.reversed_by,
         rb.name as reversed_by_name, r.created_at as reversed_at, r.corrected_by,
         (select r2.expense_id from expense_reversals r2 where r2.corrected_by = x.id) as corrects
  from expenses x
  left join vendors v on v.id = x.vendor_id
  left join members m on m.id = x.member_id
  left join members c on c.id = x.created_by
  left join expense_reversals r on r.expense_id = x.id
  left join journal_entries re on re.id = r.entry_id
  left join members rb on rb.id = r.reversed_by`;

const toExpense = (r: ExpenseRow): Expense => ({
  _id: r.id,
  category: r.category,
  amount: Number(r.amount),
  currency: r.currency,
  date: r.date,
  paymentMethod: r.payment_method,
  description: r.description,
  vendor: r.vendor_id ? { _id: r.vendor_id, name: r.vendor_name ?? '' } : null,
  member: r.member_id ? { _id: r.member_id, name: r.member_name ?? '' } : null,
  salaryMonth: r.salary_month,
  recurringId: r.recurring_id,
  receipt: r.receipt_name ? { name: r.receipt_name, type: r.receipt_type ?? '' } : null,
  entryId: r.entry_id,
  createdBy: r.created_by ? { _id: r.created_by, name: r.created_by_name ?? '' } : null,
  createdAt: new Date(r.created_at).toISOString(),
  reversal: r.reversal_entry_id
    ? {
        entryId: r.reversal_entry_id,
        date: r.reversal_date!,
        reason: r.reversal_reason!,
        by: r.reversed_by ? { _id: r.reversed_by, name: r.reversed_by_name ?? '' } : null,
        at: new Date(r.reversed_at!).toISOString(),
        correctedBy: r.corrected_by,
      }
    : null,
  corrects: r.corrects,
});

export async function expenseById(tx: Tx, id: string, seesSalaries: boolean): Promise<Expense> {
  const { rows } = await tx.execute<ExpenseRow>(sql`${SELECT} where x.id = ${id} ${seesSalaries ? sql`` : sql`and x.category <> 'salary'`}`);
  if (!rows[0]) throw notFound('Expense');
  return toExpense(rows[0]);
}

/** The receipt file of an expense (404 when it has none, or the caller may not see it). */
export async function expenseReceipt(tx: Tx, id: string, seesSalaries: boolean) {
  const [row] = await tx
    .select({ name: expenses.receiptName, type: expenses.receiptType, bytes: expenses.receipt, category: expenses.category })
    .from(expenses)
    .where(eq(expenses.id, id));
  if (!row || !row.bytes || (row.category === 'salary' && !seesSalaries)) throw notFound('Receipt');
  return { name: row.name!, type: row.type!, bytes: row.bytes };
}

/** `GET /expenses`: newest first, the seed's filters in SQL; salaries only for who may see them; this and last month's totals. */
export async function expensesPage(tx: Tx, q: ExpensesQuery, seesSalaries: boolean, thisMonth: string): Promise<ListAnswer<Expense, ExpenseStats>> {
  const where: SQL[] = [sql`x.organization_id = ${currentOrg}`];
  if (!seesSalaries) where.push(sql`x.category <> 'salary'`);
  if (q.category?.length) where.push(sql`x.category in (${sql.join(q.category.map((c) => sql`${c}`), sql`, `)})`);
  if (q.paymentMethod?.length) where.push(sql`x.payment_method in (${sql.join(q.paymentMethod.map((c) => sql`${c}`), sql`, `)})`);
  if (q.vendor) where.push(sql`x.vendor_id = ${q.vendor}`);
  if (q.date?.from) where.push(sql`x.date >= ${q.date.from}::date`);
  if (q.date?.to) where.push(sql`x.date <= ${q.date.to}::date`);
  if (q.minAmount !== undefined) where.push(sql`x.amount >= ${q.minAmount}`);
  if (q.maxAmount !== undefined) where.push(sql`x.amount <= ${q.maxAmount}`);
  if (q.search) where.push(sql`x.description ilike ${containsPattern(q.search)}`);
  const filter = sql.join(where, sql` and `);
  const dir = q.sortOrder === 'asc' ? sql`asc` : sql`desc`;
  const order = q.sortBy === 'amount' ? sql`x.amount ${dir}, x.date desc, x.id desc` : sql`x.date ${dir}, x.created_at ${dir}, x.id ${dir}`;
  const { rows } = await tx.execute<ExpenseRow>(sql`${SELECT} where ${filter} order by ${order} limit ${q.limit} offset ${pageOffset(q)}`);
  const totalItems = await totalFrom(q, rows.length, () => (filtersOnly(q, ['category', 'paymentMethod', 'date']) ? keptExpenseCount(tx, q, seesSalaries) : countExpenses(tx, filter)));
  return {
    data: rows.map(toExpense),
    meta: { currentPage: q.page, limit: q.limit, totalItems, totalPages: Math.ceil(totalItems / q.limit) },
    stats: await expenseStats(tx, thisMonth, seesSalaries),
  };
}

async function countExpenses(tx: Tx, filter: SQL): Promise<number> {
  const { rows } = await tx.execute<{ n: number }>(sql`select count(*)::int as n from expenses x where ${filter}`);
  return rows[0].n;
}

/**
 * How many expenses a list filtered by category, method and date holds, from the kept totals
 * (`expense_totals`: the date's whole months) and the expenses of the range's edge days (their date
 * index): the same cost at any number of expenses (docs/performance.md "Stats in constant time").
 */
async function keptExpenseCount(tx: Tx, q: ExpensesQuery, seesSalaries: boolean): Promise<number> {
  const keys = (category: SQL, method: SQL) =>
    sql.join(
      [
        sql`true`,
        ...(seesSalaries ? [] : [sql`${category} <> 'salary'`]),
        ...(q.category?.length ? [sql`${category} in (${sql.join(q.category.map((c) => sql`${c}`), sql`, `)})`] : []),
        ...(q.paymentMethod?.length ? [sql`${method} in (${sql.join(q.paymentMethod.map((c) => sql`${c}`), sql`, `)})`] : []),
      ],
      sql` and `,
    );
  const { months, edges } = monthsAndEdges(q.date);
  const parts: SQL[] = [];
  if (months) parts.push(sql`(select coalesce(sum(t.n), 0) from expense_totals t where t.organization_id = ${currentOrg} and ${keys(sql`t.category`, sql`t.payment_method`)} and ${monthsSql(sql`t.month`, months)})`);
  for (const edge of edges) parts.push(sql`(select count(*) from expenses x where x.organization_id = ${currentOrg} and ${keys(sql`x.category`, sql`x.payment_method`)} and ${dateRangeSql(sql`x.date`, edge)})`);
  if (!parts.length) return 0;
  const { rows } = await tx.execute<{ n: string }>(sql`select ${sql.join(parts, sql` + `)} as n`);
  return readInteger(rows[0].n);
}

/** This month's and last month's expenses by category, from the journal's kept totals (the expense accounts). */
async function expenseStats(tx: Tx, month: string, seesSalaries: boolean): Promise<ExpenseStats> {
  const [y, m] = month.split('-').map(Number);
  const last = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
  const { rows } = await tx.execute<{ month: string; key: string; amount: string }>(sql`
    select to_char(t.month, 'YYYY-MM') as month, a.key, sum(t.debit - t.credit)::text as amount
    from ledger_totals t join accounts a on a.id = t.account_id
    where t.organization_id = ${currentOrg} and a.key like 'expense:%' and t.source_type in ('expense', 'salary')
      and t.month in (${`${last}-01`}::date, ${`${month}-01`}::date)
    group by 1, 2`);
  const of = (which: string) => {
    const byCategory = Object.fromEntries(EXPENSE_CATEGORIES.map((c) => [c, 0])) as Record<ExpenseCategory, number>;
    for (const r of rows.filter((x) => x.month === which)) {
      const category = r.key.slice('expense:'.length) as ExpenseCategory;
      if (category !== 'salary' || seesSalaries) byCategory[category] = Number(r.amount);
    }
    return { total: Object.values(byCategory).reduce((a, b) => a + b, 0), byCategory };
  };
  const thisMonth = of(month);
  const lastMonth = of(last);
  return { month, thisMonth, lastMonth, change: lastMonth.total ? Math.round(((thisMonth.total - lastMonth.total) * 10_000) / lastMonth.total) : null };
}

// ---------- writing ----------

export async function recordExpense(tx: Tx, input: ExpenseInput, receipt: Paid['receipt'], actorId: string, today: string): Promise<Expense> {
  const id = await pay(tx, { ...input, receipt }, actorId, today);
  return expenseById(tx, id, true);
}

// ---------- reversing and correcting ----------

/** What is undone: an expense (`/expenses/{id}/…`, `expenses.*`) or a salary (`/expenses/salary/{id}/…`, `salaries.update`). */
type Undoable = 'expense' | 'salary';

/**
 * Locks the expense or salary to undo (20 reversals at once queue here: the first reverses it, the
 * others then see its reversal and get 409 `ALREADY_REVERSED`; the unique index stands behind it).
 * Each is undone through its own calls: a salary through the expense's gets 409
 * `NOT_REVERSIBLE_BY_HAND`, an expense through the salary's 404.
 */
async function expenseToUndo(tx: Tx, id: string, kind: Undoable) {
  const { rows } = await tx.execute<{
    id: string; category: ExpenseCategory; amount: string; date: string; payment_method: PaymentMethod; description: string;
    vendor_id: string | null; member_id: string | null; salary_month: string | null; receipt_name: string | null; receipt_type: string | null; entry_id: string;
  }>(sql`
    select id, category, amount::text as amount, date::text as date, payment_method, description, vendor_id, member_id,
           salary_month::text as salary_month, receipt_name, receipt_type, entry_id
    from expenses where id = ${id} for update`);
  const x = rows[0];
  if (!x || (kind === 'salary' && x.category !== 'salary')) throw notFound(kind === 'salary' ? 'Salary' : 'Expense');
  if (kind === 'expense' && x.category === 'salary') throw conflict('A salary is reversed or corrected through its own calls (POST /expenses/salary/{id}/reverse, /correct)', 'NOT_REVERSIBLE_BY_HAND');
  const { rows: done } = await tx.execute(sql`select 1 from expense_reversals where expense_id = ${id}`);
  if (done.length) throw conflict(`This ${kind} has already been reversed`, 'ALREADY_REVERSED');
  return x;
}
type Undone = Awaited<ReturnType<typeof expenseToUndo>>;

/**
 * Posts the reversing entry of an expense (docs/finance.md, "Correcting an expense"): on the
 * expense's own date while its month is open, so each month's figures stay right; on today's when
 * that month is closed (the closed month stays as it was closed). A vendor's expense gives the
 * vendor's outgoing transaction back with an incoming one.
 */
async function undoExpense(tx: Tx, x: Undone, reason: string, actorId: string, today: string, correctedBy: string | null): Promise<void> {
  let date = x.date;
  try {
    await assertBooksOpen(tx, x.date);
  } catch (e) {
    if (!(e instanceof ApiError) || e.code !== 'PERIOD_LOCKED') throw e;
    date = today;
  }
  const entry = await reverseEntry(tx, x.entry_id, { date, memo: systemMemo('reversal', { reason }), postedBy: actorId, within: (d) => assertMoneyDate(tx, today, 'date', d) });
  await tx.insert(expenseReversals).values({ expenseId: x.id, entryId: entry.id, reason, correctedBy, reversedBy: actorId });
  if (x.vendor_id) {
    await tx.insert(vendorTransactions).values({
      vendorId: x.vendor_id,
      direction: 'incoming',
      amount: Number(x.amount),
      status: 'paid',
      date,
      reference: null,
      ...describedAs(systemMemo('reversal', { reason: x.description })),
      linkedType: 'expense',
      linkedId: x.id,
    });
  }
}

/**
 * Records `paid` in place of `x` (a correction), in one transaction: the old one is reversed first,
 * naming the new one (the reversal's link to it is checked at commit), then the new one is paid. So
 * the money comes back before it goes out again (an account that never goes below zero is judged on
 * what stands), and a salary's month is free when its new payment is recorded. The new date must be
 * open: 409 `PERIOD_LOCKED` otherwise, nothing written.
 */
async function replaceExpense(tx: Tx, x: Undone, paid: Paid, reason: string, actorId: string, today: string): Promise<Expense> {
  const newId = crypto.randomUUID();
  await undoExpense(tx, x, reason, actorId, today, newId);
  await pay(tx, { ...paid, id: newId }, actorId, today);
  return expenseById(tx, newId, true);
}

/** The receipt an expense carries over to its correction. */
async function receiptOf(tx: Tx, x: Undone): Promise<Paid['receipt']> {
  if (!x.receipt_name) return null;
  const [row] = await tx.select({ bytes: expenses.receipt }).from(expenses).where(eq(expenses.id, x.id));
  return { name: x.receipt_name, type: x.receipt_type ?? '', bytes: row.bytes! };
}

/** `POST /expenses/{id}/reverse`: the expense undone, with the reason; it stays listed, marked reversed. */
export async function reverseExpense(tx: Tx, id: string, input: ExpenseReverseInput, actorId: string, today: string): Promise<Expense> {
  const x = await expenseToUndo(tx, id, 'expense');
  await undoExpense(tx, x, input.reason, actorId, today, null);
  return expenseById(tx, id, true);
}

/**
 * `POST /expenses/{id}/correct`: the expense recorded again as it should have been, the old one
 * reversed. A correction that changes nothing is 400 and writes nothing.
 */
export async function correctExpense(tx: Tx, id: string, input: ExpenseCorrectionInput, actorId: string, today: string): Promise<Expense> {
  const x = await expenseToUndo(tx, id, 'expense');
  const { reason, ...fields } = input;
  const same =
    fields.category === x.category &&
    fields.amount === Number(x.amount) &&
    fields.date === x.date &&
    fields.paymentMethod === x.payment_method &&
    fields.description === x.description &&
    (fields.vendorId ?? null) === x.vendor_id;
  if (same) throw invalidField('amount', 'noChange', 'the correction changes nothing: change the amount, category, date, method, description or vendor', {});
  return replaceExpense(tx, x, { ...fields, receipt: await receiptOf(tx, x) }, reason, actorId, today);
}

/** A salary's member and month queue here: its payment, its reversal and its correction, one at a time. */
async function lockSalaryMonth(tx: Tx, memberId: string, month: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`salary:${memberId}:${month}`}))`);
}

/** The salary's member and month, read before its row is locked (to take the month's lock first, as paying does). */
async function salaryMonthOf(tx: Tx, id: string) {
  const [row] = await tx.select({ memberId: expenses.memberId, month: sql<string | null>`to_char(${expenses.salaryMonth}, 'YYYY-MM')` }).from(expenses).where(eq(expenses.id, id));
  if (row?.memberId && row.month) await lockSalaryMonth(tx, row.memberId, row.month);
}

/** `POST /expenses/salary/{id}/reverse`: the salary undone, with the reason; the member's month may be paid again. */
export async function reverseSalary(tx: Tx, id: string, input: ExpenseReverseInput, actorId: string, today: string): Promise<Expense> {
  await salaryMonthOf(tx, id);
  const x = await expenseToUndo(tx, id, 'salary');
  await undoExpense(tx, x, input.reason, actorId, today, null);
  return expenseById(tx, id, true);
}

/**
 * `POST /expenses/salary/{id}/correct`: the member's salary for the same month paid again as it
 * should have been (amount, date, method), the old one reversed. The member and month stay: a
 * salary paid to the wrong member or month is reversed, and the right one paid.
 */
export async function correctSalary(tx: Tx, id: string, input: SalaryCorrectionInput, actorId: string, today: string): Promise<Expense> {
  await salaryMonthOf(tx, id);
  const x = await expenseToUndo(tx, id, 'salary');
  const { reason, ...fields } = input;
  if (fields.amount === Number(x.amount) && fields.date === x.date && fields.paymentMethod === x.payment_method) {
    throw invalidField('amount', 'noChange', 'the correction changes nothing: change the amount, date or method', {});
  }
  const month = x.salary_month!.slice(0, 7);
  return replaceExpense(tx, x, { category: 'salary', ...fields, description: x.description, memberId: x.member_id, salaryMonth: `${month}-01`, receipt: await receiptOf(tx, x) }, reason, actorId, today);
}

/** A member who may be paid: of the organization (404 otherwise) and not gone (409). */
async function payableMember(tx: Tx, memberId: string) {
  const [member] = await tx.select({ id: members.id, name: members.name, status: members.employmentStatus }).from(members).where(eq(members.id, memberId));
  if (!member) throw notFound('Member');
  if (member.status === 'exited') throw conflict(`${member.name} has left: no salary is paid`, 'MEMBER_NOT_ACTIVE', { member: member.name, status: member.status });
  return member;
}

/** The member's salary for the month that stands (a reversed one does not: its month is free again). */
async function alreadyPaid(tx: Tx, memberId: string, month: string) {
  const [row] = await tx
    .select({ id: expenses.id })
    .from(expenses)
    .where(and(eq(expenses.memberId, memberId), eq(expenses.salaryMonth, `${month}-01`), sql`not exists (select 1 from expense_reversals r where r.expense_id = ${expenses.id})`));
  return row?.id;
}

/** `POST /expenses/salary`: once per member and month (409 `SALARY_PAID`; the database's unique index under any race). */
export async function paySalary(tx: Tx, input: SalaryInput, actorId: string, today: string): Promise<Expense> {
  const member = await payableMember(tx, input.memberId);
  // Concurrent payments of one member's month queue here, and the second sees the first.
  await lockSalaryMonth(tx, input.memberId, input.month);
  if (await alreadyPaid(tx, input.memberId, input.month)) {
    throw conflict(`${member.name}'s salary for ${input.month} is paid already`, 'SALARY_PAID', { member: member.name, month: input.month });
  }
  const id = await pay(tx, { category: 'salary', amount: input.amount, date: input.date, paymentMethod: input.paymentMethod, description: `Salary ${input.month}`, memberId: member.id, salaryMonth: `${input.month}-01` }, actorId, today);
  return expenseById(tx, id, true);
}

/** Pays the month's salaries: every member not gone with a salary on record, skipping who is paid already or has none. */
export async function runSalaries(tx: Tx, input: SalaryRunInput, actorId: string, today: string): Promise<SalaryRun> {
  const { rows } = await tx.execute<{ id: string; name: string; amount: string | null }>(sql`
    select m.id, m.name, r.amount::text as amount from members m left join salary_rates r on r.member_id = m.id
    where m.employment_status <> 'exited' order by m.name, m.id`);
  const paid: Expense[] = [];
  const skipped: SalaryRun['skipped'] = [];
  for (const m of rows) {
    if (!m.amount) {
      skipped.push({ member: { _id: m.id, name: m.name }, reason: 'noSalary' });
      continue;
    }
    await lockSalaryMonth(tx, m.id, input.month);
    if (await alreadyPaid(tx, m.id, input.month)) {
      skipped.push({ member: { _id: m.id, name: m.name }, reason: 'alreadyPaid' });
      continue;
    }
    const id = await pay(tx, { category: 'salary', amount: Number(m.amount), date: input.date, paymentMethod: input.paymentMethod, description: `Salary ${input.month}`, memberId: m.id, salaryMonth: `${input.month}-01` }, actorId, today);
    paid.push(await expenseById(tx, id, true));
  }
  return { paid, skipped };
}

/** `GET /salaries?month=`: each member not gone, their salary on record and the month's payment. */
export async function salaries(tx: Tx, month: string): Promise<Salaries> {
  const { rows } = await tx.execute<{ id: string; name: string; department: string; status: string; rate: string | null; paid: string | null }>(sql`
    select m.id, m.name, m.department, m.employment_status as status, r.amount::text as rate,
           (select x.id from expenses x where x.member_id = m.id and x.salary_month = ${`${month}-01`}::date
              and not exists (select 1 from expense_reversals r where r.expense_id = x.id)) as paid
    from members m left join salary_rates r on r.member_id = m.id
    where m.employment_status <> 'exited' or exists (select 1 from expenses x where x.member_id = m.id and x.salary_month = ${`${month}-01`}::date)
    order by m.name, m.id`);
  const [org] = await tx.select({ currency: organizations.currency }).from(organizations);
  return {
    month,
    currency: org.currency,
    rows: await Promise.all(
      rows.map(async (r) => ({
        member: { _id: r.id, name: r.name, department: r.department, employmentStatus: r.status },
        rate: r.rate === null ? null : Number(r.rate),
        paid: r.paid ? await expenseById(tx, r.paid, true) : null,
      })),
    ),
  };
}

/** `PUT /salaries/{memberId}`: the member's salary on record (null removes it). */
export async function setSalaryRate(tx: Tx, memberId: string, amount: number | null, actorId: string) {
  await payableMember(tx, memberId);
  if (amount === null) {
    await tx.delete(salaryRates).where(eq(salaryRates.memberId, memberId));
    return;
  }
  const [org] = await tx.select({ currency: organizations.currency }).from(organizations);
  await tx
    .insert(salaryRates)
    .values({ memberId, amount, currency: org.currency, updatedBy: actorId })
    .onConflictDoUpdate({ target: salaryRates.memberId, set: { amount, updatedBy: actorId, updatedAt: sql`now()` } });
}

// ---------- recurring ----------

const toRecurring = (r: typeof recurringExpenses.$inferSelect & { vendorName: string | null; lastPosted: string | null }): RecurringExpense => ({
  _id: r.id,
  category: r.category as ExpenseCategory,
  amount: r.amount,
  currency: r.currency,
  paymentMethod: r.paymentMethod as PaymentMethod,
  description: r.description,
  vendor: r.vendorId ? { _id: r.vendorId, name: r.vendorName ?? '' } : null,
  dayOfMonth: r.dayOfMonth,
  startsOn: r.startsOn,
  active: r.active,
  lastPosted: r.lastPosted,
});

export async function recurringList(tx: Tx): Promise<RecurringExpense[]> {
  const { rows } = await tx.execute<{ id: string }>(sql`select id from recurring_expenses order by active desc, description, id`);
  return Promise.all(rows.map((r) => recurringById(tx, r.id)));
}

export async function recurringById(tx: Tx, id: string): Promise<RecurringExpense> {
  const [row] = await tx
    .select({
      r: recurringExpenses,
      vendorName: sql<string | null>`(select v.name from vendors v where v.id = recurring_expenses.vendor_id)`,
      lastPosted: sql<string | null>`(select to_char(max(x.period), 'YYYY-MM') from expenses x where x.recurring_id = recurring_expenses.id)`,
    })
    .from(recurringExpenses)
    .where(eq(recurringExpenses.id, id));
  if (!row) throw notFound('Recurring expense');
  return toRecurring({ ...row.r, vendorName: row.vendorName, lastPosted: row.lastPosted });
}

export async function createRecurring(tx: Tx, input: RecurringExpenseInput, actorId: string): Promise<RecurringExpense> {
  if (input.vendorId) await activeVendor(tx, input.vendorId);
  const [org] = await tx.select({ currency: organizations.currency }).from(organizations);
  const [row] = await tx
    .insert(recurringExpenses)
    .values({ ...input, vendorId: input.vendorId ?? null, currency: org.currency, createdBy: actorId })
    .returning({ id: recurringExpenses.id });
  return recurringById(tx, row.id);
}

export async function setRecurringActive(tx: Tx, id: string, active: boolean): Promise<RecurringExpense> {
  const [row] = await tx.update(recurringExpenses).set({ active }).where(eq(recurringExpenses.id, id)).returning({ id: recurringExpenses.id });
  if (!row) throw notFound('Recurring expense');
  return recurringById(tx, id);
}

/**
 * The daily job's part (issue 28): every active recurring expense is posted for each month from its
 * start whose day has come and that it was not posted for, so a server down for days catches up. A
 * period is posted once (the unique index on recurring and period; two instances skip each other's).
 * A month closed since is not posted into: the day it was due falls in a closed period.
 */
export async function postRecurringExpenses(tx: Tx, today: string): Promise<number> {
  const due = await tx.select().from(recurringExpenses).where(and(eq(recurringExpenses.active, true), sql`${recurringExpenses.startsOn} <= ${today}::date`));
  const [org] = await tx.select({ locked: organizations.booksLockedThrough }).from(organizations);
  let posted = 0;
  for (const r of due) {
    for (let month = r.startsOn.slice(0, 7); month <= today.slice(0, 7); month = monthBounds(month).next.slice(0, 7)) {
      const date = `${month}-${String(r.dayOfMonth).padStart(2, '0')}`;
      if (date < r.startsOn || date > today || (org.locked && date <= org.locked)) continue;
      const [done] = await tx.select({ id: expenses.id }).from(expenses).where(and(eq(expenses.recurringId, r.id), eq(expenses.period, `${month}-01`)));
      if (done) continue;
      await tx.execute(sql`savepoint recurring`);
      try {
        await pay(tx, { category: r.category as ExpenseCategory, amount: r.amount, date, paymentMethod: r.paymentMethod as PaymentMethod, description: r.description, vendorId: r.vendorId, recurringId: r.id, period: `${month}-01` }, null, today);
        await tx.execute(sql`release savepoint recurring`);
        posted++;
      } catch (err) {
        await tx.execute(sql`rollback to savepoint recurring`);
        // Another instance posted it (the unique index), its vendor was deactivated, or its money account
        // may not go below zero and holds too little today (posted on a later day, once it does): the rest go on.
        const pg = (err as { cause?: { code?: string; constraint?: string } }).cause ?? (err as { code?: string; constraint?: string });
        if (!(err instanceof ApiError) && pg.code !== '23505' && pg.constraint !== 'money_account_not_negative') throw err;
      }
    }
  }
  return posted;
}
