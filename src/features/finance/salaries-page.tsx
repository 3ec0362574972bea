import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from '../../ui/dialog';
import { Skeleton } from 'primereact/skeleton';
import { toast } from 'sonner';
import * as v from 'valibot';
import { newIdempotencyKey } from '../../api/common/idempotency';
import { PAYMENT_METHODS } from '../../api/finance/contract';
import { salaryInput, salaryRateInput, salaryRunInput, type Salaries, type SalaryInput, type SalaryRun, type SalaryRunInput } from '../../api/finance/expenses/contract';
import { useSalaries } from '../../api/finance/expenses/get-expenses';
import { usePaySalary, useRunSalaries, useSetSalaryRate } from '../../api/finance/expenses/save-expenses';
import { sumMinor } from '../../domain/money';
import { todayIn } from '../../domain/calendar';
import { useAuth, useCan } from '../../ui/auth';
import { FormDialog } from '../../ui/form-dialog';
import { contractResolver } from '../../ui/form-resolver';
import { DateField, SelectField } from '../../ui/form-fields';
import { MoneyField } from '../../ui/money-field';
import { applyPaymentIssues, MoneyAccountBalance } from '../../ui/money-account-balance';
import { moduleRecordPath } from '../../ui/module-paths';
import { StatsHeader } from '../../ui/stats-header';
import { StatusTag } from '../../ui/status-tag';
import { InPlaceMoney } from './in-place-money';
import { MonthPicker, monthDays, useMonthName, useMonthParam } from './month-picker';
import { Money, useOrgFormatters } from './parts';

type Row = Salaries['rows'][number];

/** The day a month's salaries are paid on by default: its last day, or today while it is not over. */
function usePayDay(month: string) {
  const { organization } = useAuth();
  const today = todayIn(organization.timeZone);
  const last = monthDays(month).to;
  return last < today ? last : today;
}

/** A salary on record; the amount must be above zero (a member without one is skipped by the month's run). */
const rateAmount = v.strictObject({ amount: v.unwrap(salaryRateInput.entries.amount) });

/** `POST /expenses/salary`: one member's salary for the month, once; its key made when the form opens. */
function PayDialog({ row, month, onClose }: { row: Row; month: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { organization } = useAuth();
  const names = useMonthName();
  const pay = usePaySalary();
  const [key] = useState(newIdempotencyKey);
  const payDay = usePayDay(month);
  type Values = { amount?: number; date: string; paymentMethod: string };
  const { control, handleSubmit, setError, formState } = useForm<Values, unknown, SalaryInput>({
    resolver: contractResolver(salaryInput, { toInput: (x: Values) => ({ ...x, memberId: row.member._id, month }) }),
    defaultValues: { amount: row.rate ?? undefined, date: payDay, paymentMethod: 'bank-transfer' },
  });
  const [method, amount] = useWatch({ control, name: ['paymentMethod', 'amount'] });
  const submit = handleSubmit(async (input) => {
    try {
      await pay.mutateAsync({ input, key });
      toast.success(t('salaries.pay.done', { name: row.member.name, month: names.long(month) }));
      onClose();
    } catch (error) {
      applyPaymentIssues(error, setError);
    }
  });
  return (
    <FormDialog id="salary-form" header={t('salaries.pay.title', { name: row.member.name, month: names.long(month) })} onClose={onClose} onSubmit={submit} formState={formState} submitLabel={t('salaries.pay.submit')} width={520}>
      <MoneyField control={control} name="amount" label={t('salaries.columns.amount')} currency={organization.currency} />
      <DateField control={control} name="date" label={t('salaries.pay.date')} max={todayIn(organization.timeZone)} />
      <SelectField control={control} name="paymentMethod" label={t('expenses.form.paidFrom')} options={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`finance.methods.${m}`) }))} />
      <MoneyAccountBalance method={method} amount={amount} />
    </FormDialog>
  );
}

