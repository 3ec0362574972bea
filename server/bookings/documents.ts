import { and, asc, eq, sql } from 'drizzle-orm';
import { balanceOf } from '../../src/domain/balance';
import type { PaymentMethod } from '../../src/api/finance/contract';
import type { Locale } from '../../src/api/admin/members/contract';
import { bookingEndpoints } from '../../src/api/bookings/contract';
import type { AuthContext } from '../auth/session';
import type { Tx } from '../db/client';
import { moneySql } from '../db/money';
import { documentRoutes, fill, bookingConfirmationTemplate, bookingInvoiceTemplate, bookingReceiptTemplate, type BookingConfirmationData, type BookingInvoiceData, type BookingReceiptData } from '../documents';
import type { RecordDocument } from '../documents';
import { conflict, notFound } from '../http/errors';
import { allow, type RouteDef } from '../http/route';
import { customerLines, invoiceFigures } from './invoices';
import { BOOKING_RECORD } from './customer-mail';
import { bookingInstallments, bookingInvoices, bookingPayments, bookingTravellers, bookings } from './schema';
import { bookingRef, logBookingEvent, visibleBooking, visibleBookings, type BookingRow } from './store';

/**
 * The booking's customer documents through the documents area (docs/documents.md: a template and
 * one call each): the confirmation (`/bookings/{id}/pdf`, `/send`, `/sends`), the receipt of a
 * verified payment (`/bookings/{id}/payment-receipt/{paymentId}/…`) and the invoice
 * (`/booking-invoices/{id}/…`). Each send is a line of the booking's timeline.
 */

const PAYMENT_RECEIPT_RECORD = 'booking-payment';
const INVOICE_RECORD = 'booking-invoice';

const customerOf = (b: Pick<BookingRow, 'customerName' | 'customerEmail' | 'customerPhone'>) => ({ name: b.customerName, email: b.customerEmail, phone: b.customerPhone });

async function confirmationOf(tx: Tx, booking: BookingRow): Promise<RecordDocument<BookingConfirmationData>> {
  const travellers = await tx
    .select({ name: bookingTravellers.name, type: bookingTravellers.type })
    .from(bookingTravellers)
    .where(eq(bookingTravellers.bookingId, booking.id))
    .orderBy(asc(bookingTravellers.position));
  const installments = await tx
    .select({ dueDate: bookingInstallments.dueDate, amount: bookingInstallments.amount, paid: bookingInstallments.paidAmount })
    .from(bookingInstallments)
    .where(eq(bookingInstallments.bookingId, booking.id))
    .orderBy(asc(bookingInstallments.dueDate), asc(bookingInstallments.position));
  const number = bookingRef(booking.number);
  return {
    recordType: BOOKING_RECORD,
    recordId: booking.id,
    recordLabel: number,
    template: bookingConfirmationTemplate,
    lang: booking.language as Locale,
    data: {
      number,
      bookedOn: booking.createdAt,
      customer: customerOf(booking),
      tourTitle: booking.tourTitle,
      departure: booking.departure,
      arrival: booking.arrival,
      totalNights: booking.totalNights,
      currency: booking.currency,
      travellers: travellers.map((t) => ({ name: t.name, type: t.type as 'adult' | 'child' | 'infant' })),
      lines: customerLines(booking),
      grandTotal: booking.grandTotal,
      paid: booking.paidAmount,
      balance: balanceOf(booking.grandTotal, booking.paidAmount),
      installments,
    },
    email: (s, organization) => ({
      subject: fill(s.email.confirmationSubject, { number, organization }),
      message: fill(s.email.confirmationMessage, { number, organization, name: booking.customerName }),
    }),
  };
}

