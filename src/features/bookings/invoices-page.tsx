import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Booking } from '../../api/bookings/contract';
import { INVOICE_STATUSES, type Invoice, type InvoiceStats } from '../../api/bookings/invoices';
import { useCompletedBookings, useInvoices, type CompletedBookingsParams, type InvoicesParams } from '../../api/bookings/get-bookings';
import { IssueInvoiceButton } from './issue-invoice';
import { useCan } from '../../ui/auth';
import { MultiSelectFilter } from '../../ui/filter-fields';
import { DateRangeFilter, ListPage, toQuery, useListState, type FilterParamKind, type FilterValue, type ListColumn, type ListState, listProps } from '../../ui/list-page';
import { moduleRecordPath } from '../../ui/module-paths';
import { allTile, filterTile, StatsHeader, type StatItem } from '../../ui/stats-header';
import { RecordCard } from '../../ui/record-card';
import { StatusTag } from '../../ui/status-tag';
import { PaymentStatusTag, useBookingFormatters } from './bookings-page';
import { change, percent } from './payment-receipts-page';

const INVOICE_FILTER_PARAMS: Record<string, FilterParamKind> = { status: 'list', issuedOn: 'object', dueDate: 'object' };

/** The eleven stats over the invoices the other filters select; the counts of a status filter the list to it. */
function InvoiceStatsHeader({ stats, filters, setFilter }: { stats?: InvoiceStats; filters: ListState['filters']; setFilter: (key: string, value: FilterValue) => void }) {
  const { t } = useTranslation();
  const fmt = useBookingFormatters();
  const money = (n: number) => fmt.money(n);
  const rate = (bp: number) => percent(bp, fmt.number);
  const item = (key: keyof InvoiceStats, more: Partial<StatItem> = {}): StatItem => ({ key, label: t(`invoices.stats.${key}`), value: stats?.[key], ...more });
  return (
    <StatsHeader
      label={t('invoices.stats.label')}
      testId="invoice-stats"
      items={[
        item('total', allTile(filters, () => setFilter('status', undefined), ['status'])),
        ...INVOICE_STATUSES.map((s) => item(s, filterTile(filters, setFilter, 'status', s))),
        ...(['totalRevenue', 'totalPaid', 'totalPending', 'avgInvoiceValue', 'thisMonthRevenue'] as const).map((k) => item(k, { format: money })),
        item('monthlyGrowth', { format: (bp) => change(bp, fmt.number) }),
        item('paidPercentage', { format: rate }),
      ]}
    />
  );
}

/** Completed bookings still without their invoice, each with the button that issues it. */
function AwaitingInvoices() {
  const { t } = useTranslation();
  const can = useCan();
  const fmt = useBookingFormatters();
  // Its own state, not the address's: the invoices list above owns the address.
  const [state, setLocal] = useState<ListState>({ page: 1, limit: 10, search: '', sortBy: 'arrival', sortOrder: 'desc', filters: {} });
  const setState = (change: Partial<ListState> | ((latest: ListState) => Partial<ListState>)) => setLocal((latest) => ({ ...latest, ...(typeof change === 'function' ? change(latest) : change) }));
  const query = useCompletedBookings({ ...(toQuery(state) as CompletedBookingsParams), invoiceGenerated: false });
  const columns = useMemo<ListColumn<Booking>[]>(
    () => [
      {
        field: 'ref',
        header: t('bookings.ref'),
        body: (b) => (
          <Link to={moduleRecordPath('bookings', b._id)} onClick={(e) => e.stopPropagation()}>
            {b.ref}
          </Link>
        ),
      },
      { field: 'customerName', header: t('bookings.customer'), body: (b) => b.customer.name },
      { field: 'tour', header: t('bookings.tour'), body: (b) => b.tour.title },
      { field: 'arrival', header: t('bookings.arrival'), sortable: true, body: (b) => fmt.date(b.arrival) },
      { field: 'grandTotal', header: t('bookings.grandTotal'), sortable: true, body: (b) => fmt.money(b.grandTotal, b.currency) },
      { field: 'paymentStatus', header: t('bookings.paymentStatus'), body: (b) => <PaymentStatusTag status={b.paymentStatus} /> },
      {
        field: 'actions',
        header: t('bookings.actions'),
        body: (b) =>
          can('invoices', 'create') && <IssueInvoiceButton booking={b} size="small" />,
      },
    ],
    [t, fmt, can],
  );
  return <ListPage<Booking> id="awaiting-invoices" headingLevel={2} title={t('bookings.completed.title')} empty={{ title: t('bookings.completed.none'), hint: t('bookings.completed.noneHint') }} columns={columns} state={state} onChange={setState} answer={query.data} loading={query.isFetching} defaultLayout="table" />;
}

