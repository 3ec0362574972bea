import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PAYMENT_METHODS, PAYMENT_STATES, type PaymentReceipt, type ReceiptStats } from '../../api/bookings/contract';
import { usePaymentReceipts, type PaymentReceiptsParams } from '../../api/bookings/get-bookings';
import { BooleanFilter, MultiSelectFilter } from '../../ui/filter-fields';
import { DateRangeFilter, ListPage, toQuery, useListState, type FilterParamKind, type FilterValue, type ListColumn } from '../../ui/list-page';
import { moduleRecordPath } from '../../ui/module-paths';
import { StatusTag } from '../../ui/status-tag';
import { useBookingFormatters } from './bookings-page';

const RECEIPT_FILTER_PARAMS: Record<string, FilterParamKind> = { paymentMethod: 'list', status: 'list', dateRange: 'object', isVerified: 'boolean' };

/** A rate or growth in basis points, as a percentage (`−12.5 %`); a dash when there is none. */
export const percent = (bp: number | null, format: (n: number) => string) => (bp === null ? '—' : `${format(bp / 100)} %`);

function ReceiptStatsHeader({ stats }: { stats?: ReceiptStats }) {
  const { t } = useTranslation();
  const fmt = useBookingFormatters();
  const value = (key: keyof ReceiptStats) => {
    if (!stats) return '…';
    if (key === 'totalAmount' || key === 'thisMonthAmount') return fmt.money(stats[key]);
    if (key === 'monthlyGrowth' || key === 'verificationRate' || key === 'successRate') return percent(stats[key], fmt.number);
    return fmt.number(stats[key]);
  };
  const keys: (keyof ReceiptStats)[] = ['totalReceipts', 'totalAmount', 'verifiedCount', 'pendingCount', 'successfulCount', 'failedCount', 'thisMonthAmount', 'monthlyGrowth', 'verificationRate', 'successRate'];
  return (
    <dl className="stats-grid" aria-label={t('receipts.stats.label')} data-testid="receipt-stats">
      {keys.map((key) => (
        <div className="stat" key={key} data-stat={key}>
          <dt>{t(`receipts.stats.${key}`)}</dt>
          <dd>{value(key)}</dd>
        </div>
      ))}
    </dl>
  );
}

export function PaymentReceiptsPage() {
  const { t } = useTranslation();
  const fmt = useBookingFormatters();
  const [state, setState] = useListState({ sortBy: 'date', sortOrder: 'desc', filterParams: RECEIPT_FILTER_PARAMS });
  const query = usePaymentReceipts(toQuery(state) as PaymentReceiptsParams);
  const setFilter = (key: string, value: FilterValue) => setState((latest) => ({ filters: { ...latest.filters, [key]: value } }));
  const columns = useMemo<ListColumn<PaymentReceipt>[]>(
    () => [
      { field: 'receiptNumber', header: t('receipts.number'), body: (r) => <span dir="ltr">{r.receiptNumber ?? '—'}</span> },
      { field: 'date', header: t('receipts.date'), sortable: true, body: (r) => fmt.date(r.date) },
      { field: 'amount', header: t('bookings.payments.amount'), sortable: true, body: (r) => fmt.money(r.amount, r.currency) },
      { field: 'paymentMethod', header: t('bookings.payments.method'), body: (r) => t(`bookings.methods.${r.paymentMethod}`) },
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
      above={<ReceiptStatsHeader stats={query.data?.stats} />}
      columns={columns}
      state={state}
      onChange={setState}
      answer={query.data}
      loading={query.isFetching}
      defaultLayout="table"
      filterPanel={
        <>
          <MultiSelectFilter id="f-method" label={t('bookings.payments.method')} value={state.filters.paymentMethod} options={PAYMENT_METHODS.map((v) => ({ value: v, label: t(`bookings.methods.${v}`) }))} onChange={(v) => setFilter('paymentMethod', v)} />
          <MultiSelectFilter id="f-receipt-status" label={t('bookings.payments.status')} value={state.filters.status} options={PAYMENT_STATES.map((v) => ({ value: v, label: t(`bookings.paymentStates.${v}`) }))} onChange={(v) => setFilter('status', v)} />
          <BooleanFilter id="f-verified" label={t('receipts.stats.verifiedCount')} value={state.filters.isVerified} yes={t('bookings.paymentStates.verified')} no={t('bookings.paymentStates.submitted')} onChange={(v) => setFilter('isVerified', v)} />
          <DateRangeFilter label={t('receipts.date')} value={state.filters.dateRange} onChange={(v) => setFilter('dateRange', v)} />
        </>
      }
    />
  );
}
