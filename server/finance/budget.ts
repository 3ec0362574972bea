import { and, eq, isNull, sql } from 'drizzle-orm';
import type { BudgetKind, BudgetTarget, BudgetTargets, ExpenseCategory } from '../../src/api/finance/statement/contract';
import type { Tx } from '../db/client';
import { organizations } from '../db/tenancy';
import { ApiError, conflict, notFound } from '../http/errors';
import { monthBounds } from './statement';
import { budgetTargets } from './schema';

/**
 * The month's budget targets (the seed's `POST|PUT /budget/target/income|expense`,
 * `GET /budget/target`): one income target and one expense target per month, and expense targets
 * per category beside it. A second POST for a month is 409; a PUT changes one that exists (404
 * otherwise). A closed month's targets are kept as they were (409 `PERIOD_LOCKED`).
 */

type Row = typeof budgetTargets.$inferSelect;
const toTarget = (r: Row): BudgetTarget => ({
  _id: r.id,
  month: r.month.slice(0, 7),
  kind: r.kind as BudgetKind,
  category: r.category as ExpenseCategory | null,
  amount: r.amount,
  currency: r.currency,
  updatedAt: new Date(r.updatedAt).toISOString(),
});

async function assertMonthOpen(tx: Tx, month: string) {
  const [org] = await tx.select({ locked: organizations.booksLockedThrough }).from(organizations);
  const { next } = monthBounds(month);
  // The month is closed once the lock date reaches its last day.
  if (org.locked && org.locked >= new Date(Date.parse(`${next}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)) {
    throw new ApiError(409, 'PERIOD_LOCKED', `The books are closed through ${org.locked}: ${month}'s targets stay as they were`, undefined, undefined, { lockedThrough: org.locked, month });
  }
}

const sameTarget = (month: string, kind: BudgetKind, category: ExpenseCategory | null) =>
  and(eq(budgetTargets.month, `${month}-01`), eq(budgetTargets.kind, kind), category ? eq(budgetTargets.category, category) : isNull(budgetTargets.category));

export async function createTarget(tx: Tx, kind: BudgetKind, input: { month: string; amount: number; category?: ExpenseCategory }, memberId: string): Promise<BudgetTarget> {
  await assertMonthOpen(tx, input.month);
  const [org] = await tx.select({ currency: organizations.currency }).from(organizations);
  const [row] = await tx
    .insert(budgetTargets)
    .values({ month: `${input.month}-01`, kind, category: input.category ?? null, amount: input.amount, currency: org.currency, updatedBy: memberId })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    throw conflict(`${input.month} already has ${kind === 'income' ? 'an income' : 'an expense'} target${input.category ? ` for ${input.category}` : ''}; change it instead`, 'TARGET_EXISTS', {
      month: input.month,
      kind,
      ...(input.category ? { category: input.category } : {}),
    });
  }
  return toTarget(row);
}

export async function updateTarget(tx: Tx, kind: BudgetKind, input: { month: string; amount: number; category?: ExpenseCategory }, memberId: string): Promise<BudgetTarget> {
  await assertMonthOpen(tx, input.month);
  const [row] = await tx
    .update(budgetTargets)
    .set({ amount: input.amount, updatedBy: memberId, updatedAt: sql`now()` })
    .where(sameTarget(input.month, kind, input.category ?? null))
    .returning();
  if (!row) throw notFound('Budget target');
  return toTarget(row);
}

export async function monthTargets(tx: Tx, month: string): Promise<BudgetTargets> {
  const rows = await tx.select().from(budgetTargets).where(eq(budgetTargets.month, `${month}-01`));
  const targets = rows.map(toTarget);
  return {
    month,
    income: targets.find((t) => t.kind === 'income') ?? null,
    expense: targets.find((t) => t.kind === 'expense' && !t.category) ?? null,
    expenseByCategory: targets.filter((t) => t.kind === 'expense' && t.category),
  };
}
