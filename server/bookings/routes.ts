import * as v from 'valibot';
import { and, eq, sql } from 'drizzle-orm';
import { bookingEndpoints, MAX_PROOF_BYTES, bookingIdParams, paymentParams, verifyBookingRequest, verifyPaymentRequest, failPaymentRequest, type BookingDetail, type Payment } from '../../src/api/bookings/contract';
import type { WorkflowRequest } from '../../src/api/common/workflow';
import type { paymentMachine } from '../../src/machines/payment-machine';
import type { AuthContext } from '../auth/session';
import { organizationTimeZone, organizationToday } from '../db/clock';
import { booksStart } from '../finance';
import { moduleSettings } from '../admin';
import type { Tx } from '../db/client';
import { conflict, invalidField, notFound } from '../http/errors';
import { allow, route, type RouteDef } from '../http/route';
import { disposition } from '../documents';
import { recordAction, workflowRoute, type RecordActionDef } from '../workflow/route';
import type { AppServices } from '../services';
import { leads, visibleLeads } from '../leads';
import { createBooking } from './create';
import { generateInvoice, invoiceDraft, invoicesPage } from './invoices';
import { bookingsPage, completedBookingsPage, paymentReceiptsPage, pendingInstallmentsPage } from './lists';
import { checkProof } from './proof';
import { sendManualReminder } from './reminders';
import { submitPayment } from './payments';
import { bookingPaymentProofs, bookingPayments, bookingTravellers, bookings } from './schema';
import { PAYMENT_RECORD, bookingDetail, logBookingEvent, lockVisibleBooking, paymentDetail, selectBookings, toBookings, visibleBooking, visibleBookings, type BookingRow, type PaymentRow } from './store';
import { TRAVELLERS_EDITABLE_STATES, bookingWorkflow, firstUnnamedTraveller, paymentWorkflow } from './workflow';

/**
 * The seed's "Bookings", "Payment receipts" and "Invoices" calls (docs/bookings.md). Handlers are
 * thin: the rules live in the machines (src/machines), the money rules in src/domain, the writes
 * in create.ts, workflow.ts, reminders.ts and invoices.ts.
 */

const today = (tx: Tx, services: AppServices) => organizationToday(tx, services.clock);
const detailOf = async (tx: Tx, services: AppServices, id: string) => ({ data: await bookingDetail(tx, id, await today(tx, services)) });

/** The booking as answered after a change, its plan's statuses on the organization's today. */
const answerBooking = async (tx: Tx, row: BookingRow, { services }: { services: AppServices }) => (await detailOf(tx, services, row.id)).data;

/** A change to one booking (`/bookings/:id/…`): locked and visible to the caller (else 404), answered whole. */
function bookingAction<B extends v.GenericSchema>(def: Omit<RecordActionDef<BookingRow, BookingDetail, B, typeof bookingIdParams>, 'lock' | 'answer'>): RouteDef {
  return recordAction<BookingRow, BookingDetail, B, typeof bookingIdParams>({ ...def, lock: lockVisibleBooking, answer: answerBooking });
}

/** The payment of a booking the caller sees, both locked (the booking first, as every money write); 404 otherwise. */
async function lockVisiblePayment(tx: Tx, auth: AuthContext, bookingId: string, paymentId: string): Promise<PaymentRow> {
  await lockVisibleBooking(tx, auth, bookingId);
  const [row] = await tx
    .select()
    .from(bookingPayments)
    .where(and(eq(bookingPayments.id, paymentId), eq(bookingPayments.bookingId, bookingId)))
    .for('update');
  if (!row) throw notFound(PAYMENT_RECORD);
  return row;
}

/** `PUT /bookings/{id}/payment/{paymentId}/verify` and `…/fail`: the payment machine's events, by whoever may approve. */
const paymentDecision = <B extends v.GenericSchema>(request: WorkflowRequest<typeof paymentMachine, B, Payment>) =>
  workflowRoute<typeof paymentMachine, PaymentRow, B, Payment, typeof paymentParams>({
    request,
    access: allow('bookings', 'approve'),
    genericPlans: true,
    workflow: (auth) => paymentWorkflow(auth.memberId),
    lock: (tx, auth, id, params) => lockVisiblePayment(tx, auth, id, params.paymentId),
    answer: (tx, row) => paymentDetail(tx, row.id),
  });

