import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { issueMessage } from '../../api/client';
import { newIdempotencyKey } from '../../api/common/idempotency';
import type { ApiIssue } from '../../api/common/issues';
import { PAYMENT_METHODS } from '../../api/finance/contract';
import {
  EXPENSE_INPUT_CATEGORIES,
  MAX_RECEIPT_BYTES,
  RECEIPT_TYPES,
  expenseCorrectionInput,
  expenseInput,
  expenseReverseInput,
  salaryCorrectionInput,
  type Expense,
  type ExpenseCorrectionInput,
  type ExpenseInput,
  type ExpenseReverseInput,
  type SalaryCorrectionInput,
} from '../../api/finance/expenses/contract';
import { useCorrectExpense, useCorrectSalary, useRecordExpense, useReverseExpense, useReverseSalary } from '../../api/finance/expenses/save-expenses';
import { vendorsResource } from '../../api/vendors/get-vendors';
import { todayIn } from '../../domain/calendar';
import { useAuth, useCan } from '../../ui/auth';
import { FormDialog } from '../../ui/form-dialog';
import { contractResolver } from '../../ui/form-resolver';
import { applyServerIssues, DateField, FieldFrame, fieldMessage, SelectField, TextAreaField } from '../../ui/form-fields';
import { useMoneyRefusal } from './parts';
import { MoneyField } from '../../ui/money-field';
import { applyPaymentIssues, showMoneyRefusal, MoneyAccountBalance } from '../../ui/money-account-balance';

interface ExpenseValues {
  category?: string;
  amount?: number;
  date: string;
  paymentMethod: string;
  description: string;
  vendorId: string | null;
  reason?: string;
}

/** An empty vendor is none: the contract's `vendorId` is left out. */
const toInput = ({ vendorId, ...rest }: ExpenseValues) => ({ ...rest, ...(vendorId ? { vendorId } : {}) });

/**
 * `POST /expenses`: an expense paid now from a money account, with its receipt (a PDF or a scan, up
 * to 5 MB) sent in the same multipart request. One Idempotency-Key per opening of the form: a
 * double click or a retry after a lost answer records it once.
 */
export function ExpenseDialog({ onClose, onRecorded, correcting }: { onClose: () => void; onRecorded?: (expense: Expense) => void; correcting?: Expense }) {
  const { t } = useTranslation();
  const { organization } = useAuth();
  const can = useCan();
  const record = useRecordExpense();
  const correct = useCorrectExpense();
  const refused = useMoneyRefusal();
  const [key] = useState(newIdempotencyKey);
  const receiptId = useId();
  const [receipt, setReceipt] = useState<File | null>(null);
  const [receiptError, setReceiptError] = useState<string>();
  const today = todayIn(organization.timeZone);
  const vendors = useQuery({ ...vendorsResource.listQueryOptions({ isActive: true, limit: 200, sortBy: 'name', sortOrder: 'asc' }), enabled: can('vendors') });
  const vendorOptions = [{ value: null, label: t('expenses.form.noVendor') }, ...(vendors.data?.data ?? []).map((x) => ({ value: x._id, label: x.name }))];
  // Correcting: the expense as it was, to change where it was wrong, and why.
  const { control, handleSubmit, setError, formState } = useForm<ExpenseValues, unknown, ExpenseInput | ExpenseCorrectionInput>({
    resolver: correcting
      ? contractResolver<typeof expenseCorrectionInput, ExpenseValues>(expenseCorrectionInput, { toInput: (v) => ({ ...toInput(v), reason: v.reason ?? '' }) })
      : contractResolver<typeof expenseInput, ExpenseValues>(expenseInput, { toInput }),
    defaultValues: correcting
      ? { category: correcting.category, amount: correcting.amount, date: correcting.date, paymentMethod: correcting.paymentMethod, description: correcting.description, vendorId: correcting.vendor?._id ?? null, reason: '' }
      : { category: undefined, amount: undefined, date: today, paymentMethod: 'bank-transfer', description: '', vendorId: null },
  });

  const [method, amount] = useWatch({ control, name: ['paymentMethod', 'amount'] });

  const chooseReceipt = (file: File | null) => {
    setReceiptError(undefined);
    if (file && !(RECEIPT_TYPES as readonly string[]).includes(file.type)) setReceiptError(t('expenses.form.receiptType'));
    else if (file && file.size > MAX_RECEIPT_BYTES) setReceiptError(t('expenses.form.receiptSize', { megabytes: MAX_RECEIPT_BYTES / 1024 / 1024 }));
    setReceipt(file);
  };

  const submit = handleSubmit(async (input) => {
    if (receiptError) return;
    try {
      const expense = correcting
        ? await correct.mutateAsync({ id: correcting._id, input: input as ExpenseCorrectionInput, key })
        : await record.mutateAsync({ input: input as ExpenseInput, receipt, key });
      toast.success(t(correcting ? 'expenses.undo.correctedToast' : 'expenses.form.recorded'));
      onRecorded?.(expense);
      onClose();
    } catch (error) {
      const issues = (error as { issues?: ApiIssue[] }).issues ?? [];
      const file = issues.find((issue) => issue.path.split('.')[0] === 'receipt');
      if (file) setReceiptError(fieldMessage(t('expenses.columns.receipt'), issueMessage(file)));
      applyServerIssues({ issues: issues.filter((issue) => issue !== file) }, setError as never);
      showMoneyRefusal(error, setError);
      refused(error);
    }
  });

  return (
    <FormDialog id="expense-form" header={correcting ? t('expenses.undo.correctTitle') : t('expenses.form.title')} onClose={onClose} onSubmit={submit} submitting={formState.isSubmitting} dirty={formState.isDirty || !!receipt} error={formState.errors.root?.message} width={620}>
      {correcting && <p className="muted" style={{ margin: 0 }}>{t('expenses.undo.correctHint')}</p>}
      <SelectField control={control} name="category" label={t('expenses.columns.category')} options={EXPENSE_INPUT_CATEGORIES.map((c) => ({ value: c, label: t(`finance.accounts.expense.${c}`) }))} hint={t('expenses.form.categoryHint')} />
      <MoneyField control={control} name="amount" label={t('expenses.columns.amount')} currency={organization.currency} />
      <DateField control={control} name="date" label={t('expenses.columns.date')} max={today} />
      <SelectField control={control} name="paymentMethod" label={t('expenses.form.paidFrom')} options={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`finance.methods.${m}`) }))} />
      <MoneyAccountBalance method={method} amount={amount} givesBack={correcting && correcting.paymentMethod === method ? correcting.amount : 0} />
      <TextAreaField control={control} name="description" label={t('expenses.columns.description')} />
      {can('vendors') && <SelectField control={control} name="vendorId" label={t('expenses.columns.vendor')} options={vendorOptions} filter hint={t('expenses.form.vendorHint')} />}
      {correcting && <TextAreaField control={control} name="reason" label={t('expenses.undo.reason')} />}
      {!correcting && (
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
      )}
    </FormDialog>
  );
}

