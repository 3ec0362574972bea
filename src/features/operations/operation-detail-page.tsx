import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import type { AdditionalExpense, OperationDetail } from '../../api/operations/contract';
import { useOperation } from '../../api/operations/get-operations';
import { useCan } from '../../ui/auth';
import { DetailCard } from '../../ui/detail-card';
import { moduleRecordPath, modulePath } from '../../ui/module-paths';
import { RecordPage } from '../../ui/placeholders';
import { actionsColumn, RecordTable, type TableColumn } from '../../ui/record-table';
import { VendorPaymentDialog, type PaymentTarget } from '../../ui/vendor-payment-dialog';
import { ExpenseFormDialog } from './operation-dialogs';
import { PaidCell, ProfitCard } from './operation-money';
import { OperationPanel } from './operation-panel';
import { OPEN_OPERATION } from './operation-states';
import { VouchersSection } from './operation-vouchers';
import { OperationStatus, useOperationFormatters } from './operations-page';
import './operations.css';

const NONE: ReadonlySet<string> = new Set();

/** The page's title: the booking's reference and customer, the operation's state, the way back to the booking. */
function OperationHeader({ operation }: { operation: OperationDetail }) {
  const { t } = useTranslation();
  const b = operation.booking;
  return (
    <div className="page-header">
      <h1 id="operation-title" style={{ margin: 0 }}>
        <bdi>{b.ref}</bdi> · {b.customerName}
      </h1>
      <OperationStatus status={operation.status} />
      <span className="grow" />
      <Link className="p-button p-button-outlined button-link" to={moduleRecordPath('bookings', b._id)}>
        <i className="pi pi-arrow-up-right" aria-hidden="true" style={{ marginInlineEnd: '0.5rem' }} />
        {t('operations.openBooking', { ref: b.ref })}
      </Link>
    </div>
  );
}

/** The trip the operation prepares: the booking's tour, customer, dates, travellers and who handles it. */
function TripSummary({ operation }: { operation: OperationDetail }) {
  const { t } = useTranslation();
  const fmt = useOperationFormatters();
  const b = operation.booking;
  return (
    <DetailCard
      title={t('operations.summary.title')}
      testId="operation-booking"
      rows={[
        [t('operations.tour'), b.tour.title],
        [t('operations.customer'), b.customerName],
        [t('operations.dates'), `${fmt.date(b.departure)} – ${fmt.date(b.arrival)} (${t('tourPlan.nights', { count: b.totalNights })})`],
        [
          t('operations.travellers'),
          <span key="pax">
            {fmt.number(b.pax)}
            {' · '}
            {operation.travellers.length ? fmt.names(operation.travellers) : <span className="muted">{t('operations.noTravellersNamed')}</span>}
          </span>,
        ],
        ...(b.destinations.length ? [[t('operations.destinations'), b.destinations.map((d) => d.name).join(', ')] as [string, string]] : []),
        [t('operations.convertedBy'), b.convertedBy?.name ?? '—'],
        [t('operations.assignedTo'), operation.assignedTo?.name ?? '—'],
      ]}
    />
  );
}

/** The operation's additional expenses: each with its amount and payments, adding, editing and paying them. */
function ExpensesSection({ operation, refused, editable }: { operation: OperationDetail; refused: ReadonlySet<string>; editable: boolean }) {
  const { t } = useTranslation();
  const fmt = useOperationFormatters();
  const money = (n: number) => fmt.money(n, operation.currency);
  const [paying, setPaying] = useState<PaymentTarget | null>(null);
  const [expenseForm, setExpenseForm] = useState<{ expense?: AdditionalExpense } | null>(null);
  const columns: TableColumn<OperationDetail['additionalExpenses'][number]>[] = [
    { key: 'description', header: t('operations.expenses.description'), cell: (x) => x.description },
    { key: 'category', header: t('operations.expenses.category'), cell: (x) => t(`operations.expenses.categories.${x.category}`) },
    { key: 'date', header: t('operations.expenses.date'), cell: (x) => fmt.date(x.date) },
    { key: 'vendor', header: t('operations.expenses.vendor'), cell: (x) => x.vendor?.name ?? <span className="muted">{t('operations.expenses.noVendor')}</span> },
    { key: 'amount', header: t('operations.expenses.amount'), className: 'num', cell: (x) => money(x.amount) },
    { key: 'paid', header: t('operations.expenses.paid'), className: 'num', cell: (x) => <PaidCell paid={x.paid} owed={x.owed} payments={x.payments} currency={x.currency} /> },
    actionsColumn(t('operations.actions'), 'ops-table__actions', (x) => (
      <span className="row">
        {editable && <Button type="button" size="small" text rounded icon="pi pi-pencil" aria-label={t('operations.expenses.edit', { label: x.description })} title={t('operations.expenses.edit', { label: x.description })} onClick={() => setExpenseForm({ expense: x })} />}
        {editable && x.owed > 0 && <Button type="button" size="small" icon="pi pi-wallet" label={t('operations.expenses.pay')} onClick={() => setPaying({ kind: 'expense', id: x._id, label: x.description, owed: x.owed })} data-pay={x._id} />}
      </span>
    )),
  ];
  return (
    <>
      <section className="card" aria-labelledby="expenses-title">
        <div className="section-header">
          <h2 id="expenses-title">{t('operations.expenses.title')}</h2>
          {editable && <Button type="button" outlined icon="pi pi-plus" label={t('operations.expenses.add')} onClick={() => setExpenseForm({})} />}
        </div>
        {operation.additionalExpenses.length === 0 ? (
          <p className="muted">{t('operations.expenses.none')}</p>
        ) : (
          <RecordTable className="ops-table" testId="expenses" rows={operation.additionalExpenses} rowKey={(x) => x._id} rowProps={(x) => ({ 'data-expense': x._id, 'data-flagged': refused.has(x._id) })} columns={columns} />
        )}
      </section>
      {paying && <VendorPaymentDialog operation={operation} target={paying} onClose={() => setPaying(null)} />}
      {expenseForm && <ExpenseFormDialog operation={operation} expense={expenseForm.expense} onClose={() => setExpenseForm(null)} />}
    </>
  );
}

function Operation({ operation }: { operation: OperationDetail }) {
  const can = useCan();
  const open = OPEN_OPERATION.includes(operation.status);
  const editable = open && can('operations', 'update');
  // A refusal's marks hold for the operation as it was refused: any change since makes them stale.
  const [refusal, setRefusal] = useState<{ at: string; ids: Set<string> } | null>(null);
  const refused = refusal?.at === operation.updatedAt ? refusal.ids : NONE;

  return (
    <>
      <OperationHeader operation={operation} />

      <OperationPanel operation={operation} refused={refused} onRefused={(ids) => setRefusal({ at: operation.updatedAt, ids })} />

      <div className="ops-columns">
        <TripSummary operation={operation} />
        <ProfitCard operation={operation} />
      </div>

      <VouchersSection operation={operation} refused={refused} editable={editable} />

      <ExpensesSection operation={operation} refused={refused} editable={editable} />
    </>
  );
}

export function OperationDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useOperation(id);
  return (
    <RecordPage titleId="operation-title" back={{ to: modulePath('operations'), label: t('operations.back') }} query={query}>
      {(operation) => <Operation operation={operation} />}
    </RecordPage>
  );
}
