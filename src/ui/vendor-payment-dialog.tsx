import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { newIdempotencyKey } from '../api/common/idempotency';
import { PAYMENT_METHODS, vendorPaymentInput, type OperationDetail, type VendorPaymentInput } from '../api/operations/contract';
import { useExpensePayment, useVoucherPayment } from '../api/operations/save-operation';
import { todayIn } from '../domain/calendar';
import { useAuth } from './auth';
import { FormDialog } from './form-dialog';
import { DateField, SelectField, TextAreaField, TextField } from './form-fields';
import { contractResolver } from './form-resolver';
import { useOrgFormatters } from './org-format';
import { applyPaymentIssues, MoneyAccountBalance } from './money-account-balance';
import { OwedAmountField, refuseAboveOwed, useOwed } from './owed-amount';

/*
 * The vendor payment form, shared by the operation page (a voucher's or an expense's "Pay") and the
 * work queue (a voucher to pay, paid in place): one form, one call (`POST …/vouchers/{id}/payments`).
 */

/** What a payment pays: a voucher or an additional expense, what is still owed on it, and how people name it. */
export interface PaymentTarget {
  kind: 'voucher' | 'expense';
  id: string;
  label: string;
  owed: number;
}

interface PaymentValues {
  amount?: number;
  paymentMethod: string;
  paidOn: string;
  reference: string;
  notes: string;
}

/** The amount a payment form offers first: what is still owed (the server refuses more). */
export const paymentDefaults = (owed: number, today: string): PaymentValues => ({ amount: owed > 0 ? owed : undefined, paymentMethod: 'bank-transfer', paidOn: today, reference: '', notes: '' });

/**
 * A payment to a vendor (or for an expense): the amount still owed offered, one Idempotency-Key per
 * opening of the form, so a double click or a retry is the same payment and the next opening a new one.
 */
export function VendorPaymentDialog({ operation, target, onClose, onPaid }: { operation: Pick<OperationDetail, '_id' | 'currency'>; target: PaymentTarget; onClose: () => void; onPaid?: () => void }) {
  const { t } = useTranslation();
  const { organization } = useAuth();
  const fmt = useOrgFormatters();
  const payVoucher = useVoucherPayment();
  const payExpense = useExpensePayment();
  const [key] = useState(newIdempotencyKey);
  const { control, handleSubmit, setError, formState } = useForm<PaymentValues, unknown, VendorPaymentInput>({
    resolver: contractResolver<typeof vendorPaymentInput, PaymentValues>(vendorPaymentInput),
    defaultValues: paymentDefaults(target.owed, todayIn(organization.timeZone)),
  });
  const [method, amount] = useWatch({ control, name: ['paymentMethod', 'amount'] });
  const owed = useOwed({
    owed: target.owed,
    currency: operation.currency,
    says: (a) => t('operations.payment.owedNow', { amount: a }),
    refuses: (a) => t('operations.payment.aboveOwed', { amount: a }),
  });
  const onSubmit = handleSubmit(async (input) => {
    if (refuseAboveOwed(owed, input.amount, setError)) return;
    try {
      if (target.kind === 'voucher') await payVoucher.mutateAsync({ operationId: operation._id, voucherId: target.id, input, key });
      else await payExpense.mutateAsync({ operationId: operation._id, expenseId: target.id, input, key });
      toast.success(t('operations.payment.recorded', { amount: fmt.money(input.amount, operation.currency) }));
      (onPaid ?? onClose)();
    } catch (e) {
      applyPaymentIssues(e, setError);
    }
  });
  return (
    <FormDialog
      id="vendor-payment-form"
      header={t('operations.payment.title', { label: target.label })}
      onClose={onClose}
      onSubmit={onSubmit}
      formState={formState}
      submitLabel={t('operations.payment.submit')}
      submitIcon="pi pi-wallet"
      width={520}
    >
      <OwedAmountField control={control} name="amount" label={t('operations.payment.amount')} owed={owed} />
      <SelectField control={control} name="paymentMethod" label={t('operations.payment.method')} options={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`finance.methods.${m}`) }))} />
      <MoneyAccountBalance method={method} amount={amount} />
      <DateField control={control} name="paidOn" label={t('operations.payment.paidOn')} />
      <TextField control={control} name="reference" label={t('operations.payment.reference')} />
      <TextAreaField control={control} name="notes" label={t('operations.payment.notes')} />
    </FormDialog>
  );
}

