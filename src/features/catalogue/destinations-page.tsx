import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createDestinationInput, type Destination } from '../../api/catalogue/destinations/contract';
import { destinationsResource } from '../../api/catalogue/destinations/get-destinations';
import { DESTINATION_IMPORT_TEMPLATE, destinationRowsFromCsv } from '../../api/catalogue/destinations/import';
import { RegionField, RegionPicker } from '../../ui/catalogue-pickers';
import { useOrgFormatters } from '../../ui/org-format';
import { FilterField } from '../../ui/filter-fields';
import { FormDialog } from '../../ui/form-dialog';
import { TextAreaField, TextField } from '../../ui/form-fields';
import { CatalogueScreen, type RecordFormProps } from './catalogue-screen';
import { catalogueColumns } from './columns';
import { useRecordForm, withoutEmptySlug } from './record-form';

interface DestinationForm {
  name: string;
  slug?: string;
  regionId: string | null;
  country: string;
  description: string;
}

function DestinationFormDialog({ record, onClose }: RecordFormProps<Destination>) {
  const { t } = useTranslation();
  const form = useRecordForm<DestinationForm, Destination>({
    schema: createDestinationInput,
    values: { name: record?.name ?? '', slug: record?.slug ?? '', regionId: record?.regionId ?? null, country: record?.country ?? '', description: record?.description ?? '' },
    prepare: withoutEmptySlug,
    required: ['regionId'],
    resource: destinationsResource,
    record,
    messages: { created: t('destinations.created'), updated: t('destinations.updated') },
    onClose,
  });
  return (
    <FormDialog id="destination-form" header={record ? t('destinations.edit') : t('destinations.new')} onClose={onClose} {...form.dialog}>
      <div className="form-grid">
        <TextField control={form.control} name="name" label={t('catalogue.name')} autoComplete="off" />
        <TextField control={form.control} name="slug" label={t('catalogue.slug')} hint={t('catalogue.slugHint')} autoComplete="off" />
        <RegionField control={form.control} name="regionId" label={t('catalogue.region')} />
        <TextField control={form.control} name="country" label={t('catalogue.country')} autoComplete="country-name" />
      </div>
      <TextAreaField control={form.control} name="description" label={t('catalogue.description')} />
    </FormDialog>
  );
}

/** Destinations: each in a region; filter by region; create, edit, delete, import. */
export function DestinationsPage() {
  const { t } = useTranslation();
  const fmt = useOrgFormatters();
  const columns = useMemo(
    () =>
      catalogueColumns<Destination>(t, fmt, [
        { field: 'region', header: t('catalogue.region'), body: (d) => d.region.name },
        { field: 'country', header: t('catalogue.country'), sortable: true },
      ]),
    [t, fmt],
  );
  return (
    <CatalogueScreen<Destination, undefined>
      module="destinations"
      resource={destinationsResource}
      title={t('destinations.title')}
      newLabel={t('destinations.new')}
      nameOf={(d) => d.name}
      defaultSort={{ sortBy: 'name', sortOrder: 'asc' }}
      columns={columns}
      filters={(filters, setFilter) => (
        <FilterField id="f-regions" label={t('catalogue.regions')}>
          <RegionPicker inputId="f-regions" multiple value={filters.regions as string[] | undefined} onChange={(ids) => setFilter('regions', ids)} />
        </FilterField>
      )}
      Form={DestinationFormDialog}
      deletedMessage={() => t('destinations.deleted')}
      importing={{
        label: t('destinations.import'),
        fromCsv: destinationRowsFromCsv,
        template: DESTINATION_IMPORT_TEMPLATE,
        doneMessage: t('destinations.imported'),
      }}
    />
  );
}
