import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { toast } from 'sonner';
import { VENDOR_IMPORT_MAX_BYTES, VENDOR_IMPORT_MAX_ROWS, VENDOR_SERVICES, type Vendor, type VendorStats } from '../../api/vendors/contract';
import { useVendors, type VendorsParams } from '../../api/vendors/get-vendors';
import { vendorRowsFromCsv } from '../../api/vendors/import';
import { useDeleteVendor, useImportVendors } from '../../api/vendors/save-vendor';
import { useCan } from '../../ui/auth';
import { ReachLine, RecordCard } from '../../ui/record-card';
import { confirmAction } from '../../ui/confirm';
import { useFormatters } from '../../ui/format';
import { BooleanFilter, MultiSelectFilter } from '../../ui/filter-fields';
import { ImportDialog } from '../../ui/import-dialog';
import { ListPage, toQuery, useListState, type FilterValue, type ListColumn } from '../../ui/list-page';
import { moduleRecordPath } from '../../ui/module-paths';
import { StatusTag } from '../../ui/status-tag';
import { WorkflowActions } from '../../ui/workflow-panel';
import { ServiceChips } from './service-chips';
import { VendorFormDialog } from './vendor-form-dialog';
import { useVendorWorkflow } from './vendor-workflow';

/** The CSV columns the import reads (see src/api/vendors/import.ts), for the dialog's hint. */
const CSV_COLUMNS = ['name', 'services', 'contactPerson', 'email', 'phone', 'address', 'notes', 'bankAccountName', 'bankName', 'iban', 'swift'];

