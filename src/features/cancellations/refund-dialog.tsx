import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { newIdempotencyKey } from '../../api/common/idempotency';
import { processRefundInput, type ProcessRefundInput } from '../../api/finance/credit/contract';
import { useProcessRefund } from '../../api/finance/credit/get-credit';
import { todayIn } from '../../domain/calendar';
import { useAuth } from '../../ui/auth';
import { DateField, TextField } from '../../ui/form-fields';
import { FormDialog } from '../../ui/form-dialog';
import { contractResolver } from '../../ui/form-resolver';
import { applyPaymentIssues, MoneyAccountBalance } from '../../ui/money-account-balance';
import { moneyAccountKey, useOrgFormatters } from './parts';

/** What the dialog needs of a refund: the refunds list's row, or the cancellation's own. */
export interface RefundToProcess {
  _id: string;
  amount: number;
  currency: string;
  /** The money account it goes out of (`money:bank-transfer`). */
  account: string;
  /** The day the cancellation was approved: the money goes out on it or after. */
  approvedOn: string;
  customer: string;
}

/**
 * Finance pays a refund back (`PUT /refunds/{id}/process`): the day the money went out (not before
 * the approval, not after today) and the bank's reference. One Idempotency-Key per opening: a
 * double click or a retry is the same payment out.
 */
export function ProcessRefundDialog({ refund, onClose }: { refund: RefundToProcess; onClose: () => void }) {
  const { t } = useTranslation();
  const { organization } = useAuth();
  const fmt = useOrgFormatters();
  const today = todayIn(organization.timeZone);
  const process = useProcessRefund();
  const [key] = useState(newIdempotencyKey);
  const { control, handleSubmit, setError, formState } = useForm<ProcessRefundInput>({
    resolver: contractResolver(processRefundInput) as never,
    defaultValues: { refundedOn: today, reference: '' },
  });
  const amount = fmt.money(refund.amount, refund.currency);
  const onSubmit = handleSubmit(async (input) => {
    try {
      await process.mutateAsync({ id: refund._id, input, key });
      toast.success(t('refunds.processed', { amount, customer: refund.customer }));
      onClose();
    } catch (e) {
      applyPaymentIssues(e, setError);
    }
  });
  return (
    <FormDialog
      id="process-refund-form"
      header={t('refunds.processTitle', { amount, customer: refund.customer })}
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={process.isPending}
      submitLabel={t('refunds.processSubmit')}
      submitIcon="pi pi-send"
      error={formState.errors.root?.message}
      width={520}
    >
      <p style={{ margin: 0 }} data-testid="refund-summary">
        {t('refunds.processHint', { amount, account: t(moneyAccountKey(refund.account)), date: fmt.date(refund.approvedOn) })}
      </p>
      <MoneyAccountBalance method={refund.account.replace(/^money:/, '')} amount={refund.amount} />
      <DateField control={control} name="refundedOn" label={t('refunds.refundedOn')} min={refund.approvedOn} max={today} />
      <TextField control={control} name="reference" label={t('refunds.reference')} />
    </FormDialog>
  );
}
