import { GROUP_TOUR_STATUSES, type GroupTour } from '../../../api/tours/group/contract';
import { useGroupTours, type GroupToursParams } from '../../../api/tours/group/get-group-tours';
import { useDeleteGroupTour } from '../../../api/tours/group/save-group-tour';
import { MultiSelectFilter } from '../../../ui/filter-fields';
import { DateRangeFilter } from '../../../ui/list-page';
import { TOUR_FILTER_PARAMS } from '../shared/filters';
import { PlanListPage, type PlanListKind } from '../shared/plan-list-page';
import { names } from '../shared/plan-view';
import { GroupStatusTag, SeatsBar } from './seats-bar';

/** The departures list keeps each filter as its own address parameter, in the server's format. */
export const GROUP_FILTER_PARAMS = { ...TOUR_FILTER_PARAMS, status: 'list', departure: 'object' } as const;

/** What the departures list shows beside what every plan list does: dates, seats, status; soonest first. */
const groupList: PlanListKind<GroupTour, GroupToursParams> = {
  id: 'group-tours',
  module: 'groupTours',
  section: 'groupTours',
  filterParams: GROUP_FILTER_PARAMS,
  sort: { sortBy: 'departure', sortOrder: 'asc' },
  sortOptions: (t) => [
    { field: 'departure', label: t('groupTours.departure') },
    { field: 'title', label: t('tourPlan.title') },
    { field: 'seatsFree', label: t('groupTours.seatsFree') },
    { field: 'totalNights', label: t('tourPlan.totalNights') },
  ],
  useList: useGroupTours,
  useDelete: useDeleteGroupTour,
  columns: (c, t, fmt) => [
    c.id,
    c.title,
    { field: 'departure', header: t('groupTours.departure'), sortable: true, body: (g) => fmt.date(g.departure) },
    { field: 'arrival', header: t('groupTours.arrival'), body: (g) => fmt.date(g.arrival) },
    c.totalNights,
    c.destinations,
    { ...c.regions, hiddenByDefault: true },
    { field: 'seatsFree', header: t('groupTours.seats'), sortable: true, body: (g) => <SeatsBar tour={g} /> },
    { field: 'status', header: t('groupTours.status'), body: (g) => <GroupStatusTag status={g.status} /> },
    { ...c.pointOfContact, hiddenByDefault: true },
    c.price,
    c.actions,
  ],
  card: (g, t, fmt) => ({
    badge: <GroupStatusTag status={g.status} />,
    data: { 'data-departure': g.title },
    body: (
      <>
        <div>{`${fmt.date(g.departure)} – ${fmt.date(g.arrival)}`}</div>
        <div className="muted">
          {names(g.destinations)} · {t('tourPlan.nights', { count: g.totalNights })}
        </div>
        <SeatsBar tour={g} />
      </>
    ),
  }),
  filters: (filters, setFilter, t) => (
    <>
      <MultiSelectFilter id="f-group-status" label={t('groupTours.status')} value={filters.status} options={GROUP_TOUR_STATUSES.map((s) => ({ value: s, label: t(`groupTours.statuses.${s}`) }))} onChange={(v) => setFilter('status', v)} />
      <DateRangeFilter label={t('groupTours.departure')} value={filters.departure} onChange={(range) => setFilter('departure', range)} />
    </>
  ),
};

/** `/group-tours`: fixed departures, soonest first, with their seats and status; the seed's filters in the address. */
export function GroupToursPage() {
  return <PlanListPage kind={groupList} />;
}
