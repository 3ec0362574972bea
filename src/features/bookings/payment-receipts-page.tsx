import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PAYMENT_METHODS, PAYMENT_STATES, type PaymentReceipt, type ReceiptStats } from '../../api/bookings/contract';
import { usePaymentReceipts, type PaymentReceiptsParams } from '../../api/bookings/get-bookings';
import { BooleanFilter, MultiSelectFilter } from '../../ui/filter-fields';
import { DateRangeFilter, ListPage, toQuery, useListState, type FilterParamKind, type FilterValue, type ListColumn, type ListState, listProps } from '../../ui/list-page';
import { moduleRecordPath } from '../../ui/module-paths';
import { allTile, filterTile, StatsHeader } from '../../ui/stats-header';
import { RecordCard } from '../../ui/record-card';
import { StatusTag } from '../../ui/status-tag';
import { useBookingFormatters } from './bookings-page';

const RECEIPT_FILTER_PARAMS: Record<string, FilterParamKind> = { paymentMethod: 'list', status: 'list', dateRange: 'object', isVerified: 'boolean' };

/** A rate or growth in basis points, as a percentage (`−12.5 %`). */
export const percent = (bp: number, format: (n: number) => string) => `${format(bp / 100)} %`;

/** A change (growth) in basis points, its sign always written: `+25.08 %`, `−12.5 %`. */
export const change = (bp: number, format: (n: number) => string) => `${bp > 0 ? '+' : ''}${percent(bp, format)}`;

/** The ten stats over the receipts the other filters select; the counts of a status filter the list to it. */
function ReceiptStatsHeader({ stats, filters, setFilter }: { stats?: ReceiptStats; filters: ListState['filters']; setFilter: (key: string, value: FilterValue) => void }) {
  const { t } = useTranslation();
  const fmt = useBookingFormatters();
  const money = (n: number) => fmt.money(n);
  const rate = (bp: number) => percent(bp, fmt.number);
  const clear = () => {
    setFilter('status', undefined);
    setFilter('isVerified', undefined);
  };
  return (
    <StatsHeader
      label={t('receipts.stats.label')}
      testId="receipt-stats"
      items={[
        { key: 'totalReceipts', label: t('receipts.stats.totalReceipts'), value: stats?.totalReceipts, ...allTile(filters, clear, ['status', 'isVerified']) },
        { key: 'totalAmount', label: t('receipts.stats.totalAmount'), value: stats?.totalAmount, format: money },
        { key: 'verifiedCount', label: t('receipts.stats.verifiedCount'), value: stats?.verifiedCount, ...filterTile(filters, setFilter, 'status', 'verified') },
        { key: 'pendingCount', label: t('receipts.stats.pendingCount'), value: stats?.pendingCount, ...filterTile(filters, setFilter, 'status', 'submitted') },
        { key: 'successfulCount', label: t('receipts.stats.successfulCount'), value: stats?.successfulCount },
        { key: 'failedCount', label: t('receipts.stats.failedCount'), value: stats?.failedCount, ...filterTile(filters, setFilter, 'status', 'failed') },
        { key: 'thisMonthAmount', label: t('receipts.stats.thisMonthAmount'), value: stats?.thisMonthAmount, format: money },
        { key: 'monthlyGrowth', label: t('receipts.stats.monthlyGrowth'), value: stats?.monthlyGrowth, format: (bp) => change(bp, fmt.number) },
        { key: 'verificationRate', label: t('receipts.stats.verificationRate'), value: stats?.verificationRate, format: rate },
        { key: 'successRate', label: t('receipts.stats.successRate'), value: stats?.successRate, format: rate },
      ]}
    />
  );
}

export function PaymentReceiptsPage() {
  const { t } = useTranslation();
  const fmt = useBookingFormatters();
  const [state, setState, setFilter] = useListState({ sortBy: 'date', sortOrder: 'desc', filterParams: RECEIPT_FILTER_PARAMS });
  const query = usePaymentReceipts(toQuery(state) as PaymentReceiptsParams);
  const columns = useMemo<ListColumn<PaymentReceipt>[]>(
    () => [
      { field: 'receiptNumber', header: t('receipts.number'), body: (r) => <span dir="ltr">{r.receiptNumber ?? '—'}</span> },
      { field: 'date', header: t('receipts.date'), sortable: true, body: (r) => fmt.date(r.date) },
      { field: 'amount', header: t('bookings.payments.amount'), sortable: true, body: (r) => fmt.money(r.amount, r.currency) },
      { field: 'paymentMethod', header: t('bookings.payments.method'), body: (r) => t(`finance.methods.${r.paymentMethod}`) },
      { field: 'status', header: t('bookings.payments.status'), body: (r) => <StatusTag status={r.status} label={t(`bookings.paymentStates.${r.status}`)} /> },
      {
        field: 'booking',
        header: t('receipts.booking'),
        body: (r) => (
          <Link to={moduleRecordPath('bookings', r.booking._id)} onClick={(e) => e.stopPropagation()}>
            {r.booking.ref} · {r.booking.customerName}
          </Link>
        ),
      },
      { field: 'reference', header: t('bookings.payments.reference'), body: (r) => <span dir="ltr">{r.reference ?? ''}</span> },
    ],
    [t, fmt],
  );
  return (
    <ListPage<PaymentReceipt>
      id="payment-receipts"
      title={t('receipts.title')}
      empty={{ title: t('receipts.empty.title'), hint: t('receipts.empty.hint', { action: t('bookings.payments.record') }) }}
      above={<ReceiptStatsHeader stats={query.data?.stats} filters={state.filters} setFilter={setFilter} />}
      columns={columns}
      {...listProps(state, setState, query)}
      defaultLayout="table"
      renderCard={(r) => (
        <RecordCard name={r.receiptNumber ?? t('bookings.paymentStates.submitted')} to={moduleRecordPath('bookings', r.booking._id)} badge={<StatusTag status={r.status} label={t(`bookings.paymentStates.${r.status}`)} />} data={{ 'data-receipt': r._id }}>
          <div>
            {r.booking.ref} · {r.booking.customerName}
          </div>
          <div className="row">
            {fmt.date(r.date)} · {fmt.money(r.amount, r.currency)} · {t(`finance.methods.${r.paymentMethod}`)}
          </div>
        </RecordCard>
      )}
      filterPanel={
        <>
          <MultiSelectFilter id="f-method" label={t('bookings.payments.method')} value={state.filters.paymentMethod} options={PAYMENT_METHODS.map((v) => ({ value: v, label: t(`finance.methods.${v}`) }))} onChange={(v) => setFilter('paymentMethod', v)} />
          <MultiSelectFilter id="f-receipt-status" label={t('bookings.payments.status')} value={state.filters.status} options={PAYMENT_STATES.map((v) => ({ value: v, label: t(`bookings.paymentStates.${v}`) }))} onChange={(v) => setFilter('status', v)} />
          <BooleanFilter id="f-verified" label={t('receipts.stats.verifiedCount')} value={state.filters.isVerified} yes={t('bookings.paymentStates.verified')} no={t('bookings.paymentStates.submitted')} onChange={(v) => setFilter('isVerified', v)} />
          <DateRangeFilter label={t('receipts.date')} value={state.filters.dateRange} onChange={(v) => setFilter('dateRange', v)} />
        </>
      }
    />
  );
}
