import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, fallback, type CallOptions } from '../../client';
import { IDEMPOTENCY_HEADER } from '../../common/idempotency';
import { financeKeys } from '../get-finance';
import type { ExpenseCorrectionInput, ExpenseInput, ExpenseReverseInput, RecurringExpense, RecurringExpenseInput, SalaryCorrectionInput, SalaryInput, SalaryRateInput, SalaryRunInput } from './contract';
import { recurringKeys, salariesKeys } from './get-expenses';
import { expenseEndpoints } from './contract';

/**
 * The expenses' and salaries' writes. Those that pay (an expense, a salary, the month's salaries)
 * take the Idempotency-Key made when their form opened (newIdempotencyKey): a double click or a
 * retry after a lost answer pays once. Each refetches every finance query (balances, statement,
 * summary, lists), since money moved.
 */
const keyed = (key: string, options: CallOptions): CallOptions => ({ ...options, headers: { [IDEMPOTENCY_HEADER]: key } });

/** `POST /expenses`: multipart, the text fields as the contract names them and the receipt file in `receipt`. */
export function recordExpense(input: ExpenseInput, receipt: File | null, key: string) {
  const form = new FormData();
  form.append('category', input.category);
  form.append('amount', String(input.amount));
  form.append('date', input.date);
  form.append('paymentMethod', input.paymentMethod);
  form.append('description', input.description);
  if (input.vendorId) form.append('vendorId', input.vendorId);
  if (receipt) form.append('receipt', receipt, receipt.name);
  return call(expenseEndpoints.create, { body: form }, keyed(key, fallback('expenses.errors.record', 'Failed to record the expense'))).then((r) => r.data);
}

/** `POST /expenses/{id}/reverse`: the expense undone by a reversing entry, with the reason. */
export const reverseExpense = (id: string, input: ExpenseReverseInput, key: string) =>
  call(expenseEndpoints.reverse, { params: { id }, body: input }, keyed(key, fallback('expenses.undo.reverseFailed', 'Failed to reverse the expense'))).then((r) => r.data);

/** `POST /expenses/{id}/correct`: the expense recorded as it should have been, the old one reversed; answers the new one. */
export const correctExpense = (id: string, input: ExpenseCorrectionInput, key: string) =>
  call(expenseEndpoints.correct, { params: { id }, body: input }, keyed(key, fallback('expenses.undo.correctFailed', 'Failed to correct the expense'))).then((r) => r.data);

/** `POST /expenses/salary`: one member's salary for a month. */
export const paySalary = (input: SalaryInput, key: string) =>
  call(expenseEndpoints.salary, { body: input }, keyed(key, fallback('salaries.errors.pay', 'Failed to pay the salary'))).then((r) => r.data);

/** `POST /expenses/salary/{id}/reverse`: the salary undone (its month may be paid again). */
export const reverseSalary = (id: string, input: ExpenseReverseInput, key: string) =>
  call(expenseEndpoints.salaryReverse, { params: { id }, body: input }, keyed(key, fallback('salaries.undo.reverseFailed', 'Failed to reverse the salary'))).then((r) => r.data);

/** `POST /expenses/salary/{id}/correct`: the member's month paid again as it should have been, the old payment reversed; answers the new one. */
export const correctSalary = (id: string, input: SalaryCorrectionInput, key: string) =>
  call(expenseEndpoints.salaryCorrect, { params: { id }, body: input }, keyed(key, fallback('salaries.undo.correctFailed', 'Failed to correct the salary'))).then((r) => r.data);

/** `POST /expenses/salary/run`: every member with a salary on record, not paid yet for the month. */
export const runSalaries = (input: SalaryRunInput, key: string) =>
  call(expenseEndpoints.salaryRun, { body: input }, keyed(key, fallback('salaries.errors.run', "Failed to pay the month's salaries"))).then((r) => r.data);

/** `PUT /salaries/{memberId}`: the salary on record (null: none). */
export const setSalaryRate = (memberId: string, input: SalaryRateInput) =>
  call(expenseEndpoints.memberSalary, { params: { memberId }, body: input }, fallback('salaries.errors.rate', 'Failed to save the salary')).then((r) => r.data);

/** `POST /expenses/recurring` and `PUT /expenses/recurring/{id}` (paused or running again). */
export const createRecurringExpense = (input: RecurringExpenseInput) =>
  call(expenseEndpoints.createRecurring, { body: input }, fallback('expenses.errors.createRecurring', 'Failed to create the recurring expense')).then((r) => r.data);
export const setRecurringActive = (id: string, active: boolean) =>
  call(expenseEndpoints.updateRecurring, { params: { id }, body: { active } }, fallback('expenses.errors.toggleRecurring', 'Failed to change the recurring expense')).then((r) => r.data);

function useFinanceMutation<V, R>(name: string, run: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationKey: ['finance', name], mutationFn: run, onSuccess: () => queryClient.invalidateQueries({ queryKey: financeKeys.all }) });
}

export const useRecordExpense = () =>
  useFinanceMutation('expense', ({ input, receipt, key }: { input: ExpenseInput; receipt: File | null; key: string }) => recordExpense(input, receipt, key));
export const useReverseExpense = () =>
  useFinanceMutation('expense-reverse', ({ id, input, key }: { id: string; input: ExpenseReverseInput; key: string }) => reverseExpense(id, input, key));
export const useCorrectExpense = () =>
  useFinanceMutation('expense-correct', ({ id, input, key }: { id: string; input: ExpenseCorrectionInput; key: string }) => correctExpense(id, input, key));
export const useReverseSalary = () =>
  useFinanceMutation('salary-reverse', ({ id, input, key }: { id: string; input: ExpenseReverseInput; key: string }) => reverseSalary(id, input, key));
export const useCorrectSalary = () =>
  useFinanceMutation('salary-correct', ({ id, input, key }: { id: string; input: SalaryCorrectionInput; key: string }) => correctSalary(id, input, key));
export const usePaySalary = () => useFinanceMutation('salary', ({ input, key }: { input: SalaryInput; key: string }) => paySalary(input, key));
export const useRunSalaries = () => useFinanceMutation('salary-run', ({ input, key }: { input: SalaryRunInput; key: string }) => runSalaries(input, key));

/** A salary on record changed: the salaries of every month follow (the answer is this month's only). */
export function useSetSalaryRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['finance', 'salary-rate'],
    mutationFn: ({ memberId, input }: { memberId: string; input: SalaryRateInput }) => setSalaryRate(memberId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salariesKeys.all }),
  });
}

export function useCreateRecurringExpense() {
  const queryClient = useQueryClient();
  return useMutation({ mutationKey: ['finance', 'recurring-create'], mutationFn: createRecurringExpense, onSuccess: () => queryClient.invalidateQueries({ queryKey: recurringKeys.all }) });
}

export function useSetRecurringActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['finance', 'recurring-active'],
    mutationFn: ({ id, active }: { id: string; active: boolean }) => setRecurringActive(id, active),
    onSuccess: (saved) => {
      queryClient.setQueryData<RecurringExpense[]>(recurringKeys.all, (list) => list?.map((r) => (r._id === saved._id ? saved : r)));
      return queryClient.invalidateQueries({ queryKey: recurringKeys.all });
    },
  });
}
