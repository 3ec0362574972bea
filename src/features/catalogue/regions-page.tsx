import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createRegionInput, type Region } from '../../api/catalogue/regions/contract';
import { regionsResource } from '../../api/catalogue/regions/get-regions';
import { REGION_IMPORT_TEMPLATE, regionRowsFromCsv } from '../../api/catalogue/regions/import';
import { useOrgFormatters } from '../../ui/org-format';
import { FormDialog } from '../../ui/form-dialog';
import { TextAreaField, TextField } from '../../ui/form-fields';
import { CatalogueScreen, type RecordFormProps } from './catalogue-screen';
import { catalogueColumns } from './columns';
import { useRecordForm, withoutEmptySlug } from './record-form';

interface RegionForm {
  name: string;
  slug?: string;
  description: string;
}

function RegionFormDialog({ record, onClose }: RecordFormProps<Region>) {
  const { t } = useTranslation();
  const form = useRecordForm<RegionForm, Region>({
    schema: createRegionInput,
    values: { name: record?.name ?? '', slug: record?.slug ?? '', description: record?.description ?? '' },
    prepare: withoutEmptySlug,
    resource: regionsResource,
    record,
    messages: { created: t('regions.created'), updated: t('regions.updated') },
    onClose,
  });
  return (
    <FormDialog id="region-form" header={record ? t('regions.edit') : t('regions.new')} onClose={onClose} {...form.dialog} width={620}>
      <div className="form-grid">
        <TextField control={form.control} name="name" label={t('catalogue.name')} autoComplete="off" />
        <TextField control={form.control} name="slug" label={t('catalogue.slug')} hint={t('catalogue.slugHint')} autoComplete="off" />
      </div>
      <TextAreaField control={form.control} name="description" label={t('catalogue.description')} />
    </FormDialog>
  );
}

/** Regions: search and sort (the seed's region filters are empty by default), create, edit, delete, import. */
export function RegionsPage() {
  const { t } = useTranslation();
  const fmt = useOrgFormatters();
  const columns = useMemo(() => catalogueColumns<Region>(t, fmt, []), [t, fmt]);
  return (
    <CatalogueScreen<Region, undefined>
      module="regions"
      resource={regionsResource}
      title={t('regions.title')}
      newLabel={t('regions.new')}
      nameOf={(r) => r.name}
      defaultSort={{ sortBy: 'name', sortOrder: 'asc' }}
      columns={columns}
      Form={RegionFormDialog}
      deletedMessage={() => t('regions.deleted')}
      importing={{ label: t('regions.import'), fromCsv: regionRowsFromCsv, template: REGION_IMPORT_TEMPLATE, doneMessage: t('regions.imported') }}
    />
  );
}
