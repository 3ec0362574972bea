import { useEffect, useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Checkbox } from 'primereact/checkbox';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Skeleton } from 'primereact/skeleton';
import { toast } from 'sonner';
import * as v from 'valibot';
import { PAYMENT_METHODS, lockDateInput, type LockDate, type PaymentMethod } from '../../api/finance/contract';
import { useChart, useLockDate } from '../../api/finance/get-finance';
import { useMoveLockDate, useSetMoneyRules } from '../../api/finance/save-finance';
import { addDays, todayIn } from '../../domain/calendar';
import { useAuth, useCan } from '../../ui/auth';
import { confirmAction } from '../../ui/confirm';
import { contractResolver } from '../../ui/form-resolver';
import type { FormStateLike } from '../../ui/form-dialog';
import { applyServerIssues, DateField, FormError, TextField } from '../../ui/form-fields';
import { AccountTabs, Money, useMoneyRefusal, useOrgFormatters } from './parts';
import { monthDays, shiftMonth } from './month-picker';

type LockValues = { lockedThrough: string | null; reason: string };
const toInput = ({ lockedThrough, reason }: LockValues) => ({ lockedThrough: lockedThrough || null, reason: reason.trim() || undefined });

/** A card of the lock date's page: its title, what it does, its fields, the whole form's message and its button. */
function LockForm({ part, onSubmit, formState, icon, danger = false, children }: { part: 'close' | 'reopen'; onSubmit: React.FormEventHandler<HTMLFormElement>; formState: FormStateLike; icon: string; danger?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <form className="card stack" onSubmit={onSubmit} noValidate aria-labelledby={`${part}-title`} data-testid={`${part}-form`}>
      <h2 id={`${part}-title`} style={{ margin: 0 }}>
        {t(`periodLock.${part}.title`)}
      </h2>
      <p className="muted" style={{ margin: 0 }}>
        {t(`periodLock.${part}.hint`)}
      </p>
      <div className="form-grid">{children}</div>
      <FormError message={formState.errors.root?.message} />
      <div>
        <Button type="submit" severity={danger ? 'danger' : undefined} outlined={danger} icon={icon} label={t(`periodLock.${part}.submit`)} loading={formState.isSubmitting} />
      </div>
    </form>
  );
}

/** Close the books through a day (after the current lock date, not after today). */
function CloseForm({ current }: { current: LockDate }) {
  const { t } = useTranslation();
  const fmt = useOrgFormatters();
  const { organization } = useAuth();
  const move = useMoveLockDate();
  const today = todayIn(organization.timeZone);
  // The usual close: the last day of last month (when it is still open).
  const lastMonthEnd = monthDays(shiftMonth(today.slice(0, 7), -1)).to;
  const suggested = current.lockedThrough && current.lockedThrough >= lastMonthEnd ? today : lastMonthEnd;
  const { control, handleSubmit, setError, reset, formState } = useForm<LockValues, unknown, v.InferOutput<typeof lockDateInput>>({
    resolver: contractResolver(lockDateInput, { toInput }),
    defaultValues: { lockedThrough: suggested, reason: '' },
  });
  const submit = handleSubmit(async (input) => {
    if (!input.lockedThrough) return setError('lockedThrough', { type: 'required', message: t('periodLock.close.required') });
    if (current.lockedThrough && input.lockedThrough <= current.lockedThrough) {
      return setError('lockedThrough', { type: 'dateOrder', message: t('periodLock.close.afterCurrent', { date: fmt.date(current.lockedThrough) }) });
    }
    const sure = await confirmAction({ header: t('periodLock.close.confirmTitle'), message: t('periodLock.close.confirm', { date: fmt.date(input.lockedThrough) }), acceptLabel: t('periodLock.close.submit') });
    if (!sure) return;
    try {
      await move.mutateAsync(input);
      toast.success(t('periodLock.close.done', { date: fmt.date(input.lockedThrough) }));
      reset({ lockedThrough: today, reason: '' });
    } catch (error) {
      applyServerIssues(error, setError as never);
    }
  });
  return (
    <LockForm part="close" onSubmit={submit} formState={formState} icon="pi pi-lock">
      <DateField control={control} name="lockedThrough" label={t('periodLock.close.through')} min={current.lockedThrough ? addDays(current.lockedThrough, 1) : undefined} max={today} />
      <TextField control={control} name="reason" label={t('periodLock.close.note')} autoComplete="off" />
    </LockForm>
  );
}

/** Reopen: move the lock date back (or clear it); needs account.approve and a reason, and is recorded. */
function ReopenForm({ current }: { current: LockDate & { lockedThrough: string } }) {
  const { t } = useTranslation();
  const fmt = useOrgFormatters();
  const move = useMoveLockDate();
  const { control, handleSubmit, setError, reset, formState } = useForm<LockValues, unknown, v.InferOutput<typeof lockDateInput>>({
    resolver: contractResolver(lockDateInput, { toInput }),
    defaultValues: { lockedThrough: null, reason: '' },
  });
  const submit = handleSubmit(async (input) => {
    if (!input.reason) return setError('reason', { type: 'required', message: t('periodLock.reopen.reasonRequired') });
    if (input.lockedThrough && input.lockedThrough >= current.lockedThrough) {
      return setError('lockedThrough', { type: 'dateOrder', message: t('periodLock.reopen.beforeCurrent', { date: fmt.date(current.lockedThrough) }) });
    }
    try {
      await move.mutateAsync(input);
      toast.success(input.lockedThrough ? t('periodLock.reopen.doneThrough', { date: fmt.date(input.lockedThrough) }) : t('periodLock.reopen.doneAll'));
      reset({ lockedThrough: null, reason: '' });
    } catch (error) {
      applyServerIssues(error, setError as never);
    }
  });
  return (
    <LockForm part="reopen" onSubmit={submit} formState={formState} icon="pi pi-lock-open" danger>
      <DateField control={control} name="lockedThrough" label={t('periodLock.reopen.through')} max={addDays(current.lockedThrough, -1)} hint={t('periodLock.reopen.throughHint')} />
      <TextField control={control} name="reason" label={t('periodLock.reopen.reason')} autoComplete="off" />
    </LockForm>
  );
}

