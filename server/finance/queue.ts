import { sql } from 'drizzle-orm';
import { monthStart } from '../../src/domain/calendar';
import { type QueueKind } from '../work-queue';
import { accounts, budgetTargets, ledgerTotals } from './schema';
import { EXPENSE_SOURCE_TYPES } from './statement';

/**
 * Finance's kind of work (docs/work-queue.md): this month's expenses over their budget target, the
 * month's whole expense target or a category's, with the figures the account summary shows (its
 * kept totals: expense accounts' postings from expenses and salaries). A target has no machine: the
 * item has no actions.
 */
export const expenseOverBudget: QueueKind = {
  kind: 'expenseOverBudget',
  record: 'budget',
  priority: 'normal',
  needs: [['account', 'view']],
  scope: null,
  source(s) {
    const bt = budgetTargets;
    const t = ledgerTotals;
    const spent = sql`lateral (select coalesce(sum(${t.debit} - ${t.credit}), 0) as actual
      from ${t} join ${accounts} on ${accounts.id} = ${t.accountId}
      where ${t.month} = ${bt.month} and ${t.sourceType} in ${EXPENSE_SOURCE_TYPES} and ${accounts.key} like 'expense:%'
        and (${bt.category} is null or ${accounts.key} = 'expense:' || ${bt.category})) as spent`;
    return {
      from: sql`${bt} cross join ${spent}`,
      where: sql`${bt.kind} = 'expense' and ${bt.month} = ${monthStart(s.today)}::date and spent.actual > ${bt.amount}`,
      columns: {
        recordId: sql`${bt.id}`,
        ref: sql`to_char(${bt.month}, 'YYYY-MM')`,
        title: sql`coalesce(${bt.category}, '')`,
        due: null,
        params: sql`jsonb_build_object('category', ${bt.category}, 'target', ${bt.amount}, 'actual', spent.actual, 'currency', ${bt.currency}, 'month', to_char(${bt.month}, 'YYYY-MM'))`,
      },
    };
  },
};

export const financeQueueKinds = [expenseOverBudget];