/**
 * `POST /expenses/{id}/reverse` (or, for a salary, `/expenses/salary/{id}/reverse`): why it is
 * undone; the journal gets a reversing entry (a salary's month may then be paid again).
 */
export function ReverseExpenseDialog({ expense, onClose }: { expense: Expense; onClose: () => void }) {
  const { t } = useTranslation();
  const salary = expense.category === 'salary';
  const reverseExpense = useReverseExpense();
  const reverseSalary = useReverseSalary();
  const reverse = salary ? reverseSalary : reverseExpense;
  const refused = useMoneyRefusal();
  const [key] = useState(newIdempotencyKey);
  const { control, handleSubmit, setError, formState } = useForm<{ reason: string }, unknown, ExpenseReverseInput>({
    resolver: contractResolver(expenseReverseInput),
    defaultValues: { reason: '' },
  });
  const submit = handleSubmit(async (input) => {
    try {
      await reverse.mutateAsync({ id: expense._id, input, key });
      toast.success(t(salary ? 'salaries.undo.reversedToast' : 'expenses.undo.reversedToast'));
      onClose();
    } catch (error) {
      applyServerIssues(error, setError as never);
      refused(error);
    }
  });
  return (
    <FormDialog id="reverse-expense-form" header={t(salary ? 'salaries.undo.reverseTitle' : 'expenses.undo.reverseTitle')} onClose={onClose} onSubmit={submit} formState={formState} width={520}>
      <p className="muted" style={{ margin: 0 }}>{t(salary ? 'salaries.undo.reverseHint' : 'expenses.undo.reverseHint')}</p>
      <TextAreaField control={control} name="reason" label={t('expenses.undo.reason')} />
    </FormDialog>
  );
}

/**
 * `POST /expenses/salary/{id}/correct`: the member's salary for the same month as it should have
 * been paid (amount, date, method) and why; the payment made is reversed in the same request.
 */
export function CorrectSalaryDialog({ salary, onClose, onCorrected }: { salary: Expense; onClose: () => void; onCorrected?: (fixed: Expense) => void }) {
  const { t } = useTranslation();
  const { organization } = useAuth();
  const correct = useCorrectSalary();
  const refused = useMoneyRefusal();
  const [key] = useState(newIdempotencyKey);
  const today = todayIn(organization.timeZone);
  type Values = { amount?: number; date: string; paymentMethod: string; reason: string };
  const { control, handleSubmit, setError, formState } = useForm<Values, unknown, SalaryCorrectionInput>({
    resolver: contractResolver(salaryCorrectionInput),
    defaultValues: { amount: salary.amount, date: salary.date, paymentMethod: salary.paymentMethod, reason: '' },
  });
  const [method, amount] = useWatch({ control, name: ['paymentMethod', 'amount'] });
  const submit = handleSubmit(async (input) => {
    try {
      const fixed = await correct.mutateAsync({ id: salary._id, input, key });
      toast.success(t('salaries.undo.correctedToast'));
      onCorrected?.(fixed);
      onClose();
    } catch (error) {
      applyPaymentIssues(error, setError);
      refused(error);
    }
  });
  return (
    <FormDialog id="salary-correct-form" header={t('salaries.undo.correctTitle')} onClose={onClose} onSubmit={submit} formState={formState} width={560}>
      <p className="muted" style={{ margin: 0 }}>{t('salaries.undo.correctHint')}</p>
      <MoneyField control={control} name="amount" label={t('salaries.columns.amount')} currency={organization.currency} />
      <DateField control={control} name="date" label={t('salaries.pay.date')} max={today} />
      <SelectField control={control} name="paymentMethod" label={t('expenses.form.paidFrom')} options={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`finance.methods.${m}`) }))} />
      <MoneyAccountBalance method={method} amount={amount} givesBack={salary.paymentMethod === method ? salary.amount : 0} />
      <TextAreaField control={control} name="reason" label={t('expenses.undo.reason')} />
    </FormDialog>
  );
}
