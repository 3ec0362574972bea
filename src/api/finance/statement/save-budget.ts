import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, fallback } from '../../client';
import { financeKeys } from '../get-finance';
import { statementEndpoints, type BudgetKind, type ExpenseCategory } from './contract';

/** A month's target to save: its kind, the month, the amount, and (an expense target) the category it is for. */
export interface TargetChange {
  kind: BudgetKind;
  month: string;
  amount: number;
  category?: ExpenseCategory;
  /** A target is on record already: `PUT` changes it; otherwise `POST` sets it (409 `TARGET_EXISTS` for a second). */
  exists: boolean;
}

/** `POST|PUT /budget/target/income|expense`. */
export function saveTarget({ kind, month, amount, category, exists }: TargetChange) {
  const body = kind === 'expense' && category ? { month, amount, category } : { month, amount };
  const target = statementEndpoints.target[kind];
  return call(exists ? target.update : target.create, { body }, fallback('accountSummary.errors.saveTarget', 'Failed to save the budget target')).then((r) => r.data);
}

/** Saves a target; the summary (its achievement, its chart) and the month's targets follow. */
export function useSaveTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['finance', 'target'],
    mutationFn: saveTarget,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: financeKeys.all }),
  });
}
