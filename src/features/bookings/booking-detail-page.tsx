import { useMemo, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { Button } from 'primereact/button';
import { toast } from 'sonner';
import { openToPay } from '../../domain/balance';
import { todayIn } from '../../domain/calendar';
import { BOOKING_PAYMENT_METHODS, failPaymentInput, participantInput, paymentInput, TRAVELLER_TYPES, type BookingDetail, type Payment, type PaymentInput, type Traveller } from '../../api/bookings/contract';
import { creditNotesResource } from '../../api/finance/credit/get-credit';
import { USABLE_CREDIT_NOTE_STATES } from '../../machines/credit-note-machine';
import { CancellationRequestAction } from '../../ui/cancellation-request';
import { useBooking } from '../../api/bookings/get-bookings';
import { proofUrl, useBookingEvent, usePaymentEvent, useRecordPayment, useSendReminder, useUpdateParticipant } from '../../api/bookings/save-booking';
import { newIdempotencyKey } from '../../api/common/idempotency';
import { bookingOperationQueryOptions } from '../../api/operations/get-operations';
import { bookingMachine, BOOKING_EVENTS, type BookingEvent } from '../../machines/booking-machine';
import { paymentMachine, PAYMENT_EVENTS, type PaymentEvent } from '../../machines/payment-machine';
import { snapshotOf } from '../../machines/workflow';
import { useAuth, useCan } from '../../ui/auth';
import { DetailCard } from '../../ui/detail-card';
import { applyServerIssues, DateField, SelectField, TextAreaField, TextField } from '../../ui/form-fields';
import { FormDialog } from '../../ui/form-dialog';
import { contractResolver } from '../../ui/form-resolver';
import { MoneyField } from '../../ui/money-field';
import { moduleRecordPath, modulePath } from '../../ui/module-paths';
import { RecordPage } from '../../ui/placeholders';
import { StatusTag } from '../../ui/status-tag';
import { WorkflowActions, WorkflowPanel, type WorkflowAction } from '../../ui/workflow-panel';
import { BookingDocuments } from './booking-documents';
import { IssueInvoiceButton } from './issue-invoice';
import { BookingStatus, PaymentStatusTag, useBookingFormatters } from './bookings-page';
import './bookings.css';

/** The organization's today (its time zone), as forms default dates to it. */
function useToday() {
  const { organization } = useAuth();
  return todayIn(organization.timeZone);
}

function TravellerDialog({ booking, traveller, onClose }: { booking: BookingDetail; traveller: Traveller; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useUpdateParticipant();
  const { control, handleSubmit, setError } = useForm({
    resolver: contractResolver(participantInput),
    defaultValues: { _id: traveller._id, name: traveller.name ?? '', type: traveller.type, dateOfBirth: traveller.dateOfBirth, passportNumber: traveller.passportNumber ?? '', passportExpiry: traveller.passportExpiry, nationality: traveller.nationality ?? '' },
  });
  const onSubmit = handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ bookingId: booking._id, input });
      toast.success(t('bookings.travellers.saved'));
      onClose();
    } catch (e) {
      applyServerIssues(e, setError as never);
    }
  });
  return (
    <FormDialog id="traveller-form" header={t('bookings.travellers.editTitle', { position: traveller.position })} onClose={onClose} onSubmit={onSubmit} submitting={save.isPending} width={560}>
      <TextField control={control} name="name" label={t('bookings.travellers.name')} />
      <SelectField control={control} name="type" label={t('bookings.travellers.type')} options={TRAVELLER_TYPES.map((v) => ({ value: v, label: t(`bookings.travellerTypes.${v}`) }))} />
      <DateField control={control} name="dateOfBirth" label={t('bookings.travellers.dateOfBirth')} />
      <TextField control={control} name="passportNumber" label={t('bookings.travellers.passportNumber')} />
      <DateField control={control} name="passportExpiry" label={t('bookings.travellers.passportExpiry')} />
      <TextField control={control} name="nationality" label={t('bookings.travellers.nationality')} />
    </FormDialog>
  );
}

