import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import * as v from 'valibot';
import { incomeTargetInput, type BudgetKind, type ExpenseCategory } from '../../api/finance/statement/contract';
import { useSaveTarget } from '../../api/finance/statement/save-budget';
import { useCan } from '../../ui/auth';
import { InPlaceMoney } from './in-place-money';

/** The amount rule of a target (both kinds take the same): zero or more, whole minor units. */
const targetAmount = v.pick(incomeTargetInput, ['amount']);

/**
 * A month's budget target, set or changed where the summary shows it: `POST` when the month has no
 * such target yet (needs account.create), `PUT` when it has (account.update).
 */
export function TargetCell({ kind, category, month, target, exists, label }: { kind: BudgetKind; category?: ExpenseCategory; month: string; target: number | null; exists: boolean; label: string }) {
  const { t } = useTranslation();
  const can = useCan();
  const save = useSaveTarget();
  return (
    <InPlaceMoney
      name={category ? `expense:${category}` : kind}
      value={target}
      label={label}
      emptyText={t('accountSummary.budget.noTarget')}
      setText={t('accountSummary.budget.set')}
      changeText={t('accountSummary.budget.change')}
      setLabel={t('accountSummary.budget.setOf', { target: label })}
      changeLabel={t('accountSummary.budget.changeOf', { target: label })}
      editable={can('account', exists ? 'update' : 'create')}
      schema={targetAmount}
      save={async (amount) => {
        await save.mutateAsync({ kind, month, amount, category, exists });
        toast.success(t('accountSummary.budget.saved', { target: label }));
      }}
    />
  );
}
