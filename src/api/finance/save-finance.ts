import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, fallback, type CallOptions } from '../client';
import { IDEMPOTENCY_HEADER } from '../common/idempotency';
import type { LockDateInput, MoneyRulesInput, OpeningBalancesInput, OtherIncomeInput, ReverseEntryInput } from './contract';
import { financeKeys } from './get-finance';
import { financeEndpoints } from './contract';

/**
 * The calls that move money. Each takes the Idempotency-Key of the form submission (made once when
 * the form opens, see newIdempotencyKey): a double click or a retry after a lost answer is the
 * same request, and the server answers it once.
 */
const keyed = (key: string, options: CallOptions): CallOptions => ({ ...options, headers: { [IDEMPOTENCY_HEADER]: key } });
/** The forms of these calls say a refusal themselves, once, in finance's words (useMoneyRefusal): the client does not toast it too. */
const told = (options: CallOptions): CallOptions => ({ ...options, silent: true });

export const recordOtherIncome = (input: OtherIncomeInput, key: string) =>
  call(financeEndpoints.income, { body: input }, keyed(key, told(fallback('finance.errors.recordIncome', 'Failed to record income')))).then((r) => r.data);

export const recordOpeningBalances = (input: OpeningBalancesInput, key: string) =>
  call(financeEndpoints.createOpeningBalances, { body: input }, keyed(key, told(fallback('finance.errors.recordOpening', 'Failed to record the opening balances')))).then((r) => r.data);

export const reverseEntry = (entryId: string, input: ReverseEntryInput, key: string) =>
  call(financeEndpoints.reverseEntry, { params: { id: entryId }, body: input }, keyed(key, told(fallback('finance.errors.reverse', 'Failed to reverse the entry')))).then((r) => r.data);

function useMoneyMutation<V, R>(name: string, run: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationKey: ['finance', name], mutationFn: run, onSuccess: () => queryClient.invalidateQueries({ queryKey: financeKeys.all }) });
}

export const useRecordOtherIncome = () => useMoneyMutation('income', ({ input, key }: { input: OtherIncomeInput; key: string }) => recordOtherIncome(input, key));
export const useRecordOpeningBalances = () =>
  useMoneyMutation('opening-balances', ({ input, key }: { input: OpeningBalancesInput; key: string }) => recordOpeningBalances(input, key));
export const useReverseEntry = () =>
  useMoneyMutation('reverse', ({ entryId, input, key }: { entryId: string; input: ReverseEntryInput; key: string }) => reverseEntry(entryId, input, key));

/**
 * `PUT /account/lock-date`: close the books through a day, or move the date back (or clear it) to
 * reopen, which needs the approve permission and a reason. Every finance screen follows (a closed
 * month refuses what the forms would post).
 */
export const moveLockDate = (input: LockDateInput) =>
  call(financeEndpoints.updateLockDate, { body: input }, fallback('periodLock.errors.move', 'Failed to change the lock date')).then((r) => r.data);

export function useMoveLockDate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['finance', 'lock-date'],
    mutationFn: moveLockDate,
    onSuccess: (answer) => {
      queryClient.setQueryData(financeKeys.lockDate(), answer);
      return queryClient.invalidateQueries({ queryKey: financeKeys.all });
    },
  });
}

/** `PUT /account/money-rules`: the money accounts that never go below zero; the chart (which marks them) follows. */
export const setMoneyRules = (input: MoneyRulesInput) =>
  call(financeEndpoints.updateMoneyRules, { body: input }, fallback('finance.moneyRules.failed', 'Failed to save the accounts that never go below zero')).then((r) => r.data);

export function useSetMoneyRules() {
  const queryClient = useQueryClient();
  return useMutation({ mutationKey: ['finance', 'money-rules'], mutationFn: setMoneyRules, onSuccess: () => queryClient.invalidateQueries({ queryKey: financeKeys.all }) });
}
