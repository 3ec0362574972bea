import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/dialog';
import { toast } from 'sonner';
import { todayIn } from '../../domain/calendar';
import { newIdempotencyKey } from '../../api/common/idempotency';
import { PAYMENT_METHODS, openingBalancesInput, type OpeningBalancesInput, type PaymentMethod } from '../../api/finance/contract';
import { useOpeningBalances } from '../../api/finance/get-finance';
import { useRecordOpeningBalances } from '../../api/finance/save-finance';
import { useAuth, useCan } from '../../ui/auth';
import { DetailCard } from '../../ui/detail-card';
import { FormDialog } from '../../ui/form-dialog';
import { contractResolver } from '../../ui/form-resolver';
import { applyServerIssues, DateField, fieldMessage } from '../../ui/form-fields';
import { useFormatters } from '../../ui/format';
import { MoneyField } from '../../ui/money-field';
import { useMoneyRefusal } from './parts';

interface OpeningValues {
  date: string;
  balances: { paymentMethod: PaymentMethod; amount?: number }[];
}

/**
 * The money each account held at the start: shown when recorded (once; corrected by reversing the
 * entry in the journal), otherwise a form with one amount per payment method (for those who may
 * record them).
 */
export function OpeningBalancesDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { organization } = useAuth();
  const fmt = useFormatters({ currency: organization.currency });
  const can = useCan();
  const current = useOpeningBalances();
  if (current.isPending) return null;
  if (current.data || !can('account', 'create')) {
    const recorded = current.data;
    return (
      <Dialog visible onHide={onClose} header={t('finance.opening.title')} style={{ width: 'min(520px, 95vw)' }}>
        <div className="stack">
          <p className="muted" style={{ margin: 0 }}>{t('finance.opening.hint')}</p>
          {recorded ? (
            <DetailCard
              title={t('finance.opening.recordedOn', { date: fmt.date(recorded.date) })}
              rows={recorded.balances.map((b) => [t(`finance.methods.${b.paymentMethod}`), <span className="money">{fmt.money(b.amount, recorded.currency)}</span>])}
              testId="opening-balances"
            />
          ) : (
            <p style={{ margin: 0 }}>{t('finance.opening.none')}</p>
          )}
        </div>
      </Dialog>
    );
  }
  return <OpeningBalancesForm onClose={onClose} />;
}

function OpeningBalancesForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { organization } = useAuth();
  const record = useRecordOpeningBalances();
  const refused = useMoneyRefusal();
  const [key] = useState(newIdempotencyKey);
  const { control, handleSubmit, setError, formState } = useForm<OpeningValues, unknown, OpeningBalancesInput>({
    resolver: contractResolver<typeof openingBalancesInput, OpeningValues>(openingBalancesInput),
    defaultValues: { date: todayIn(organization.timeZone), balances: PAYMENT_METHODS.map((paymentMethod) => ({ paymentMethod, amount: 0 })) },
  });
  const submit = handleSubmit(async (values) => {
    try {
      // Only the accounts that held money make lines.
      await record.mutateAsync({ input: { ...values, balances: values.balances.filter((b) => b.amount > 0) }, key });
      toast.success(t('finance.opening.recorded'));
      onClose();
    } catch (error) {
      applyServerIssues(error, setError as never);
      refused(error);
    }
  });
  const listError = fieldMessage(t('finance.opening.title'), formState.errors.balances?.root?.message ?? formState.errors.balances?.message);
  return (
    <FormDialog id="opening-balances-form" header={t('finance.opening.record')} onClose={onClose} onSubmit={submit} formState={formState} width={560}>
      <p className="muted" style={{ margin: 0 }}>{t('finance.opening.hint')}</p>
      <DateField control={control} name="date" label={t('finance.opening.date')} />
      {PAYMENT_METHODS.map((m, i) => (
        <MoneyField key={m} control={control} name={`balances.${i}.amount`} label={t(`finance.methods.${m}`)} currency={organization.currency} />
      ))}
      {listError && (
        <small className="field-error" role="alert">
          {listError}
        </small>
      )}
    </FormDialog>
  );
}
