import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { toast } from 'sonner';
import { ApiError } from '../../api/client';
import { OPERATION_ERRORS, type LineToAssign, type OperationDetail, type Voucher } from '../../api/operations/contract';
import { usePrefillVouchers, useSendVouchers, useVoucherEvent } from '../../api/operations/save-operation';
import { voucherMachine, type VoucherEvent } from '../../machines/voucher-machine';
import { useAuth, useCan } from '../../ui/auth';
import { confirmAction } from '../../ui/confirm';
import { isLocale } from '../../ui/i18n';
import { instantToWallTime } from '../../ui/form-fields';
import { actionsColumn, RecordTable, type TableColumn } from '../../ui/record-table';
import { StatusTag, type StatusTone } from '../../ui/status-tag';
import { WorkflowActions, type WorkflowAction } from '../../ui/workflow-panel';
import { VendorPaymentDialog } from '../../ui/vendor-payment-dialog';
import { ConfirmVoucherDialog, VendorRefundDialog, VendorRefundExpectedDialog, VoucherFormDialog, VoucherPreviewDialog } from './operation-dialogs';
import { PaidCell } from './operation-money';
import { AWAITING_SEND, COUNTED_VOUCHER, EDITABLE_VOUCHER, OPEN_OPERATION, PAYABLE_VOUCHER, useVoucherLabel } from './operation-states';
import { useOperationFormatters } from './operations-page';
import { vendorsNamed } from './steps';

const VOUCHER_TONES: Record<Voucher['status'], StatusTone> = { draft: 'warning', confirmed: 'info', sent: 'success', void: 'neutral' };

/** A voucher's buttons: CONFIRM (asks the confirmation number) and VOID from the voucher machine; SEND through the operation's send. */
function VoucherActions({ operation, voucher, onConfirm, onSend }: { operation: OperationDetail; voucher: Voucher; onConfirm: (x: Voucher) => void; onSend: (ids: string[]) => Promise<unknown> }) {
  const { t } = useTranslation();
  const send = useVoucherEvent();
  const actions = useMemo<WorkflowAction<VoucherEvent>[]>(
    () => [
      // The placeholder number lets the machine offer CONFIRM; the dialog asks for the real one.
      { event: { type: 'CONFIRM', confirmationNumber: 'asked' }, label: t('operations.vouchers.confirm'), icon: 'pi pi-check', severity: 'success', outlined: true },
      { event: { type: 'SEND' }, label: t('operations.vouchers.send'), icon: 'pi pi-send' },
      { event: { type: 'VOID' }, label: t('operations.vouchers.void'), icon: 'pi pi-ban', severity: 'danger', outlined: true, confirm: { message: t('operations.vouchers.voidConfirm'), danger: true } },
    ],
    [t],
  );
  return (
    <WorkflowActions
      machine={voucherMachine}
      state={voucher.status}
      context={{ confirmationNumber: voucher.confirmationNumber }}
      actions={OPEN_OPERATION.includes(operation.status) ? actions : []}
      size="small"
      disabled={send.isPending}
      onEvent={async (event) => {
        if (event.type === 'CONFIRM') return onConfirm(voucher);
        if (event.type === 'SEND') return onSend([voucher._id]);
        await send.mutateAsync({ operationId: operation._id, voucherId: voucher._id, event });
        toast.success(t('operations.vouchers.voided'));
      }}
    />
  );
}

/**
 * A voucher's side of a cancellation: what its vendor is expected to give back if the trip is
 * cancelled (set while it is not void), and once void, what the vendor gave back of it.
 */
