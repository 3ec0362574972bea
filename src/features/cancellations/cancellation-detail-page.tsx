import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import type { CancellationDetail } from '../../api/cancellations/contract';
import { useCancellation } from '../../api/cancellations/get-cancellations';
import { useCreditNote } from '../../api/finance/credit/get-credit';
import { dateIn } from '../../domain/calendar';
import { cancellationMachine } from '../../machines/cancellation-machine';
import { quotesDiffer } from '../../machines/cancellation-approval-machine';
import { snapshotOf } from '../../machines/workflow';
import { useAuth, useCan } from '../../ui/auth';
import { QuoteTable } from '../../ui/cancellation-quote';
import { DetailCard } from '../../ui/detail-card';
import { moduleRecordPath } from '../../ui/module-paths';
import { RecordPage } from '../../ui/placeholders';
import { StatusTag } from '../../ui/status-tag';
import { CancellationDocuments } from './cancellation-documents';
import { CreditNoteStatus } from './credit-notes-page';
import { CANCELLATION_SCREENS, CancellationStatus, CancellationTabs, Money, moneyAccountKey, useOrgFormatters } from './parts';
import { ProcessRefundDialog, type RefundToProcess } from './refund-dialog';
import { RefundStatus, useCanProcess } from './refunds-page';

/** The path of the guided decision on a request. */
export const decidePath = (id: string) => `${moduleRecordPath('cancellations', id)}/decide`;

/** The refund an approval made: how much, from which account, when it went out; finance processes it here too. */
function RefundCard({ c }: { c: CancellationDetail }) {
  const { t } = useTranslation();
  const fmt = useOrgFormatters();
  const { organization } = useAuth();
  const canProcess = useCanProcess();
  const [processing, setProcessing] = useState<RefundToProcess | null>(null);
  const refund = c.refund!;
  return (
    <section className="card stack" aria-labelledby="refund-title" data-testid="cancellation-refund" style={{ gap: '0.75rem' }}>
      <div className="cancel-section-header">
        <h2 id="refund-title" className="workflow-panel__title">
          {t('cancellations.detail.refund')}
        </h2>
        <span className="row">
          {canProcess(refund.status) && (
            <Button
              type="button"
              size="small"
              icon="pi pi-send"
              label={t('refunds.process')}
              onClick={() =>
                setProcessing({
                  _id: refund._id,
                  amount: refund.amount,
                  currency: c.currency,
                  account: c.refundSource ?? 'money:bank-transfer',
                  approvedOn: dateIn(c.decidedAt ?? c.createdAt, organization.timeZone),
                  customer: c.booking.customer,
                })
              }
            />
          )}
          <Link to={`${CANCELLATION_SCREENS.refunds}?search=${encodeURIComponent(c.booking.ref)}`}>{t('cancellations.detail.inRefunds')}</Link>
        </span>
      </div>
      <dl className="detail-list">
        <dt>{t('refunds.columns.status')}</dt>
        <dd>
          <RefundStatus status={refund.status as 'pending' | 'refunded'} />
        </dd>
        <dt>{t('refunds.columns.amount')}</dt>
        <dd>
          <Money minor={refund.amount} currency={c.currency} />
        </dd>
        <dt>{t('refunds.columns.account')}</dt>
        <dd>{c.refundSource ? t(moneyAccountKey(c.refundSource)) : '—'}</dd>
        <dt>{t('refunds.refundedOn')}</dt>
        <dd>{refund.refundedOn ? fmt.date(refund.refundedOn) : <span className="muted">{t('cancellations.detail.notYet')}</span>}</dd>
      </dl>
      {processing && <ProcessRefundDialog refund={processing} onClose={() => setProcessing(null)} />}
    </section>
  );
}

