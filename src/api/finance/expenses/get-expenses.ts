import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, fallback } from '../../client';
import { listResource, type ListParams } from '../../common/resource';
import type { PaymentMethod } from '../contract';
import { financeKeys } from '../get-finance';
import type { ExpenseCategory } from '../statement/contract';
import { expenseEndpoints, type Expense, type ExpenseStats } from './contract';

type Range = { from?: string; to?: string };

/** The seed's expense filters, as `GET /expenses` reads them (amounts in minor units). */
export interface ExpensesParams extends ListParams {
  category?: ExpenseCategory[];
  paymentMethod?: PaymentMethod[];
  vendor?: string;
  date?: Range;
  minAmount?: number | string;
  maxAmount?: number | string;
}

/**
 * `GET /expenses` (with this month's and last month's totals) and `GET /expenses/{id}`, under the
 * finance keys: a movement of money anywhere (a reversal, a salary run) refetches them.
 */
export const expensesResource = listResource<Expense, ExpensesParams, never, never, ExpenseStats>({
  name: 'expenses',
  key: [...financeKeys.all, 'expenses'],
  endpoints: { list: expenseEndpoints.list, one: expenseEndpoints.byId },
  fallbacks: {
    fetchList: ['expenses.errors.fetchList', 'Failed to fetch expenses'],
    fetchOne: ['expenses.errors.fetchOne', 'Failed to fetch expense'],
  },
});
export const expensesKeys = expensesResource.keys;
export const useExpenses = expensesResource.useList;
export const useExpense = expensesResource.useOne;

/** The receipt file kept with an expense (a download link; the session cookie goes with it). */
export const expenseReceiptUrl = (id: string) => `/api${expenseEndpoints.receipt.url({ id })}`;

export const recurringKeys = { all: [...financeKeys.all, 'recurring'] as const };
export const salariesKeys = {
  all: [...financeKeys.all, 'salaries'] as const,
  month: (month: string) => [...financeKeys.all, 'salaries', month] as const,
};

/** `GET /expenses/recurring`: the monthly expenses the daily job posts. */
export const getRecurringExpenses = () =>
  call(expenseEndpoints.recurring, {}, fallback('expenses.errors.fetchRecurring', 'Failed to fetch recurring expenses')).then((r) => r.data);

/** `GET /salaries?month=`: each member who has not left, the salary on record and the month's payment. */
export const getSalaries = (month: string) =>
  call(expenseEndpoints.salaries, { query: { month } }, fallback('salaries.errors.fetch', 'Failed to fetch salaries')).then((r) => r.data);

export const recurringExpensesQueryOptions = () => queryOptions({ queryKey: recurringKeys.all, queryFn: getRecurringExpenses });
export const salariesQueryOptions = (month: string) => queryOptions({ queryKey: salariesKeys.month(month), queryFn: () => getSalaries(month) });

export const useRecurringExpenses = () => useQuery(recurringExpensesQueryOptions());
export const useSalaries = (month: string) => useQuery(salariesQueryOptions(month));