function VendorRefundLine({ voucher, canSet, label, onSet }: { voucher: Voucher; canSet: boolean; label: string; onSet: () => void }) {
  const { t } = useTranslation();
  const fmt = useOperationFormatters();
  const money = (n: number) => fmt.money(n, voucher.currency);
  if (COUNTED_VOUCHER.includes(voucher.status)) {
    if (!canSet && voucher.vendorRefundExpected === 0) return null;
    return (
      <div className="vendor-refund-line" data-testid="vendor-refund-expected">
        <span className="muted">{t('cancellations.vendor.expectedLine', { amount: money(voucher.vendorRefundExpected) })}</span>
        {canSet && <Button type="button" size="small" text rounded icon="pi pi-pencil" aria-label={t('cancellations.vendor.setExpected', { label })} title={t('cancellations.vendor.setExpected', { label })} onClick={onSet} />}
      </div>
    );
  }
  if (voucher.vendorRefunded === 0 && voucher.vendorRefundExpected === 0) return null;
  return (
    <div className="vendor-refund-line muted" data-testid="vendor-refunded">
      {t('cancellations.vendor.refundedLine', { amount: money(voucher.vendorRefunded), expected: money(voucher.vendorRefundExpected) })}
    </div>
  );
}


/** The dialogs a voucher's buttons open (`form` without a voucher adds one). */
type VoucherDialogOf = { kind: 'form'; voucher?: Voucher } | { kind: 'confirm' | 'preview' | 'pay' | 'expect' | 'refund'; voucher: Voucher };

/** A voucher's columns: its number and state, service and vendor, dates, cost, what was paid, its confirmation, its buttons. */
function useVoucherColumns({ operation, editable, open, onSend }: { operation: OperationDetail; editable: boolean; open: (dialog: VoucherDialogOf) => void; onSend: (ids: string[]) => Promise<unknown> }): TableColumn<Voucher>[] {
  const { t } = useTranslation();
  const can = useCan();
  const { organization } = useAuth();
  const fmt = useOperationFormatters();
  const label = useVoucherLabel();
  const money = (n: number) => fmt.money(n, operation.currency);
  return [
    {
      key: 'number',
      header: t('operations.vouchers.number'),
      cell: (x) => (
        <div className="cell-stack">
          {x.number ? <bdi className="nowrap">{x.number}</bdi> : null}
          <StatusTag status={x.status} tone={VOUCHER_TONES[x.status]} label={t(`operations.voucherStates.${x.status}`)} />
        </div>
      ),
    },
    {
      key: 'serviceType',
      header: t('operations.vouchers.serviceType'),
      cell: (x) => (
        <div className="cell-stack">
          <strong>{t(`operations.serviceTypes.${x.serviceType}`)}</strong>
          <span>{x.vendor.name}</span>
          {x.description && <span className="muted">{x.description}</span>}
        </div>
      ),
    },
    {
      key: 'dates',
      header: t('operations.vouchers.dates'),
      cell: (x) => (
        <div className="cell-stack">
          <span className="nowrap">
            {fmt.date(x.serviceStartDate)} –
          </span>
          <span className="nowrap">{fmt.date(x.serviceEndDate)}</span>
          <span className="muted">{t('operations.vouchers.paxCount', { count: x.pax })}</span>
        </div>
      ),
    },
    { key: 'cost', header: t('operations.vouchers.cost'), className: 'num', cell: (x) => money(x.cost) },
    {
      key: 'paid',
      header: t('operations.vouchers.paid'),
      className: 'num',
      cell: (x) => (
        <>
          <PaidCell paid={x.paid} owed={COUNTED_VOUCHER.includes(x.status) ? x.owed : 0} payments={x.payments} currency={x.currency} />
          <VendorRefundLine voucher={x} canSet={editable && COUNTED_VOUCHER.includes(x.status)} label={label(x)} onSet={() => open({ kind: 'expect', voucher: x })} />
        </>
      ),
    },
    {
      key: 'confirmation',
      header: t('operations.vouchers.confirmationNumber'),
      cell: (x) => (
        <div className="cell-stack">
          {x.confirmationNumber && <bdi>{x.confirmationNumber}</bdi>}
          {x.sentAt && (
            <span className="muted" title={x.sentTo ?? undefined}>
              {t('operations.vouchers.sentOn', { date: fmt.date(instantToWallTime(x.sentAt, organization.timeZone).slice(0, 10)) })}
            </span>
          )}
        </div>
      ),
    },
    actionsColumn(t('operations.actions'), 'ops-table__actions', (x) => (
      <span className="row">
        {editable && EDITABLE_VOUCHER.includes(x.status) && (
          <Button type="button" size="small" text rounded icon="pi pi-pencil" aria-label={t('operations.vouchers.edit', { label: label(x) })} title={t('operations.vouchers.edit', { label: label(x) })} onClick={() => open({ kind: 'form', voucher: x })} />
        )}
        {x.number && <Button type="button" size="small" text icon="pi pi-file-pdf" label={t('operations.vouchers.pdf')} onClick={() => open({ kind: 'preview', voucher: x })} />}
        {editable && <VoucherActions operation={operation} voucher={x} onConfirm={(voucher) => open({ kind: 'confirm', voucher })} onSend={onSend} />}
        {editable && x.owed > 0 && PAYABLE_VOUCHER.includes(x.status) && (
          <Button type="button" size="small" icon="pi pi-wallet" label={t('operations.vouchers.pay')} onClick={() => open({ kind: 'pay', voucher: x })} data-pay={x._id} />
        )}
        {can('operations', 'update') && !COUNTED_VOUCHER.includes(x.status) && x.paid - x.vendorRefunded > 0 && (
          <Button type="button" size="small" outlined icon="pi pi-download" label={t('cancellations.vendor.record')} aria-label={t('cancellations.vendor.recordOf', { label: label(x) })} onClick={() => open({ kind: 'refund', voucher: x })} data-vendor-refund={x._id} />
        )}
      </span>
    )),
  ];
}

