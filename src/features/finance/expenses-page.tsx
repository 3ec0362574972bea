import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { PAYMENT_METHODS } from '../../api/finance/contract';
import type { Expense, ExpenseStats } from '../../api/finance/expenses/contract';
import { expenseReceiptUrl, useExpenses, type ExpensesParams } from '../../api/finance/expenses/get-expenses';
import { EXPENSE_CATEGORIES } from '../../api/finance/statement/contract';
import { useCan } from '../../ui/auth';
import { MultiSelectFilter } from '../../ui/filter-fields';
import { DateRangeFilter, emptyState, ListPage, toQuery, useListState, type FilterParamKind, type FilterValue, type ListColumn, type ListState, listProps } from '../../ui/list-page';
import { modulePath, moduleRecordPath } from '../../ui/module-paths';
import { RecordCard } from '../../ui/record-card';
import { allTile, filterTile, StatsHeader } from '../../ui/stats-header';
import { ExpenseDialog } from './expense-dialog';
import { useMonthName } from './month-picker';
import { MoneyRangeFilter, ScreenTabs, useOrgFormatters, usePercent } from './parts';

/** The expenses module's screens: the expenses paid, and the monthly ones the daily job posts. */
export function ExpenseTabs() {
  const { t } = useTranslation();
  const screens = [
    { path: modulePath('expenses'), label: t('expenses.title') },
    { path: `${modulePath('expenses')}/recurring`, label: t('expenses.recurring.title') },
  ];
  return <ScreenTabs label={t('expenses.tabs')} screens={screens} />;
}

/** What an expense is called: a salary in the member's language ("Salary, March 2031"), any other by its description. */
export function useDescribeExpense() {
  const { t } = useTranslation();
  const names = useMonthName();
  return useCallback((x: Pick<Expense, 'description' | 'salaryMonth'>) => (x.salaryMonth ? t('expenses.salaryDescription', { month: names.long(x.salaryMonth) }) : x.description), [t, names]);
}

const EXPENSE_PARAMS: Record<string, FilterParamKind> = { category: 'list', paymentMethod: 'list', date: 'object', minAmount: 'text', maxAmount: 'text' };

/** This month's expenses against last month's, then each category of this month (a tile filters the list to it). */
function ExpenseStatsHeader({ stats, filters, setFilter }: { stats?: ExpenseStats; filters: ListState['filters']; setFilter: (key: string, value: FilterValue) => void }) {
  const { t } = useTranslation();
  const fmt = useOrgFormatters();
  const percent = usePercent();
  const names = useMonthName();
  const can = useCan();
  const money = (n: number) => fmt.money(n);
  // Salaries are counted only for who may see them: the others have no tile for them.
  const categories = EXPENSE_CATEGORIES.filter((c) => c !== 'salary' || can('salaries'));
  return (
    <StatsHeader
      label={t('expenses.stats.label')}
      testId="expense-stats"
      items={[
        { key: 'thisMonth', label: stats ? t('expenses.stats.thisMonth', { month: names.long(stats.month) }) : t('expenses.stats.thisMonthPlain'), value: stats?.thisMonth.total, format: money, ...allTile(filters, () => setFilter('category', undefined), ['category']) },
        { key: 'lastMonth', label: t('expenses.stats.lastMonth'), value: stats?.lastMonth.total, format: money },
        { key: 'change', label: t('expenses.stats.change'), value: stats ? stats.change : undefined, format: (bp) => `${bp > 0 ? '+' : ''}${percent(bp)}` },
        ...categories.map((c) => ({ key: c, label: t(`finance.accounts.expense.${c}`), value: stats?.thisMonth.byCategory[c], format: money, ...filterTile(filters, setFilter, 'category', c) })),
      ]}
    />
  );
}

