import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { fromPromise, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputTextarea } from 'primereact/inputtextarea';
import { Skeleton } from 'primereact/skeleton';
import { toast } from 'sonner';
import { ApiError, errorMessage, issueMessage } from '../../api/client';
import type { CancellationDetail } from '../../api/cancellations/contract';
import { requestedCancellationsResource, useCancellationRequest } from '../../api/cancellations/get-cancellations';
import { useCancellationDecision } from '../../api/cancellations/save-cancellations';
import { newIdempotencyKey } from '../../api/common/idempotency';
import { todayIn } from '../../domain/calendar';
import {
  approvalKept,
  approvalRefundType,
  cancellationApprovalMachine,
  quotesDiffer,
  type ApprovalContext,
  type ApprovalError,
  type DecisionRequest,
} from '../../machines/cancellation-approval-machine';
import { CANCELLATION_EVENTS, cancellationMachine } from '../../machines/cancellation-machine';
import { snapshotOf } from '../../machines/workflow';
import { useAuth, useCan } from '../../ui/auth';
import { QuoteTable } from '../../ui/cancellation-quote';
import { BackLink } from '../../ui/placeholders';
import { moduleRecordPath } from '../../ui/module-paths';
import { CancellationTabs, moneyAccountKey, useOrgFormatters } from './parts';
import { SplitStep } from './split-step';

type Step = 'quote' | 'split' | 'confirm' | 'rejecting';

/** The step a state shows: sending shows the step it was sent from, reloading the quote. */
const stepOf = (value: string, context: ApprovalContext): Step =>
  value === 'submitting' ? (context.decision === 'reject' ? 'rejecting' : 'confirm') : value === 'reloading' || value === 'done' ? 'quote' : (value as Step);

/** A refusal in the member's language: each field's issue, else the server's message. */
function RefusalMessage({ error }: { error: ApprovalError | null }) {
  const { t } = useTranslation();
  if (!error || error.code === 'QUOTE_CHANGED') return null;
  const issues = error.issues ?? [];
  return (
    <div role="alert" className="field-error" data-testid="decision-error">
      {issues.length
        ? issues.map((i) => (
            <p key={i.path} style={{ margin: 0 }}>
              {t(`cancellations.fields.${i.path}`, { defaultValue: i.path })} {issueMessage(i as never)}
            </p>
          ))
        : errorMessage(new ApiError(error.message, error.status ?? 0, error.code, error.issues as never, error.params as never))}
    </div>
  );
}

type ApprovalSnapshot = SnapshotFrom<typeof cancellationApprovalMachine>;
/** What each step of the decision shows and sends from. */
interface StepProps {
  request: CancellationDetail;
  snapshot: ApprovalSnapshot;
  send: (event: EventFromLogic<typeof cancellationApprovalMachine>) => void;
  sending: boolean;
  commentId: string;
}

/** A step's buttons: going back (or rejecting) at the start, going on at the end. */
function StepActions({ start, end }: { start: ReactNode; end?: ReactNode }) {
  return (
    <div className="row decide-actions">
      {start}
      <span className="grow" />
      {end}
    </div>
  );
}

function BackButton({ send, disabled }: { send: StepProps['send']; disabled?: boolean }) {
  const { t } = useTranslation();
  return <Button type="button" text icon="pi pi-arrow-left" label={t('cancellations.decide.back')} disabled={disabled} onClick={() => send({ type: 'BACK' })} />;
}

