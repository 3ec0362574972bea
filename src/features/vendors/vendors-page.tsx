import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { VENDOR_SERVICES, type Vendor, type VendorStats } from '../../api/vendors/contract';
import { useVendors, type VendorsParams } from '../../api/vendors/get-vendors';
import { VENDOR_IMPORT_TEMPLATE, vendorRowsFromCsv } from '../../api/vendors/import';
import { useImportVendors } from '../../api/vendors/save-vendor';
import { useCan } from '../../ui/auth';
import { ReachLine, RecordCard } from '../../ui/record-card';
import { useOrgFormatters } from '../../ui/org-format';
import { BooleanFilter, MultiSelectFilter } from '../../ui/filter-fields';
import { ImportDialog } from '../../ui/import-dialog';
import { emptyState, ListPage, toQuery, useListState, type FilterValue, type ListColumn, type ListState, listProps } from '../../ui/list-page';
import { allTile, filterTile, StatsHeader } from '../../ui/stats-header';
import { moduleRecordPath } from '../../ui/module-paths';
import { StatusTag } from '../../ui/status-tag';
import { WorkflowActions } from '../../ui/workflow-panel';
import { ServiceChips } from './service-chips';
import { VendorFormDialog } from './vendor-form-dialog';
import { useDeleteVendorAction, useVendorWorkflow } from './vendor-workflow';

/** The list's header: counts over the whole organization (not the filtered page); a tile shows only what it counts. */
function VendorStatsHeader({ stats, filters, setFilter }: { stats?: VendorStats; filters: ListState['filters']; setFilter: (key: string, value: FilterValue) => void }) {
  const { t } = useTranslation();
  const clear = () => {
    setFilter('isActive', undefined);
    setFilter('services', undefined);
  };
  return (
    <StatsHeader
      label={t('vendors.stats.label')}
      testId="vendor-stats"
      items={[
        { key: 'total', label: t('vendors.stats.total'), value: stats?.total, ...allTile(filters, clear, ['isActive', 'services']) },
        { key: 'active', label: t('vendors.stats.active'), value: stats?.active, ...filterTile(filters, setFilter, 'isActive', true) },
        { key: 'inactive', label: t('vendors.stats.inactive'), value: stats?.inactive, ...filterTile(filters, setFilter, 'isActive', false) },
        ...VENDOR_SERVICES.map((s) => ({ key: s, label: t(`vendors.serviceTypes.${s}`), value: stats?.serviceStats[s], ...filterTile(filters, setFilter, 'services', s) })),
      ]}
    />
  );
}

function VendorRowActions({ vendor, onEdit }: { vendor: Vendor; onEdit: (v: Vendor) => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const workflow = useVendorWorkflow(vendor, can('vendors', 'update'));
  const remove = useDeleteVendorAction(vendor);
  return (
    <div className="row" style={{ flexWrap: 'nowrap' }} onClick={(e) => e.stopPropagation()}>
      <WorkflowActions {...workflow} size="small" />
      {can('vendors', 'update') && <Button type="button" size="small" text rounded icon="pi pi-pencil" aria-label={`${t('vendors.edit')} ${vendor.name}`} onClick={() => onEdit(vendor)} />}
      {can('vendors', 'delete') && (
        <Button type="button" size="small" text rounded severity="danger" icon="pi pi-trash" aria-label={`${t('vendors.delete')} ${vendor.name}`} loading={remove.pending} onClick={() => void remove.run()} />
      )}
    </div>
  );
}

export function VendorsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const fmt = useOrgFormatters();
  const [state, setState, setFilter] = useListState({ sortBy: 'name', sortOrder: 'asc' });
  const query = useVendors(toQuery(state) as VendorsParams);
  const importVendors = useImportVendors();
  const [editing, setEditing] = useState<Vendor | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
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

  const createButtons = can('vendors', 'create') && (
    <span className="row">
      <Button type="button" outlined icon="pi pi-upload" label={t('vendors.importVendors')} onClick={() => setImporting(true)} />
      <Button type="button" icon="pi pi-plus" label={t('vendors.newVendor')} onClick={() => setEditing('new')} />
    </span>
  );

  return (
    <>
      <ListPage<Vendor>
        id="vendors"
        title={t('vendors.title')}
        actions={createButtons}
        above={<VendorStatsHeader stats={query.data?.stats} filters={state.filters} setFilter={setFilter} />}
        columns={columns}
        {...listProps(state, setState, query)}
        defaultLayout="table"
        empty={emptyState(t, 'vendors.empty', createButtons && { buttons: createButtons, label: t('vendors.newVendor'), importLabel: t('vendors.importVendors') })}
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
          module="vendors"
          fromCsv={vendorRowsFromCsv}
          template={VENDOR_IMPORT_TEMPLATE}
          run={(file, options) => importVendors.mutateAsync({ file, options })}
          words={{
            fields: {
              name: t('vendors.name'),
              services: t('vendors.services'),
              contactPerson: t('vendors.contactPerson'),
              email: t('vendors.email'),
              phone: t('vendors.phone'),
              address: t('vendors.address'),
              notes: t('vendors.notes'),
              isActive: t('vendors.status'),
              bankDetails: t('vendors.bankDetails'),
              'bankDetails.accountName': t('vendors.bankAccountName'),
              'bankDetails.bankName': t('vendors.bankName'),
              'bankDetails.accountNumber': t('vendors.bankAccountNumber'),
              'bankDetails.swift': t('vendors.bankSwift'),
            },
            values: { services: (x) => t(`vendors.serviceTypes.${x}`, x) },
          }}
          successMessage={t('vendors.imported')}
          onClose={() => setImporting(false)}
        />
      )}
    </>
  );
}
