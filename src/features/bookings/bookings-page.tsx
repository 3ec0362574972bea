import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { BOOKING_STATES, TOUR_TYPES, type Booking } from '../../api/bookings/contract';
import { useBookings, type BookingsParams } from '../../api/bookings/get-bookings';
import { useCan } from '../../ui/auth';
import { MultiSelectFilter } from '../../ui/filter-fields';
import { useOrgFormatters } from '../../ui/org-format';
import { emptyTexts, ListPage, toQuery, useListState, type FilterParamKind, type FilterValue, type ListColumn, listProps } from '../../ui/list-page';
import { moduleRecordPath, modulePath } from '../../ui/module-paths';
import { RecordCard } from '../../ui/record-card';
import { StatusTag } from '../../ui/status-tag';
import { TRIP_FILTER_PARAMS, TripFilters } from '../../ui/trip-filters';

/** The filters in the address as `GET /bookings` reads them (`?tourStatus=verified&departure[from]=…`). */
export const BOOKING_FILTER_PARAMS: Record<string, FilterParamKind> = {
  tourType: 'list',
  tourStatus: 'list',
  ...TRIP_FILTER_PARAMS,
};

/** The seed's filters every booking list shares (the bookings, the pending installments). */
export function BookingFilters({ filters, onChange }: { filters: Record<string, FilterValue>; onChange: (key: string, value: FilterValue) => void }) {
  return <TripFilters area="bookings" idPrefix="f-booking" filters={filters} onChange={onChange} />;
}

/** Money in the organization's currency, dates as calendar dates, instants in its time zone. */
export const useBookingFormatters = useOrgFormatters;

export function BookingStatus({ booking }: { booking: Pick<Booking, 'status'> }) {
  const { t } = useTranslation();
  return <StatusTag status={booking.status} label={t(`bookings.states.${booking.status}`)} />;
}

export function PaymentStatusTag({ status }: { status: Booking['paymentStatus'] }) {
  const { t } = useTranslation();
  return <StatusTag status={status} label={t(`bookings.paymentStatuses.${status}`)} />;
}

export function BookingsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const fmt = useBookingFormatters();
  const [state, setState, setFilter] = useListState({ sortBy: 'createdAt', sortOrder: 'desc', filterParams: BOOKING_FILTER_PARAMS });
  const query = useBookings(toQuery(state) as BookingsParams);
  const path = (b: Booking) => moduleRecordPath('bookings', b._id);

  const columns = useMemo<ListColumn<Booking>[]>(
    () => [
      { field: '_id', header: 'ID', hiddenByDefault: true },
      {
        field: 'ref',
        header: t('bookings.ref'),
        body: (b) => (
          <Link to={path(b)} onClick={(e) => e.stopPropagation()} aria-label={t('bookings.open', { ref: b.ref })}>
            {b.ref}
          </Link>
        ),
      },
      { field: 'customerName', header: t('bookings.customer'), sortable: true, body: (b) => b.customer.name },
      { field: 'tour', header: t('bookings.tour'), body: (b) => b.tour.title },
      { field: 'tourType', header: t('bookings.tourType'), body: (b) => t(`bookings.tourTypes.${b.tourType}`) },
      { field: 'status', header: t('bookings.status'), body: (b) => <BookingStatus booking={b} /> },
      { field: 'departure', header: t('bookings.departure'), sortable: true, body: (b) => fmt.date(b.departure) },
      { field: 'arrival', header: t('bookings.arrival'), sortable: true, hiddenByDefault: true, body: (b) => fmt.date(b.arrival) },
      { field: 'pax', header: t('bookings.pax'), body: (b) => fmt.number(b.pax) },
      { field: 'grandTotal', header: t('bookings.grandTotal'), sortable: true, body: (b) => fmt.money(b.grandTotal, b.currency) },
      { field: 'balance', header: t('bookings.balance'), body: (b) => fmt.money(b.balance, b.currency) },
      { field: 'paymentStatus', header: t('bookings.paymentStatus'), body: (b) => <PaymentStatusTag status={b.paymentStatus} /> },
      { field: 'convertedBy', header: t('bookings.convertedBy'), hiddenByDefault: true, body: (b) => b.convertedBy?.name ?? '' },
      { field: 'createdAt', header: t('bookings.createdAt'), sortable: true, body: (b) => fmt.dateTime(b.createdAt) },
    ],
    [t, fmt],
  );

  return (
    <ListPage<Booking>
      id="bookings"
      title={t('bookings.title')}
      actions={
        <>
          <Link className="p-button p-button-outlined button-link" to={`${modulePath('bookings')}/installments`}>
            <i className="pi pi-calendar-clock" aria-hidden="true" style={{ marginInlineEnd: '0.5rem' }} />
            {t('bookings.pending.title')}
          </Link>
          {can('bookings', 'create') && <Button type="button" icon="pi pi-plus" label={t('bookings.newBooking')} onClick={() => navigate(`${modulePath('bookings')}/new`)} />}
        </>
      }
      columns={columns}
      {...listProps(state, setState, query)}
      empty={
        can('bookings', 'create')
          ? { title: t('bookings.empty.title'), hint: t('bookings.empty.create'), action: <Button type="button" icon="pi pi-plus" label={t('bookings.newBooking')} onClick={() => navigate(`${modulePath('bookings')}/new`)} /> }
          : emptyTexts(t, 'bookings.empty')
      }
      defaultLayout="table"
      onOpen={(b) => navigate(path(b))}
      renderCard={(b) => (
        <RecordCard name={`${b.ref} · ${b.customer.name}`} to={path(b)} badge={<BookingStatus booking={b} />} data={{ 'data-booking': b.ref }}>
          <div>{b.tour.title}</div>
          <div className="muted">
            {fmt.date(b.departure)} – {fmt.date(b.arrival)} · {fmt.number(b.pax)}
          </div>
          <div className="row">
            {fmt.money(b.grandTotal, b.currency)} <PaymentStatusTag status={b.paymentStatus} />
          </div>
        </RecordCard>
      )}
      filterPanel={
        <>
          <MultiSelectFilter id="f-tour-type" label={t('bookings.filters.tourType')} value={state.filters.tourType} options={TOUR_TYPES.map((v) => ({ value: v, label: t(`bookings.tourTypes.${v}`) }))} onChange={(v) => setFilter('tourType', v)} />
          <MultiSelectFilter id="f-status" label={t('bookings.filters.tourStatus')} value={state.filters.tourStatus} options={BOOKING_STATES.map((v) => ({ value: v, label: t(`bookings.states.${v}`) }))} onChange={(v) => setFilter('tourStatus', v)} />
          <BookingFilters filters={state.filters} onChange={setFilter} />
        </>
      }
    />
  );
}