/** The dialog a voucher's button opened. */
function VoucherDialog({ operation, dialog, onClose }: { operation: OperationDetail; dialog: VoucherDialogOf; onClose: () => void }) {
  const label = useVoucherLabel();
  const x = dialog.voucher;
  if (dialog.kind === 'form') return <VoucherFormDialog operation={operation} voucher={dialog.voucher} onClose={onClose} />;
  if (!x) return null;
  switch (dialog.kind) {
    case 'confirm':
      return <ConfirmVoucherDialog operation={operation} voucher={x} label={label(x)} onClose={onClose} />;
    case 'preview':
      return <VoucherPreviewDialog operation={operation} voucher={x} label={label(x)} onClose={onClose} />;
    case 'pay':
      return <VendorPaymentDialog operation={operation} target={{ kind: 'voucher', id: x._id, label: label(x), owed: x.owed }} onClose={onClose} />;
    case 'expect':
      return <VendorRefundExpectedDialog operation={operation} voucher={x} label={label(x)} onClose={onClose} />;
    case 'refund':
      return <VendorRefundDialog operation={operation} voucher={x} label={label(x)} onClose={onClose} />;
  }
}

/**
 * The operation's vouchers: filling them from the tour, adding and sending them, the vendors a send
 * could not reach, the tour's lines no voucher names yet, and each voucher with its cost, payments
 * and buttons (and the dialogs those open).
 */
