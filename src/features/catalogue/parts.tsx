import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogueRef } from '../../api/catalogue/regions/contract';
import { DestinationPicker, RegionPicker } from '../../ui/catalogue-pickers';
import { FilterField } from '../../ui/filter-fields';
import { RecordCard } from '../../ui/record-card';
import type { FilterValue, ListState } from '../../ui/list-page';

/** A star rating (hotels, reviews): five stars drawn, the number said. */
export function Stars({ count, max = 5 }: { count: number; max?: number }) {
  const { t } = useTranslation();
  return (
    <span className="stars" role="img" aria-label={t('catalogue.starsLabel', { count, max })} title={t('catalogue.starsLabel', { count, max })}>
      {'★'.repeat(count)}
      <span className="stars__empty">{'★'.repeat(Math.max(0, max - count))}</span>
    </span>
  );
}

/** Where a hotel or activity is: destination · region. */
export function PlaceLine({ record }: { record: { destination: CatalogueRef; region: CatalogueRef } }) {
  return (
    <div className="muted">
      <i className="pi pi-map-marker" aria-hidden="true" /> {record.destination.name} · {record.region.name}
    </div>
  );
}

/** The card of a placed record (hotels, activities): a {@link RecordCard} that says first where it is. */
export function PlacedRecordCard({
  kind,
  record,
  badge,
  actions,
  children,
}: {
  /** `hotel` → `data-hotel="<name>"`. */
  kind: string;
  record: { name: string; destination: CatalogueRef; region: CatalogueRef };
  badge: ReactNode;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <RecordCard name={record.name} badge={badge} data={{ [`data-${kind}`]: record.name }}>
      <PlaceLine record={record} />
      {children}
      {actions}
    </RecordCard>
  );
}

/**
 * The seed's `regions` and `destinations` filters of hotels and activities: destinations are
 * offered within the chosen regions.
 */
export function PlaceFilters({ filters, setFilter }: { filters: ListState['filters']; setFilter: (key: string, value: FilterValue) => void }) {
  const { t } = useTranslation();
  const regions = filters.regions as string[] | undefined;
  return (
    <>
      <FilterField id="f-regions" label={t('catalogue.regions')}>
        <RegionPicker inputId="f-regions" multiple value={regions} onChange={(ids) => setFilter('regions', ids)} />
      </FilterField>
      <FilterField id="f-destinations" label={t('catalogue.destinations')}>
        <DestinationPicker inputId="f-destinations" multiple regions={regions} value={filters.destinations as string[] | undefined} onChange={(ids) => setFilter('destinations', ids)} />
      </FilterField>
    </>
  );
}
