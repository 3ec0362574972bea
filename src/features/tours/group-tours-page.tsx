import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { GROUP_TOUR_STATUSES, type GroupTour } from '../../api/tours/group/contract';
import { useGroupTours, type GroupToursParams } from '../../api/tours/group/get-group-tours';
import { useDeleteGroupTour } from '../../api/tours/group/save-group-tour';
import { useCan } from '../../ui/auth';
import { MultiSelectFilter } from '../../ui/filter-fields';
import { useFormatters } from '../../ui/format';
import { DateRangeFilter, ListPage, toQuery, useListState, type FilterValue, type ListColumn } from '../../ui/list-page';
import { modulePath, moduleRecordPath } from '../../ui/module-paths';
import { RecordActions } from '../../ui/record-actions';
import { RecordCard } from '../../ui/record-card';
import { GroupStatusTag, TOUR_FILTER_PARAMS, TourFilterPanel, names } from './package-parts';
import { SeatsBar } from './group-seats';

/** The departures list keeps each filter as its own address parameter, in the server's format. */
export const GROUP_FILTER_PARAMS = { ...TOUR_FILTER_PARAMS, status: 'list', departure: 'object' } as const;

function DepartureRowActions({ tour }: { tour: GroupTour }) {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const remove = useDeleteGroupTour();
  return (
    <RecordActions
      name={tour.title}
      deleting={remove.isPending}
      onEdit={can('groupTours', 'update') ? () => navigate(`${moduleRecordPath('groupTours', tour._id)}/edit`) : undefined}
      onDelete={
        can('groupTours', 'delete')
          ? async () => {
              try {
                await remove.mutateAsync(tour._id);
                toast.success(t('groupTours.deleted'));
              } catch {
                /* toasted by the client (a departure with seats taken is refused) */
              }
            }
          : undefined
      }
    />
  );
}

/** `/group-tours`: fixed departures, soonest first, with their seats and status; the seed's filters in the address. */
export function GroupToursPage() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const fmt = useFormatters();
  const [state, setState] = useListState({ sortBy: 'departure', sortOrder: 'asc', filterParams: GROUP_FILTER_PARAMS });
  const query = useGroupTours(toQuery(state) as GroupToursParams);
  const setFilter = (key: string, value: FilterValue) => setState((latest) => ({ filters: { ...latest.filters, [key]: value } }));
  const dates = (g: GroupTour) => `${fmt.date(g.departure)} – ${fmt.date(g.arrival)}`;

  const columns = useMemo<ListColumn<GroupTour>[]>(
    () => [
      { field: '_id', header: t('tourPlan.id'), hiddenByDefault: true },
      {
        field: 'title',
        header: t('tourPlan.title'),
        sortable: true,
        body: (g) => (
          <Link to={moduleRecordPath('groupTours', g._id)} onClick={(e) => e.stopPropagation()}>
            {g.title}
          </Link>
        ),
      },
      { field: 'departure', header: t('groupTours.departure'), sortable: true, body: (g) => fmt.date(g.departure) },
      { field: 'arrival', header: t('groupTours.arrival'), body: (g) => fmt.date(g.arrival) },
      { field: 'totalNights', header: t('tourPlan.totalNights'), sortable: true, body: (g) => fmt.number(g.totalNights) },
      { field: 'destinations', header: t('tourPlan.destinations'), body: (g) => names(g.destinations) },
      { field: 'regions', header: t('tourPlan.regions'), hiddenByDefault: true, body: (g) => names(g.regions) },
      { field: 'seatsFree', header: t('groupTours.seats'), sortable: true, body: (g) => <SeatsBar tour={g} /> },
      { field: 'status', header: t('groupTours.status'), body: (g) => <GroupStatusTag status={g.status} /> },
      { field: 'pointOfContact', header: t('tourPlan.pointOfContact'), hiddenByDefault: true, body: (g) => g.pointOfContact?.name ?? t('tourPlan.none') },
      { field: 'pricePerPerson', header: t('tourPlan.adult'), body: (g) => <span className="money">{fmt.money(g.pricePerPerson.adult, g.currency)}</span> },
      { field: 'actions', header: t('tourPlan.actions'), body: (g) => <DepartureRowActions tour={g} /> },
    ],
    [t, fmt],
  );

  return (
    <ListPage<GroupTour>
      id="group-tours"
      title={t('groupTours.title')}
      actions={
        can('groupTours', 'create') && (
          <Link to={`${modulePath('groupTours')}/new`} className="p-button button-link">
            <i className="pi pi-plus" aria-hidden="true" style={{ marginInlineEnd: '0.5rem' }} />
            {t('groupTours.newTour')}
          </Link>
        )
      }
      columns={columns}
      state={state}
      onChange={setState}
      answer={query.data}
      loading={query.isFetching}
      defaultLayout="card"
      sortOptions={[
        { field: 'departure', label: t('groupTours.departure') },
        { field: 'title', label: t('tourPlan.title') },
        { field: 'seatsFree', label: t('groupTours.seatsFree') },
        { field: 'totalNights', label: t('tourPlan.totalNights') },
      ]}
      onOpen={(g) => navigate(moduleRecordPath('groupTours', g._id))}
      renderCard={(g) => (
        <RecordCard name={g.title} to={moduleRecordPath('groupTours', g._id)} badge={<GroupStatusTag status={g.status} />} data={{ 'data-departure': g.title }}>
          <div>{dates(g)}</div>
          <div className="muted">
            {names(g.destinations)} · {t('tourPlan.nights', { count: g.totalNights })}
          </div>
          <SeatsBar tour={g} />
          <div style={{ fontWeight: 600 }}>{t('tourPlan.priceFrom', { price: fmt.money(g.pricePerPerson.adult, g.currency) })}</div>
          <DepartureRowActions tour={g} />
        </RecordCard>
      )}
      filterPanel={
        <TourFilterPanel filters={state.filters} onChange={setFilter}>
          <MultiSelectFilter id="f-group-status" label={t('groupTours.status')} value={state.filters.status} options={GROUP_TOUR_STATUSES.map((s) => ({ value: s, label: t(`groupTours.statuses.${s}`) }))} onChange={(v) => setFilter('status', v)} />
          <DateRangeFilter label={t('groupTours.departure')} value={state.filters.departure} onChange={(range) => setFilter('departure', range)} />
        </TourFilterPanel>
      }
    />
  );
}