export const bookingRoutes: RouteDef[] = [
  route({
    endpoint: bookingEndpoints.list,
    access: allow('bookings', 'view'),
    handler: async ({ tx, auth, query }) => bookingsPage(tx, auth, query, await organizationTimeZone(tx)),
  }),

  /** The plan the wizard proposes (Configurations → bookings), for whoever books: no configurations.view needed. */
  route({
    endpoint: bookingEndpoints.settings,
    access: allow('bookings', 'view'),
    async handler({ tx }) {
      const { depositPercent, balanceDaysBeforeDeparture } = await moduleSettings(tx, 'bookings');
      return { data: { depositPercent, balanceDaysBeforeDeparture } };
    },
  }),

  route({
    endpoint: bookingEndpoints.completed,
    access: allow('bookings', 'view'),
    handler: async ({ tx, auth, query }) => completedBookingsPage(tx, auth, query, await organizationTimeZone(tx)),
  }),

  route({
    endpoint: bookingEndpoints.pendingInstallments,
    access: allow('bookings', 'view'),
    handler: async ({ tx, auth, query, services: s }) => pendingInstallmentsPage(tx, auth, query, await organizationTimeZone(tx), await today(tx, s)),
  }),

  route({
    endpoint: bookingEndpoints.byId,
    access: allow('bookings', 'view'),
    handler: async ({ tx, auth, params, services: s }) => detailOf(tx, s, (await visibleBooking(tx, auth, params.id)).id),
  }),

  route({
    endpoint: bookingEndpoints.byLead,
    access: allow('bookings', 'view'),
    async handler({ tx, auth, params }) {
      // The lead must be the caller's to see, as on the leads' own calls (404 otherwise).
      const [lead] = await tx.select({ id: leads.id }).from(leads).where(and(eq(leads.id, params.leadId), visibleLeads(auth)));
      if (!lead) throw notFound('Lead');
      const rows = await selectBookings(tx)
        .where(and(eq(bookings.leadId, params.leadId), visibleBookings(auth)))
        .orderBy(sql`${bookings.createdAt} desc`, bookings.id);
      return { data: await toBookings(tx, rows) };
    },
  }),

  route({
    endpoint: bookingEndpoints.create,
    access: allow('bookings', 'create'),
    genericPlans: true,
    async handler({ tx, auth, body, services: s }) {
      const id = await createBooking(tx, auth, body, await today(tx, s));
      return detailOf(tx, s, id);
    },
  }),

  workflowRoute({
    request: verifyBookingRequest,
    access: allow('bookings', 'approve'),
    workflow: bookingWorkflow,
    lock: lockVisibleBooking,
    async then({ tx, auth, row, applied }) {
      await logBookingEvent(tx, row.id, 'status', { from: row.status, to: applied!.to.value }, auth.memberId);
    },
    answer: answerBooking,
  }),

  bookingAction({
    endpoint: bookingEndpoints.participant,
    access: allow('bookings', 'update'),
    async run({ tx, auth, row, body, services }) {
      if (!TRAVELLERS_EDITABLE_STATES.includes(row.status)) throw conflict(`The travellers of a ${row.status} booking no longer change`, 'BOOKING_CLOSED', { status: row.status });
      const { _id, ...fields } = body;
      const traveller = _id
        ? (await tx.select().from(bookingTravellers).where(and(eq(bookingTravellers.id, _id), eq(bookingTravellers.bookingId, row.id))))[0]
        : await firstUnnamedTraveller(tx, row.id, body.type!);
      if (!traveller) {
        if (_id) throw notFound('Traveller');
        throw conflict(`Every ${body.type} of this booking has a name already: edit one instead`, 'NO_UNNAMED_TRAVELLER', { type: body.type! });
      }
      const type = fields.type ?? traveller.type;
      const price = (t: string) => (row.priceAdult === null ? 0 : { adult: row.priceAdult, child: row.priceChild, infant: row.priceInfant }[t]);
      if (type !== traveller.type && price(type) !== price(traveller.type)) {
        throw conflict(`A ${traveller.type} and a ${type} do not pay the same on this booking: its price would change`, 'TRAVELLER_TYPE_PRICED', { from: traveller.type, to: type });
      }
      if (fields.dateOfBirth && fields.dateOfBirth > (await today(tx, services))) throw invalidField('dateOfBirth', 'inFuture', 'must not be in the future');
      await tx
        .update(bookingTravellers)
        .set({ ...fields, type })
        .where(eq(bookingTravellers.id, traveller.id));
      await tx.update(bookings).set({ updatedAt: sql`now()` }).where(eq(bookings.id, row.id));
      await logBookingEvent(tx, row.id, 'travellers', { travellerId: traveller.id, position: traveller.position, fields: Object.keys(fields) }, auth.memberId);
    },
  }),

  route({
    endpoint: bookingEndpoints.reminder,
    access: allow('bookings', 'update'),
    async handler({ tx, auth, params }) {
      const booking = await lockVisibleBooking(tx, auth, params.id);
      return { data: await sendManualReminder(tx, booking, auth.memberId) };
    },
  }),

  route({
    endpoint: bookingEndpoints.recordPayment,
    access: allow('bookings', 'update'),
    multipart: { files: 'proof' },
    maxBodyBytes: MAX_PROOF_BYTES + 64 * 1024,
    idempotent: true,
    genericPlans: true,
    async handler({ tx, auth, params, body, files, services: s }) {
      const booking = await lockVisibleBooking(tx, auth, params.id);
      const proof = checkProof(files);
      const payment = await submitPayment(tx, booking, body, { actorId: auth.memberId, today: await today(tx, s), proof, booksStart: await booksStart(tx) });
      return { data: await paymentDetail(tx, payment.id) };
    },
  }),

  paymentDecision(verifyPaymentRequest),
  paymentDecision(failPaymentRequest),

  route({
    endpoint: bookingEndpoints.proof,
    access: allow('bookings', 'view'),
    async handler({ tx, auth, params }) {
      await visibleBooking(tx, auth, params.id);
      const [file] = await tx
        .select({ fileName: bookingPaymentProofs.fileName, contentType: bookingPaymentProofs.contentType, content: bookingPaymentProofs.content })
        .from(bookingPaymentProofs)
        .innerJoin(bookingPayments, eq(bookingPayments.id, bookingPaymentProofs.paymentId))
        .where(and(eq(bookingPaymentProofs.paymentId, params.paymentId), eq(bookingPayments.bookingId, params.id)));
      if (!file) throw notFound('Proof of payment');
      return new Response(new Uint8Array(file.content), {
        headers: {
          'Content-Type': file.contentType,
          'Content-Disposition': disposition('attachment', file.fileName),
          'X-Content-Type-Options': 'nosniff',
          'Cache-Control': 'no-store',
        },
      });
    },
  }),

  route({
    endpoint: bookingEndpoints.receipts,
    access: allow('paymentReceipts', 'view'),
    handler: async ({ tx, auth, query, services: s }) => paymentReceiptsPage(tx, auth, query, await today(tx, s)),
  }),

  route({
    endpoint: bookingEndpoints.generateInvoice,
    access: allow('invoices', 'create'),
    async handler({ tx, auth, body, services: s }) {
      const booking = await lockVisibleBooking(tx, auth, body.bookingId);
      return { data: await generateInvoice(tx, booking, auth.memberId, await today(tx, s)) };
    },
  }),

  route({
    endpoint: bookingEndpoints.invoicePreview,
    access: allow('invoices', 'create'),
    handler: async ({ tx, auth, params, services: s }) => ({ data: await invoiceDraft(tx, await visibleBooking(tx, auth, params.id), await today(tx, s)) }),
  }),

  route({
    endpoint: bookingEndpoints.invoices,
    access: allow('invoices', 'view'),
    handler: async ({ tx, auth, query, services: s }) => invoicesPage(tx, auth, query, await today(tx, s)),
  }),
];