/** The list's header: counts over the whole organization (not the filtered page). */
function VendorStatsHeader({ stats }: { stats?: VendorStats }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const items: [string, string, number | undefined][] = [
    ['total', t('vendors.stats.total'), stats?.total],
    ['active', t('vendors.stats.active'), stats?.active],
    ['inactive', t('vendors.stats.inactive'), stats?.inactive],
    ...VENDOR_SERVICES.map((s): [string, string, number | undefined] => [s, t(`vendors.serviceTypes.${s}`), stats?.serviceStats[s]]),
  ];
  return (
    <dl className="stats-grid" aria-label={t('vendors.stats.label')} data-testid="vendor-stats">
      {items.map(([key, label, value]) => (
        <div className="stat" key={key} data-stat={key}>
          <dt>{label}</dt>
          <dd>{value === undefined ? '…' : fmt.number(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function VendorRowActions({ vendor, onEdit }: { vendor: Vendor; onEdit: (v: Vendor) => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const remove = useDeleteVendor();
  const workflow = useVendorWorkflow(vendor, can('vendors', 'update'));
  const onDelete = async () => {
    if (!(await confirmAction({ message: t('vendors.deleteConfirm', { name: vendor.name }), header: t('vendors.delete'), acceptLabel: t('vendors.delete'), danger: true }))) return;
    try {
      await remove.mutateAsync(vendor._id);
      toast.success(t('vendors.deleted'));
    } catch {
      /* the client toasted the server's message (e.g. the vendor has transactions) */
    }
  };
  return (
    <div className="row" style={{ flexWrap: 'nowrap' }} onClick={(e) => e.stopPropagation()}>
      <WorkflowActions {...workflow} size="small" />
      {can('vendors', 'update') && <Button type="button" size="small" text rounded icon="pi pi-pencil" aria-label={`${t('vendors.edit')} ${vendor.name}`} onClick={() => onEdit(vendor)} />}
      {can('vendors', 'delete') && (
        <Button type="button" size="small" text rounded severity="danger" icon="pi pi-trash" aria-label={`${t('vendors.delete')} ${vendor.name}`} loading={remove.isPending} onClick={() => void onDelete()} />
      )}
    </div>
  );
}

export function VendorsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const fmt = useFormatters();
  const [state, setState] = useListState({ sortBy: 'name', sortOrder: 'asc' });
  const query = useVendors(toQuery(state) as VendorsParams);
  const importVendors = useImportVendors();
  const [editing, setEditing] = useState<Vendor | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const setFilter = (key: string, value: FilterValue) => setState((latest) => ({ filters: { ...latest.filters, [key]: value } }));
  const open = (v: Vendor) => navigate(moduleRecordPath('vendors', v._id));

  const columns = useMemo<ListColumn<Vendor>[]>(
    () => [
      { field: '_id', header: t('vendors.id'), hiddenByDefault: true },
      {
        field: 'name',
        header: t('vendors.name'),
        sortable: true,
        body: (v) => (
          <Link to={moduleRecordPath('vendors', v._id)} onClick={(e) => e.stopPropagation()}>
            {v.name}
          </Link>
        ),
      },
      { field: 'services', header: t('vendors.services'), body: (v) => <ServiceChips services={v.services} /> },
      { field: 'contactPerson', header: t('vendors.contactPerson') },
      { field: 'email', header: t('vendors.email') },
      { field: 'phone', header: t('vendors.phone') },
      { field: 'isActive', header: t('vendors.status'), body: (v) => <StatusTag status={v.isActive ? 'active' : 'inactive'} /> },
      { field: 'createdAt', header: t('vendors.createdAt'), sortable: true, hiddenByDefault: true, body: (v) => fmt.dateTime(v.createdAt) },
      { field: 'updatedAt', header: t('vendors.updatedAt'), sortable: true, hiddenByDefault: true, body: (v) => fmt.dateTime(v.updatedAt) },
      { field: 'actions', header: t('vendors.rowActions'), body: (v) => <VendorRowActions vendor={v} onEdit={setEditing} /> },
    ],
    [t, fmt],
  );

  const serviceOptions = VENDOR_SERVICES.map((s) => ({ value: s, label: t(`vendors.serviceTypes.${s}`) }));

  return (
    <>
      <ListPage<Vendor>
        id="vendors"
        title={t('vendors.title')}
        actions={
          <span className="row">
            {can('vendors', 'create') && <Button type="button" outlined icon="pi pi-upload" label={t('vendors.importVendors')} onClick={() => setImporting(true)} />}
            {can('vendors', 'create') && <Button type="button" icon="pi pi-plus" label={t('vendors.newVendor')} onClick={() => setEditing('new')} />}
          </span>
        }
        above={<VendorStatsHeader stats={query.data?.stats} />}
        columns={columns}
        state={state}
        onChange={setState}
        answer={query.data}
        loading={query.isFetching}
        defaultLayout="table"
        onOpen={open}
        renderCard={(v) => (
          <RecordCard name={v.name} to={moduleRecordPath('vendors', v._id)} badge={<StatusTag status={v.isActive ? 'active' : 'inactive'} />} data={{ 'data-vendor': v.name }}>
            <ServiceChips services={v.services} />
            {v.contactPerson && <div className="muted">{v.contactPerson}</div>}
            <ReachLine phone={v.phone} email={v.email} />
            <VendorRowActions vendor={v} onEdit={setEditing} />
          </RecordCard>
        )}
        filterPanel={
          <>
            <MultiSelectFilter id="f-services" label={t('vendors.services')} value={state.filters.services} options={serviceOptions} onChange={(v) => setFilter('services', v)} />
            <BooleanFilter id="f-active" label={t('vendors.status')} value={state.filters.isActive} yes={t('status.active')} no={t('status.inactive')} onChange={(v) => setFilter('isActive', v)} />
          </>
        }
      />
      {editing && <VendorFormDialog vendor={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
      {importing && (
        <ImportDialog
          title={t('vendors.importVendors')}
          fromCsv={vendorRowsFromCsv}
          columns={CSV_COLUMNS}
          maxRows={VENDOR_IMPORT_MAX_ROWS}
          maxBytes={VENDOR_IMPORT_MAX_BYTES}
          run={(rows, onProgress) => importVendors.mutateAsync({ rows, onProgress })}
          onImported={() => toast.success(t('vendors.imported'))}
          onClose={() => setImporting(false)}
        />
      )}
    </>
  );
}