/** The decision's machine, with the server call and the quote's reload it runs; done, it says so and goes back to the request. */
function useDecision(request: CancellationDetail) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { organization } = useAuth();
  const decision = useCancellationDecision();
  // One key for this decision however often it is sent (a retry after a lost answer takes effect once).
  const [key] = useState(newIdempotencyKey);
  const latest = useRef(decision.mutateAsync);
  latest.current = decision.mutateAsync;
  const machine = useMemo(
    () =>
      cancellationApprovalMachine.provide({
        actors: {
          decide: fromPromise<unknown, DecisionRequest>(({ input }) => latest.current({ id: request._id, event: input.event, also: input.also, idempotencyKey: key })),
          loadQuote: fromPromise(async () => {
            const fresh = await queryClient.fetchQuery({ ...requestedCancellationsResource.detailQueryOptions(request._id), staleTime: 0 });
            if (!fresh.currentQuote) throw new Error(t('cancellations.errors.fetchQuote'));
            return fresh.currentQuote;
          }),
        },
      }),
    [request._id, key, queryClient, t],
  );
  const [snapshot, send] = useMachine(machine, {
    input: { today: todayIn(organization.timeZone), requested: request.quote, quote: request.currentQuote ?? request.quote },
  });
  const context = snapshot.context;
  const value = String(snapshot.value);
  useEffect(() => {
    if (value !== 'done') return;
    const status = (context.result as { status?: string } | null)?.status ?? (context.decision === 'reject' ? 'rejected' : 'approved');
    toast.success(t('cancellations.decided', { status: t(`cancellations.statusWords.${status}`) }));
    navigate(moduleRecordPath('cancellations', request._id), { replace: true });
  }, [value]);
  // The cancellation machine's word on approving at all (its guard knows the payments waiting for
  // verification): while it says no, the screen offers the rejection only and says why.
  const approvable = snapshotOf(cancellationMachine, request.status, { paid: context.quote.paid, today: todayIn(organization.timeZone), pending: request.pendingPayments }).can(
    CANCELLATION_EVENTS.find((e) => e.type === 'APPROVE')!,
  );
  return { snapshot, send, approvable, step: stepOf(value, context), sending: value === 'submitting' || value === 'reloading' };
}

/** The steps of the decision, the current one marked. */
function DecideSteps({ decision, step }: { decision: ApprovalContext['decision']; step: Step }) {
  const { t } = useTranslation();
  const steps: { key: Step; label: string }[] =
    decision === 'reject'
      ? [
          { key: 'quote', label: t('cancellations.decide.steps.quote') },
          { key: 'rejecting', label: t('cancellations.decide.steps.reject') },
        ]
      : [
          { key: 'quote', label: t('cancellations.decide.steps.quote') },
          { key: 'split', label: t('cancellations.decide.steps.split') },
          { key: 'confirm', label: t('cancellations.decide.steps.confirm') },
        ];
  return (
    <ol className="cancel-steps" aria-label={t('cancellations.decide.stepsLabel')} data-testid="decide-steps">
      {steps.map((s, i) => (
        <li key={s.key} aria-current={s.key === step ? 'step' : undefined} data-step={s.key}>
          <span aria-hidden="true">{i + 1}.</span> {s.label}
        </li>
      ))}
    </ol>
  );
}

/** The request and its quote (the current one, beside the requested one when they differ): approve or reject. */
function QuoteStep({ request, snapshot, send, sending, approvable }: StepProps & { approvable: boolean }) {
  const { t } = useTranslation();
  const fmt = useOrgFormatters();
  const context = snapshot.context;
  const differs = quotesDiffer(context.requested, context.quote);
  return (
    <>
      <dl className="detail-list">
        <dt>{t('cancellations.fields.reason')}</dt>
        <dd className="cancellation-reason">{request.reason}</dd>
        <dt>{t('cancellations.columns.requestedBy')}</dt>
        <dd>
          <bdi>{request.requestedBy?.name ?? '—'}</bdi> · <bdi>{fmt.dateTime(request.createdAt)}</bdi>
        </dd>
        <dt>{t('cancellations.columns.departure')}</dt>
        <dd>
          <bdi>{request.booking.tourTitle}</bdi> · <bdi>{fmt.date(request.booking.departure)}</bdi>
        </dd>
      </dl>
      {context.error?.code === 'QUOTE_CHANGED' && (
        <div role="alert" className="banner status-tag--warning" data-testid="quote-changed">
          <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {t('cancellations.decide.quoteChanged')}
        </div>
      )}
      {String(snapshot.value) === 'reloading' ? (
        <Skeleton height="12rem" />
      ) : (
        <QuoteTable quote={context.quote} compare={differs ? context.requested : null} currency={request.currency} testId="decide-quote" />
      )}
      {(context.mustConfirm || differs) && (
        <div className="field field--inline">
          <Checkbox inputId="quote-read" checked={!context.mustConfirm} disabled={!context.mustConfirm || sending} onChange={() => send({ type: 'CONFIRM_QUOTE' })} />
          <label htmlFor="quote-read">{t('cancellations.decide.quoteRead')}</label>
        </div>
      )}
      <RefusalMessage error={context.error} />
      {!approvable && request.pendingPayments > 0 && (
        <div role="status" className="banner status-tag--warning" data-testid="payments-pending">
          <i className="pi pi-clock" aria-hidden="true" /> {t('cancellations.decide.paymentsPending', { amount: fmt.money(request.pendingPayments, request.currency) })}
        </div>
      )}
      <StepActions
        start={<Button type="button" outlined severity="danger" icon="pi pi-times" label={t('cancellations.decide.reject')} disabled={sending} onClick={() => send({ type: 'REJECT' })} />}
        end={
          approvable && (
            <Button type="button" icon="pi pi-arrow-right" iconPos="right" label={t('cancellations.decide.approve')} disabled={!snapshot.can({ type: 'APPROVE' })} onClick={() => send({ type: 'APPROVE' })} />
          )
        }
      />
    </>
  );
}

