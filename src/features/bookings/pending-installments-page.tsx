import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { PendingInstallment, PendingInstallmentStats } from '../../api/bookings/contract';
import { usePendingInstallments, type PendingInstallmentsParams } from '../../api/bookings/get-bookings';
import { MultiSelectFilter } from '../../ui/filter-fields';
import { DateRangeFilter, emptyTexts, ListPage, toQuery, useListState, type FilterParamKind, type FilterValue, type ListColumn, type ListState, listProps } from '../../ui/list-page';
import { BackLink } from '../../ui/placeholders';
import { modulePath, moduleRecordPath } from '../../ui/module-paths';
import { RecordCard } from '../../ui/record-card';
import { allTile, filterTile, StatsHeader } from '../../ui/stats-header';
import { StatusTag } from '../../ui/status-tag';
import { BOOKING_FILTER_PARAMS, BookingFilters, useBookingFormatters } from './bookings-page';
import './bookings.css';

const { tourType: _type, tourStatus: _status, ...BOOKINGS } = BOOKING_FILTER_PARAMS;
/** The bookings' filters (not their type or status) and the installment's own: due date and status. */
const INSTALLMENT_FILTER_PARAMS: Record<string, FilterParamKind> = { ...BOOKINGS, dueDate: 'object', status: 'list' };

/**
 * What the installments the filters select add up to, in the organization's currency: how many (not
 * yet due, overdue: each filters the list to it), what is still owed and how much of it is overdue.
 */
function InstallmentStatsHeader({ stats, filters, setFilter }: { stats?: PendingInstallmentStats; filters: ListState['filters']; setFilter: (key: string, value: FilterValue) => void }) {
  const { t } = useTranslation();
  const fmt = useBookingFormatters();
  const money = (n: number) => fmt.money(n);
  return (
    <div className="installment-stats">
      <StatsHeader
        label={t('bookings.pending.stats.label')}
        testId="installment-stats"
        items={[
          { key: 'totalCount', label: t('bookings.pending.stats.totalCount'), value: stats?.totalCount, ...allTile(filters, () => setFilter('status', undefined), ['status']) },
          { key: 'pendingCount', label: t('bookings.pending.stats.pendingCount'), value: stats?.pendingCount, ...filterTile(filters, setFilter, 'status', 'pending') },
          { key: 'overdueCount', label: t('bookings.pending.stats.overdueCount'), value: stats?.overdueCount, ...filterTile(filters, setFilter, 'status', 'overdue') },
          { key: 'openAmount', label: t('bookings.pending.stats.openAmount'), value: stats?.openAmount, format: money },
          { key: 'overdueAmount', label: t('bookings.pending.stats.overdueAmount'), value: stats?.overdueAmount, format: money },
        ]}
      />
    </div>
  );
}

/** `/bookings/installments`: what customers still owe, soonest due first, and what it adds up to; a row opens its booking. */
export function PendingInstallmentsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fmt = useBookingFormatters();
  const [state, setState, setFilter] = useListState({ sortBy: 'dueDate', sortOrder: 'asc', filterParams: INSTALLMENT_FILTER_PARAMS });
  const query = usePendingInstallments(toQuery(state) as PendingInstallmentsParams);
  const path = (i: PendingInstallment) => moduleRecordPath('bookings', i.booking._id);
  const status = (i: PendingInstallment) => <StatusTag status={i.status} label={t(`bookings.installmentStatuses.${i.status}`)} />;
  const columns = useMemo<ListColumn<PendingInstallment>[]>(
    () => [
      { field: 'dueDate', header: t('bookings.installments.dueDate'), sortable: true, body: (i) => fmt.date(i.dueDate) },
      {
        field: 'booking',
        header: t('bookings.ref'),
        body: (i) => (
          <Link to={path(i)} onClick={(e) => e.stopPropagation()}>
            {i.booking.ref}
          </Link>
        ),
      },
      { field: 'customerName', header: t('bookings.customer'), body: (i) => i.booking.customerName },
      { field: 'tour', header: t('bookings.tour'), body: (i) => i.booking.tourTitle },
      { field: 'position', header: t('bookings.installments.position'), body: (i) => fmt.number(i.position) },
      { field: 'amount', header: t('bookings.installments.amount'), body: (i) => fmt.money(i.amount, i.currency) },
      { field: 'open', header: t('bookings.installments.open'), body: (i) => fmt.money(i.open, i.currency) },
      { field: 'status', header: t('bookings.installments.status'), body: status },
      { field: 'departure', header: t('bookings.departure'), hiddenByDefault: true, body: (i) => fmt.date(i.booking.departure) },
      { field: 'convertedBy', header: t('bookings.convertedBy'), hiddenByDefault: true, body: (i) => i.booking.convertedBy?.name ?? '' },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, fmt],
  );
  return (
    <ListPage<PendingInstallment>
      nav={<BackLink to={modulePath('bookings')} label={t('bookings.back')} />}
      id="pending-installments"
      title={t('bookings.pending.title')}
      empty={emptyTexts(t, 'bookings.pendingEmpty')}
      above={<InstallmentStatsHeader stats={query.data?.stats} filters={state.filters} setFilter={setFilter} />}
      columns={columns}
      {...listProps(state, setState, query)}
      defaultLayout="table"
      onOpen={(i) => navigate(path(i))}
      renderCard={(i) => (
        <RecordCard name={`${i.booking.ref} · ${i.booking.customerName}`} to={path(i)} badge={status(i)} data={{ 'data-installment': i._id }}>
          <div>{i.booking.tourTitle}</div>
          <div className="row">
            {fmt.date(i.dueDate)} · {fmt.money(i.open, i.currency)}
          </div>
        </RecordCard>
      )}
      filterPanel={
        <>
          <MultiSelectFilter id="f-installment-status" label={t('bookings.installments.status')} value={state.filters.status} options={(['pending', 'overdue'] as const).map((v) => ({ value: v, label: t(`bookings.installmentStatuses.${v}`) }))} onChange={(v) => setFilter('status', v)} />
          <DateRangeFilter label={t('bookings.installments.dueDate')} value={state.filters.dueDate} onChange={(v) => setFilter('dueDate', v)} />
          <BookingFilters filters={state.filters} onChange={setFilter} />
        </>
      }
    />
  );
}
