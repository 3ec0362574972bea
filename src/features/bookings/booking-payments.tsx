import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { Button } from 'primereact/button';
import { toast } from 'sonner';
import { openToPay } from '../../domain/balance';
import { todayIn } from '../../domain/calendar';
import { BOOKING_PAYMENT_METHODS, failPaymentInput, paymentInput, type BookingDetail, type Installment, type Payment, type PaymentInput } from '../../api/bookings/contract';
import { creditNotesResource } from '../../api/finance/credit/get-credit';
import { USABLE_CREDIT_NOTE_STATES } from '../../machines/credit-note-machine';
import { proofUrl, usePaymentEvent, useRecordPayment } from '../../api/bookings/save-booking';
import { newIdempotencyKey } from '../../api/common/idempotency';
import { paymentMachine, PAYMENT_EVENTS, type PaymentEvent } from '../../machines/payment-machine';
import { useAuth, useCan } from '../../ui/auth';
import { applyServerIssues, DateField, SelectField, TextAreaField, TextField } from '../../ui/form-fields';
import { FormDialog } from '../../ui/form-dialog';
import { contractResolver } from '../../ui/form-resolver';
import { OwedAmountField, refuseAboveOwed, useOwed } from '../../ui/owed-amount';
import { actionsColumn, RecordTable, type TableColumn } from '../../ui/record-table';
import { StatusTag } from '../../ui/status-tag';
import { WorkflowActions, type WorkflowAction } from '../../ui/workflow-panel';
import { useBookingFormatters } from './bookings-page';

/** A booking's money as it is collected: the installment plan, the payments recorded, the dialogs that record, verify and fail them. */

/** The organization's today (its time zone), as forms default dates to it. */
function useToday() {
  const { organization } = useAuth();
  return todayIn(organization.timeZone);
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

export function PaymentDialog({ booking, onClose }: { booking: BookingDetail; onClose: () => void }) {
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
  // The open balance as the server reckons it (the total less verified and waiting payments), said
  // before sending; more is refused under the amount (the server's 409 PAYMENT_EXCEEDS_BALANCE).
  const owed = useOwed({
    owed: open,
    currency: booking.currency,
    says: (amount) => [t('bookings.payments.openBalance', { amount }), ...(booking.pendingAmount > 0 ? [t('bookings.payments.pending', { amount: money(booking.pendingAmount) })] : [])].join(' · '),
    refuses: (amount) => t('bookings.payments.aboveOpen', { amount }),
  });
  const onSubmit = handleSubmit(async (input) => {
    if (refuseAboveOwed(owed, input.amount, setError)) return;
    // Never more than the note has left (the server refuses it; said here first).
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
      <OwedAmountField control={control} name="amount" label={t('bookings.payments.amount')} owed={owed} />
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

/** The booking's installment plan: each installment's due date, amount, what was paid and its state. */
export function InstallmentsSection({ booking }: { booking: BookingDetail }) {
  const { t } = useTranslation();
  const fmt = useBookingFormatters();
  const money = (n: number) => fmt.money(n, booking.currency);
  const columns: TableColumn<Installment>[] = [
    { key: 'position', header: t('bookings.installments.position'), cell: (i) => i.position },
    { key: 'dueDate', header: t('bookings.installments.dueDate'), cell: (i) => fmt.date(i.dueDate) },
    { key: 'amount', header: t('bookings.installments.amount'), cell: (i) => money(i.amount) },
    { key: 'paid', header: t('bookings.installments.paid'), cell: (i) => money(i.paid) },
    { key: 'status', header: t('bookings.installments.status'), cell: (i) => <StatusTag status={i.status} label={t(`bookings.installmentStatuses.${i.status}`)} /> },
  ];
  return (
    <section className="card" aria-labelledby="plan-title">
      <h2 id="plan-title">{t('bookings.installments.title')}</h2>
      <RecordTable className="booking-table" testId="installments" rows={booking.installments} rowKey={(i) => i._id} rowProps={(i) => ({ 'data-status': i.status })} columns={columns} />
    </section>
  );
}

/** The payments recorded on the booking: each with its method, reference, state, receipt and proof, and its buttons. */
export function PaymentsSection({ booking }: { booking: BookingDetail }) {
  const { t } = useTranslation();
  const fmt = useBookingFormatters();
  const money = (n: number) => fmt.money(n, booking.currency);
  const [failing, setFailing] = useState<Payment | null>(null);
  const columns: TableColumn<Payment>[] = [
    { key: 'paidOn', header: t('bookings.payments.paidOn'), cell: (p) => fmt.date(p.paidOn) },
    { key: 'amount', header: t('bookings.payments.amount'), cell: (p) => money(p.amount) },
    {
      key: 'method',
      header: t('bookings.payments.method'),
      cell: (p) => (
        <>
          {t(`finance.methods.${p.paymentMethod}`)}
          {p.creditNote && (
            <>
              {' '}
              <bdi data-testid="payment-credit-note">{p.creditNote.number}</bdi>
            </>
          )}
        </>
      ),
    },
    { key: 'reference', header: t('bookings.payments.reference'), cell: (p) => p.reference && <bdi>{p.reference}</bdi> },
    {
      key: 'status',
      header: t('bookings.payments.status'),
      cell: (p) => (
        <>
          <StatusTag status={p.status} label={t(`bookings.paymentStates.${p.status}`)} />
          {p.failReason && <div className="muted">{p.failReason}</div>}
        </>
      ),
    },
    {
      key: 'receipt',
      header: t('bookings.payments.receipt'),
      cell: (p) => (
        <>
          {p.receiptNumber && <bdi>{p.receiptNumber}</bdi>}
          {p.proof && (
            <>
              {' '}
              <a href={proofUrl(booking._id, p._id)}>{t('bookings.payments.proofLink')}</a>
            </>
          )}
        </>
      ),
    },
    actionsColumn(t('bookings.actions'), 'booking-table__actions', (p) => <PaymentActions booking={booking} payment={p} onFail={setFailing} />),
  ];
  return (
    <>
      <section className="card" aria-labelledby="payments-title">
        <h2 id="payments-title">{t('bookings.payments.title')}</h2>
        {booking.payments.length === 0 ? (
          <p className="muted">{t('bookings.payments.none')}</p>
        ) : (
          <RecordTable className="booking-table" testId="payments" rows={booking.payments} rowKey={(p) => p._id} rowProps={(p) => ({ 'data-payment': p._id, 'data-status': p.status })} columns={columns} />
        )}
      </section>
      {failing && <FailDialog booking={booking} payment={failing} onClose={() => setFailing(null)} />}
    </>
  );
}