/** The credit note an approval issued: what is left, until when, and the bookings it paid. */
function CreditNoteCard({ c }: { c: CancellationDetail }) {
  const { t } = useTranslation();
  const fmt = useOrgFormatters();
  const summary = c.creditNote!;
  const note = useCreditNote(summary._id);
  const uses = note.data?.redemptions ?? [];
  return (
    <section className="card stack" aria-labelledby="credit-note-title" data-testid="cancellation-credit-note" style={{ gap: '0.75rem' }}>
      <div className="cancel-section-header">
        <h2 id="credit-note-title" className="workflow-panel__title">
          {t('cancellations.detail.creditNote', { number: summary.number })}
        </h2>
        <Link to={`${CANCELLATION_SCREENS.creditNotes}?search=${encodeURIComponent(summary.number)}`}>{t('cancellations.detail.inCreditNotes')}</Link>
      </div>
      <dl className="detail-list">
        <dt>{t('creditNotes.columns.status')}</dt>
        <dd>
          <CreditNoteStatus status={(note.data?.status ?? summary.status) as 'issued'} />
        </dd>
        <dt>{t('creditNotes.columns.amount')}</dt>
        <dd>
          <Money minor={summary.amount} currency={c.currency} />
        </dd>
        <dt>{t('creditNotes.columns.used')}</dt>
        <dd>
          <Money minor={note.data?.usedAmount ?? summary.usedAmount} currency={c.currency} />
        </dd>
        {note.data && (
          <>
            <dt>{t('creditNotes.columns.remaining')}</dt>
            <dd>
              <Money minor={note.data.remaining} currency={c.currency} />
            </dd>
          </>
        )}
        <dt>{t('creditNotes.columns.validUntil')}</dt>
        <dd>{fmt.date(summary.validUntil)}</dd>
      </dl>
      {uses.length > 0 && (
        <table className="cancel-table" data-testid="credit-note-uses">
          <caption className="visually-hidden">{t('creditNotes.uses')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('creditNotes.columns.booking')}</th>
              <th scope="col">{t('creditNotes.columns.date')}</th>
              <th scope="col">{t('creditNotes.columns.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {uses.map((u) => (
              <tr key={u._id}>
                <td data-label={t('creditNotes.columns.booking')}>
                  <Link to={moduleRecordPath('bookings', u.booking._id)}>
                    <bdi>{u.booking.ref}</bdi>
                  </Link>
                </td>
                <td data-label={t('creditNotes.columns.date')}>{fmt.date(u.date)}</td>
                <td data-label={t('creditNotes.columns.amount')}>
                  <Money minor={u.amount} currency={c.currency} />
                  {u.amount < 0 && <span className="muted"> · {t('creditNotes.givenBack')}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Cancellation({ c }: { c: CancellationDetail }) {
  const { t } = useTranslation();
  const can = useCan();
  const fmt = useOrgFormatters();
  const open = snapshotOf(cancellationMachine, c.status).hasTag('open');
  const differs = !!c.currentQuote && quotesDiffer(c.quote, c.currentQuote);
  const decisionRows: [string, ReactNode][] = c.decidedAt
    ? [
        [t('cancellations.columns.decidedBy'), c.decidedBy?.name ?? '—'],
        [t('cancellations.columns.decidedOn'), fmt.dateTime(c.decidedAt)],
        ...(c.status === 'approved'
          ? ([
              [t('cancellations.columns.refundType'), c.refundType ? <StatusTag key="r" status={c.refundType} tone="info" label={t(`cancellations.refundTypes.${c.refundType}`)} /> : '—'],
              [t('cancellations.columns.totalRefund'), <Money key="t" minor={c.totalRefundAmount ?? 0} currency={c.currency} />],
              [
                t('cancellations.columns.moneyBack'),
                <span key="m">
                  <Money minor={c.sourceAccountAmount ?? 0} currency={c.currency} />
                  {c.refundSource && c.sourceAccountAmount ? ` · ${t(moneyAccountKey(c.refundSource))}` : ''}
                </span>,
              ],
              [
                t('cancellations.columns.creditNote'),
                <span key="c">
                  <Money minor={c.creditNoteAmount ?? 0} currency={c.currency} />
                  {c.validUntil ? ` · ${t('creditNotes.validUntilOn', { date: fmt.date(c.validUntil) })}` : ''}
                </span>,
              ],
              [t('cancellations.columns.kept'), <Money key="k" minor={c.keptAmount ?? 0} currency={c.currency} />],
            ] as [string, ReactNode][])
          : []),
      ]
    : [];

  return (
    <>
      <div className="page-header">
        <h1 id="cancellation-title" style={{ margin: 0 }}>
          {t('cancellations.detail.title', { ref: c.booking.ref, customer: c.booking.customer })}
        </h1>
        <CancellationStatus status={c.status} />
        <span className="grow" />
        <span className="row">
          <Link className="p-button p-button-outlined button-link" to={moduleRecordPath('bookings', c.booking._id)}>
            <i className="pi pi-calendar" aria-hidden="true" style={{ marginInlineEnd: '0.5rem' }} />
            {t('cancellations.detail.openBooking', { ref: c.booking.ref })}
          </Link>
          {open && can('cancellations', 'approve') && (
            <Link className="p-button button-link" to={decidePath(c._id)} data-testid="decide">
              <i className="pi pi-check-square" aria-hidden="true" style={{ marginInlineEnd: '0.5rem' }} />
              {t('cancellations.detail.decide')}
            </Link>
          )}
        </span>
      </div>
      <div className="cancel-columns">
        <DetailCard
          title={t('cancellations.detail.booking')}
          testId="cancellation-booking"
          rows={[
            [t('cancellations.columns.booking'), <bdi key="b">{c.booking.ref}</bdi>],
            [t('cancellations.columns.customer'), c.booking.customer],
            [t('cancellations.columns.tour'), c.booking.tourTitle],
            [t('cancellations.columns.departure'), fmt.date(c.booking.departure)],
            [t('cancellations.detail.bookingStatus'), t(`bookings.states.${c.booking.status}`, { defaultValue: c.booking.status })],
          ]}
        />
        <DetailCard
          title={t('cancellations.detail.request')}
          testId="cancellation-request"
          rows={[
            [t('cancellations.fields.reason'), <span key="r" className="cancellation-reason">{c.reason}</span>],
            [t('cancellations.columns.requestedBy'), c.requestedBy?.name ?? '—'],
            [t('cancellations.columns.requestedOn'), fmt.dateTime(c.createdAt)],
            ...decisionRows,
          ]}
        />
      </div>

      <section className="card stack" aria-labelledby="quote-title" style={{ gap: '0.5rem' }}>
        <h2 id="quote-title" className="workflow-panel__title">
          {differs ? t('cancellations.detail.quoteCompared') : t('cancellations.detail.quote')}
        </h2>
        {differs && (
          <p className="muted" style={{ margin: 0 }}>
            {t('cancellations.detail.quoteMoved')}
          </p>
        )}
        <QuoteTable quote={differs ? c.currentQuote! : c.quote} compare={differs ? c.quote : null} currency={c.currency} testId="cancellation-quote" />
      </section>

      {(c.refund || c.creditNote) && (
        <div className="cancel-columns">
          {c.refund && <RefundCard c={c} />}
          {c.creditNote && <CreditNoteCard c={c} />}
        </div>
      )}

      {/* The customer's documents exist once the request is decided (a request waiting has no confirmation: 409). */}
      {!open && <CancellationDocuments c={c} />}

      <section className="card" aria-labelledby="comments-title">
        <h2 id="comments-title" className="workflow-panel__title">
          {t('cancellations.detail.comments')}
        </h2>
        <ol className="cancel-comments" data-testid="cancellation-comments">
          {c.comments.map((x, i) => (
            <li key={i} data-kind={x.kind}>
              <span className="muted">
                <bdi>{fmt.dateTime(x.at)}</bdi> · <bdi>{x.by?.name ?? t('cancellations.detail.system')}</bdi> · {t(`cancellations.commentKinds.${x.kind}`)}
              </span>
              <span className="cancellation-reason">{x.text}</span>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}

/** `/cancellations/:id`: a request or a decision, with the quote it was made on (and today's beside it when it moved), its refund and credit note. */
export function CancellationDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useCancellation(id);
  return (
    <div className="stack">
      <CancellationTabs />
      <RecordPage titleId="cancellation-title" back={{ to: query.data && snapshotOf(cancellationMachine, query.data.status).hasTag('open') ? CANCELLATION_SCREENS.requests : CANCELLATION_SCREENS.decided, label: t('cancellations.back') }} query={query}>
        {(c) => <Cancellation c={c} />}
      </RecordPage>
    </div>
  );
}