/** `/expenses`: the expenses paid (the seed's `GET /expenses`), newest first, with the month's totals, filtered in the address. */
export function ExpensesPage() {
  const { t, i18n } = useTranslation();
  const fmt = useOrgFormatters();
  const can = useCan();
  const navigate = useNavigate();
  const [recording, setRecording] = useState(false);
  const [state, setState, setFilter] = useListState({ sortBy: 'date', sortOrder: 'desc', filterParams: EXPENSE_PARAMS });
  const query = useExpenses(toQuery(state) as ExpensesParams);
  const open = (x: Expense) => navigate(moduleRecordPath('expenses', x._id));
  const categories = EXPENSE_CATEGORIES.filter((c) => c !== 'salary' || can('salaries'));

  const who = (x: Expense) => x.member?.name ?? x.vendor?.name ?? '';
  const describe = useDescribeExpense();
  const receipt = (x: Expense) =>
    x.receipt ? (
      <a href={expenseReceiptUrl(x._id)} onClick={(e) => e.stopPropagation()} aria-label={t('expenses.receiptOf', { name: x.receipt.name })}>
        <i className="pi pi-paperclip" aria-hidden="true" /> <span dir="auto">{x.receipt.name}</span>
      </a>
    ) : (
      <span className="muted">—</span>
    );
  const amount = (x: Expense) => <span className="money">{fmt.money(x.amount, x.currency)}</span>;

  const columns = useMemo<ListColumn<Expense>[]>(
    () => [
      { field: 'date', header: t('expenses.columns.date'), sortable: true, body: (x) => fmt.date(x.date) },
      {
        field: 'description',
        header: t('expenses.columns.description'),
        body: (x) => (
          <a
            href={moduleRecordPath('expenses', x._id)}
            onClick={(e) => {
              e.preventDefault();
              e.stopPropagation();
              open(x);
            }}
          >
            {describe(x)}
          </a>
        ),
      },
      {
        field: 'reversal',
        header: t('expenses.undo.state'),
        body: (x) => (x.reversal ? <Tag severity="warning" value={t('expenses.undo.reversed')} /> : x.corrects ? <Tag severity="info" value={t('expenses.undo.correction')} /> : null),
      },
      { field: 'category', header: t('expenses.columns.category'), body: (x) => t(`finance.accounts.expense.${x.category}`) },
      { field: 'amount', header: t('expenses.columns.amount'), sortable: true, body: amount },
      { field: 'paymentMethod', header: t('expenses.form.paidFrom'), body: (x) => t(`finance.methods.${x.paymentMethod}`) },
      { field: 'vendor', header: t('expenses.columns.payee'), body: who },
      { field: 'receipt', header: t('expenses.columns.receipt'), body: receipt },
      { field: 'createdBy', header: t('expenses.columns.recordedBy'), hiddenByDefault: true, body: (x) => x.createdBy?.name ?? t('finance.journal.system') },
      { field: '_id', header: t('statement.columns.id'), hiddenByDefault: true },
    ],
    [t, fmt, describe],
  );

  const createButton = can('expenses', 'create') && <Button type="button" icon="pi pi-plus" label={t('expenses.record')} onClick={() => setRecording(true)} />;

  return (
    <div className="stack">
      <ExpenseTabs />
      <ListPage<Expense>
        key={i18n.language}
        id="expenses"
        title={t('expenses.title')}
        actions={createButton}
        above={
          <div className="money-tiles">
            <ExpenseStatsHeader stats={query.data?.stats} filters={state.filters} setFilter={setFilter} />
          </div>
        }
        columns={columns}
        {...listProps(state, setState, query)}
        defaultLayout="table"
        onOpen={open}
        empty={emptyState(t, 'expenses.empty', createButton && { buttons: createButton })}
        sortOptions={[
          { field: 'date', label: t('expenses.columns.date') },
          { field: 'amount', label: t('expenses.columns.amount') },
        ]}
        renderCard={(x) => (
          <RecordCard name={describe(x)} to={moduleRecordPath('expenses', x._id)} badge={<strong>{amount(x)}</strong>} data={{ 'data-expense': x._id }}>
            <div className="muted">
              {fmt.date(x.date)} · {t(`finance.accounts.expense.${x.category}`)} · {t(`finance.methods.${x.paymentMethod}`)}
            </div>
            {who(x) && <div>{who(x)}</div>}
            {x.receipt && <div>{receipt(x)}</div>}
          </RecordCard>
        )}
        filterPanel={
          <>
            <MultiSelectFilter id="f-expense-category" label={t('expenses.columns.category')} value={state.filters.category} options={categories.map((c) => ({ value: c, label: t(`finance.accounts.expense.${c}`) }))} onChange={(v) => setFilter('category', v)} />
            <MultiSelectFilter id="f-expense-method" label={t('expenses.form.paidFrom')} value={state.filters.paymentMethod} options={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`finance.methods.${m}`) }))} onChange={(v) => setFilter('paymentMethod', v)} />
            <DateRangeFilter label={t('expenses.columns.date')} value={state.filters.date} onChange={(range) => setFilter('date', range)} />
            <MoneyRangeFilter
              label={t('expenses.columns.amount')}
              min={state.filters.minAmount}
              max={state.filters.maxAmount}
              onChange={({ min, max }) => setState((latest) => ({ filters: { ...latest.filters, minAmount: min, maxAmount: max } }))}
            />
          </>
        }
      />
      {recording && <ExpenseDialog onClose={() => setRecording(false)} />}
    </div>
  );
}
