import { useMemo, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { Button } from 'primereact/button';
import { toast } from 'sonner';
import { participantInput, TRAVELLER_TYPES, type BookingDetail, type Traveller } from '../../api/bookings/contract';
import { CancellationRequestAction } from '../../ui/cancellation-request';
import { useBooking } from '../../api/bookings/get-bookings';
import { useBookingEvent, useSendReminder, useUpdateParticipant } from '../../api/bookings/save-booking';
import { bookingOperationQueryOptions } from '../../api/operations/get-operations';
import { bookingMachine, BOOKING_EVENTS, type BookingEvent } from '../../machines/booking-machine';
import { snapshotOf } from '../../machines/workflow';
import { useCan } from '../../ui/auth';
import { DetailCard } from '../../ui/detail-card';
import { applyServerIssues, DateField, SelectField, TextField } from '../../ui/form-fields';
import { FormDialog } from '../../ui/form-dialog';
import { contractResolver } from '../../ui/form-resolver';
import { moduleRecordPath, modulePath } from '../../ui/module-paths';
import { RecordPage } from '../../ui/placeholders';
import { actionsColumn, RecordTable, type TableColumn } from '../../ui/record-table';
import { WorkflowPanel, type WorkflowAction } from '../../ui/workflow-panel';
import { BookingDocuments } from './booking-documents';
import { InstallmentsSection, PaymentDialog, PaymentsSection } from './booking-payments';
import { IssueInvoiceButton } from './issue-invoice';
import { BookingStatus, PaymentStatusTag, useBookingFormatters } from './bookings-page';
import './bookings.css';

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

/** The page's title and the booking's buttons: its operation, a cancellation, recording a payment, a reminder, an invoice. */
function BookingHeader({ booking, collecting, invoiceable }: { booking: BookingDetail; collecting: boolean; invoiceable: boolean }) {
  const { t } = useTranslation();
  const can = useCan();
  const [paying, setPaying] = useState(false);
  const reminder = useSendReminder();
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
      {paying && <PaymentDialog booking={booking} onClose={() => setPaying(false)} />}
    </>
  );
}

/** What was booked (tour, lead, dates, travellers) beside its money (total, paid, balance, invoice). */
function BookingSummary({ booking }: { booking: BookingDetail }) {
  const { t } = useTranslation();
  const fmt = useBookingFormatters();
  const money = (n: number) => fmt.money(n, booking.currency);
  return (
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
  );
}

/** The travellers: position, name, type and passport, each editable while the booking allows it. */
function TravellersSection({ booking, editable }: { booking: BookingDetail; editable: boolean }) {
  const { t } = useTranslation();
  const can = useCan();
  const [traveller, setTraveller] = useState<Traveller | null>(null);
  const columns: TableColumn<Traveller>[] = [
    { key: 'position', header: t('bookings.travellers.position'), cell: (x) => x.position },
    { key: 'name', header: t('bookings.travellers.name'), cell: (x) => x.name ?? <span className="muted">{t('bookings.travellers.unnamed')}</span> },
    { key: 'type', header: t('bookings.travellers.type'), cell: (x) => t(`bookings.travellerTypes.${x.type}`) },
    { key: 'passport', header: t('bookings.travellers.passportNumber'), cell: (x) => x.passportNumber && <bdi>{x.passportNumber}</bdi> },
    actionsColumn(t('bookings.actions'), 'booking-table__actions', (x) => editable && can('bookings', 'update') && <Button type="button" size="small" text rounded icon="pi pi-pencil" aria-label={t('bookings.travellers.edit', { position: x.position })} onClick={() => setTraveller(x)} />),
  ];
  return (
    <>
      <section className="card" aria-labelledby="travellers-title">
        <h2 id="travellers-title">{t('bookings.travellers.title')}</h2>
        <RecordTable className="booking-table" testId="travellers" rows={booking.travellers} rowKey={(x) => x._id} columns={columns} />
      </section>
      {traveller && <TravellerDialog booking={booking} traveller={traveller} onClose={() => setTraveller(null)} />}
    </>
  );
}

/** What happened to the booking (payments, states, reminders, documents), in words. */
function Timeline({ booking }: { booking: BookingDetail }) {
  const { t } = useTranslation();
  const fmt = useBookingFormatters();
  const money = (n: number) => fmt.money(n, booking.currency);
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
  );
}

function Booking({ booking }: { booking: BookingDetail }) {
  // The machine says what the booking's state allows, with the context the server sent (its guards' facts).
  const machine = snapshotOf(bookingMachine, booking.status, booking.context);
  // The invoice the button issues stands for the one INVOICE will name, as the server's own check does.
  const invoiceable = machine.can({ type: 'INVOICE', invoiceId: booking._id });
  const editable = machine.hasTag('travellersEditable');
  const collecting = machine.hasTag('collecting');

  return (
    <>
      <BookingHeader booking={booking} collecting={collecting} invoiceable={invoiceable} />
      <BookingWorkflow booking={booking} />
      <BookingSummary booking={booking} />

      <TravellersSection booking={booking} editable={editable} />

      <InstallmentsSection booking={booking} />

      <PaymentsSection booking={booking} />

      <BookingDocuments booking={booking} />

      <Timeline booking={booking} />
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