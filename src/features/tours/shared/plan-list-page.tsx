import { useMemo, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { CatalogueRef } from '../../../api/catalogue/regions/contract';
import type { ListAnswer } from '../../../api/common/schemas';
import type { TravellerPrices } from '../../../api/tours/tour-plan';
import { useCan } from '../../../ui/auth';
import type { ZonedFormatters } from '../../../ui/format';
import { useOrgFormatters } from '../../../ui/org-format';
import { emptyState, ListPage, toQuery, useListState, type FilterParamKind, type FilterValue, type ListColumn, type ListState, listProps } from '../../../ui/list-page';
import { modulePath, moduleRecordPath } from '../../../ui/module-paths';
import { RecordActions } from '../../../ui/record-actions';
import { RecordCard } from '../../../ui/record-card';
import { TourFilterPanel } from './filters';
import { names } from './plan-view';

/**
 * The list page of personalized and group tours, one shape for both: cards by default (a table on
 * request), the seed's filters in the address as the server reads them, edit and delete on each
 * record. A kind says its list call, its own columns, card and filters ({@link PlanListKind}).
 */

type Formatters = ZonedFormatters;

/** What both kinds' rows have. */
export interface PlannedTourRow {
  _id: string;
  title: string;
  regions: CatalogueRef[];
  destinations: CatalogueRef[];
  totalNights: number;
  pointOfContact: { _id: string; name: string } | null;
  pricePerPerson: TravellerPrices;
  currency: string;
}

/** The columns both kinds show; a kind places them among its own. */
export type PlanColumns<T> = Record<'id' | 'title' | 'regions' | 'destinations' | 'totalNights' | 'pointOfContact' | 'price' | 'actions', ListColumn<T>>;

export interface PlanListKind<T extends PlannedTourRow, P> {
  id: 'personalized-tours' | 'group-tours';
  module: 'personalizedTours' | 'groupTours';
  /** Its strings: `title`, `newTour`, `deleted`. */
  section: 'personalizedTours' | 'groupTours';
  filterParams: Record<string, FilterParamKind>;
  sort: { sortBy: string; sortOrder: 'asc' | 'desc' };
  sortOptions: (t: TFunction) => { field: string; label: string }[];
  useList: (params: P) => UseQueryResult<ListAnswer<T, undefined>>;
  useDelete: () => UseMutationResult<unknown, Error, string>;
  columns: (shared: PlanColumns<T>, t: TFunction, fmt: Formatters) => ListColumn<T>[];
  /** A card's badge, `data-*` attributes and lines. */
  card: (row: T, t: TFunction, fmt: Formatters) => { badge: ReactNode; data: Record<string, string>; body: ReactNode };
  /** The kind's own filters, after the seed's. */
  filters: (filters: ListState['filters'], setFilter: (key: string, value: FilterValue) => void, t: TFunction) => ReactNode;
}

function RowActions<T extends PlannedTourRow>({ tour, kind }: { tour: T; kind: PlanListKind<T, never> }) {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const remove = kind.useDelete();
  return (
    <RecordActions
      name={tour.title}
      deleting={remove.isPending}
      onEdit={can(kind.module, 'update') ? () => navigate(`${moduleRecordPath(kind.module, tour._id)}/edit`) : undefined}
      onDelete={
        can(kind.module, 'delete')
          ? async () => {
              try {
                await remove.mutateAsync(tour._id);
                toast.success(t(`${kind.section}.deleted`));
              } catch {
                /* toasted by the client (a departure with seats taken is refused) */
              }
            }
          : undefined
      }
    />
  );
}

/** A tour list's title column: the title, a link to the tour (the row's own click opens it too). */
export const titleColumn = <T extends { _id: string; title: string }>(module: 'customizedTours' | 'personalizedTours' | 'groupTours', t: TFunction): ListColumn<T> => ({
  field: 'title',
  header: t('tourPlan.title'),
  sortable: true,
  body: (x) => (
    <Link to={moduleRecordPath(module, x._id)} onClick={(e) => e.stopPropagation()}>
      {x.title}
    </Link>
  ),
});

function usePlanColumns<T extends PlannedTourRow>(kind: PlanListKind<T, never>) {
  const { t } = useTranslation();
  const fmt = useOrgFormatters();
  return useMemo(() => {
    const shared: PlanColumns<T> = {
      id: { field: '_id', header: t('tourPlan.id'), hiddenByDefault: true },
      title: titleColumn<T>(kind.module, t),
      regions: { field: 'regions', header: t('tourPlan.regions'), body: (x) => names(x.regions) },
      destinations: { field: 'destinations', header: t('tourPlan.destinations'), body: (x) => names(x.destinations) },
      totalNights: { field: 'totalNights', header: t('tourPlan.totalNights'), sortable: true, body: (x) => fmt.number(x.totalNights) },
      pointOfContact: { field: 'pointOfContact', header: t('tourPlan.pointOfContact'), body: (x) => x.pointOfContact?.name ?? t('tourPlan.none') },
      price: { field: 'pricePerPerson', header: t('tourPlan.adult'), body: (x) => <span className="money">{fmt.money(x.pricePerPerson.adult, x.currency)}</span> },
      actions: { field: 'actions', header: t('tourPlan.actions'), body: (x) => <RowActions tour={x} kind={kind} /> },
    };
    return kind.columns(shared, t, fmt);
  }, [t, fmt, kind]);
}

/** The list page of one kind: `/personalized-tours` or `/group-tours`. */
export function PlanListPage<T extends PlannedTourRow, P>({ kind }: { kind: PlanListKind<T, P> }) {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const fmt = useOrgFormatters();
  const [state, setState, setFilter] = useListState({ ...kind.sort, filterParams: kind.filterParams });
  const query = kind.useList(toQuery(state) as P);
  const columns = usePlanColumns<T>(kind);
  const createLink = can(kind.module, 'create') && (
    <Link to={`${modulePath(kind.module)}/new`} className="p-button button-link">
      <i className="pi pi-plus" aria-hidden="true" style={{ marginInlineEnd: '0.5rem' }} />
      {t(`${kind.section}.newTour`)}
    </Link>
  );

  return (
    <ListPage<T>
      id={kind.id}
      title={t(`${kind.section}.title`)}
      actions={createLink}
      empty={emptyState(t, `${kind.section}.empty`, createLink && { buttons: createLink, label: t(`${kind.section}.newTour`) })}
      columns={columns}
      {...listProps(state, setState, query)}
      defaultLayout="card"
      sortOptions={kind.sortOptions(t)}
      onOpen={(x) => navigate(moduleRecordPath(kind.module, x._id))}
      renderCard={(x) => {
        const card = kind.card(x, t, fmt);
        return (
          <RecordCard name={x.title} to={moduleRecordPath(kind.module, x._id)} badge={card.badge} data={card.data}>
            {card.body}
            <div style={{ fontWeight: 600 }}>{t('tourPlan.priceFrom', { price: fmt.money(x.pricePerPerson.adult, x.currency) })}</div>
            <RowActions tour={x} kind={kind} />
          </RecordCard>
        );
      }}
      filterPanel={
        <TourFilterPanel filters={state.filters} onChange={setFilter}>
          {kind.filters(state.filters, setFilter, t)}
        </TourFilterPanel>
      }
    />
  );
}
