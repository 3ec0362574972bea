import type { PersonalizedTour } from '../../../api/tours/personalized/contract';
import { usePersonalizedTours, type PersonalizedToursParams } from '../../../api/tours/personalized/get-personalized-tours';
import { useDeletePersonalizedTour } from '../../../api/tours/personalized/save-personalized-tour';
import { BooleanFilter } from '../../../ui/filter-fields';
import { TOUR_FILTER_PARAMS } from '../shared/filters';
import { PlanListPage, type PlanListKind } from '../shared/plan-list-page';
import { names } from '../shared/plan-view';
import { PublishedTag } from './personalized-parts';

/** The personalized tours list keeps each filter as its own address parameter, in the server's format. */
export const PERSONALIZED_FILTER_PARAMS = { ...TOUR_FILTER_PARAMS, isPublished: 'boolean' } as const;

/** What the personalized tours list shows beside what every plan list does: published or not, when changed; sorted by title. */
const personalizedList: PlanListKind<PersonalizedTour, PersonalizedToursParams> = {
  id: 'personalized-tours',
  module: 'personalizedTours',
  section: 'personalizedTours',
  filterParams: PERSONALIZED_FILTER_PARAMS,
  sort: { sortBy: 'title', sortOrder: 'asc' },
  sortOptions: (t) => [
    { field: 'title', label: t('tourPlan.title') },
    { field: 'totalNights', label: t('tourPlan.totalNights') },
    { field: 'updatedAt', label: t('tourPlan.updatedAt') },
  ],
  useList: usePersonalizedTours,
  useDelete: useDeletePersonalizedTour,
  columns: (c, t, fmt) => [
    c.id,
    c.title,
    c.regions,
    c.destinations,
    c.totalNights,
    c.pointOfContact,
    c.price,
    { field: 'isPublished', header: t('personalizedTours.status'), body: (p) => <PublishedTag published={p.isPublished} /> },
    { field: 'updatedAt', header: t('tourPlan.updatedAt'), sortable: true, hiddenByDefault: true, body: (p) => fmt.dateTime(p.updatedAt) },
    c.actions,
  ],
  card: (p, t) => ({
    badge: <PublishedTag published={p.isPublished} />,
    data: { 'data-personalized': p.title },
    body: (
      <>
        <div>{names(p.destinations)}</div>
        <div className="muted">
          {t('tourPlan.nights', { count: p.totalNights })} · {p.pointOfContact?.name ?? t('tourPlan.noContact')}
        </div>
      </>
    ),
  }),
  filters: (filters, setFilter, t) => (
    <BooleanFilter id="f-personalized-published" label={t('personalizedTours.isPublished')} value={filters.isPublished} yes={t('personalizedTours.publishedTag')} no={t('personalizedTours.draftTag')} onChange={(v) => setFilter('isPublished', v)} />
  ),
};

/** `/personalized-tours`: the personalized tours, with the seed's filters (in the address), cards or a table. */
export function PersonalizedToursPage() {
  return <PlanListPage kind={personalizedList} />;
}