/** `POST /expenses/salary/run`: every member with a salary on record and not yet paid for the month. */
function RunDialog({ salaries, month, onClose, onDone }: { salaries: Salaries; month: string; onClose: () => void; onDone: (run: SalaryRun) => void }) {
  const { t } = useTranslation();
  const { organization } = useAuth();
  const names = useMonthName();
  const fmt = useOrgFormatters();
  const run = useRunSalaries();
  const [key] = useState(newIdempotencyKey);
  const payDay = usePayDay(month);
  const due = salaries.rows.filter((r) => r.rate !== null && !r.paid && r.member.employmentStatus !== 'exited');
  type Values = { date: string; paymentMethod: string };
  const { control, handleSubmit, setError, formState } = useForm<Values, unknown, SalaryRunInput>({
    resolver: contractResolver(salaryRunInput, { toInput: (x: Values) => ({ ...x, month }) }),
    defaultValues: { date: payDay, paymentMethod: 'bank-transfer' },
  });
  const method = useWatch({ control, name: 'paymentMethod' });
  const submit = handleSubmit(async (input) => {
    try {
      onDone(await run.mutateAsync({ input, key }));
      onClose();
    } catch (error) {
      applyPaymentIssues(error, setError);
    }
  });
  return (
    <FormDialog id="salary-run-form" header={t('salaries.run.title', { month: names.long(month) })} onClose={onClose} onSubmit={submit} formState={formState} submitLabel={t('salaries.run.submit')} width={560}>
      <p style={{ margin: 0 }} data-testid="run-preview">
        {due.length ? t('salaries.run.preview', { count: due.length, amount: fmt.money(sumMinor(due.map((r) => r.rate!)), salaries.currency) }) : t('salaries.run.nothing')}
      </p>
      <DateField control={control} name="date" label={t('salaries.pay.date')} max={todayIn(organization.timeZone)} />
      <SelectField control={control} name="paymentMethod" label={t('expenses.form.paidFrom')} options={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`finance.methods.${m}`) }))} />
      <MoneyAccountBalance method={method} amount={sumMinor(due.map((r) => r.rate!))} />
    </FormDialog>
  );
}

