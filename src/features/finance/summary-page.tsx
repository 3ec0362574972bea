import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from 'primereact/skeleton';
import { EXPENSE_CATEGORIES, INCOME_SOURCES, type BudgetTargets, type SummaryAnswer } from '../../api/finance/statement/contract';
import { useBudgetTargets, useSummary } from '../../api/finance/statement/get-statement';
import { StatsHeader } from '../../ui/stats-header';
import { MonthPicker, useMonthName, useMonthParam } from './month-picker';
import { AccountTabs, Money, useOrgFormatters, usePercent } from './parts';
import { TargetCell } from './target-cell';

// Chart.js (through PrimeReact's Chart) is loaded with this screen's charts only, never with the rest of the app.
const SummaryChart = lazy(() => import('./summary-chart').then((m) => ({ default: m.SummaryChart })));

/** Actual against target: a bar and the percentage (over 100 % it stays full and says so). */
function Achievement({ value, over }: { value: number | null; over: 'good' | 'bad' }) {
  const percent = usePercent();
  if (value === null) return <span className="muted">—</span>;
  const tone = value > 10_000 ? over : 'neutral';
  return (
    <span className="achievement" data-tone={tone} data-achievement={value}>
      <span className="achievement__bar" aria-hidden="true">
        <span style={{ inlineSize: `${Math.min(value, 10_000) / 100}%` }} />
      </span>
      <span className="achievement__value">{percent(value)}</span>
    </span>
  );
}

/** The month against its targets: income, the whole expense and each category; each target set or changed in place. */
function BudgetTable({ answer, targets, month }: { answer: SummaryAnswer; targets?: BudgetTargets; month: string }) {
  const { t } = useTranslation();
  const names = useMonthName();
  const { budget, summary } = answer;
  // The month's targets as set (the summary's budget says the same until they are loaded): set anew with a POST, changed with a PUT.
  const categoryTarget = (c: (typeof EXPENSE_CATEGORIES)[number]) => {
    if (targets) return targets.expenseByCategory.find((x) => x.category === c)?.amount ?? null;
    return budget.expense.byCategory.find((x) => x.category === c)?.target ?? null;
  };
  const rows = [
    { key: 'income', label: t('accountSummary.budget.income'), kind: 'income' as const, target: targets ? (targets.income?.amount ?? null) : budget.income.target, actual: budget.income.actual, achievement: budget.income.achievement, over: 'good' as const },
    { key: 'expense', label: t('accountSummary.budget.expense'), kind: 'expense' as const, target: targets ? (targets.expense?.amount ?? null) : budget.expense.target, actual: budget.expense.actual, achievement: budget.expense.achievement, over: 'bad' as const },
  ];
  const achievementOf = (c: (typeof EXPENSE_CATEGORIES)[number]) => budget.expense.byCategory.find((x) => x.category === c)?.achievement ?? null;
  return (
    <section className="card" aria-labelledby="budget-title" data-testid="budget">
      <h2 id="budget-title">{t('accountSummary.budget.title', { month: names.long(month) })}</h2>
      <p className="muted" style={{ marginTop: 0 }}>
        {t('accountSummary.budget.hint')}
      </p>
      <div className="budget-table-wrap">
        <table className="budget-table">
          <thead>
            <tr>
              <th scope="col">{t('accountSummary.budget.line')}</th>
              <th scope="col">{t('accountSummary.budget.target')}</th>
              <th scope="col">{t('accountSummary.budget.actual')}</th>
              <th scope="col">{t('accountSummary.budget.achievement')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key} data-line={r.key}>
                <th scope="row">{r.label}</th>
                <td data-label={t('accountSummary.budget.target')}>
                  <TargetCell kind={r.kind} month={month} target={r.target} exists={r.target !== null} label={t(`accountSummary.budget.${r.kind}Target`)} />
                </td>
                <td data-label={t('accountSummary.budget.actual')}>
                  <Money minor={r.actual} currency={summary.currency} />
                </td>
                <td data-label={t('accountSummary.budget.achievement')}>
                  <Achievement value={r.achievement} over={r.over} />
                </td>
              </tr>
            ))}
            {EXPENSE_CATEGORIES.map((c) => {
              const target = categoryTarget(c);
              const name = t(`finance.accounts.expense.${c}`);
              return (
                <tr key={c} data-line={`expense:${c}`} className="budget-table__category">
                  <th scope="row">{name}</th>
                  <td data-label={t('accountSummary.budget.target')}>
                    <TargetCell kind="expense" category={c} month={month} target={target} exists={target !== null} label={t('accountSummary.budget.categoryTarget', { category: name })} />
                  </td>
                  <td data-label={t('accountSummary.budget.actual')}>
                    <Money minor={summary.expenses.byCategory[c]} currency={summary.currency} />
                  </td>
                  <td data-label={t('accountSummary.budget.achievement')}>
                    <Achievement value={achievementOf(c)} over="bad" />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** `/account/summary`: a month on the cash basis (the seed's Account summary) against its budget targets, with the 12-month chart. */
export function SummaryPage() {
  const { t } = useTranslation();
  const fmt = useOrgFormatters();
  const names = useMonthName();
  const [month, setMonth] = useMonthParam();
  const summary = useSummary(month);
  const targets = useBudgetTargets(month);
  const answer = summary.data?.summary.month === month ? summary.data : undefined;
  const s = answer?.summary;
  const money = (n: number) => fmt.money(n, s?.currency);
  return (
    <div className="stack">
      <AccountTabs />
      <div className="page-header">
        <h1>{t('accountSummary.title')}</h1>
      </div>
      <MonthPicker value={month} onChange={setMonth} label={t('accountSummary.month')} />
      <div className="money-tiles">
        <StatsHeader
          label={t('accountSummary.figures.label', { month: names.long(month) })}
          testId="summary-figures"
          items={[
            { key: 'income', label: t('accountSummary.figures.income'), value: s?.income.total, format: money },
            { key: 'expenses', label: t('accountSummary.figures.expenses'), value: s?.expenses.total, format: money },
            { key: 'vendorCosts', label: t('accountSummary.figures.vendorCosts'), value: s?.vendorCosts, format: money },
            { key: 'refunds', label: t('accountSummary.figures.refunds'), value: s?.refunds, format: money },
            { key: 'profit', label: t('accountSummary.figures.profit'), value: s?.profit, format: money },
          ]}
        />
      </div>
      {answer && s ? (
        <>
          <div className="summary-columns">
            <BudgetTable answer={answer} targets={targets.data?.month === month ? targets.data : undefined} month={month} />
            <section className="card" aria-labelledby="income-sources-title">
              <h2 id="income-sources-title">{t('accountSummary.sources.title')}</h2>
              <dl className="detail-list" data-testid="income-sources">
                {INCOME_SOURCES.map((x) => (
                  <div key={x} style={{ display: 'contents' }}>
                    <dt>{t(`finance.sources.${x}`)}</dt>
                    <dd>
                      <Money minor={s.income.bySource[x]} currency={s.currency} />
                    </dd>
                  </div>
                ))}
              </dl>
              <p className="muted" style={{ marginBottom: 0 }}>
                {t('accountSummary.sources.hint')}
              </p>
            </section>
          </div>
          <Suspense fallback={<Skeleton height="20rem" />}>
            <SummaryChart answer={answer} />
          </Suspense>
        </>
      ) : (
        <div className="card" aria-busy="true">
          <Skeleton height="1.5rem" className="mb-2" />
          <Skeleton height="12rem" />
        </div>
      )}
    </div>
  );
}
