import { useMemo, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { MultiSelect } from 'primereact/multiselect';
import { TRANSACTION_DIRECTIONS, TRANSACTION_STATUSES, VENDOR_TRANSACTIONS_PAGE_SIZE, type Vendor, type VendorTransaction, type VendorTransactionStats } from '../../api/vendors/contract';
import { useVendor, useVendorTransactions, type VendorTransactionsParams } from '../../api/vendors/get-vendors';
import { useCan } from '../../ui/auth';
import { DetailCard } from '../../ui/detail-card';
import { useSystemMemo } from '../../ui/format';
import { useOrgFormatters } from '../../ui/org-format';
import { emptyTexts, ListPage, toQuery, useListState, type ListColumn, listProps } from '../../ui/list-page';
import { modulePath } from '../../ui/module-paths';
import { RecordPage } from '../../ui/placeholders';
import { StatusTag } from '../../ui/status-tag';
import { WorkflowPanel } from '../../ui/workflow-panel';
import { VendorFormDialog } from './vendor-form-dialog';
import { ServiceChips } from './service-chips';
import { useDeleteVendorAction, useVendorWorkflow } from './vendor-workflow';

function useMoney() {
  const fmt = useOrgFormatters();
  return fmt;
}

function TransactionStats({ stats }: { stats?: VendorTransactionStats }) {
  const { t } = useTranslation();
  const fmt = useMoney();
  const items: [keyof VendorTransactionStats, string][] = [
    ['totalAmount', t('vendors.transactions.totalAmount')],
    ['totalIncoming', t('vendors.transactions.totalIncoming')],
    ['totalOutgoing', t('vendors.transactions.totalOutgoing')],
    ['totalPaid', t('vendors.transactions.totalPaid')],
    ['totalPending', t('vendors.transactions.totalPending')],
    ['count', t('vendors.transactions.count')],
  ];
  return (
    <dl className="stats-grid" aria-label={t('vendors.transactions.statsLabel')} data-testid="transaction-stats">
      {items.map(([key, label]) => (
        <div className="stat" key={key} data-stat={key}>
          <dt>{label}</dt>
          <dd>{stats === undefined ? '…' : key === 'count' ? fmt.number(stats.count) : fmt.money(stats[key])}</dd>
        </div>
      ))}
    </dl>
  );
}

function VendorTransactions({ vendorId }: { vendorId: string }) {
  const { t } = useTranslation();
  const fmt = useMoney();
  const memo = useSystemMemo();
  const [state, setState, setFilter] = useListState({ limit: VENDOR_TRANSACTIONS_PAGE_SIZE, sortBy: 'date', sortOrder: 'desc' });
  const query = useVendorTransactions(vendorId, toQuery(state) as VendorTransactionsParams);

  const columns = useMemo<ListColumn<VendorTransaction>[]>(
    () => [
      { field: 'date', header: t('vendors.transactions.date'), sortable: true, body: (x) => fmt.date(x.date) },
      { field: 'direction', header: t('vendors.transactions.direction'), body: (x) => t(`vendors.transactions.${x.direction}`) },
      { field: 'amount', header: t('vendors.transactions.amount'), sortable: true, body: (x) => fmt.money(x.amount) },
      { field: 'status', header: t('vendors.transactions.status'), body: (x) => <StatusTag status={x.status} /> },
      { field: 'reference', header: t('vendors.transactions.reference') },
      { field: 'description', header: t('vendors.transactions.description'), body: (x) => memo(x.description, x.descriptionCode) },
      { field: 'linkedType', header: t('vendors.transactions.linked'), hiddenByDefault: true, body: (x) => (x.linkedType ? t(`vendors.transactions.linkedTypes.${x.linkedType}`) : '') },
    ],
    [t, fmt, memo],
  );

  return (
    <ListPage<VendorTransaction>
      id="vendor-transactions"
      headingLevel={2}
      title={t('vendors.transactions.title')}
      above={<TransactionStats stats={query.data?.stats} />}
      columns={columns}
      {...listProps(state, setState, query)}
      empty={emptyTexts(t, 'vendors.transactions.none')}
      pageSizes={[10, 20, 50, 100]}
      filterPanel={
        <>
          <div className="field">
            <label htmlFor="f-direction">{t('vendors.transactions.direction')}</label>
            <MultiSelect
              inputId="f-direction"
              value={state.filters.direction ?? []}
              options={TRANSACTION_DIRECTIONS.map((d) => ({ value: d, label: t(`vendors.transactions.${d}`) }))}
              optionLabel="label"
              optionValue="value"
              display="chip"
              onChange={(e) => setFilter('direction', e.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="f-tstatus">{t('vendors.transactions.status')}</label>
            <MultiSelect
              inputId="f-tstatus"
              value={state.filters.status ?? []}
              options={TRANSACTION_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
              optionLabel="label"
              optionValue="value"
              display="chip"
              onChange={(e) => setFilter('status', e.value)}
            />
          </div>
        </>
      }
    />
  );
}

function VendorDetails({ vendor }: { vendor: Vendor }) {
  const { t } = useTranslation();
  const none = t('vendors.none');
  const bank = vendor.bankDetails;
  const rows: [string, ReactNode][] = [
    [t('vendors.services'), <ServiceChips services={vendor.services} />],
    [t('vendors.contactPerson'), vendor.contactPerson ?? none],
    [t('vendors.email'), vendor.email ? <a href={`mailto:${vendor.email}`}>{vendor.email}</a> : none],
    [t('vendors.phone'), vendor.phone ? <a href={`tel:${vendor.phone}`}>{vendor.phone}</a> : none],
    [t('vendors.address'), vendor.address ?? none],
    [t('vendors.notes'), vendor.notes ? <span style={{ whiteSpace: 'pre-wrap' }}>{vendor.notes}</span> : none],
  ];
  const bankRows: [string, ReactNode][] = [
    [t('vendors.bankAccountName'), bank?.accountName || none],
    [t('vendors.bankName'), bank?.bankName || none],
    [t('vendors.bankAccountNumber'), bank?.accountNumber || none],
    [t('vendors.bankSwift'), bank?.swift || none],
  ];
  return (
    <div className="form-grid">
      <DetailCard title={t('vendors.details')} rows={rows} />
      <DetailCard title={t('vendors.bankDetails')} rows={bankRows} />
    </div>
  );
}

function VendorHeader({ vendor }: { vendor: Vendor }) {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const workflow = useVendorWorkflow(vendor, can('vendors', 'update'));

  const remove = useDeleteVendorAction(vendor, () => navigate(modulePath('vendors')));

  return (
    <>
      <div className="page-header">
        <h1 id="vendor-title" style={{ margin: 0 }}>
          {vendor.name}
        </h1>
        <StatusTag status={vendor.isActive ? 'active' : 'inactive'} />
        <span className="grow" />
        {can('vendors', 'update') && <Button type="button" outlined icon="pi pi-pencil" label={t('vendors.edit')} onClick={() => setEditing(true)} />}
        {can('vendors', 'delete') && <Button type="button" outlined severity="danger" icon="pi pi-trash" label={t('vendors.delete')} loading={remove.pending} onClick={() => void remove.run()} />}
      </div>
      <WorkflowPanel {...workflow} />
      {editing && <VendorFormDialog vendor={vendor} onClose={() => setEditing(false)} />}
    </>
  );
}

/** `/vendors/:id`: the vendor, its activation workflow and its transactions (20 a page). */
export function VendorDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const vendor = useVendor(id);

  return (
    <RecordPage titleId="vendor-title" back={{ to: modulePath('vendors'), label: t('vendors.back') }} query={vendor}>
      {(data) => (
        <>
          <VendorHeader vendor={data} />
          <VendorDetails vendor={data} />
          <VendorTransactions vendorId={data._id} />
        </>
      )}
    </RecordPage>
  );
}