/** What the month's run did: who was paid (and how much), who was skipped and why. */
function RunResult({ run, month, onClose }: { run: SalaryRun; month: string; onClose: () => void }) {
  const { t } = useTranslation();
  const names = useMonthName();
  return (
    <Dialog visible onHide={onClose} header={t('salaries.result.title', { month: names.long(month) })} style={{ width: 'min(560px, 100vw)' }} className="form-dialog" data-testid="salary-run-result">
      <div className="stack">
        <section aria-labelledby="run-paid">
          <h3 id="run-paid">{t('salaries.result.paid', { count: run.paid.length })}</h3>
          {run.paid.length > 0 && (
            <ul className="run-list" data-testid="run-paid">
              {run.paid.map((x) => (
                <li key={x._id}>
                  <span>{x.member?.name}</span>
                  <Money minor={x.amount} currency={x.currency} />
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="run-skipped">
          <h3 id="run-skipped">{t('salaries.result.skipped', { count: run.skipped.length })}</h3>
          {run.skipped.length > 0 && (
            <ul className="run-list" data-testid="run-skipped">
              {run.skipped.map((s) => (
                <li key={s.member._id} data-reason={s.reason}>
                  <span>{s.member.name}</span>
                  <span className="muted">{t(`salaries.result.reasons.${s.reason}`)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <div className="row" style={{ justifyContent: 'flex-end' }}>
          <Button type="button" label={t('salaries.result.close')} onClick={onClose} autoFocus />
        </div>
      </div>
    </Dialog>
  );
}

/** `/salaries`: each member's salary on record (changed in place) and the month's payment; pay one, or the whole month. */
export function SalariesPage() {
  const { t } = useTranslation();
  const fmt = useOrgFormatters();
  const names = useMonthName();
  const can = useCan();
  const [month, setMonth] = useMonthParam();
  const query = useSalaries(month);
  const setRate = useSetSalaryRate();
  const [paying, setPaying] = useState<Row>();
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<SalaryRun>();
  const data = query.data?.month === month ? query.data : undefined;
  const rows = data?.rows ?? [];
  const paid = rows.filter((r) => r.paid);
  const due = rows.filter((r) => r.rate !== null && !r.paid && r.member.employmentStatus !== 'exited');
  const money = (n: number) => fmt.money(n, data?.currency);
  return (
    <div className="stack">
      <div className="page-header">
        <h1>{t('salaries.title')}</h1>
        {can('salaries', 'create') && data && (
          <Button type="button" icon="pi pi-wallet" label={t('salaries.run.open', { month: names.long(month) })} disabled={due.length === 0} onClick={() => setRunning(true)} />
        )}
      </div>
      <MonthPicker value={month} onChange={setMonth} label={t('salaries.month')} />
      <div className="money-tiles">
        <StatsHeader
          label={t('salaries.stats.label', { month: names.long(month) })}
          testId="salary-stats"
          items={[
            { key: 'paid', label: t('salaries.stats.paid', { count: paid.length }), value: data ? sumMinor(paid.map((r) => r.paid!.amount)) : undefined, format: money },
            { key: 'due', label: t('salaries.stats.due', { count: due.length }), value: data ? sumMinor(due.map((r) => r.rate!)) : undefined, format: money },
            { key: 'noSalary', label: t('salaries.stats.noSalary'), value: data ? rows.filter((r) => r.rate === null && !r.paid).length : undefined },
          ]}
        />
      </div>
      {!data ? (
        <Skeleton height="12rem" />
      ) : (
        <div className="money-table-wrap card" style={{ padding: 0 }}>
          <table className="money-table" data-testid="salaries-table">
            <caption className="visually-hidden">{t('salaries.caption', { month: names.long(month) })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('salaries.columns.member')}</th>
                <th scope="col">{t('salaries.columns.rate')}</th>
                <th scope="col">{t('salaries.columns.payment', { month: names.long(month) })}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('records.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.member._id} data-member={r.member.name}>
                  <th scope="row">
                    <span className="stack" style={{ gap: '0.15rem' }}>
                      <span>{r.member.name}</span>
                      <span className="muted">
                        {t(`members.departments.${r.member.department}`, { defaultValue: r.member.department })}
                        {r.member.employmentStatus !== 'active' && (
                          <>
                            {' '}
                            <StatusTag status={r.member.employmentStatus} />
                          </>
                        )}
                      </span>
                    </span>
                  </th>
                  <td data-label={t('salaries.columns.rate')}>
                    <InPlaceMoney
                      name={r.member.name}
                      value={r.rate}
                      label={t('salaries.rate.label', { name: r.member.name })}
                      emptyText={t('salaries.rate.none')}
                      setText={t('salaries.rate.set')}
                      changeText={t('salaries.rate.change')}
                      setLabel={t('salaries.rate.setOf', { name: r.member.name })}
                      changeLabel={t('salaries.rate.changeOf', { name: r.member.name })}
                      editable={can('salaries', 'update') && r.member.employmentStatus !== 'exited'}
                      schema={rateAmount}
                      save={async (amount) => {
                        await setRate.mutateAsync({ memberId: r.member._id, input: { amount, month } });
                        toast.success(t('salaries.rate.saved', { name: r.member.name }));
                      }}
                    />
                  </td>
                  <td data-label={t('salaries.columns.payment', { month: names.long(month) })} data-paid={r.paid ? 'true' : 'false'}>
                    {r.paid ? (
                      <span className="stack" style={{ gap: '0.15rem' }}>
                        {can('expenses') ? (
                          <Link to={moduleRecordPath('expenses', r.paid._id)}>
                            <Money minor={r.paid.amount} currency={r.paid.currency} />
                          </Link>
                        ) : (
                          <Money minor={r.paid.amount} currency={r.paid.currency} />
                        )}
                        <span className="muted">{t('salaries.paidOn', { date: fmt.date(r.paid.date), method: t(`finance.methods.${r.paid.paymentMethod}`) })}</span>
                      </span>
                    ) : (
                      <span className="muted">{t('salaries.notPaid')}</span>
                    )}
                  </td>
                  <td className="money-table__actions">
                    {!r.paid && can('salaries', 'create') && r.member.employmentStatus !== 'exited' && (
                      <Button type="button" size="small" outlined icon="pi pi-send" label={t('salaries.pay.action')} aria-label={t('salaries.pay.actionOf', { name: r.member.name })} onClick={() => setPaying(r)} />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {paying && <PayDialog row={paying} month={month} onClose={() => setPaying(undefined)} />}
      {running && data && <RunDialog salaries={data} month={month} onClose={() => setRunning(false)} onDone={setResult} />}
      {result && <RunResult run={result} month={month} onClose={() => setResult(undefined)} />}
    </div>
  );
}
