import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { todayIn } from '../../domain/calendar';
import { newIdempotencyKey } from '../../api/common/idempotency';
import { PAYMENT_METHODS, otherIncomeInput, type OtherIncomeInput } from '../../api/finance/contract';
import { useRecordOtherIncome } from '../../api/finance/save-finance';
import { useAuth } from '../../ui/auth';
import { FormDialog } from '../../ui/form-dialog';
import { contractResolver } from '../../ui/form-resolver';
import { applyServerIssues, DateField, SelectField, TextAreaField } from '../../ui/form-fields';
import { MoneyField } from '../../ui/money-field';
import { useMoneyRefusal } from './parts';

interface IncomeValues {
  amount?: number;
  date: string;
  paymentMethod: string;
  description: string;
}

/** `POST /budget/income`: other income paid into a money account, one Idempotency-Key per opening of the form. */
export function IncomeDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { organization } = useAuth();
  const record = useRecordOtherIncome();
  const refused = useMoneyRefusal();
  // One key per opening: a double click or a retry is the same request, answered once.
  const [key] = useState(newIdempotencyKey);
  const { control, handleSubmit, setError, formState } = useForm<IncomeValues, unknown, OtherIncomeInput>({
    resolver: contractResolver<typeof otherIncomeInput, IncomeValues>(otherIncomeInput),
    defaultValues: { amount: undefined, date: todayIn(organization.timeZone), paymentMethod: 'bank-transfer', description: '' },
  });
  const submit = handleSubmit(async (input) => {
    try {
      const income = await record.mutateAsync({ input, key });
      toast.success(t('finance.income.recorded', { number: income.number }));
      onClose();
    } catch (error) {
      applyServerIssues(error, setError as never);
      refused(error);
    }
  });
  return (
    <FormDialog id="income-form" header={t('finance.income.record')} onClose={onClose} onSubmit={submit} formState={formState} width={560}>
      <MoneyField control={control} name="amount" label={t('finance.income.amount')} currency={organization.currency} />
      <DateField control={control} name="date" label={t('finance.income.date')} />
      <SelectField control={control} name="paymentMethod" label={t('finance.income.paymentMethod')} options={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`finance.methods.${m}`) }))} />
      <TextAreaField control={control} name="description" label={t('finance.income.description')} />
    </FormDialog>
  );
}
