import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { moneyAccount, PAYMENT_METHODS } from '../../api/finance/contract';
import { CREDIT_PAGE_SIZE, type Refund } from '../../api/finance/credit/contract';
import { useRefunds, type RefundsParams } from '../../api/finance/credit/get-credit';
import { refundMachine, REFUND_STATES } from '../../machines/refund-machine';
import { snapshotOf } from '../../machines/workflow';
import { useCan } from '../../ui/auth';
import { MultiSelectFilter } from '../../ui/filter-fields';
import { DateRangeFilter, ListPage, toQuery, useListState, type FilterParamKind, type ListColumn, listProps } from '../../ui/list-page';
import { moduleRecordPath } from '../../ui/module-paths';
import { RecordCard } from '../../ui/record-card';
import { StatusTag } from '../../ui/status-tag';
import { CancellationTabs, Money, useOrgFormatters } from './parts';
import { ProcessRefundDialog, type RefundToProcess } from './refund-dialog';

const REFUND_PARAMS: Record<string, FilterParamKind> = { status: 'list', paymentMethod: 'list', createdAt: 'object' };

export function RefundStatus({ status }: { status: Refund['status'] }) {
  const { t } = useTranslation();
  return <StatusTag status={status} tone={status === 'pending' ? 'warning' : 'success'} label={t(`refunds.states.${status}`)} />;
}

/** The dialog's view of a refunds row. */
export const refundToProcess = (r: Refund): RefundToProcess => ({ _id: r._id, amount: r.amount, currency: r.currency, account: moneyAccount(r.paymentMethod), approvedOn: r.approvedOn, customer: r.customer });

/** "Process": offered while the refund machine takes PROCESS (a day is what it needs), to finance (`account.create`). */
export function useCanProcess() {
  const can = useCan();
  return (status: string) => can('account', 'create') && snapshotOf(refundMachine, status).can({ type: 'PROCESS', refundedOn: 'the day chosen' });
}

/**
 * `/refunds`: the money approved cancellations give back (`GET /refunds`, 50 a page, newest first),
 * filtered in the address; finance processes a pending one on the day the money went out.
 */
export function RefundsPage() {
  const { t, i18n } = useTranslation();
  const fmt = useOrgFormatters();
  const canProcess = useCanProcess();
  const [processing, setProcessing] = useState<RefundToProcess | null>(null);
  const [state, setState, setFilter] = useListState({ limit: CREDIT_PAGE_SIZE, sortOrder: 'desc', filterParams: REFUND_PARAMS });
  const query = useRefunds(toQuery(state) as RefundsParams);
  const cancellationPath = (r: Refund) => moduleRecordPath('cancellations', r.cancellationId);

  const processButton = (r: Refund) =>
    canProcess(r.status) ? (
      <Button
        type="button"
        size="small"
        icon="pi pi-send"
        label={t('refunds.process')}
        aria-label={t('refunds.processOf', { ref: r.booking.ref, customer: r.customer })}
        onClick={(e) => {
          e.stopPropagation();
          setProcessing(refundToProcess(r));
        }}
        data-process={r._id}
      />
    ) : null;

  const columns = useMemo<ListColumn<Refund>[]>(
    () => [
      { field: '_id', header: 'ID', hiddenByDefault: true },
      {
        field: 'booking',
        header: t('refunds.columns.booking'),
        body: (r) => (
          <Link to={cancellationPath(r)} onClick={(e) => e.stopPropagation()} aria-label={t('cancellations.openOf', { ref: r.booking.ref })}>
            <bdi>{r.booking.ref}</bdi>
          </Link>
        ),
      },
      { field: 'customer', header: t('refunds.columns.customer') },
      { field: 'amount', header: t('refunds.columns.amount'), body: (r) => <Money minor={r.amount} currency={r.currency} /> },
      { field: 'paymentMethod', header: t('refunds.columns.account'), body: (r) => t(`finance.methods.${r.paymentMethod}`) },
      { field: 'status', header: t('refunds.columns.status'), body: (r) => <RefundStatus status={r.status} /> },
      { field: 'approvedOn', header: t('refunds.columns.approvedOn'), body: (r) => fmt.date(r.approvedOn) },
      { field: 'refundedOn', header: t('refunds.refundedOn'), body: (r) => (r.refundedOn ? fmt.date(r.refundedOn) : <span className="muted">—</span>) },
      { field: 'reference', header: t('refunds.reference'), body: (r) => (r.reference ? <bdi>{r.reference}</bdi> : '') },
      { field: 'processedBy', header: t('refunds.columns.processedBy'), hiddenByDefault: true, body: (r) => r.processedBy?.name ?? '' },
      { field: 'actions', header: t('refunds.columns.actions'), body: processButton },
    ],
    [t, fmt, canProcess],
  );

  return (
    <div className="stack">
      <CancellationTabs />
      <ListPage<Refund>
        key={i18n.language}
        id="refunds"
        title={t('refunds.title')}
        columns={columns}
        {...listProps(state, setState, query)}
        defaultLayout="table"
        pageSizes={[10, 20, 50, 100]}
        empty={{ title: t('refunds.empty.title'), hint: t('refunds.empty.hint') }}
        renderCard={(r) => (
          <RecordCard name={`${r.booking.ref} · ${r.customer}`} to={cancellationPath(r)} badge={<RefundStatus status={r.status} />} data={{ 'data-refund': r._id }}>
            <div>
              <strong>
                <Money minor={r.amount} currency={r.currency} />
              </strong>{' '}
              · {t(`finance.methods.${r.paymentMethod}`)}
            </div>
            <div className="muted">
              {t('refunds.columns.approvedOn')}: {fmt.date(r.approvedOn)}
              {r.refundedOn && (
                <>
                  {' '}
                  · {t('refunds.refundedOn')}: {fmt.date(r.refundedOn)}
                </>
              )}
            </div>
            {r.reference && <bdi>{r.reference}</bdi>}
            {processButton(r)}
          </RecordCard>
        )}
        filterPanel={
          <>
            <MultiSelectFilter id="f-refund-status" label={t('refunds.columns.status')} value={state.filters.status} options={REFUND_STATES.map((s) => ({ value: s, label: t(`refunds.states.${s}`) }))} onChange={(v) => setFilter('status', v)} />
            <MultiSelectFilter id="f-refund-method" label={t('refunds.columns.account')} value={state.filters.paymentMethod} options={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`finance.methods.${m}`) }))} onChange={(v) => setFilter('paymentMethod', v)} />
            <DateRangeFilter label={t('refunds.filters.createdAt')} value={state.filters.createdAt} onChange={(range) => setFilter('createdAt', range)} />
          </>
        }
      />
      {processing && <ProcessRefundDialog refund={processing} onClose={() => setProcessing(null)} />}
    </div>
  );
}
