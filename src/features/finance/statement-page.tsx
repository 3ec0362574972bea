import { useMemo, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import { MultiSelect } from 'primereact/multiselect';
import { PAYMENT_METHODS, SOURCE_TYPES, type PaymentMethod } from '../../api/finance/contract';
import { EXPORT_FORMATS, MOVEMENT_STATUSES, MOVEMENT_TYPES, type Movement, type StatementSummary } from '../../api/finance/statement/contract';
import { journalExportUrl, useStatement, type StatementParams } from '../../api/finance/statement/get-statement';
import { useCan } from '../../ui/auth';
import { FilterField, MultiSelectFilter } from '../../ui/filter-fields';
import { DateRangeFilter, ListPage, toQuery, useListState, type FilterParamKind, type FilterValue, type ListColumn, type ListState } from '../../ui/list-page';
import { modulePath, moduleRecordPath } from '../../ui/module-paths';
import { RecordCard } from '../../ui/record-card';
import { filterTile, StatsHeader } from '../../ui/stats-header';
import { StatusTag } from '../../ui/status-tag';
import { MonthPicker, monthDays, useMonthName, useThisMonth } from './month-picker';
import { AccountTabs, MoneyRangeFilter, useOrgFormatters } from './parts';
import { useSystemMemo } from '../../ui/format';

/**
 * Every filter is its own address parameter, as the seed names them:
 * `/account/statement?month=2031-03&paymentMethod=bank-transfer&type=outgoing&dateRange[from]=…`.
 * `month` and `paymentMethod` choose what the statement is of (its balances follow them); the
 * others narrow its rows.
 */
const STATEMENT_PARAMS: Record<string, FilterParamKind> = {
  month: 'text',
  paymentMethod: 'list',
  status: 'list',
  type: 'list',
  minAmount: 'text',
  maxAmount: 'text',
  dateRange: 'object',
  linkedToType: 'list',
};
/** What the statement is of, not a narrowing: kept when the filters are cleared, not counted among them. */
const VIEW_KEYS = ['month', 'paymentMethod'];
const withoutView = (filters: ListState['filters']) => Object.fromEntries(Object.entries(filters).filter(([k]) => !VIEW_KEYS.includes(k)));

/** Where a movement's record is: the booking, the operation, the expense, or its entries in the journal. */
export function movementLink(m: Movement, can: (module: 'bookings' | 'operations' | 'expenses' | 'salaries') => boolean): string | undefined {
  const { type, _id, parentId, ref } = m.linkedTo;
  switch (type) {
    case 'booking-payment':
      return parentId && can('bookings') ? moduleRecordPath('bookings', parentId) : undefined;
    case 'voucher-payment':
    case 'expense-payment':
      return parentId && can('operations') ? moduleRecordPath('operations', parentId) : undefined;
    case 'expense':
      return _id && can('expenses') ? moduleRecordPath('expenses', _id) : undefined;
    case 'salary':
      return _id && can('expenses') && can('salaries') ? moduleRecordPath('expenses', _id) : undefined;
    default: {
      const query = new URLSearchParams({ sourceType: type });
      if (ref) query.set('search', ref);
      return `${modulePath('account')}/journal?${query}`;
    }
  }
}

/** The journal of the month for the accountant's tools (hledger, beancount, CSV): a menu of download links. */
function ExportMenu({ month }: { month: string }) {
  const { t } = useTranslation();
  const menu = useRef<Menu>(null);
  const range = monthDays(month);
  const items = EXPORT_FORMATS.map((format) => ({ label: t(`statement.export.${format}`), url: journalExportUrl(format, range), icon: format === 'csv' ? 'pi pi-file-excel' : 'pi pi-file' }));
  return (
    <>
      <Menu model={items} popup ref={menu} id="statement-export-menu" />
      <Button
        type="button"
        outlined
        icon="pi pi-download"
        label={t('statement.export.label')}
        aria-haspopup="menu"
        aria-controls="statement-export-menu"
        onClick={(e) => menu.current?.toggle(e)}
      />
    </>
  );
}

/** The month's tiles: opening and closing balance, money in and out, what waits for verification (a tile filters the list). */
function StatementTiles({ summary, month, filters, setFilter }: { summary?: StatementSummary; month: string; filters: ListState['filters']; setFilter: (key: string, value: FilterValue) => void }) {
  const { t } = useTranslation();
  const fmt = useOrgFormatters();
  const names = useMonthName();
  const money = (n: number) => fmt.money(n, summary?.currency);
  return (
    <div className="money-tiles">
      <StatsHeader
        label={t('statement.tiles.label', { month: names.long(month) })}
        testId="statement-summary"
        items={[
          { key: 'openingBalance', label: t('statement.tiles.opening'), value: summary?.openingBalance, format: money },
          { key: 'incoming', label: t('statement.tiles.incoming'), value: summary?.incoming, format: money, ...filterTile(filters, setFilter, 'type', 'incoming') },
          { key: 'outgoing', label: t('statement.tiles.outgoing'), value: summary?.outgoing, format: money, ...filterTile(filters, setFilter, 'type', 'outgoing') },
          { key: 'closingBalance', label: t('statement.tiles.closing'), value: summary?.closingBalance, format: money },
          {
            key: 'pending',
            label: summary ? t('statement.tiles.pending', { count: summary.pending.count }) : t('statement.tiles.pendingLabel'),
            value: summary?.pending.amount,
            format: money,
            ...filterTile(filters, setFilter, 'status', 'pending'),
          },
        ]}
      />
    </div>
  );

}

/** `/account/statement`: the money accounts' movements of a month (the seed's Account statement), filtered in the address. */
export function StatementPage() {
  const { t, i18n } = useTranslation();
  const fmt = useOrgFormatters();
  const can = useCan();
  const names = useMonthName();
  const thisMonth = useThisMonth();
  const [state, setState, setFilter] = useListState({ sortBy: 'date', sortOrder: 'asc', filterParams: STATEMENT_PARAMS });
  const month = typeof state.filters.month === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(state.filters.month) ? state.filters.month : thisMonth;
  const methods = (Array.isArray(state.filters.paymentMethod) ? state.filters.paymentMethod : []) as PaymentMethod[];
  const query = useStatement({ ...(toQuery(state) as StatementParams), month });
  const answer = query.data;
  const summary = answer?.summary;

  // The list sees only the narrowing filters; a change it makes keeps the month and the accounts.
  const listState: ListState = { ...state, filters: withoutView(state.filters) };
  const onListChange = (patch: Partial<ListState>) =>
    setState((latest) => ({ ...patch, filters: { ...(patch.filters ?? withoutView(latest.filters)), month: latest.filters.month, paymentMethod: latest.filters.paymentMethod } }));
  // A new month's days are other days: a day range of the last one goes.
  const setMonth = (next: string) => setState((latest) => ({ filters: { ...latest.filters, month: next === thisMonth ? undefined : next, dateRange: undefined } }));

  const linkOf = (m: Movement) => movementLink(m, (module) => can(module));
  const memo = useSystemMemo();
  const describe = (m: Movement) => memo(m.description, m.descriptionCode);
  const signed = (m: Movement) => (m.type === 'outgoing' ? -m.amount : m.amount);
  const amount = (m: Movement) => (
    <span className="money" data-negative={m.type === 'outgoing' || undefined}>
      {m.type === 'incoming' ? '+' : ''}
      {fmt.money(signed(m), summary?.currency)}
    </span>
  );
  const status = (m: Movement) => <StatusTag status={m.status} tone={m.status === 'pending' ? 'warning' : 'success'} label={t(`statement.statuses.${m.status}`)} />;
  const record = (m: Movement) => {
    const to = linkOf(m);
    const text = (
      <>
        {t(`finance.sources.${m.linkedTo.type}`)}
        {m.linkedTo.ref && (
          <>
            {' '}
            <span dir="ltr">{m.linkedTo.ref}</span>
          </>
        )}
      </>
    );
    return to ? (
      <Link to={to} onClick={(e) => e.stopPropagation()} data-testid="movement-record">
        {text}
      </Link>
    ) : (
      <span>{text}</span>
    );
  };

  const columns = useMemo<ListColumn<Movement>[]>(
    () => [
      { field: 'date', header: t('statement.columns.date'), sortable: true, body: (m) => fmt.date(m.date) },
      { field: 'description', header: t('statement.columns.description'), body: describe },
      { field: 'linkedTo', header: t('statement.columns.record'), body: record },
      { field: 'paymentMethod', header: t('statement.columns.account'), body: (m) => t(`finance.methods.${m.paymentMethod}`) },
      { field: 'type', header: t('statement.columns.type'), body: (m) => t(`statement.types.${m.type}`) },
      { field: 'status', header: t('statement.columns.status'), body: status },
      { field: 'amount', header: t('statement.columns.amount'), body: amount },
      { field: '_id', header: t('statement.columns.id'), hiddenByDefault: true },
    ],
    [t, fmt, memo, summary?.currency, can],
  );

  return (
    <ListPage<Movement>
      nav={<AccountTabs />}
      key={i18n.language}
      id="statement"
      title={t('statement.title')}
      actions={can('account', 'export') ? <ExportMenu month={month} /> : undefined}
      above={
        <div className="stack" style={{ gap: '0.75rem' }}>
          <div className="statement-view">
            <MonthPicker value={month} onChange={setMonth} label={t('statement.month')} />
            <FilterField id="statement-accounts" label={t('statement.accounts')}>
              <MultiSelect
                inputId="statement-accounts"
                value={methods}
                options={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`finance.accounts.money.${m}`) }))}
                optionLabel="label"
                optionValue="value"
                display="chip"
                placeholder={t('statement.allAccounts')}
                onChange={(e) => setFilter('paymentMethod', (e.value as string[]) ?? [])}
              />
            </FilterField>
          </div>
          <StatementTiles summary={summary} month={month} filters={state.filters} setFilter={setFilter} />
        </div>
      }
      columns={columns}
      state={listState}
      onChange={onListChange}
      answer={answer ? { data: answer.transactions, meta: answer.meta } : undefined}
      loading={query.isFetching}
      defaultLayout="table"
      empty={{ title: t('statement.empty.title', { month: names.long(month) }), hint: t('statement.empty.hint') }}
      renderCard={(m) => (
        <RecordCard name={describe(m) || t(`finance.sources.${m.linkedTo.type}`)} badge={amount(m)} data={{ 'data-movement': m._id }}>
          <div className="muted">
            {fmt.date(m.date)} · {t(`finance.methods.${m.paymentMethod}`)}
          </div>
          <div className="row">
            {record(m)} {status(m)}
          </div>
        </RecordCard>
      )}
      filterPanel={
        <>
          <MultiSelectFilter id="f-statement-type" label={t('statement.columns.type')} value={state.filters.type} options={MOVEMENT_TYPES.map((x) => ({ value: x, label: t(`statement.types.${x}`) }))} onChange={(v) => setFilter('type', v)} />
          <MultiSelectFilter id="f-statement-status" label={t('statement.columns.status')} value={state.filters.status} options={MOVEMENT_STATUSES.map((x) => ({ value: x, label: t(`statement.statuses.${x}`) }))} onChange={(v) => setFilter('status', v)} />
          <MultiSelectFilter id="f-statement-record" label={t('statement.columns.record')} value={state.filters.linkedToType} options={SOURCE_TYPES.map((x) => ({ value: x, label: t(`finance.sources.${x}`) }))} onChange={(v) => setFilter('linkedToType', v)} />
          <MoneyRangeFilter
            label={t('statement.columns.amount')}
            min={state.filters.minAmount}
            max={state.filters.maxAmount}
            onChange={({ min, max }) => setState((latest) => ({ filters: { ...latest.filters, minAmount: min, maxAmount: max } }))}
          />
          <DateRangeFilter label={t('statement.columns.date')} value={state.filters.dateRange} onChange={(range) => setFilter('dateRange', range)} />
        </>
      }
    />
  );
}
