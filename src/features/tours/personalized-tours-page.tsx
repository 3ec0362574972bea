import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { PersonalizedTour } from '../../api/tours/personalized/contract';
import { usePersonalizedTours, type PersonalizedToursParams } from '../../api/tours/personalized/get-personalized-tours';
import { useDeletePersonalizedTour } from '../../api/tours/personalized/save-personalized-tour';
import { useCan } from '../../ui/auth';
import { BooleanFilter } from '../../ui/filter-fields';
import { useFormatters } from '../../ui/format';
import { ListPage, toQuery, useListState, type FilterValue, type ListColumn } from '../../ui/list-page';
import { modulePath, moduleRecordPath } from '../../ui/module-paths';
import { RecordActions } from '../../ui/record-actions';
import { RecordCard } from '../../ui/record-card';
import { PublishedTag, TOUR_FILTER_PARAMS, TourFilterPanel, names } from './package-parts';

/** The packages list keeps each filter as its own address parameter, in the server's format. */
export const PACKAGE_FILTER_PARAMS = { ...TOUR_FILTER_PARAMS, isPublished: 'boolean' } as const;

function PackageRowActions({ tour }: { tour: PersonalizedTour }) {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const remove = useDeletePersonalizedTour();
  return (
    <RecordActions
      name={tour.title}
      deleting={remove.isPending}
      onEdit={can('personalizedTours', 'update') ? () => navigate(`${moduleRecordPath('personalizedTours', tour._id)}/edit`) : undefined}
      onDelete={
        can('personalizedTours', 'delete')
          ? async () => {
              try {
                await remove.mutateAsync(tour._id);
                toast.success(t('personalizedTours.deleted'));
              } catch {
                /* toasted by the client */
              }
            }
          : undefined
      }
    />
  );
}

/** `/personalized-tours`: the packages, with the seed's filters (in the address), cards or a table. */
export function PersonalizedToursPage() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const fmt = useFormatters();
  const [state, setState] = useListState({ sortBy: 'title', sortOrder: 'asc', filterParams: PACKAGE_FILTER_PARAMS });
  const query = usePersonalizedTours(toQuery(state) as PersonalizedToursParams);
  const setFilter = (key: string, value: FilterValue) => setState((latest) => ({ filters: { ...latest.filters, [key]: value } }));
  const priceFrom = (tour: PersonalizedTour) => t('tourPlan.priceFrom', { price: fmt.money(tour.pricePerPerson.adult, tour.currency) });

  const columns = useMemo<ListColumn<PersonalizedTour>[]>(
    () => [
      { field: '_id', header: t('tourPlan.id'), hiddenByDefault: true },
      {
        field: 'title',
        header: t('tourPlan.title'),
        sortable: true,
        body: (p) => (
          <Link to={moduleRecordPath('personalizedTours', p._id)} onClick={(e) => e.stopPropagation()}>
            {p.title}
          </Link>
        ),
      },
      { field: 'regions', header: t('tourPlan.regions'), body: (p) => names(p.regions) },
      { field: 'destinations', header: t('tourPlan.destinations'), body: (p) => names(p.destinations) },
      { field: 'totalNights', header: t('tourPlan.totalNights'), sortable: true, body: (p) => fmt.number(p.totalNights) },
      { field: 'pointOfContact', header: t('tourPlan.pointOfContact'), body: (p) => p.pointOfContact?.name ?? t('tourPlan.none') },
      { field: 'pricePerPerson', header: t('tourPlan.adult'), body: (p) => <span className="money">{fmt.money(p.pricePerPerson.adult, p.currency)}</span> },
      { field: 'isPublished', header: t('personalizedTours.status'), body: (p) => <PublishedTag published={p.isPublished} /> },
      { field: 'updatedAt', header: t('tourPlan.updatedAt'), sortable: true, hiddenByDefault: true, body: (p) => fmt.dateTime(p.updatedAt) },
      { field: 'actions', header: t('tourPlan.actions'), body: (p) => <PackageRowActions tour={p} /> },
    ],
    [t, fmt],
  );

  return (
    <ListPage<PersonalizedTour>
      id="personalized-tours"
      title={t('personalizedTours.title')}
      actions={
        can('personalizedTours', 'create') && (
          <Link to={`${modulePath('personalizedTours')}/new`} className="p-button button-link">
            <i className="pi pi-plus" aria-hidden="true" style={{ marginInlineEnd: '0.5rem' }} />
            {t('personalizedTours.newTour')}
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
        { field: 'title', label: t('tourPlan.title') },
        { field: 'totalNights', label: t('tourPlan.totalNights') },
        { field: 'updatedAt', label: t('tourPlan.updatedAt') },
      ]}
      onOpen={(p) => navigate(moduleRecordPath('personalizedTours', p._id))}
      renderCard={(p) => (
        <RecordCard name={p.title} to={moduleRecordPath('personalizedTours', p._id)} badge={<PublishedTag published={p.isPublished} />} data={{ 'data-package': p.title }}>
          <div>{names(p.destinations)}</div>
          <div className="muted">
            {t('tourPlan.nights', { count: p.totalNights })} · {p.pointOfContact?.name ?? t('tourPlan.noContact')}
          </div>
          <div style={{ fontWeight: 600 }}>{priceFrom(p)}</div>
          <PackageRowActions tour={p} />
        </RecordCard>
      )}
      filterPanel={
        <TourFilterPanel filters={state.filters} onChange={setFilter}>
          <BooleanFilter id="f-package-published" label={t('personalizedTours.isPublished')} value={state.filters.isPublished} yes={t('personalizedTours.publishedTag')} no={t('personalizedTours.draftTag')} onChange={(v) => setFilter('isPublished', v)} />
        </TourFilterPanel>
      }
    />
  );
}
