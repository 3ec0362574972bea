import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { CUSTOMIZED_TOUR_STATES, type CustomizedTour } from '../../../api/tours/customized/contract';
import { useCustomizedTours, type ToursParams } from '../../../api/tours/customized/get-customized-tours';
import { useCan } from '../../../ui/auth';
import { MultiSelectFilter } from '../../../ui/filter-fields';
import { useOrgFormatters } from '../../../ui/org-format';
import { DateRangeFilter, emptyState, ListPage, toQuery, useListState, type FilterParamKind, type FilterValue, type ListColumn, listProps } from '../../../ui/list-page';
import { modulePath, moduleRecordPath } from '../../../ui/module-paths';
import { RecordCard } from '../../../ui/record-card';
import { StatsHeader } from '../../../ui/stats-header';
import { TourStatusTag } from '../../../ui/tour-widgets';
import { NightsAndContactFilters, PlaceFilters } from '../shared/filters';
import { titleColumn } from '../shared/plan-list-page';
import { names, usePercent } from '../shared/plan-view';
import './customized.css';

/** The seed's filters of customized tours (and the status), each its own address parameter in the server's format. */
export const CUSTOMIZED_FILTER_PARAMS: Record<string, FilterParamKind> = {
  regions: 'list',
  destinations: 'list',
  departure: 'object',
  arrival: 'object',
  totalNights: 'text',
  pointOfContact: 'list',
  status: 'list',
};

function TourFilters({ filters, onChange }: { filters: Record<string, FilterValue>; onChange: (key: string, value: FilterValue) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <MultiSelectFilter id="f-ctour-status" label={t('tours.fields.status')} value={filters.status} options={CUSTOMIZED_TOUR_STATES.map((s) => ({ value: s, label: t(`tours.statuses.${s}`) }))} onChange={(v) => onChange('status', v)} />
      <PlaceFilters id="f-ctour" filters={filters} onChange={onChange} />
      <DateRangeFilter label={t('tours.fields.departure')} value={filters.departure} onChange={(range) => onChange('departure', range)} />
      <DateRangeFilter label={t('tours.fields.arrival')} value={filters.arrival} onChange={(range) => onChange('arrival', range)} />
      <NightsAndContactFilters id="f-ctour" filters={filters} onChange={onChange} maxNights={120} />
    </>
  );
}