/** What the approval will do, read back before it is sent, with the approver's comment. */
function ConfirmStep({ request, snapshot, send, sending, commentId }: StepProps) {
  const { t } = useTranslation();
  const fmt = useOrgFormatters();
  const context = snapshot.context;
  const split = context.split;
  const money = (n: number) => fmt.money(n, request.currency);
  const kept = approvalKept(context);
  return (
    <>
      <dl className="detail-list" data-testid="decide-summary">
        <dt>{t('cancellations.columns.booking')}</dt>
        <dd>
          <bdi>{request.booking.ref}</bdi> · {request.booking.customer}
        </dd>
        <dt>{t('cancellations.quote.paid')}</dt>
        <dd className="money">{money(context.quote.paid)}</dd>
        <dt>{t('cancellations.columns.totalRefund')}</dt>
        <dd>
          <span className="money">{money(split.totalRefundAmount)}</span> · {t(`cancellations.refundTypes.${approvalRefundType(context)}`)}
        </dd>
        <dt>{t('cancellations.columns.moneyBack')}</dt>
        <dd data-testid="summary-money-back">
          <span className="money">{money(split.sourceAccountAmount)}</span>
          {split.sourceAccountAmount > 0 && split.refundSource ? ` · ${t(moneyAccountKey(split.refundSource))}` : ''}
        </dd>
        <dt>{t('cancellations.columns.creditNote')}</dt>
        <dd data-testid="summary-credit-note">
          <span className="money">{money(split.creditNoteAmount)}</span>
          {split.creditNoteAmount > 0 && split.validUntil ? ` · ${t('creditNotes.validUntilOn', { date: fmt.date(split.validUntil) })}` : ''}
        </dd>
        <dt>{t('cancellations.columns.kept')}</dt>
        <dd className="money">{money(kept)}</dd>
      </dl>
      <ul className="decide-consequences">
        <li>{t('cancellations.decide.consequences.booking')}</li>
        {split.sourceAccountAmount > 0 && <li>{t('cancellations.decide.consequences.refund', { amount: money(split.sourceAccountAmount) })}</li>}
        {split.creditNoteAmount > 0 && <li>{t('cancellations.decide.consequences.creditNote', { amount: money(split.creditNoteAmount) })}</li>}
        {kept > 0 && <li>{t('cancellations.decide.consequences.kept', { amount: money(kept) })}</li>}
      </ul>
      <div className="field">
        <label htmlFor={commentId}>{t('cancellations.decide.approvalComment')}</label>
        <InputTextarea id={commentId} rows={3} autoResize value={context.comment} disabled={sending} onChange={(e) => send({ type: 'SET_COMMENT', comment: e.target.value })} />
      </div>
      <RefusalMessage error={context.error} />
      <StepActions start={<BackButton send={send} disabled={sending} />} end={<Button type="button" icon="pi pi-check" label={t('cancellations.decide.submitApproval')} loading={sending} onClick={() => send({ type: 'SUBMIT' })} />} />
    </>
  );
}

