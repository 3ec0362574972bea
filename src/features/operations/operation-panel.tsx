import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { toast } from 'sonner';
import { ApiError } from '../../api/client';
import { OPERATION_ERRORS, type OperationDetail } from '../../api/operations/contract';
import { useCompleteOperation } from '../../api/operations/save-operation';
import { operationMachine } from '../../machines/operation-machine';
import { snapshotOf } from '../../machines/workflow';
import { todayIn } from '../../domain/calendar';
import { useAuth, useCan } from '../../ui/auth';
import { confirmAction } from '../../ui/confirm';
import { NoVendorServicesDialog } from './operation-dialogs';
import { OPEN_OPERATION, useVoucherLabel } from './operation-states';
import { NextStepTag, useOperationFormatters } from './operations-page';
import { checklistOf, refusedIds } from './steps';

/**
 * The operation's panel: where the trip stands, its next step in words, the checklist of what
 * still stands between it and completion (the same list the server's refusal names), and the
 * button that completes it. A refused completion marks the items it named.
 */
export function OperationPanel({ operation, refused, onRefused }: { operation: OperationDetail; refused: ReadonlySet<string>; onRefused: (ids: Set<string>) => void }) {
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