/**
 * `PUT /account/money-rules`: the money accounts the organization never lets go below zero, beside
 * the lock date (both are the organization's rules for its books). Each with what it holds now.
 */
function MoneyRulesForm({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const chart = useChart();
  const save = useSetMoneyRules();
  const refused = useMoneyRefusal();
  const id = useId();
  const accounts = (chart.data ?? []).filter((a) => a.paymentMethod !== null);
  const stored = accounts.filter((a) => a.neverBelowZero).map((a) => a.paymentMethod as PaymentMethod);
  const [chosen, setChosen] = useState<PaymentMethod[]>(stored);
  useEffect(() => setChosen(stored), [stored.join()]);
  const changed = chosen.join() !== stored.join();
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    try {
      const answer = await save.mutateAsync({ neverBelowZero: PAYMENT_METHODS.filter((m) => chosen.includes(m)) });
      toast.success(
        answer.neverBelowZero.length
          ? t('finance.moneyRules.saved', { accounts: answer.neverBelowZero.map((m) => t(`finance.accounts.money.${m}`)).join(', ') })
          : t('finance.moneyRules.savedNone'),
      );
    } catch (error) {
      refused(error);
    }
  };
  return (
    <form className="card stack" onSubmit={submit} noValidate aria-labelledby={`${id}-title`} data-testid="money-rules">
      <h2 id={`${id}-title`} style={{ margin: 0 }}>
        {t('finance.moneyRules.title')}
      </h2>
      <p className="muted" style={{ margin: 0 }}>
        {t('finance.moneyRules.hint')}
      </p>
      {!chart.data ? (
        <Skeleton height="6rem" />
      ) : (
        <fieldset className="money-rules">
          <legend className="visually-hidden">{t('finance.moneyRules.title')}</legend>
          {accounts.map((a) => {
            const method = a.paymentMethod as PaymentMethod;
            const inputId = `${id}-${method}`;
            return (
              <div key={a.key} className="money-rules__row" data-method={method}>
                <Checkbox
                  inputId={inputId}
                  checked={chosen.includes(method)}
                  disabled={!editable}
                  onChange={(e) => setChosen((c) => (e.checked ? [...c, method] : c.filter((m) => m !== method)))}
                />
                <label htmlFor={inputId}>{t(`finance.accounts.money.${method}`)}</label>
                <span className="muted">
                  <Money minor={a.balance} currency={a.currency} />
                </span>
              </div>
            );
          })}
        </fieldset>
      )}
      {editable && (
        <div>
          <Button type="submit" icon="pi pi-shield" label={t('finance.moneyRules.save')} loading={save.isPending} disabled={!changed} />
        </div>
      )}
    </form>
  );
}

/** `/account/period-lock`: the day the books are closed through, closing them further, reopening (approvers), and every move. */
export function PeriodLockPage() {
  const { t } = useTranslation();
  const fmt = useOrgFormatters();
  const can = useCan();
  const lock = useLockDate();
  const current = lock.data;
  return (
    <div className="stack">
      <AccountTabs />
      <div className="page-header">
        <h1>{t('periodLock.title')}</h1>
      </div>
      {!current ? (
        <Skeleton height="6rem" />
      ) : (
        <>
          <section className="card period-status" aria-live="polite" data-testid="lock-status" data-locked-through={current.lockedThrough ?? ''}>
            <i className={current.lockedThrough ? 'pi pi-lock' : 'pi pi-lock-open'} aria-hidden="true" />
            <div>
              <strong>{current.lockedThrough ? t('periodLock.closedThrough', { date: fmt.date(current.lockedThrough) }) : t('periodLock.open')}</strong>
              <p className="muted" style={{ margin: 0 }}>
                {t('periodLock.explain')}
              </p>
            </div>
          </section>
          {can('account', 'update') && <CloseForm current={current} />}
          {current.lockedThrough && can('account', 'approve') && <ReopenForm current={current as LockDate & { lockedThrough: string }} />}
          <MoneyRulesForm editable={can('account', 'update')} />
          <section className="card" aria-labelledby="lock-history-title">
            <h2 id="lock-history-title">{t('periodLock.history.title')}</h2>
            {current.history.length === 0 ? (
              <p className="muted" style={{ margin: 0 }}>
                {t('periodLock.history.none')}
              </p>
            ) : (
              <ol className="lock-history" data-testid="lock-history">
                {current.history.map((h) => {
                  const reopened = h.previous !== null && (h.lockedThrough === null || h.lockedThrough < h.previous);
                  return (
                    <li key={h._id} data-kind={reopened ? 'reopened' : 'closed'}>
                      <strong>
                        {reopened
                          ? h.lockedThrough
                            ? t('periodLock.history.reopenedThrough', { date: fmt.date(h.lockedThrough), previous: fmt.date(h.previous) })
                            : t('periodLock.history.reopenedAll', { previous: fmt.date(h.previous) })
                          : t('periodLock.history.closed', { date: fmt.date(h.lockedThrough) })}
                      </strong>
                      <span className="muted">
                        {fmt.dateTime(h.createdAt)} · {h.changedBy?.name ?? t('finance.journal.system')}
                      </span>
                      {h.reason && <span>{h.reason}</span>}
                    </li>
                  );
                })}
              </ol>
            )}
          </section>
        </>
      )}
    </div>
  );
}