/** `/customized-tours`: every tour the member may see (sales with "own" visibility: their leads'), the seed's filters in the address. */
export function CustomizedToursPage() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const fmt = useOrgFormatters();
  const percent = usePercent();
  const [state, setState, setFilter] = useListState({ sortBy: 'createdAt', sortOrder: 'desc', filterParams: CUSTOMIZED_FILTER_PARAMS });
  const query = useCustomizedTours(toQuery(state) as ToursParams);
  const stats = query.data?.stats;
  const dates = (x: CustomizedTour) => `${fmt.date(x.departure)} – ${fmt.date(x.arrival)}`;
  const margin = (x: CustomizedTour) => (x.totals.marginBasisPoints === null ? fmt.money(x.totals.margin, x.currency) : `${fmt.money(x.totals.margin, x.currency)} (${percent(x.totals.marginBasisPoints)})`);

  const columns = useMemo<ListColumn<CustomizedTour>[]>(
    () => [
      { field: '_id', header: t('tourPlan.id'), hiddenByDefault: true },
      titleColumn<CustomizedTour>('customizedTours', t),
      { field: 'lead', header: t('tours.fields.lead'), body: (x) => x.lead.name },
      { field: 'status', header: t('tours.fields.status'), body: (x) => <TourStatusTag status={x.status} /> },
      { field: 'version', header: t('tours.fields.version'), body: (x) => fmt.number(x.version) },
      { field: 'departure', header: t('tours.fields.departure'), sortable: true, body: (x) => fmt.date(x.departure) },
      { field: 'arrival', header: t('tours.fields.arrival'), sortable: true, hiddenByDefault: true, body: (x) => fmt.date(x.arrival) },
      { field: 'totalNights', header: t('tourPlan.totalNights'), sortable: true, body: (x) => fmt.number(x.totalNights) },
      { field: 'destinations', header: t('tourPlan.destinations'), body: (x) => names(x.destinations) },
      { field: 'regions', header: t('tourPlan.regions'), hiddenByDefault: true, body: (x) => names(x.regions) },
      { field: 'pax', header: t('tours.fields.travellers'), body: (x) => fmt.number(x.totals.pax) },
      { field: 'sell', header: t('tours.totals.sell'), body: (x) => <span className="money">{fmt.money(x.totals.sell, x.currency)}</span> },
      { field: 'margin', header: t('tours.totals.margin'), body: (x) => <span className="money">{margin(x)}</span> },
      { field: 'pointOfContact', header: t('tourPlan.pointOfContact'), hiddenByDefault: true, body: (x) => x.pointOfContact?.name ?? t('tourPlan.none') },
      { field: 'updatedAt', header: t('tourPlan.updatedAt'), sortable: true, hiddenByDefault: true, body: (x) => fmt.dateTime(x.updatedAt) },
    ],
    [t, fmt],
  );

  const newTour = (
    <Link to={`${modulePath('customizedTours')}/new`} className="p-button link-button">
      <i className="pi pi-plus" aria-hidden="true" style={{ marginInlineEnd: '0.5rem' }} />
      {t('tours.newTour')}
    </Link>
  );

  return (
    <ListPage<CustomizedTour>
      id="customized-tours"
      title={t('tours.title')}
      actions={
        can('customizedTours', 'create') && (
          <>
            {/* Generating needs a lead's query: the builder asks for them and then offers it (so does the lead's page). */}
            <Link to={`${modulePath('customizedTours')}/new`} className="p-button p-button-outlined link-button" title={t('tours.generateNote')} data-testid="tours-generate">
              <i className="pi pi-sparkles" aria-hidden="true" style={{ marginInlineEnd: '0.5rem' }} />
              {t('tours.generate')}
            </Link>
            {newTour}
          </>
        )
      }
      empty={emptyState(t, 'tours.empty', can('customizedTours', 'create') && { buttons: newTour, label: t('tours.newTour') })}
      above={
        <StatsHeader
          label={t('tours.stats')}
          testId="tour-stats"
          items={[{ key: 'total', label: t('tours.statsTotal'), value: stats?.total }, ...CUSTOMIZED_TOUR_STATES.map((s) => ({ key: s, label: t(`tours.statuses.${s}`), value: stats?.byStatus[s] }))]}
        />
      }
      columns={columns}
      {...listProps(state, setState, query)}
      defaultLayout="card"
      sortOptions={[
        { field: 'createdAt', label: t('tourPlan.createdAt') },
        { field: 'departure', label: t('tours.fields.departure') },
        { field: 'title', label: t('tourPlan.title') },
        { field: 'totalNights', label: t('tourPlan.totalNights') },
        { field: 'updatedAt', label: t('tourPlan.updatedAt') },
      ]}
      onOpen={(x) => navigate(moduleRecordPath('customizedTours', x._id))}
      renderCard={(x) => (
        <RecordCard name={x.title} to={moduleRecordPath('customizedTours', x._id)} badge={<TourStatusTag status={x.status} />} data={{ 'data-tour': x.title }}>
          <div>{x.lead.name}</div>
          <div className="muted">
            {dates(x)} · {t('tourPlan.nights', { count: x.totalNights })}
          </div>
          <div className="muted">{names(x.destinations)}</div>
          <div className="row" style={{ justifyContent: 'space-between' }}>
            <span style={{ fontWeight: 600 }} className="money">
              {fmt.money(x.totals.sell, x.currency)}
            </span>
            <span className="muted">{t('tours.versionN', { version: x.version })}</span>
          </div>
        </RecordCard>
      )}
      filterPanel={<TourFilters filters={state.filters} onChange={setFilter} />}
    />
  );
}
