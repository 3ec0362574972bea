import { sql, type SQL } from 'drizzle-orm';
import { memoCodeOf, type PaymentMethod, type SourceType } from '../../src/api/finance/contract';
import {
  EXPENSE_CATEGORIES,
  INCOME_SOURCES,
  type BudgetFigures,
  type ExpenseCategory,
  type IncomeSource,
  type MonthFigures,
  type Movement,
  type StatementAnswer,
  type StatementQuery,
  type SummaryAnswer,
} from '../../src/api/finance/statement/contract';
import type { Tx } from '../db/client';
import { containsPattern, pageOffset, totalFrom } from '../http/list';

/**
 * The seed's account statement and account summary (issue 28). Both read the kept monthly totals
 * (`ledger_totals`, a row per account, month and source, written by the journal's own trigger) for
 * what the months hold, and the journal's lines only for the rows of one month's page.
 */

const currentOrg = sql`nullif(current_setting('app.org_id', true), '')::uuid`;

/** `2026-11` → its first day and the next month's. */
export function monthBounds(month: string): { start: string; next: string } {
  const [y, m] = month.split('-').map(Number);
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { start: `${month}-01`, next: `${next}-01` };
}

/** The `count` months ending with `month`, oldest first. */
export function monthsEnding(month: string, count: number): string[] {
  const [y, m] = month.split('-').map(Number);
  return Array.from({ length: count }, (_, i) => {
    const k = y * 12 + (m - 1) - (count - 1 - i);
    return `${Math.floor(k / 12)}-${String((k % 12) + 1).padStart(2, '0')}`;
  });
}

const num = (x: string | number | null | undefined) => Number(x ?? 0);

async function currency(tx: Tx): Promise<string> {
  const { rows } = await tx.execute<{ currency: string }>(sql`select currency from organizations where id = ${currentOrg}`);
  return rows[0].currency;
}

/** The money accounts chosen (by payment method; all without a choice). */
const moneyAccounts = (methods: readonly PaymentMethod[] | undefined) =>
  sql`(select id from accounts where organization_id = ${currentOrg} and payment_method is not null ${
    methods?.length ? sql`and payment_method in (${sql.join(methods.map((m) => sql`${m}`), sql`, `)})` : sql``
  })`;

// ---------- the statement ----------

interface MovementRow extends Record<string, unknown> {
  id: string;
  date: string;
  description: string | null;
  memo_key: string | null;
  memo_params: Record<string, string> | null;
  type: Movement['type'];
  method: PaymentMethod;
  amount: string;
  status: Movement['status'];
  source_type: SourceType;
  source_id: string | null;
  ref: string | null;
  parent_id: string | null;
}

/**
 * One month of the money accounts: the opening balance (every month before, from the kept totals),
 * what came in and went out, the closing balance (always the next month's opening), the submitted
 * payments still to verify apart, and the rows of the page with the seed's filters.
 */
