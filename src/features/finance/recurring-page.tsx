import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { InputSwitch } from 'primereact/inputswitch';
import { Skeleton } from 'primereact/skeleton';
import { toast } from 'sonner';
import { PAYMENT_METHODS } from '../../api/finance/contract';
import { EXPENSE_INPUT_CATEGORIES, recurringExpenseInput, type RecurringExpense, type RecurringExpenseInput } from '../../api/finance/expenses/contract';
import { useRecurringExpenses } from '../../api/finance/expenses/get-expenses';
import { useCreateRecurringExpense, useSetRecurringActive } from '../../api/finance/expenses/save-expenses';
import { vendorsResource } from '../../api/vendors/get-vendors';
import { todayIn } from '../../domain/calendar';
import { useAuth, useCan } from '../../ui/auth';
import { FormDialog } from '../../ui/form-dialog';
import { contractResolver } from '../../ui/form-resolver';
import { applyServerIssues, DateField, NumberField, SelectField, SWITCH_PT, TextAreaField } from '../../ui/form-fields';
import { MoneyField } from '../../ui/money-field';
import { ExpenseTabs } from './expenses-page';
import { useMonthName } from './month-picker';
import { Money, useOrgFormatters } from './parts';

interface RecurringValues {
  category?: string;
  amount?: number;
  paymentMethod: string;
  description: string;
  vendorId: string | null;
  dayOfMonth?: number;
  startsOn: string;
}

const toInput = ({ vendorId, ...rest }: RecurringValues) => ({ ...rest, ...(vendorId ? { vendorId } : {}) });

/** `POST /expenses/recurring`: an expense the daily job pays on its day of each month from its start (rent). */
function RecurringDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { organization } = useAuth();
  const can = useCan();
  const create = useCreateRecurringExpense();
  const vendors = useQuery({ ...vendorsResource.listQueryOptions({ isActive: true, limit: 200, sortBy: 'name', sortOrder: 'asc' }), enabled: can('vendors') });
  const vendorOptions = [{ value: null, label: t('expenses.form.noVendor') }, ...(vendors.data?.data ?? []).map((x) => ({ value: x._id, label: x.name }))];
  const { control, handleSubmit, setError, formState } = useForm<RecurringValues, unknown, RecurringExpenseInput>({
    resolver: contractResolver<typeof recurringExpenseInput, RecurringValues>(recurringExpenseInput, { toInput }),
    defaultValues: { category: 'rent', amount: undefined, paymentMethod: 'bank-transfer', description: '', vendorId: null, dayOfMonth: 1, startsOn: todayIn(organization.timeZone) },
  });
  const submit = handleSubmit(async (input) => {
    try {
      await create.mutateAsync(input);
      toast.success(t('expenses.recurring.created'));
      onClose();
    } catch (error) {
      applyServerIssues(error, setError as never);
    }
  });
  return (
    <FormDialog id="recurring-form" header={t('expenses.recurring.new')} onClose={onClose} onSubmit={submit} formState={formState} width={620}>
      <SelectField control={control} name="category" label={t('expenses.columns.category')} options={EXPENSE_INPUT_CATEGORIES.map((c) => ({ value: c, label: t(`finance.accounts.expense.${c}`) }))} />
      <MoneyField control={control} name="amount" label={t('expenses.columns.amount')} currency={organization.currency} />
      <SelectField control={control} name="paymentMethod" label={t('expenses.form.paidFrom')} options={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`finance.methods.${m}`) }))} />
      <TextAreaField control={control} name="description" label={t('expenses.columns.description')} />
      {can('vendors') && <SelectField control={control} name="vendorId" label={t('expenses.columns.vendor')} options={vendorOptions} filter />}
      <div className="form-grid">
        <NumberField control={control} name="dayOfMonth" label={t('expenses.recurring.dayOfMonth')} min={1} max={28} hint={t('expenses.recurring.dayHint')} />
        <DateField control={control} name="startsOn" label={t('expenses.recurring.startsOn')} />
      </div>
    </FormDialog>
  );
}

/** `/expenses/recurring`: the monthly expenses, each paused or running again in place. */
export function RecurringExpensesPage() {
  const { t } = useTranslation();
  const fmt = useOrgFormatters();
  const names = useMonthName();
  const can = useCan();
  const list = useRecurringExpenses();
  const toggle = useSetRecurringActive();
  const [creating, setCreating] = useState(false);
  const flip = async (r: RecurringExpense, active: boolean) => {
    await toggle.mutateAsync({ id: r._id, active }).catch(() => undefined);
  };
  return (
    <div className="stack">
      <ExpenseTabs />
      <div className="page-header">
        <h1>{t('expenses.recurring.title')}</h1>
        {can('expenses', 'create') && <Button type="button" icon="pi pi-plus" label={t('expenses.recurring.new')} onClick={() => setCreating(true)} />}
      </div>
      <p className="muted" style={{ margin: 0 }}>
        {t('expenses.recurring.hint')}
      </p>
      {!list.data ? (
        <Skeleton height="8rem" />
      ) : list.data.length === 0 ? (
        <div className="card empty-state" data-testid="empty-state">
          <i className="pi pi-replay" aria-hidden="true" />
          <p style={{ margin: 0, fontWeight: 600 }}>{t('expenses.recurring.none')}</p>
        </div>
      ) : (
        <div className="money-table-wrap card" style={{ padding: 0 }}>
          <table className="money-table" data-testid="recurring-table">
            <thead>
              <tr>
                <th scope="col">{t('expenses.columns.description')}</th>
                <th scope="col">{t('expenses.columns.category')}</th>
                <th scope="col" className="money-table__amount">{t('expenses.columns.amount')}</th>
                <th scope="col">{t('expenses.form.paidFrom')}</th>
                <th scope="col">{t('expenses.recurring.schedule')}</th>
                <th scope="col">{t('expenses.recurring.lastPosted')}</th>
                <th scope="col">{t('expenses.recurring.active')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((r) => (
                <tr key={r._id} data-recurring={r._id}>
                  <th scope="row">
                    {r.description}
                    {r.vendor && <div className="muted">{r.vendor.name}</div>}
                  </th>
                  <td data-label={t('expenses.columns.category')}>{t(`finance.accounts.expense.${r.category}`)}</td>
                  <td data-label={t('expenses.columns.amount')} className="money-table__amount">
                    <Money minor={r.amount} currency={r.currency} />
                  </td>
                  <td data-label={t('expenses.form.paidFrom')}>{t(`finance.methods.${r.paymentMethod}`)}</td>
                  <td data-label={t('expenses.recurring.schedule')}>{t('expenses.recurring.scheduleText', { day: fmt.number(r.dayOfMonth), date: fmt.date(r.startsOn) })}</td>
                  <td data-label={t('expenses.recurring.lastPosted')}>{r.lastPosted ? names.long(r.lastPosted) : <span className="muted">{t('expenses.recurring.notYet')}</span>}</td>
                  <td data-label={t('expenses.recurring.active')}>
                    <InputSwitch inputId={`recurring-${r._id}`} checked={r.active} disabled={!can('expenses', 'update')} onChange={(e) => void flip(r, !!e.value)} pt={SWITCH_PT} />
                    <label htmlFor={`recurring-${r._id}`} className="visually-hidden">
                      {t('expenses.recurring.activeOf', { name: r.description })}
                    </label>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {creating && <RecurringDialog onClose={() => setCreating(false)} />}
    </div>
  );
}