export function VouchersSection({ operation, refused, editable }: { operation: OperationDetail; refused: ReadonlySet<string>; editable: boolean }) {
  const { t, i18n } = useTranslation();
  const fmt = useOperationFormatters();
  const money = (n: number) => fmt.money(n, operation.currency);
  const [dialog, setDialog] = useState<VoucherDialogOf | null>(null);
  const [noEmail, setNoEmail] = useState<string[]>([]);
  const prefill = usePrefillVouchers();
  const sendVouchers = useSendVouchers();
  const unsent = operation.vouchers.filter((x) => AWAITING_SEND.includes(x.status));

  // The tour's lines that name no vendor, as the last prefill answered them: booked by hand.
  const [toAssign, setToAssign] = useState<LineToAssign[]>([]);
  const onPrefill = async () => {
    const before = operation.vouchers.length;
    const answer = await prefill.mutateAsync({ operationId: operation._id }).catch(() => undefined);
    if (!answer) return;
    setToAssign(answer.toAssign);
    const added = answer.data.vouchers.length - before;
    toast.success(added > 0 ? t('operations.vouchers.prefilled', { count: added }) : t('operations.vouchers.prefilledNone'));
  };

  const send = async (voucherIds?: string[]) => {
    const count = voucherIds?.length ?? unsent.length;
    if (!(await confirmAction({ header: t('operations.vouchers.sendAll'), message: t('operations.vouchers.sendConfirm', { count }), acceptLabel: t('operations.vouchers.sendAll') }))) return;
    try {
      // In the language the person works in, as the preview shows it (vendors have no language of their own).
      const language = isLocale(i18n.language) ? i18n.language : undefined;
      await sendVouchers.mutateAsync({ operationId: operation._id, input: { ...(voucherIds ? { voucherIds } : {}), ...(language ? { language } : {}) } });
      setNoEmail([]);
      toast.success(t('operations.vouchers.sent', { count }));
    } catch (e) {
      if (e instanceof ApiError && e.code === OPERATION_ERRORS.vendorEmailMissing) setNoEmail(vendorsNamed(e.params));
    }
  };

  const columns = useVoucherColumns({ operation, editable, open: setDialog, onSend: send });

  return (
    <>
      <section className="card" aria-labelledby="vouchers-title">
        <div className="section-header">
          <h2 id="vouchers-title">{t('operations.vouchers.title')}</h2>
          {editable && (
            <span className="row">
              <Button type="button" outlined icon="pi pi-download" label={t('operations.vouchers.prefill')} loading={prefill.isPending} onClick={() => void onPrefill()} />
              <Button type="button" outlined icon="pi pi-plus" label={t('operations.vouchers.add')} onClick={() => setDialog({ kind: 'form' })} />
              {unsent.length > 0 && <Button type="button" icon="pi pi-send" label={t('operations.vouchers.sendAll')} loading={sendVouchers.isPending} onClick={() => void send()} data-testid="send-vouchers" />}
            </span>
          )}
        </div>
        {unsent.length > 0 && editable && <p className="muted">{t('operations.vouchers.sendAllHint', { count: unsent.length })}</p>}
        {noEmail.length > 0 && (
          <div role="alert" className="card" data-testid="vendors-without-email" style={{ borderColor: '#b45309', marginBottom: '0.75rem' }}>
            <strong>{t('operations.vouchers.noEmailTitle')}</strong>
            <ul style={{ margin: '0.35rem 0' }}>
              {noEmail.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ul>
            <span className="muted">{t('operations.vouchers.noEmail')}</span>
          </div>
        )}
        {toAssign.length > 0 && (
          <div role="status" className="card to-assign" data-testid="lines-to-assign">
            <strong>{t('operations.vouchers.toAssignTitle', { count: toAssign.length })}</strong>
            <ul>
              {toAssign.map((l) => (
                <li key={l.tourLineId}>
                  {t(`operations.serviceTypes.${l.serviceType}`)} · <bdi>{l.description}</bdi> · <span className="nowrap">{fmt.date(l.serviceStartDate)}</span> – <span className="nowrap">{fmt.date(l.serviceEndDate)}</span> · {money(l.cost)}
                </li>
              ))}
            </ul>
            <span className="muted">{t('operations.vouchers.toAssignHint')}</span>
          </div>
        )}
        {operation.vouchers.length === 0 ? (
          <p className="muted">{t('operations.vouchers.none')}</p>
        ) : (
          <div style={{ overflowX: 'auto' }}>
            <RecordTable
              className="ops-table"
              testId="vouchers"
              rows={operation.vouchers}
              rowKey={(x) => x._id}
              rowProps={(x) => ({ 'data-voucher': x._id, 'data-status': x.status, 'data-flagged': refused.has(x._id) })}
              columns={columns}
            />
          </div>
        )}
      </section>
      {dialog && <VoucherDialog operation={operation} dialog={dialog} onClose={() => setDialog(null)} />}
    </>
  );
}