/**
 * The customer's credit notes this payment may use (`GET /credit-notes?lead=…&status=issued`: the
 * same customer's, through their contact), those still valid today and with something left.
 */
function useUsableCreditNotes(booking: BookingDetail, enabled: boolean) {
  const today = useToday();
  const query = useQuery({ ...creditNotesResource.listQueryOptions({ lead: booking.lead._id, status: USABLE_CREDIT_NOTE_STATES, limit: 100 }), enabled });
  return { ...query, notes: (query.data?.data ?? []).filter((n) => n.remaining > 0 && n.validUntil >= today) };
}

function PaymentDialog({ booking, onClose }: { booking: BookingDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const fmt = useBookingFormatters();
  const today = useToday();
  const record = useRecordPayment();
  // One key per opening of the form: a double click or a retry is the same payment.
  const [key] = useState(newIdempotencyKey);
  const [proof, setProof] = useState<File | null>(null);
  const open = openToPay(booking.grandTotal, booking.paid, booking.pendingAmount);
  const { control, handleSubmit, setError, setValue, watch } = useForm<PaymentInput>({
    resolver: contractResolver(paymentInput) as never,
    defaultValues: { amount: Math.max(0, Math.min(open, booking.installments.find((i) => i.open > 0)?.open ?? open)), paymentMethod: 'bank-transfer', paidOn: today, reference: '', notes: '' },
  });
  const method = watch('paymentMethod');
  const byCreditNote = method === 'credit-note';
  // A credit note is read from the cancellations' lists: offered to who may see them.
  const methods = BOOKING_PAYMENT_METHODS.filter((m) => m !== 'credit-note' || can('cancellations', 'view'));
  const credit = useUsableCreditNotes(booking, byCreditNote);
  const noteId = watch('creditNoteId');
  const note = credit.notes.find((n) => n._id === noteId);
  const money = (n: number) => fmt.money(n, booking.currency);
  const onSubmit = handleSubmit(async (input) => {
    // Never more than the note has left nor than is open (the server refuses both; said here first).
    if (byCreditNote && note && input.amount > Math.min(note.remaining, open)) {
      setError('amount', { type: 'tooLarge', message: t('cancellations.creditNote.tooMuch', { max: money(Math.min(note.remaining, open)) }) });
      return;
    }
    try {
      await record.mutateAsync({ bookingId: booking._id, input: byCreditNote ? input : { ...input, creditNoteId: undefined }, proof: byCreditNote ? null : proof, key });
      // A credit note pays at once (nothing for finance to verify).
      toast.success(byCreditNote && note ? t('cancellations.creditNote.paid', { amount: money(input.amount), number: note.number }) : t('bookings.payments.recorded'));
      onClose();
    } catch (e) {
      applyServerIssues(e, setError as never);
    }
  });
  return (
    <FormDialog id="payment-form" header={t('bookings.payments.record')} onClose={onClose} onSubmit={onSubmit} submitting={record.isPending} width={560}>
      <MoneyField control={control} name="amount" label={t('bookings.payments.amount')} currency={booking.currency} />
      <SelectField
        control={control}
        name="paymentMethod"
        label={t('bookings.payments.method')}
        options={methods.map((v) => ({ value: v, label: t(`finance.methods.${v}`) }))}
      />
      {byCreditNote && (
        <>
          <SelectField
            control={control}
            name="creditNoteId"
            label={t('cancellations.creditNote.choose')}
            placeholder={credit.isFetching ? t('shell.loading') : credit.notes.length ? t('cancellations.creditNote.placeholder') : t('cancellations.creditNote.none')}
            options={credit.notes.map((n) => ({ value: n._id, label: t('cancellations.creditNote.option', { number: n.number, left: money(n.remaining), date: fmt.date(n.validUntil) }) }))}
          />
          {note && (
            <div className="card" data-testid="credit-note-left">
              <p style={{ margin: 0 }}>{t('cancellations.creditNote.left', { number: note.number, left: money(note.remaining), date: fmt.date(note.validUntil) })}</p>
              <p className="muted" style={{ margin: 0 }}>
                {t('cancellations.creditNote.atMost', { max: money(Math.min(note.remaining, open)) })}
              </p>
              <Button type="button" size="small" text label={t('cancellations.creditNote.useMost')} onClick={() => setValue('amount', Math.min(note.remaining, open), { shouldValidate: true })} />
            </div>
          )}
        </>
      )}
      <DateField control={control} name="paidOn" label={t('bookings.payments.paidOn')} />
      <TextField control={control} name="reference" label={t('bookings.payments.reference')} />
      <TextAreaField control={control} name="notes" label={t('bookings.payments.notes')} />
      {!byCreditNote && (
        <div className="field">
          <label htmlFor="payment-proof">{t('bookings.payments.proof')}</label>
          <input id="payment-proof" type="file" accept="application/pdf,image/png,image/jpeg" onChange={(e) => setProof(e.target.files?.[0] ?? null)} />
        </div>
      )}
    </FormDialog>
  );
}

function FailDialog({ booking, payment, onClose }: { booking: BookingDetail; payment: Payment; onClose: () => void }) {
  const { t } = useTranslation();
  const send = usePaymentEvent();
  const { control, handleSubmit, setError } = useForm({ resolver: contractResolver(failPaymentInput), defaultValues: { reason: '' } });
  const onSubmit = handleSubmit(async ({ reason }) => {
    try {
      await send.mutateAsync({ bookingId: booking._id, paymentId: payment._id, event: { type: 'FAIL', reason } });
      toast.success(t('bookings.payments.failed'));
      onClose();
    } catch (e) {
      applyServerIssues(e, setError as never);
    }
  });
  return (
    <FormDialog id="fail-form" header={t('bookings.payments.failTitle')} onClose={onClose} onSubmit={onSubmit} submitting={send.isPending} width={520}>
      <TextAreaField control={control} name="reason" label={t('bookings.payments.reason')} />
    </FormDialog>
  );
}

/** A payment's buttons: the events the payment machine accepts now (FAIL asks for its reason). */
function PaymentActions({ booking, payment, onFail }: { booking: BookingDetail; payment: Payment; onFail: (p: Payment) => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const fmt = useBookingFormatters();
  const send = usePaymentEvent();
  const actions = useMemo(
    () =>
      PAYMENT_EVENTS.map(
        (event): WorkflowAction<PaymentEvent> =>
          event.type === 'VERIFY'
            ? { event, label: t('bookings.payments.verify'), icon: 'pi pi-check', confirm: { message: t('bookings.payments.verifyConfirm', { amount: fmt.money(payment.amount, payment.currency) }) } }
            : { event, label: t('bookings.payments.fail'), icon: 'pi pi-times', severity: 'danger', outlined: true },
      ),
    [t, fmt, payment.amount, payment.currency],
  );
  return (
    <WorkflowActions
      machine={paymentMachine}
      state={payment.status}
      actions={can('bookings', 'approve') ? actions : []}
      size="small"
      disabled={send.isPending}
      onEvent={async (event) => {
        if (event.type === 'FAIL') return onFail(payment);
        const verified = await send.mutateAsync({ bookingId: booking._id, paymentId: payment._id, event });
        toast.success(t('bookings.payments.verified', { number: verified.receiptNumber }));
      }}
    />
  );
}

function BookingWorkflow({ booking }: { booking: BookingDetail }) {
  const { t } = useTranslation();
  const can = useCan();
  const send = useBookingEvent();
  // Only VERIFY has a button: COMPLETE is the daily job's, INVOICE the invoice's, CANCEL a cancellation's.
  const actions = useMemo<WorkflowAction<BookingEvent>[]>(
    () => BOOKING_EVENTS.filter((e) => e.type === 'VERIFY').map((event) => ({ event, label: t('bookings.verify'), icon: 'pi pi-verified', severity: 'success', confirm: { message: t('bookings.verifyConfirm') } })),
    [t],
  );
  return (
    <WorkflowPanel
      machine={bookingMachine}
      state={booking.status}
      context={booking.context}
      actions={can('bookings', 'approve') ? actions : []}
      stateLabel={(s) => t(`bookings.states.${s}`)}
      disabled={send.isPending}
      onEvent={async (event) => {
        await send.mutateAsync({ id: booking._id, event });
        toast.success(t('bookings.verified'));
      }}
    />
  );
}

/** The operation a verified booking got (ops leads prepare the trip there): a link to it, naming its next step. */
function OperationLink({ booking }: { booking: BookingDetail }) {
  const { t } = useTranslation();
  const can = useCan();
  // Only a verified booking has an operation (its VERIFY made it): asking earlier would be a 404.
  const hasOperation = snapshotOf(bookingMachine, booking.status, booking.context).hasTag('operated');
  const operation = useQuery({ ...bookingOperationQueryOptions(booking._id), enabled: hasOperation && can('operations', 'view') });
  if (!operation.data) return null;
  return (
    <Link className="p-button p-button-outlined button-link" to={moduleRecordPath('operations', operation.data._id)} data-testid="operation-link">
      <i className="pi pi-briefcase" aria-hidden="true" style={{ marginInlineEnd: '0.5rem' }} />
      {t('operations.openFromBooking')} · {t(`operations.stepNames.${operation.data.nextStep}`)}
    </Link>
  );
}

function Booking({ booking }: { booking: BookingDetail }) {
  const { t } = useTranslation();
  const can = useCan();
  const fmt = useBookingFormatters();
  const money = (n: number) => fmt.money(n, booking.currency);
  const [traveller, setTraveller] = useState<Traveller | null>(null);
  const [paying, setPaying] = useState(false);
  const [failing, setFailing] = useState<Payment | null>(null);
  const reminder = useSendReminder();
  // The machine says what the booking's state allows, with the context the server sent (its guards' facts).
  const machine = snapshotOf(bookingMachine, booking.status, booking.context);
  // The invoice the button issues stands for the one INVOICE will name, as the server's own check does.
  const invoiceable = machine.can({ type: 'INVOICE', invoiceId: booking._id });
  const editable = machine.hasTag('travellersEditable');
  const collecting = machine.hasTag('collecting');
  const describe = (type: string, data: Record<string, unknown>) =>
    t(`bookings.activity.${type}`, {
      ...data,
      amount: typeof data.amount === 'number' ? money(data.amount) : '',
      // Only a status change names states; a reminder's `to` is an address.
      ...(type === 'status' ? { from: t(`bookings.states.${String(data.from)}`), to: t(`bookings.states.${String(data.to)}`) } : {}),
      ...(type === 'reminder' ? { stage: t(`bookings.reminderStages.${String(data.stage)}`) } : {}),
      ...(type === 'document' ? { document: t(`documents.kinds.${String(data.document)}`), to: ([] as unknown[]).concat(data.to ?? []).join(', ') } : {}),
    });

  return (
    <>
      <div className="page-header">
        <h1 id="booking-title" style={{ margin: 0 }}>
          {booking.ref} · {booking.customer.name}
        </h1>
        <BookingStatus booking={booking} />
        <span className="grow" />
        <span className="row">
          <OperationLink booking={booking} />
          <CancellationRequestAction booking={{ _id: booking._id, ref: booking.ref, status: booking.status, currency: booking.currency, customer: booking.customer }} />
          {can('bookings', 'update') && collecting && booking.balance - booking.pendingAmount > 0 && <Button type="button" icon="pi pi-wallet" label={t('bookings.payments.record')} onClick={() => setPaying(true)} />}
          {can('bookings', 'update') && collecting && booking.balance > 0 && (
            <Button
              type="button"
              outlined
              icon="pi pi-send"
              label={t('bookings.reminder')}
              loading={reminder.isPending}
              onClick={async () => {
                const sent = await reminder.mutateAsync({ bookingId: booking._id }).catch(() => undefined);
                if (sent) toast.success(t('bookings.reminderSent', { to: sent.to }));
              }}
            />
          )}
          {can('invoices', 'create') && invoiceable && <IssueInvoiceButton booking={booking} />}
        </span>
      </div>
      <BookingWorkflow booking={booking} />
      <div className="booking-columns">
        <DetailCard
          title={t('bookings.details')}
          testId="booking-details"
          rows={[
            [t('bookings.tour'), `${booking.tour.title} (${t(`bookings.tourTypes.${booking.tourType}`)})`],
            [t('bookings.lead'), booking.lead.name],
            [t('bookings.departure'), `${fmt.date(booking.departure)} – ${fmt.date(booking.arrival)} (${t('tourPlan.nights', { count: booking.totalNights })})`],
            [t('bookings.pax'), fmt.number(booking.pax)],
            [t('bookings.convertedBy'), booking.convertedBy?.name ?? '—'],
            [t('bookings.status'), <BookingStatus key="s" booking={booking} />],
          ]}
        />
        <DetailCard
          title={t('bookings.paymentStatus')}
          testId="booking-money"
          rows={[
            [t('bookings.grandTotal'), money(booking.grandTotal)],
            [t('bookings.paid'), money(booking.paid)],
            [t('bookings.balance'), money(booking.balance)],
            [t('bookings.paymentStatus'), <PaymentStatusTag key="p" status={booking.paymentStatus} />],
            ...(booking.pendingAmount ? [[t('bookings.payments.status'), t('bookings.payments.pending', { amount: money(booking.pendingAmount) })] as [string, string]] : []),
            ...(booking.invoice
              ? [
                  [
                    t('invoices.number'),
                    <span key="i">
                      <bdi>{booking.invoice.number}</bdi> · {t('invoices.dueOn', { date: fmt.date(booking.invoice.dueDate) })}
                    </span>,
                  ] as [string, ReactNode],
                ]
              : []),
          ]}
        />
      </div>

      <section className="card" aria-labelledby="travellers-title">
        <h2 id="travellers-title">{t('bookings.travellers.title')}</h2>
        <table className="booking-table" data-testid="travellers">
          <thead>
            <tr>
              <th scope="col">{t('bookings.travellers.position')}</th>
              <th scope="col">{t('bookings.travellers.name')}</th>
              <th scope="col">{t('bookings.travellers.type')}</th>
              <th scope="col">{t('bookings.travellers.passportNumber')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('bookings.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {booking.travellers.map((x) => (
              <tr key={x._id}>
                <td data-label={t('bookings.travellers.position')}>{x.position}</td>
                <td data-label={t('bookings.travellers.name')}>{x.name ?? <span className="muted">{t('bookings.travellers.unnamed')}</span>}</td>
                <td data-label={t('bookings.travellers.type')}>{t(`bookings.travellerTypes.${x.type}`)}</td>
                <td data-label={t('bookings.travellers.passportNumber')}>{x.passportNumber && <bdi>{x.passportNumber}</bdi>}</td>
                <td className="booking-table__actions">{editable && can('bookings', 'update') && <Button type="button" size="small" text rounded icon="pi pi-pencil" aria-label={t('bookings.travellers.edit', { position: x.position })} onClick={() => setTraveller(x)} />}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className="card" aria-labelledby="plan-title">
        <h2 id="plan-title">{t('bookings.installments.title')}</h2>
        <table className="booking-table" data-testid="installments">
          <thead>
            <tr>
              <th scope="col">{t('bookings.installments.position')}</th>
              <th scope="col">{t('bookings.installments.dueDate')}</th>
              <th scope="col">{t('bookings.installments.amount')}</th>
              <th scope="col">{t('bookings.installments.paid')}</th>
              <th scope="col">{t('bookings.installments.status')}</th>
            </tr>
          </thead>
          <tbody>
            {booking.installments.map((i) => (
              <tr key={i._id} data-status={i.status}>
                <td data-label={t('bookings.installments.position')}>{i.position}</td>
                <td data-label={t('bookings.installments.dueDate')}>{fmt.date(i.dueDate)}</td>
                <td data-label={t('bookings.installments.amount')}>{money(i.amount)}</td>
                <td data-label={t('bookings.installments.paid')}>{money(i.paid)}</td>
                <td data-label={t('bookings.installments.status')}>
                  <StatusTag status={i.status} label={t(`bookings.installmentStatuses.${i.status}`)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className="card" aria-labelledby="payments-title">
        <h2 id="payments-title">{t('bookings.payments.title')}</h2>
        {booking.payments.length === 0 ? (
          <p className="muted">{t('bookings.payments.none')}</p>
        ) : (
          <table className="booking-table" data-testid="payments">
            <thead>
              <tr>
                <th scope="col">{t('bookings.payments.paidOn')}</th>
                <th scope="col">{t('bookings.payments.amount')}</th>
                <th scope="col">{t('bookings.payments.method')}</th>
                <th scope="col">{t('bookings.payments.reference')}</th>
                <th scope="col">{t('bookings.payments.status')}</th>
                <th scope="col">{t('bookings.payments.receipt')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('bookings.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {booking.payments.map((p) => (
                <tr key={p._id} data-payment={p._id} data-status={p.status}>
                  <td data-label={t('bookings.payments.paidOn')}>{fmt.date(p.paidOn)}</td>
                  <td data-label={t('bookings.payments.amount')}>{money(p.amount)}</td>
                  <td data-label={t('bookings.payments.method')}>
                    {t(`finance.methods.${p.paymentMethod}`)}
                    {p.creditNote && (
                      <>
                        {' '}
                        <bdi data-testid="payment-credit-note">{p.creditNote.number}</bdi>
                      </>
                    )}
                  </td>
                  <td data-label={t('bookings.payments.reference')}>{p.reference && <bdi>{p.reference}</bdi>}</td>
                  <td data-label={t('bookings.payments.status')}>
                    <StatusTag status={p.status} label={t(`bookings.paymentStates.${p.status}`)} />
                    {p.failReason && <div className="muted">{p.failReason}</div>}
                  </td>
                  <td data-label={t('bookings.payments.receipt')}>
                    {p.receiptNumber && <bdi>{p.receiptNumber}</bdi>}
                    {p.proof && (
                      <>
                        {' '}
                        <a href={proofUrl(booking._id, p._id)}>{t('bookings.payments.proofLink')}</a>
                      </>
                    )}
                  </td>
                  <td className="booking-table__actions">
                    <PaymentActions booking={booking} payment={p} onFail={setFailing} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <BookingDocuments booking={booking} />

      <section className="card" aria-labelledby="timeline-title">
        <h2 id="timeline-title">{t('bookings.timeline')}</h2>
        <ol className="booking-timeline" data-testid="booking-timeline">
          {booking.activity.map((a) => (
            <li key={a._id}>
              <span className="muted">{fmt.dateTime(a.createdAt)}</span> · {a.actor?.name ?? t('bookings.system')} · {describe(a.type, a.data)}
            </li>
          ))}
        </ol>
      </section>

      {traveller && <TravellerDialog booking={booking} traveller={traveller} onClose={() => setTraveller(null)} />}
      {paying && <PaymentDialog booking={booking} onClose={() => setPaying(false)} />}
      {failing && <FailDialog booking={booking} payment={failing} onClose={() => setFailing(null)} />}
    </>
  );
}

export function BookingDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useBooking(id);
  return (
    <RecordPage titleId="booking-title" back={{ to: modulePath('bookings'), label: t('bookings.back') }} query={query}>
      {(booking) => <Booking booking={booking} />}
    </RecordPage>
  );
}