async function receiptOf(tx: Tx, booking: BookingRow, paymentId: string): Promise<RecordDocument<BookingReceiptData>> {
  const [payment] = await tx
    .select()
    .from(bookingPayments)
    .where(and(eq(bookingPayments.id, paymentId), eq(bookingPayments.bookingId, booking.id)));
  if (!payment) throw notFound('Payment');
  if (payment.status !== 'verified' || !payment.receiptNumber) {
    throw conflict('A payment has its receipt once finance has verified it', 'PAYMENT_NOT_VERIFIED', { status: payment.status });
  }
  // The balance the receipt states is the one this payment left: the verified payments allocated
  // up to it (their order, `verified_seq`, not the time their transactions started: two verified at
  // once queue on the booking's lock), so the same receipt reads the same whenever it is printed.
  const [upTo] = await tx
    .select({ paid: moneySql(sql`coalesce(sum(${bookingPayments.amount}), 0)`) })
    .from(bookingPayments)
    .where(and(eq(bookingPayments.bookingId, booking.id), eq(bookingPayments.status, 'verified'), sql`${bookingPayments.verifiedSeq} <= ${payment.verifiedSeq}`));
  const number = payment.receiptNumber;
  return {
    recordType: PAYMENT_RECEIPT_RECORD,
    recordId: payment.id,
    recordLabel: number,
    template: bookingReceiptTemplate,
    lang: booking.language as Locale,
    data: {
      number,
      bookingNumber: bookingRef(booking.number),
      customer: booking.customerName,
      tourTitle: booking.tourTitle,
      paidOn: payment.paidOn,
      paymentMethod: payment.paymentMethod as PaymentMethod,
      reference: payment.reference,
      amount: payment.amount,
      currency: payment.currency,
      balance: balanceOf(booking.grandTotal, upTo.paid),
    },
    email: (s, organization) => ({ subject: fill(s.email.receiptSubject, { number, organization }), message: fill(s.email.receiptMessage, { number, organization }) }),
  };
}

async function invoiceOf(tx: Tx, auth: AuthContext, invoiceId: string): Promise<RecordDocument<BookingInvoiceData>> {
  const [row] = await tx
    .select({ inv: bookingInvoices, booking: { number: bookings.number, tourTitle: bookings.tourTitle, paidAmount: bookings.paidAmount, language: bookings.language } })
    .from(bookingInvoices)
    .innerJoin(bookings, eq(bookings.id, bookingInvoices.bookingId))
    .where(and(eq(bookingInvoices.id, invoiceId), visibleBookings(auth)));
  if (!row) throw notFound('Invoice');
  const { inv } = row;
  const bookingNumber = bookingRef(row.booking.number);
  return {
    recordType: INVOICE_RECORD,
    recordId: inv.id,
    recordLabel: inv.number,
    template: bookingInvoiceTemplate,
    lang: row.booking.language as Locale,
    data: { ...invoiceFigures(inv, row.booking.paidAmount), bookingNumber, tourTitle: row.booking.tourTitle },
    email: (s, organization) => ({
      subject: fill(s.email.invoiceSubject, { number: inv.number, organization }),
      message: fill(s.email.invoiceMessage, { number: inv.number, organization, name: inv.customerName, booking: bookingNumber, date: inv.dueDate }),
    }),
  };
}

export const bookingDocumentRoutes: RouteDef[] = [
  ...documentRoutes({
    endpoints: bookingEndpoints.confirmation,
    read: allow('bookings', 'view'),
    send: allow('bookings', 'update'),
    load: async (tx, { id }, auth) => confirmationOf(tx, await visibleBooking(tx, auth, id)),
    async afterSend(tx, { id }, send, auth) {
      await logBookingEvent(tx, id, 'document', { document: send.document, sendId: send._id, to: send.to }, auth.memberId);
    },
  }),
  ...documentRoutes({
    endpoints: bookingEndpoints.receipt,
    read: allow('bookings', 'view'),
    send: allow('bookings', 'update'),
    load: async (tx, { id, paymentId }, auth) => receiptOf(tx, await visibleBooking(tx, auth, id), paymentId),
    async afterSend(tx, { id, paymentId }, send, auth) {
      await logBookingEvent(tx, id, 'document', { document: send.document, sendId: send._id, to: send.to, paymentId }, auth.memberId);
    },
  }),
  ...documentRoutes({
    endpoints: bookingEndpoints.invoice,
    read: allow('invoices', 'view'),
    send: allow('invoices', 'update'),
    load: (tx, { id }, auth) => invoiceOf(tx, auth, id),
    async afterSend(tx, { id }, send, auth) {
      const [inv] = await tx.select({ bookingId: bookingInvoices.bookingId }).from(bookingInvoices).where(eq(bookingInvoices.id, id));
      await logBookingEvent(tx, inv.bookingId, 'document', { document: send.document, sendId: send._id, to: send.to, invoiceId: id }, auth.memberId);
    },
  }),
];