export async function accountStatement(tx: Tx, q: StatementQuery, thisMonth: string): Promise<StatementAnswer> {
  const month = q.month ?? thisMonth;
  const { start, next } = monthBounds(month);
  const accounts = moneyAccounts(q.paymentMethod);
  const methodFilter = q.paymentMethod?.length ? sql`and p.payment_method in (${sql.join(q.paymentMethod.map((m) => sql`${m}`), sql`, `)})` : sql``;

  const { rows: sums } = await tx.execute<{ opening: string; incoming: string; outgoing: string; pending_count: number; pending_amount: string }>(sql`
    select
      (select coalesce(sum(debit - credit), 0) from ledger_totals where organization_id = ${currentOrg} and account_id in ${accounts} and month < ${start}::date)::text as opening,
      (select coalesce(sum(debit), 0) from ledger_totals where organization_id = ${currentOrg} and account_id in ${accounts} and month = ${start}::date)::text as incoming,
      (select coalesce(sum(credit), 0) from ledger_totals where organization_id = ${currentOrg} and account_id in ${accounts} and month = ${start}::date)::text as outgoing,
      (select count(*)::int from booking_payments p where p.status = 'submitted' and p.paid_on >= ${start}::date and p.paid_on < ${next}::date ${methodFilter}) as pending_count,
      (select coalesce(sum(p.amount), 0) from booking_payments p where p.status = 'submitted' and p.paid_on >= ${start}::date and p.paid_on < ${next}::date ${methodFilter})::text as pending_amount`);
  const [s] = sums;

  // Posted movements are the journal's lines on the chosen money accounts; pending ones the submitted payments.
  // The month's entries (journal_entries_org_date_idx) joined to their lines on those accounts, the
  // accounts' ids read once (an array): as `account_id in (select …)` the lines were read for the
  // organization's whole history, 40,000 of them for 762 in a month at 100,000 bookings (docs/performance.md).
  const posted = sql`
    select l.id, e.date, e.memo as description, e.memo_key, e.memo_params, case when l.debit > 0 then 'incoming' else 'outgoing' end as type,
           a.payment_method as method, (l.debit + l.credit) as amount, 'posted' as status, e.source_type, e.source_id, e.reference as ref,
           case e.source_type
             when 'booking-payment' then (select booking_id from booking_payments where id = e.source_id)
             when 'voucher-payment' then (select operation_id from operation_payments where id = e.source_id)
             when 'expense-payment' then (select operation_id from operation_payments where id = e.source_id)
           end as parent_id,
           e.created_at
    from journal_entries e
    join journal_lines l on l.entry_id = e.id
    join accounts a on a.id = l.account_id
    where e.organization_id = ${currentOrg} and l.account_id = any(array${accounts}) and e.date >= ${start}::date and e.date < ${next}::date`;
  const pending = sql`
    select p.id, p.paid_on as date, 'Booking ' || 'BK-' || b.number as description,
           'bookingPayment' as memo_key, jsonb_build_object('booking', 'BK-' || b.number) as memo_params, 'incoming' as type, p.payment_method as method, p.amount,
           'pending' as status, 'booking-payment' as source_type, p.id as source_id, null::text as ref, p.booking_id as parent_id, p.created_at
    from booking_payments p join bookings b on b.id = p.booking_id
    where p.status = 'submitted' and p.paid_on >= ${start}::date and p.paid_on < ${next}::date ${methodFilter}`;

  const where: SQL[] = [];
  if (q.status?.length) where.push(sql`m.status in (${sql.join(q.status.map((x) => sql`${x}`), sql`, `)})`);
  if (q.type?.length) where.push(sql`m.type in (${sql.join(q.type.map((x) => sql`${x}`), sql`, `)})`);
  if (q.linkedToType?.length) where.push(sql`m.source_type in (${sql.join(q.linkedToType.map((x) => sql`${x}`), sql`, `)})`);
  if (q.minAmount !== undefined) where.push(sql`m.amount >= ${q.minAmount}`);
  if (q.maxAmount !== undefined) where.push(sql`m.amount <= ${q.maxAmount}`);
  if (q.dateRange?.from) where.push(sql`m.date >= ${q.dateRange.from}::date`);
  if (q.dateRange?.to) where.push(sql`m.date <= ${q.dateRange.to}::date`);
  if (q.search) where.push(sql`(m.description ilike ${containsPattern(q.search)} or m.ref ilike ${containsPattern(q.search)})`);
  const filter = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const wantsPending = !q.status?.length || q.status.includes('pending');
  const movements = wantsPending ? sql`(${posted} union all ${pending})` : sql`(${posted})`;
  const direction = q.sortOrder === 'desc' ? sql`desc` : sql`asc`;

  const { rows } = await tx.execute<MovementRow>(sql`
    select m.id, m.date::text as date, m.description, m.memo_key, m.memo_params, m.type, m.method, m.amount::text as amount, m.status, m.source_type, m.source_id, m.ref, m.parent_id
    from ${movements} m ${filter}
    order by m.date ${direction}, m.created_at ${direction}, m.id ${direction}
    limit ${q.limit} offset ${pageOffset(q)}`);
  const totalItems = await totalFrom(q, rows.length, async () => {
    const { rows: c } = await tx.execute<{ n: number }>(sql`select count(*)::int as n from ${movements} m ${filter}`);
    return c[0].n;
  });

  const opening = num(s.opening);
  const incoming = num(s.incoming);
  const outgoing = num(s.outgoing);
  return {
    summary: {
      month,
      currency: await currency(tx),
      openingBalance: opening,
      incoming,
      outgoing,
      closingBalance: opening + incoming - outgoing,
      pending: { count: s.pending_count, amount: num(s.pending_amount) },
    },
    transactions: rows.map((r) => ({
      _id: r.id,
      date: r.date,
      description: r.description ?? '',
      descriptionCode: memoCodeOf(r.memo_key, r.memo_params),
      type: r.type,
      paymentMethod: r.method,
      amount: num(r.amount),
      status: r.status,
      linkedTo: { type: r.source_type, _id: r.source_id, ref: r.ref, parentId: r.parent_id },
    })),
    meta: { month, currentPage: q.page, limit: q.limit, totalItems, totalPages: Math.ceil(totalItems / q.limit) },
  };
}

