import { useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { toast } from 'sonner';
import { ApiError } from '../../api/client';
import { OPERATION_ERRORS, type AdditionalExpense, type LineToAssign, type OperationDetail, type Voucher, type VendorPayment } from '../../api/operations/contract';
import { useOperation } from '../../api/operations/get-operations';
import { useCompleteOperation, usePrefillVouchers, useSendVouchers, useVoucherEvent } from '../../api/operations/save-operation';
import { operationMachine } from '../../machines/operation-machine';
import { voucherMachine, type VoucherEvent } from '../../machines/voucher-machine';
import { snapshotOf, statesWithTag } from '../../machines/workflow';
import { todayIn } from '../../domain/calendar';
import { useAuth, useCan } from '../../ui/auth';
import { confirmAction } from '../../ui/confirm';
import { DetailCard } from '../../ui/detail-card';
import { isLocale } from '../../ui/i18n';
import { instantToWallTime } from '../../ui/form-fields';
import { moduleRecordPath, modulePath } from '../../ui/module-paths';
import { RecordPage } from '../../ui/placeholders';
import { StatusTag, type StatusTone } from '../../ui/status-tag';
import { WorkflowActions, type WorkflowAction } from '../../ui/workflow-panel';
import { ConfirmVoucherDialog, ExpenseFormDialog, NoVendorServicesDialog, VendorRefundDialog, VendorRefundExpectedDialog, VoucherFormDialog, VoucherPreviewDialog } from './operation-dialogs';
import { VendorPaymentDialog, type PaymentTarget } from '../../ui/vendor-payment-dialog';
import { NextStepTag, OperationStatus, useOperationFormatters } from './operations-page';
import { actualProfitOf, checklistOf, refusedIds, vendorsNamed } from './steps';
import './operations.css';

const NONE: ReadonlySet<string> = new Set();
/** Confirmed, not yet sent (the voucher machine's tag): what "Send vouchers" sends. */
const AWAITING_SEND = statesWithTag(voucherMachine, 'awaitingSend');
/** Vouchers whose details change, that take payments, whose cost is owed (the voucher machine's tags). */
const EDITABLE_VOUCHER = statesWithTag(voucherMachine, 'editable');
const PAYABLE_VOUCHER = statesWithTag(voucherMachine, 'payable');
const COUNTED_VOUCHER = statesWithTag(voucherMachine, 'counted');
/** Operations that take vouchers, expenses, payments and completion (the operation machine's `open` tag). */
const OPEN_OPERATION = statesWithTag(operationMachine, 'open');

const VOUCHER_TONES: Record<Voucher['status'], StatusTone> = { draft: 'warning', confirmed: 'info', sent: 'success', void: 'neutral' };

/** How a voucher is named on the page: its number once confirmed, else its service and vendor. */
function useVoucherLabel() {
  const { t } = useTranslation();
  return (x: Voucher) => x.number ?? `${t(`operations.serviceTypes.${x.serviceType}`)} · ${x.vendor.name}`;
}

function Payments({ payments, currency }: { payments: VendorPayment[]; currency: string }) {
  const { t } = useTranslation();
  const fmt = useOperationFormatters();
  if (payments.length === 0) return null;
  return (
    <details>
      <summary className="muted">
        {t('operations.payment.history')} ({fmt.number(payments.length)})
      </summary>
      <ul className="payments-list">
        {payments.map((p) => (
          <li key={p._id}>
            {t('operations.payment.line', { amount: fmt.money(p.amount, currency), date: fmt.date(p.paidOn), method: t(`finance.methods.${p.paymentMethod}`) })}
            {p.reference && (
              <>
                {' · '}
                <bdi>{p.reference}</bdi>
              </>
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** What was paid on a voucher or an expense, what is still owed, and its payments. */
function PaidCell({ paid, owed, payments, currency }: { paid: number; owed: number; payments: VendorPayment[]; currency: string }) {
  const { t } = useTranslation();
  const fmt = useOperationFormatters();
  return (
    <div className="cell-stack cell-stack--end">
      <span>{fmt.money(paid, currency)}</span>
      {owed > 0 ? <span className="muted">{t('operations.panel.owed', { amount: fmt.money(owed, currency) })}</span> : paid > 0 ? <span className="checklist__done">{t('operations.paidInFull')}</span> : null}
      <Payments payments={payments} currency={currency} />
    </div>
  );
}

/**
 * The operation's panel: where the trip stands, its next step in words, the checklist of what
 * still stands between it and completion (the same list the server's refusal names), and the
 * button that completes it. A refused completion marks the items it named.
 */
function OperationPanel({ operation, refused, onRefused }: { operation: OperationDetail; refused: ReadonlySet<string>; onRefused: (ids: Set<string>) => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const { organization } = useAuth();
  const fmt = useOperationFormatters();
  const complete = useCompleteOperation();
  const list = useRef<HTMLUListElement>(null);
  const [askingReason, setAskingReason] = useState(false);
  const voucherLabel = useVoucherLabel();
  const labelOf = (id: string, fallback: string) => {
    const voucher = operation.vouchers.find((x) => x._id === id);
    return voucher ? voucherLabel(voucher) : fallback;
  };
  const lines = checklistOf(operation.missing);
  const pending = OPEN_OPERATION.includes(operation.status);
  // The machine says whether a "no vendor services" reason would complete it (the dialog asks the real one).
  const machine = snapshotOf(operationMachine, operation.status, { missing: operation.missing, vouchers: operation.progress.vouchers });
  const offersNoServices = can('operations', 'update') && lines.some((l) => l.kind === 'services') && machine.can({ type: 'COMPLETE', noVendorServices: { reason: 'asked' } });
  // Completing before the trip has left is allowed, with a warning.
  const beforeDeparture = todayIn(organization.timeZone) < operation.booking.departure ? t('operations.panel.beforeDeparture', { date: fmt.date(operation.booking.departure) }) : null;
  const markRefused = (params: Record<string, unknown> | undefined) => {
    onRefused(refusedIds(params));
    // The checklist is the answer: take the person there.
    requestAnimationFrame(() => list.current?.focus());
  };

  const onComplete = async () => {
    const message = [beforeDeparture, t('operations.panel.completeConfirm')].filter(Boolean).join(' ');
    if (lines.length === 0 && !(await confirmAction({ header: t('operations.panel.complete'), message, acceptLabel: t('operations.panel.complete') }))) return;
    try {
      await complete.mutateAsync({ operationId: operation._id });
      onRefused(new Set());
      toast.success(t('operations.panel.completed'));
    } catch (e) {
      if (e instanceof ApiError && e.code === OPERATION_ERRORS.operationIncomplete) markRefused(e.params);
    }
  };

  return (
    <section className="card ops-panel" aria-labelledby="ops-panel-title" data-testid="operation-panel" data-step={operation.nextStep} data-state={operation.status}>
      <div className="ops-panel__step">
        <h2 id="ops-panel-title" className="workflow-panel__title" style={{ margin: 0 }}>
          {t('operations.panel.title')}
        </h2>
        <NextStepTag operation={operation} />
        <span className="grow" />
        {pending && can('operations', 'update') && (
          <Button type="button" icon="pi pi-flag" label={t('operations.panel.complete')} severity={lines.length === 0 ? 'success' : undefined} outlined={lines.length > 0} loading={complete.isPending} onClick={() => void onComplete()} data-testid="mark-completed" />
        )}
      </div>
      {/* "Everything was sent and paid" is not said of a trip completed without vendor services: its reason is. */}
      {!operation.noVendorServices && <p className="ops-panel__hint muted">{t(`operations.panel.hints.${operation.nextStep}`)}</p>}
      {operation.completedAt && (
        <p className="checklist__done" data-testid="completed-on">
          {operation.completedBy ? t('operations.panel.completedBy', { date: fmt.dateTime(operation.completedAt), name: operation.completedBy.name }) : t('operations.panel.completedOn', { date: fmt.dateTime(operation.completedAt) })}
        </p>
      )}
      {operation.noVendorServices && (
        <p data-testid="no-vendor-services" style={{ whiteSpace: 'pre-line' }}>
          {t('operations.panel.noVendorServices.recorded', { reason: operation.noVendorServices.reason })}
        </p>
      )}
      {pending && (
        <>
          <h3 style={{ margin: '0.75rem 0 0', fontSize: '1rem' }} id="checklist-title">
            {t('operations.panel.checklist')}
          </h3>
          {refused.size > 0 && lines.length > 0 && (
            <p role="alert" className="ops-alert">
              {t('operations.panel.refused')}
            </p>
          )}
          {lines.length === 0 ? (
            <p className="checklist__done" data-testid="checklist-empty">
              <i className="pi pi-check-circle" aria-hidden="true" style={{ marginInlineEnd: '0.35rem' }} />
              {t('operations.panel.checklistEmpty')}
            </p>
          ) : (
            <ul className="checklist" data-testid="checklist" aria-labelledby="checklist-title" ref={list} tabIndex={-1}>
              {lines.map((line) => (
                <li key={`${line.kind}-${line.id}`} data-item={line.id} data-kind={line.kind} data-flagged={refused.has(line.id)}>
                  <span className="muted">{t(`operations.panel.kinds.${line.kind}`)}</span>
                  {line.kind === 'services' ? (
                    <strong>{t('operations.panel.noVendorServices.planned', { amount: fmt.money(operation.profit.plannedCost ?? 0, operation.currency) })}</strong>
                  ) : (
                    <strong>
                      <bdi>{labelOf(line.id, line.label)}</bdi>
                    </strong>
                  )}
                  <span className="visually-hidden">{t('operations.panel.needsLabel')}:</span>
                  {line.needs.map((need) => (
                    <span key={need} className="checklist__need" data-need={need}>
                      {t(`operations.panel.needs.${need}`)}
                    </span>
                  ))}
                  {line.owed > 0 && <span className="muted">{t('operations.panel.owed', { amount: fmt.money(line.owed, operation.currency) })}</span>}
                  {line.kind === 'services' && offersNoServices && (
                    <Button type="button" size="small" outlined icon="pi pi-ban" label={t('operations.panel.noVendorServices.action')} onClick={() => setAskingReason(true)} data-testid="no-vendor-services-action" />
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {operation.status === 'canceled' && <p>{t('operations.panel.canceled')}</p>}
      {askingReason && <NoVendorServicesDialog operation={operation} onClose={() => setAskingReason(false)} onRefused={markRefused} />}
    </section>
  );
}

/** Revenue, the vouchers' and expenses' costs and the profit: planned (the tour's costs) beside actual. */
function ProfitCard({ operation }: { operation: OperationDetail }) {
  const { t } = useTranslation();
  const fmt = useOperationFormatters();
  const p = operation.profit;
  const money = (n: number | null | undefined) => (n === null || n === undefined ? '—' : fmt.money(n, operation.currency));
  const signed = (n: number | null | undefined) => <span className={n !== null && n !== undefined && n < 0 ? 'profit--negative money' : 'money'}>{money(n)}</span>;
  const planned = p.plannedCost;
  const rows: [key: string, label: string, planned: ReactNode, actual: ReactNode][] = [
    ['revenue', t('operations.profitCard.revenue'), money(p.revenue), money(p.revenue)],
    ...(p.refunds ? [['refunds', t('operations.profitCard.refunds'), '—', money(-p.refunds)] as [string, string, string, string]] : []),
    // The tour's priced lines are what the vouchers book: the plan has no additional expenses.
    ['vouchers', t('operations.profitCard.vouchers'), money(planned), money(p.vouchers)],
    ['expenses', t('operations.profitCard.expenses'), '—', money(p.expenses)],
    ['totalExpense', t('operations.profitCard.totalExpense'), money(planned), money(p.totalExpense)],
  ];
  return (
    <section className="card" aria-labelledby="profit-title" data-testid="operation-profit">
      <h2 id="profit-title" className="workflow-panel__title" style={{ marginBottom: '0.75rem' }}>
        {t('operations.profitCard.title')}
      </h2>
      <table className="ops-table profit-table">
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">{t('operations.profitCard.title')}</span>
            </th>
            <th scope="col" className="num">
              {t('operations.profitCard.planned')}
            </th>
            <th scope="col" className="num">
              {t('operations.profitCard.actual')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([key, label, plan, actual]) => (
            <tr key={key} data-row={key}>
              <th scope="row">{label}</th>
              <td className="num">{plan}</td>
              <td className="num">{actual}</td>
            </tr>
          ))}
          <tr className="profit-table__total" data-row="profit">
            <th scope="row">{t('operations.profitCard.profit')}</th>
            <td className="num">{signed(p.plannedProfit)}</td>
            <td className="num" data-testid="actual-profit">
              {signed(actualProfitOf(p))}
            </td>
          </tr>
        </tbody>
      </table>
      <p className="muted" style={{ marginBottom: 0 }}>
        {t('operations.profitCard.paidOut')}: <span className="money">{money(p.paidOut)}</span>
        {' · '}
        {planned === null ? t('operations.profitCard.noPlan') : t('operations.profitCard.plannedHint')}
        {actualProfitOf(p) === null && (
          <>
            {' · '}
            <span data-testid="no-cost">{t('operations.profitCard.noCost')}</span>
          </>
        )}
      </p>
    </section>
  );
}

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

function Operation({ operation }: { operation: OperationDetail }) {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const { organization } = useAuth();
  const fmt = useOperationFormatters();
  const label = useVoucherLabel();
  const money = (n: number) => fmt.money(n, operation.currency);
  const b = operation.booking;
  const open = OPEN_OPERATION.includes(operation.status);
  const editable = open && can('operations', 'update');
  // A refusal's marks hold for the operation as it was refused: any change since makes them stale.
  const [refusal, setRefusal] = useState<{ at: string; ids: Set<string> } | null>(null);
  const refused = refusal?.at === operation.updatedAt ? refusal.ids : NONE;
  const [voucherForm, setVoucherForm] = useState<{ voucher?: Voucher } | null>(null);
  const [confirming, setConfirming] = useState<Voucher | null>(null);
  const [previewing, setPreviewing] = useState<Voucher | null>(null);
  const [paying, setPaying] = useState<PaymentTarget | null>(null);
  const [expecting, setExpecting] = useState<Voucher | null>(null);
  const [refunding, setRefunding] = useState<Voucher | null>(null);
  const [expenseForm, setExpenseForm] = useState<{ expense?: AdditionalExpense } | null>(null);
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

  return (
    <>
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

      <OperationPanel operation={operation} refused={refused} onRefused={(ids) => setRefusal({ at: operation.updatedAt, ids })} />

      <div className="ops-columns">
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
        <ProfitCard operation={operation} />
      </div>

      <section className="card" aria-labelledby="vouchers-title">
        <div className="section-header">
          <h2 id="vouchers-title">{t('operations.vouchers.title')}</h2>
          {editable && (
            <span className="row">
              <Button type="button" outlined icon="pi pi-download" label={t('operations.vouchers.prefill')} loading={prefill.isPending} onClick={() => void onPrefill()} />
              <Button type="button" outlined icon="pi pi-plus" label={t('operations.vouchers.add')} onClick={() => setVoucherForm({})} />
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
            <table className="ops-table" data-testid="vouchers">
              <thead>
                <tr>
                  <th scope="col">{t('operations.vouchers.number')}</th>
                  <th scope="col">{t('operations.vouchers.serviceType')}</th>
                  <th scope="col">{t('operations.vouchers.dates')}</th>
                  <th scope="col" className="num">
                    {t('operations.vouchers.cost')}
                  </th>
                  <th scope="col" className="num">
                    {t('operations.vouchers.paid')}
                  </th>
                  <th scope="col">{t('operations.vouchers.confirmationNumber')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('operations.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {operation.vouchers.map((x) => (
                  <tr key={x._id} data-voucher={x._id} data-status={x.status} data-flagged={refused.has(x._id)}>
                    <td data-label={t('operations.vouchers.number')}>
                      <div className="cell-stack">
                        {x.number ? <bdi className="nowrap">{x.number}</bdi> : null}
                        <StatusTag status={x.status} tone={VOUCHER_TONES[x.status]} label={t(`operations.voucherStates.${x.status}`)} />
                      </div>
                    </td>
                    <td data-label={t('operations.vouchers.serviceType')}>
                      <div className="cell-stack">
                        <strong>{t(`operations.serviceTypes.${x.serviceType}`)}</strong>
                        <span>{x.vendor.name}</span>
                        {x.description && <span className="muted">{x.description}</span>}
                      </div>
                    </td>
                    <td data-label={t('operations.vouchers.dates')}>
                      <div className="cell-stack">
                        <span className="nowrap">
                          {fmt.date(x.serviceStartDate)} –
                        </span>
                        <span className="nowrap">{fmt.date(x.serviceEndDate)}</span>
                        <span className="muted">{t('operations.vouchers.paxCount', { count: x.pax })}</span>
                      </div>
                    </td>
                    <td data-label={t('operations.vouchers.cost')} className="num">
                      {money(x.cost)}
                    </td>
                    <td data-label={t('operations.vouchers.paid')} className="num">
                      <PaidCell paid={x.paid} owed={COUNTED_VOUCHER.includes(x.status) ? x.owed : 0} payments={x.payments} currency={x.currency} />
                      <VendorRefundLine voucher={x} canSet={editable && COUNTED_VOUCHER.includes(x.status)} label={label(x)} onSet={() => setExpecting(x)} />
                    </td>
                    <td data-label={t('operations.vouchers.confirmationNumber')}>
                      <div className="cell-stack">
                        {x.confirmationNumber && <bdi>{x.confirmationNumber}</bdi>}
                        {x.sentAt && (
                          <span className="muted" title={x.sentTo ?? undefined}>
                            {t('operations.vouchers.sentOn', { date: fmt.date(instantToWallTime(x.sentAt, organization.timeZone).slice(0, 10)) })}
                          </span>
                        )}
                      </div>
                    </td>
                    <td className="ops-table__actions">
                      <span className="row">
                        {editable && EDITABLE_VOUCHER.includes(x.status) && (
                          <Button type="button" size="small" text rounded icon="pi pi-pencil" aria-label={t('operations.vouchers.edit', { label: label(x) })} title={t('operations.vouchers.edit', { label: label(x) })} onClick={() => setVoucherForm({ voucher: x })} />
                        )}
                        {x.number && <Button type="button" size="small" text icon="pi pi-file-pdf" label={t('operations.vouchers.pdf')} onClick={() => setPreviewing(x)} />}
                        {editable && <VoucherActions operation={operation} voucher={x} onConfirm={setConfirming} onSend={send} />}
                        {editable && x.owed > 0 && PAYABLE_VOUCHER.includes(x.status) && (
                          <Button type="button" size="small" icon="pi pi-wallet" label={t('operations.vouchers.pay')} onClick={() => setPaying({ kind: 'voucher', id: x._id, label: label(x), owed: x.owed })} data-pay={x._id} />
                        )}
                        {can('operations', 'update') && !COUNTED_VOUCHER.includes(x.status) && x.paid - x.vendorRefunded > 0 && (
                          <Button type="button" size="small" outlined icon="pi pi-download" label={t('cancellations.vendor.record')} aria-label={t('cancellations.vendor.recordOf', { label: label(x) })} onClick={() => setRefunding(x)} data-vendor-refund={x._id} />
                        )}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="card" aria-labelledby="expenses-title">
        <div className="section-header">
          <h2 id="expenses-title">{t('operations.expenses.title')}</h2>
          {editable && <Button type="button" outlined icon="pi pi-plus" label={t('operations.expenses.add')} onClick={() => setExpenseForm({})} />}
        </div>
        {operation.additionalExpenses.length === 0 ? (
          <p className="muted">{t('operations.expenses.none')}</p>
        ) : (
          <table className="ops-table" data-testid="expenses">
            <thead>
              <tr>
                <th scope="col">{t('operations.expenses.description')}</th>
                <th scope="col">{t('operations.expenses.category')}</th>
                <th scope="col">{t('operations.expenses.date')}</th>
                <th scope="col">{t('operations.expenses.vendor')}</th>
                <th scope="col" className="num">
                  {t('operations.expenses.amount')}
                </th>
                <th scope="col" className="num">
                  {t('operations.expenses.paid')}
                </th>
                <th scope="col">
                  <span className="visually-hidden">{t('operations.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {operation.additionalExpenses.map((x) => (
                <tr key={x._id} data-expense={x._id} data-flagged={refused.has(x._id)}>
                  <td data-label={t('operations.expenses.description')}>{x.description}</td>
                  <td data-label={t('operations.expenses.category')}>{t(`operations.expenses.categories.${x.category}`)}</td>
                  <td data-label={t('operations.expenses.date')}>{fmt.date(x.date)}</td>
                  <td data-label={t('operations.expenses.vendor')}>{x.vendor?.name ?? <span className="muted">{t('operations.expenses.noVendor')}</span>}</td>
                  <td data-label={t('operations.expenses.amount')} className="num">
                    {money(x.amount)}
                  </td>
                  <td data-label={t('operations.expenses.paid')} className="num">
                    <PaidCell paid={x.paid} owed={x.owed} payments={x.payments} currency={x.currency} />
                  </td>
                  <td className="ops-table__actions">
                    <span className="row">
                      {editable && <Button type="button" size="small" text rounded icon="pi pi-pencil" aria-label={t('operations.expenses.edit', { label: x.description })} title={t('operations.expenses.edit', { label: x.description })} onClick={() => setExpenseForm({ expense: x })} />}
                      {editable && x.owed > 0 && <Button type="button" size="small" icon="pi pi-wallet" label={t('operations.expenses.pay')} onClick={() => setPaying({ kind: 'expense', id: x._id, label: x.description, owed: x.owed })} data-pay={x._id} />}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      {voucherForm && <VoucherFormDialog operation={operation} voucher={voucherForm.voucher} onClose={() => setVoucherForm(null)} />}
      {confirming && <ConfirmVoucherDialog operation={operation} voucher={confirming} label={label(confirming)} onClose={() => setConfirming(null)} />}
      {previewing && <VoucherPreviewDialog operation={operation} voucher={previewing} label={label(previewing)} onClose={() => setPreviewing(null)} />}
      {paying && <VendorPaymentDialog operation={operation} target={paying} onClose={() => setPaying(null)} />}
      {expecting && <VendorRefundExpectedDialog operation={operation} voucher={expecting} label={label(expecting)} onClose={() => setExpecting(null)} />}
      {refunding && <VendorRefundDialog operation={operation} voucher={refunding} label={label(refunding)} onClose={() => setRefunding(null)} />}
      {expenseForm && <ExpenseFormDialog operation={operation} expense={expenseForm.expense} onClose={() => setExpenseForm(null)} />}
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