/** The rejection: why (required), then send it. */
function RejectStep({ snapshot, send, sending, commentId }: StepProps) {
  const { t } = useTranslation();
  const context = snapshot.context;
  return (
    <>
      <p className="muted" style={{ margin: 0 }}>
        {t('cancellations.decide.rejectHint')}
      </p>
      <div className="field">
        <label htmlFor={commentId}>{t('cancellations.decide.rejectionComment')}</label>
        <InputTextarea id={commentId} rows={4} autoResize value={context.comment} disabled={sending} aria-required="true" onChange={(e) => send({ type: 'SET_COMMENT', comment: e.target.value })} />
      </div>
      <RefusalMessage error={context.error} />
      <StepActions
        start={<BackButton send={send} disabled={sending} />}
        end={
          <Button
            type="button"
            outlined
            severity="danger"
            icon="pi pi-times"
            label={t('cancellations.decide.submitRejection')}
            loading={sending}
            disabled={!sending && !snapshot.can({ type: 'SUBMIT' })}
            onClick={() => send({ type: 'SUBMIT' })}
          />
        }
      />
    </>
  );
}

/** The guided decision: its steps, then the current one under its heading (which takes the focus when the step changes). */
function Decide({ request }: { request: CancellationDetail }) {
  const { t } = useTranslation();
  const commentId = useId();
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const { snapshot, send, approvable, step, sending } = useDecision(request);
  const context = snapshot.context;

  // A new step takes the focus to its heading: a keyboard or a screen reader starts there.
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    stepHeading.current?.focus();
  }, [step]);

  const props: StepProps = { request, snapshot, send, sending, commentId };
  return (
    <div className="stack">
      <div className="page-header">
        <h1 id="decide-title" style={{ margin: 0 }}>
          {t('cancellations.decide.title', { ref: request.booking.ref, customer: request.booking.customer })}
        </h1>
      </div>
      <DecideSteps decision={context.decision} step={step} />
      <section className="card stack" aria-labelledby="decide-step-title" data-testid="decide-step" data-step={step}>
        <h2 id="decide-step-title" ref={stepHeading} tabIndex={-1} className="decide-step-title">
          {t(`cancellations.decide.titles.${step}`)}
        </h2>
        {step === 'quote' && <QuoteStep {...props} approvable={approvable} />}
        {step === 'split' && (
          <>
            <SplitStep context={context} send={send} currency={request.currency} />
            <RefusalMessage error={context.error} />
            <StepActions
              start={<BackButton send={send} />}
              end={<Button type="button" icon="pi pi-arrow-right" iconPos="right" label={t('cancellations.decide.next')} disabled={!snapshot.can({ type: 'NEXT' })} onClick={() => send({ type: 'NEXT' })} />}
            />
          </>
        )}
        {step === 'confirm' && <ConfirmStep {...props} />}
        {step === 'rejecting' && <RejectStep {...props} />}
      </section>
    </div>
  );
}

/** `/cancellations/:id/decide`: the guided decision on a request (`GET /booking-cancellations/requests/{id}`), for who may approve. */
export function DecideCancellationPage() {
  const { t } = useTranslation();
  const can = useCan();
  const { id = '' } = useParams();
  const request = useCancellationRequest(id);
  return (
    <div className="stack">
      <CancellationTabs />
      <BackLink to={moduleRecordPath('cancellations', id)} label={t('cancellations.decide.backToRequest')} />
      {!can('cancellations', 'approve') ? (
        <div className="card empty-state" role="alert">
          <i className="pi pi-lock" aria-hidden="true" />
          <p>{t('shell.forbidden')}</p>
        </div>
      ) : request.data ? (
        <Decide request={request.data} />
      ) : request.isError ? (
        <div className="card empty-state" role="alert" data-testid="decided-already">
          <i className="pi pi-info-circle" aria-hidden="true" />
          <p>{t('cancellations.decide.notOpen')}</p>
          <Link to={moduleRecordPath('cancellations', id)}>{t('cancellations.decide.backToRequest')}</Link>
        </div>
      ) : (
        <div className="card" aria-busy="true">
          <Skeleton width="40%" height="2rem" className="mb-2" />
          <Skeleton height="12rem" />
        </div>
      )}
    </div>
  );
}