// ---------- the summary ----------

interface TotalRow extends Record<string, unknown> {
  month: string;
  key: string;
  money: boolean;
  source_type: string;
  debit: string;
  credit: string;
}

const VENDOR_SOURCES = new Set(['voucher-payment', 'expense-payment']);
/** The journal sources that are the organization's expenses (the work queue's budget rule reads the same). */
export const EXPENSE_SOURCE_TYPES = ['expense', 'salary'];
const EXPENSE_SOURCES = new Set(EXPENSE_SOURCE_TYPES);

/** One month's cash figures from its kept totals: money in by source, out by category, to vendors, back to customers. */
export function monthFigures(month: string, rows: TotalRow[]): MonthFigures {
  const bySource = Object.fromEntries(INCOME_SOURCES.map((x) => [x, 0])) as Record<IncomeSource, number>;
  const byCategory = Object.fromEntries(EXPENSE_CATEGORIES.map((x) => [x, 0])) as Record<ExpenseCategory, number>;
  let vendorCosts = 0;
  let refunds = 0;
  for (const r of rows) {
    const net = num(r.debit) - num(r.credit);
    if (r.money && (INCOME_SOURCES as readonly string[]).includes(r.source_type)) bySource[r.source_type as IncomeSource] += net;
    if (r.money && VENDOR_SOURCES.has(r.source_type)) vendorCosts -= net;
    if (r.money && r.source_type === 'refund') refunds -= net;
    if (r.key.startsWith('expense:') && EXPENSE_SOURCES.has(r.source_type)) byCategory[r.key.slice('expense:'.length) as ExpenseCategory] += net;
  }
  const income = Object.values(bySource).reduce((a, b) => a + b, 0);
  const expenses = Object.values(byCategory).reduce((a, b) => a + b, 0);
  return { month, income: { total: income, bySource }, expenses: { total: expenses, byCategory }, vendorCosts, refunds, profit: income - expenses - vendorCosts - refunds };
}

/** actual ÷ target in basis points; none without a target above zero. */
const achievement = (actual: number, target: number | null) => (target ? Math.round((actual * 10_000) / target) : null);

/**
 * The seed's account summary: a month on the cash basis (what came in and went out) with its
 * income and expense targets, and the same for the twelve months ending with it (the chart).
 */
export async function accountSummary(tx: Tx, month: string): Promise<SummaryAnswer> {
  const months = monthsEnding(month, 12);
  const first = `${months[0]}-01`;
  const { rows } = await tx.execute<TotalRow>(sql`
    select to_char(t.month, 'YYYY-MM') as month, a.key, a.payment_method is not null as money, t.source_type, sum(t.debit)::text as debit, sum(t.credit)::text as credit
    from ledger_totals t join accounts a on a.id = t.account_id
    where t.organization_id = ${currentOrg} and t.month >= ${first}::date and t.month <= ${`${month}-01`}::date
    group by 1, 2, 3, 4`);
  const { rows: targets } = await tx.execute<{ month: string; kind: 'income' | 'expense'; category: ExpenseCategory | null; amount: string }>(sql`
    select to_char(month, 'YYYY-MM') as month, kind, category, amount::text from budget_targets
    where organization_id = ${currentOrg} and month >= ${first}::date and month <= ${`${month}-01`}::date`);
  const target = (m: string, kind: 'income' | 'expense', category: ExpenseCategory | null = null) => {
    const t = targets.find((x) => x.month === m && x.kind === kind && x.category === category);
    return t ? num(t.amount) : null;
  };
  const figures = months.map((m) => monthFigures(m, rows.filter((r) => r.month === m)));
  const current = figures[figures.length - 1];
  const budget: BudgetFigures = {
    income: { target: target(month, 'income'), actual: current.income.total, achievement: achievement(current.income.total, target(month, 'income')) },
    expense: {
      target: target(month, 'expense'),
      actual: current.expenses.total,
      achievement: achievement(current.expenses.total, target(month, 'expense')),
      byCategory: EXPENSE_CATEGORIES.filter((c) => target(month, 'expense', c) !== null).map((c) => ({
        category: c,
        target: target(month, 'expense', c),
        actual: current.expenses.byCategory[c] ?? 0,
        achievement: achievement(current.expenses.byCategory[c] ?? 0, target(month, 'expense', c)),
      })),
    },
  };
  return {
    summary: { ...current, currency: await currency(tx) },
    budget,
    months: figures.map((f) => ({ ...f, incomeTarget: target(f.month, 'income'), expenseTarget: target(f.month, 'expense') })),
  };
}