export function InvoicesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fmt = useBookingFormatters();
  const [state, setState, setFilter] = useListState({ sortBy: 'issuedOn', sortOrder: 'desc', filterParams: INVOICE_FILTER_PARAMS });
  const query = useInvoices(toQuery(state) as InvoicesParams);
  const columns = useMemo<ListColumn<Invoice>[]>(
    () => [
      { field: 'number', header: t('invoices.number'), sortable: true, body: (i) => <span dir="ltr">{i.number}</span> },
      { field: 'issuedOn', header: t('invoices.issuedOn'), sortable: true, body: (i) => fmt.date(i.issuedOn) },
      { field: 'dueDate', header: t('invoices.dueDate'), sortable: true, body: (i) => fmt.date(i.dueDate) },
      { field: 'customer', header: t('bookings.customer'), body: (i) => i.customer.name },
      { field: 'bookingRef', header: t('bookings.ref'), body: (i) => i.bookingRef },
      { field: 'total', header: t('invoices.total'), sortable: true, body: (i) => fmt.money(i.total, i.currency) },
      { field: 'tax', header: t('invoices.tax'), hiddenByDefault: true, body: (i) => fmt.money(i.tax, i.currency) },
      { field: 'balance', header: t('bookings.balance'), body: (i) => fmt.money(i.balance, i.currency) },
      { field: 'status', header: t('invoices.status'), body: (i) => <StatusTag status={i.status} label={t(`invoices.statuses.${i.status}`)} /> },
    ],
    [t, fmt],
  );
  return (
    <div className="stack">
      <ListPage<Invoice>
        id="invoices"
        title={t('invoices.title')}
        empty={{ title: t('invoices.empty.title'), hint: t('invoices.empty.hint', { action: t('bookings.invoicePreview.issue') }) }}
        above={<InvoiceStatsHeader stats={query.data?.stats} filters={state.filters} setFilter={setFilter} />}
        columns={columns}
        {...listProps(state, setState, query)}
        defaultLayout="table"
        onOpen={(i) => navigate(moduleRecordPath('bookings', i.bookingId))}
        renderCard={(i) => (
          <RecordCard name={i.number} to={moduleRecordPath('bookings', i.bookingId)} badge={<StatusTag status={i.status} label={t(`invoices.statuses.${i.status}`)} />} data={{ 'data-invoice': i.number }}>
            <div>
              {i.bookingRef} · {i.customer.name}
            </div>
            <div className="row">
              {fmt.money(i.total, i.currency)} · {t('invoices.dueOn', { date: fmt.date(i.dueDate) })}
            </div>
          </RecordCard>
        )}
        filterPanel={
          <>
            <MultiSelectFilter id="f-invoice-status" label={t('invoices.status')} value={state.filters.status} options={INVOICE_STATUSES.map((v) => ({ value: v, label: t(`invoices.statuses.${v}`) }))} onChange={(v) => setFilter('status', v)} />
            <DateRangeFilter label={t('invoices.issuedOn')} value={state.filters.issuedOn} onChange={(v) => setFilter('issuedOn', v)} />
            <DateRangeFilter label={t('invoices.dueDate')} value={state.filters.dueDate} onChange={(v) => setFilter('dueDate', v)} />
          </>
        }
      />
      <AwaitingInvoices />
    </div>
  );
}
