import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { issueMessage } from '../../api/client';
import { newIdempotencyKey } from '../../api/common/idempotency';
import type { ApiIssue } from '../../api/common/issues';
import { PAYMENT_METHODS } from '../../api/finance/contract';
import { EXPENSE_INPUT_CATEGORIES, MAX_RECEIPT_BYTES, RECEIPT_TYPES, expenseInput, type Expense, type ExpenseInput } from '../../api/finance/expenses/contract';
import { useRecordExpense } from '../../api/finance/expenses/save-expenses';
import { vendorsResource } from '../../api/vendors/get-vendors';
import { todayIn } from '../../domain/calendar';
import { useAuth, useCan } from '../../ui/auth';
import { FormDialog } from '../../ui/form-dialog';
import { contractResolver } from '../../ui/form-resolver';
import { applyServerIssues, DateField, FieldFrame, fieldMessage, SelectField, TextAreaField } from '../../ui/form-fields';
import { MoneyField } from '../../ui/money-field';

interface ExpenseValues {
  category?: string;
  amount?: number;
  date: string;
  paymentMethod: string;
  description: string;
  vendorId: string | null;
}

/** An empty vendor is none: the contract's `vendorId` is left out. */
const toInput = ({ vendorId, ...rest }: ExpenseValues) => ({ ...rest, ...(vendorId ? { vendorId } : {}) });

/**
 * `POST /expenses`: an expense paid now from a money account, with its receipt (a PDF or a scan, up
 * to 5 MB) sent in the same multipart request. One Idempotency-Key per opening of the form: a
 * double click or a retry after a lost answer records it once.
 */
export function ExpenseDialog({ onClose, onRecorded }: { onClose: () => void; onRecorded?: (expense: Expense) => void }) {
  const { t } = useTranslation();
  const { organization } = useAuth();
  const can = useCan();
  const record = useRecordExpense();
  const [key] = useState(newIdempotencyKey);
  const receiptId = useId();
  const [receipt, setReceipt] = useState<File | null>(null);
  const [receiptError, setReceiptError] = useState<string>();
  const today = todayIn(organization.timeZone);
  const vendors = useQuery({ ...vendorsResource.listQueryOptions({ isActive: true, limit: 200, sortBy: 'name', sortOrder: 'asc' }), enabled: can('vendors') });
  const vendorOptions = [{ value: null, label: t('expenses.form.noVendor') }, ...(vendors.data?.data ?? []).map((x) => ({ value: x._id, label: x.name }))];
  const { control, handleSubmit, setError, formState } = useForm<ExpenseValues, unknown, ExpenseInput>({
    resolver: contractResolver<typeof expenseInput, ExpenseValues>(expenseInput, { toInput }),
    defaultValues: { category: undefined, amount: undefined, date: today, paymentMethod: 'bank-transfer', description: '', vendorId: null },
  });

  const chooseReceipt = (file: File | null) => {
    setReceiptError(undefined);
    if (file && !(RECEIPT_TYPES as readonly string[]).includes(file.type)) setReceiptError(t('expenses.form.receiptType'));
    else if (file && file.size > MAX_RECEIPT_BYTES) setReceiptError(t('expenses.form.receiptSize', { megabytes: MAX_RECEIPT_BYTES / 1024 / 1024 }));
    setReceipt(file);
  };

  const submit = handleSubmit(async (input) => {
    if (receiptError) return;
    try {
      const expense = await record.mutateAsync({ input, receipt, key });
      toast.success(t('expenses.form.recorded'));
      onRecorded?.(expense);
      onClose();
    } catch (error) {
      const issues = (error as { issues?: ApiIssue[] }).issues ?? [];
      const file = issues.find((issue) => issue.path.split('.')[0] === 'receipt');
      if (file) setReceiptError(fieldMessage(t('expenses.columns.receipt'), issueMessage(file)));
      applyServerIssues({ issues: issues.filter((issue) => issue !== file) }, setError as never);
    }
  });

  return (
    <FormDialog id="expense-form" header={t('expenses.form.title')} onClose={onClose} onSubmit={submit} submitting={formState.isSubmitting} dirty={formState.isDirty || !!receipt} error={formState.errors.root?.message} width={620}>
      <SelectField control={control} name="category" label={t('expenses.columns.category')} options={EXPENSE_INPUT_CATEGORIES.map((c) => ({ value: c, label: t(`finance.accounts.expense.${c}`) }))} hint={t('expenses.form.categoryHint')} />
      <MoneyField control={control} name="amount" label={t('expenses.columns.amount')} currency={organization.currency} />
      <DateField control={control} name="date" label={t('expenses.columns.date')} max={today} />
      <SelectField control={control} name="paymentMethod" label={t('expenses.form.paidFrom')} options={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`finance.methods.${m}`) }))} />
      <TextAreaField control={control} name="description" label={t('expenses.columns.description')} />
      {can('vendors') && <SelectField control={control} name="vendorId" label={t('expenses.columns.vendor')} options={vendorOptions} filter hint={t('expenses.form.vendorHint')} />}
      <FieldFrame id={receiptId} label={t('expenses.columns.receipt')} error={receiptError} hint={t('expenses.form.receiptHint')}>
        <input
          id={receiptId}
          type="file"
          accept={RECEIPT_TYPES.join(',')}
          aria-invalid={!!receiptError}
          aria-describedby={[receiptError && `${receiptId}-error`, `${receiptId}-hint`].filter(Boolean).join(' ')}
          onChange={(e) => chooseReceipt(e.target.files?.[0] ?? null)}
          data-testid="receipt-input"
        />
      </FieldFrame>
    </FormDialog>
  );
}
