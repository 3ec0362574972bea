import type { Locale } from '../../src/api/admin/members/contract';
import { and, asc, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Booking, BookingActivity, BookingActivityType, BookingDetail, CancellationTier, Installment, Payment, Traveller, TourType } from '../../src/api/bookings/contract';
import type { PaymentMethod } from '../../src/api/finance/contract';
import type { TravellerType } from '../../src/api/tours/package-plan';
import { installmentStatus, paymentStatus } from '../../src/domain/installment-plan';
import { balanceOf } from '../../src/domain/balance';
import { formatMoney } from '../../src/domain/money';
import type { BookingContext, BookingState } from '../../src/machines/booking-machine';
import type { PaymentState } from '../../src/machines/payment-machine';
import type { AuthContext } from '../auth/session';
import { visibleTo } from '../auth/visibility';
import type { Tx } from '../db/client';
import { moneySql } from '../db/money';
import { members } from '../auth/schema';
import { leads } from '../leads';
import { placeRefs } from '../catalogue';
import { notFound } from '../http/errors';
import { bookingEvents, bookingInstallments, bookingInvoices, bookingPaymentProofs, bookingPayments, bookingTravellers, bookings, paymentAllocations } from './schema';

/**
 * What the booking routes, jobs and other areas read and share: visibility, a booking with
 * everything around it, its payments, and its timeline. Other areas call this file or workflow.ts.
 */
export type BookingRow = typeof bookings.$inferSelect;
export type PaymentRow = typeof bookingPayments.$inferSelect;

export const BOOKING_RECORD = 'Booking';
export const PAYMENT_RECORD = 'Payment';

/** `BK-1042`: the booking's number as people say it. */
export const bookingRef = (number: number) => `BK-${number}`;
export const bookingLink = (id: string) => `/bookings/${id}`;
/**
 * Money in the staff's notifications' English text: `USD 1,250.00`, with a plain space (not Intl's
 * no-break one: the text is plain). Customers' emails use the documents' formatters, in their language.
 */
/** The SQL twins of `balanceOf` (src/domain/balance.ts), for a select or a condition: a booking's balance, an installment's open amount. */
export const bookingBalanceSql = () => sql`${bookings.grandTotal} - ${bookings.paidAmount}`;
export const installmentOpenSql = () => sql`${bookingInstallments.amount} - ${bookingInstallments.paidAmount}`;
export const staffMoney = (minor: number, currency: string) => formatMoney(minor, currency, 'en', { currencyDisplay: 'code' }).replace(/\u00a0/g, ' ');

/** The bookings the caller may see: with "own" booking visibility, those credited to them. */
export const visibleBookings = (auth: AuthContext) => visibleTo(auth, 'bookings', bookings.convertedBy);

/** The booking, locked for the rest of the request; 404 when it is not there or not the caller's to see. */
export async function lockVisibleBooking(tx: Tx, auth: AuthContext, id: string): Promise<BookingRow> {
  const [row] = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, id), visibleBookings(auth)))
    .for('update');
  if (!row) throw notFound(BOOKING_RECORD);
  return row;
}

/** The booking if the caller may see it (not locked); 404 otherwise. */
export async function visibleBooking(tx: Tx, auth: AuthContext, id: string): Promise<BookingRow> {
  const [row] = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, id), visibleBookings(auth)));
  if (!row) throw notFound(BOOKING_RECORD);
  return row;
}

type MemberRef = { _id: string; name: string };

export async function memberRefs(tx: Tx, ids: (string | null)[]): Promise<(id: string | null) => MemberRef | null> {
  const wanted = [...new Set(ids.filter((x): x is string => !!x))];
  const rows = wanted.length ? await tx.select({ _id: members.id, name: members.name }).from(members).where(inArray(members.id, wanted)) : [];
  const byId = new Map(rows.map((r) => [r._id, r]));
  return (id) => (id ? (byId.get(id) ?? null) : null);
}

// ---------- reading ----------

/**
 * What a list row reads, in one statement: the booking's own columns but the heavy ones (the tour
 * as booked, the cancellation policy: the record's page reads them), the lead's and the credited
 * member's names, and whether it has its invoice.
 */
const { tourSnapshot: _snapshot, cancellationPolicy: _policy, ...listColumns } = getTableColumns(bookings);
const bookingListSelect = {
  ...listColumns,
  leadName: leads.name,
  convertedByName: members.name,
  invoiced: sql<boolean>`exists (select 1 from ${bookingInvoices} where ${bookingInvoices.bookingId} = ${bookings.id})`,
};
export type BookingListRow = { [K in keyof typeof bookingListSelect]: K extends keyof BookingRow ? BookingRow[K] : K extends 'invoiced' ? boolean : string | null };

/** Bookings as list rows read them (filter, sort and page the answer). */
export const selectBookings = (tx: Tx) =>
  tx.select(bookingListSelect).from(bookings).innerJoin(leads, eq(leads.id, bookings.leadId)).leftJoin(members, eq(members.id, bookings.convertedBy));

/** List rows as answered: places by name (the rest came with the row), the derived payment status. */
export async function toBookings(tx: Tx, rows: BookingListRow[]): Promise<Booking[]> {
  if (!rows.length) return [];
  const places = await placeRefs(tx, rows);
  return rows.map((r) => ({
    _id: r.id,
    ref: bookingRef(r.number),
    tourType: r.tourType as TourType,
    tour: { _id: r.tourId, title: r.tourTitle, version: r.tourVersion },
    lead: { _id: r.leadId, name: r.leadName ?? r.customerName },
    customer: { name: r.customerName, email: r.customerEmail, phone: r.customerPhone },
    language: r.language as Locale,
    status: r.status as BookingState,
    regions: places.regions(r.regions),
    destinations: places.destinations(r.destinations),
    departure: r.departure,
    arrival: r.arrival,
    totalNights: r.totalNights,
    pax: r.pax,
    grandTotal: r.grandTotal,
    paid: r.paidAmount,
    balance: balanceOf(r.grandTotal, r.paidAmount),
    paymentStatus: paymentStatus(r.grandTotal, r.paidAmount),
    currency: r.currency,
    convertedBy: r.convertedBy && r.convertedByName ? { _id: r.convertedBy, name: r.convertedByName } : null,
    invoiceGenerated: r.invoiced,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  }));
}

/** The payments of some bookings (newest first), with what they paid and their proof's name. */
export async function paymentsOf(tx: Tx, where: { bookingIds?: string[]; paymentIds?: string[] }): Promise<Payment[]> {
  const filter = where.paymentIds ? inArray(bookingPayments.id, where.paymentIds) : inArray(bookingPayments.bookingId, where.bookingIds ?? []);
  if ((where.paymentIds ?? where.bookingIds ?? []).length === 0) return [];
  const rows = await tx
    .select({ p: bookingPayments, proofName: bookingPaymentProofs.fileName, proofType: bookingPaymentProofs.contentType, proofSize: bookingPaymentProofs.size })
    .from(bookingPayments)
    .leftJoin(bookingPaymentProofs, eq(bookingPaymentProofs.paymentId, bookingPayments.id))
    .where(filter)
    .orderBy(desc(bookingPayments.createdAt), desc(bookingPayments.id));
  return toPayments(tx, rows);
}

type PaymentRowWithProof = { p: PaymentRow; proofName: string | null; proofType: string | null; proofSize: number | null };

export async function toPayments(tx: Tx, rows: PaymentRowWithProof[]): Promise<Payment[]> {
  if (!rows.length) return [];
  // In the plan's order (as the receipts list writes them).
  const allocations = await tx
    .select({ paymentId: paymentAllocations.paymentId, installmentId: paymentAllocations.installmentId, amount: paymentAllocations.amount })
    .from(paymentAllocations)
    .innerJoin(bookingInstallments, eq(bookingInstallments.id, paymentAllocations.installmentId))
    .where(
      inArray(
        paymentAllocations.paymentId,
        rows.map((r) => r.p.id),
      ),
    )
    .orderBy(asc(bookingInstallments.position), asc(paymentAllocations.id));
  const member = await memberRefs(
    tx,
    rows.flatMap((r) => [r.p.submittedBy, r.p.decidedBy]),
  );
  return rows.map(({ p, proofName, proofType, proofSize }) => ({
    _id: p.id,
    bookingId: p.bookingId,
    amount: p.amount,
    currency: p.currency,
    paymentMethod: p.paymentMethod as PaymentMethod,
    paidOn: p.paidOn,
    reference: p.reference,
    notes: p.notes,
    status: p.status as PaymentState,
    isVerified: p.status === 'verified',
    receiptNumber: p.receiptNumber,
    failReason: p.failReason,
    proof: proofName ? { fileName: proofName, contentType: proofType as 'application/pdf', size: proofSize ?? 0 } : null,
    allocations: allocations.filter((a) => a.paymentId === p.id).map(({ installmentId, amount }) => ({ installmentId, amount })),
    submittedBy: member(p.submittedBy),
    decidedBy: member(p.decidedBy),
    decidedAt: p.decidedAt,
    createdAt: p.createdAt,
  }));
}

export async function paymentDetail(tx: Tx, paymentId: string): Promise<Payment> {
  const [payment] = await paymentsOf(tx, { paymentIds: [paymentId] });
  if (!payment) throw notFound(PAYMENT_RECORD);
  return payment;
}

export const toInstallment = (i: typeof bookingInstallments.$inferSelect, today: string): Installment => ({
  _id: i.id,
  position: i.position,
  dueDate: i.dueDate,
  amount: i.amount,
  paid: i.paidAmount,
  open: balanceOf(i.amount, i.paidAmount),
  status: installmentStatus({ amount: i.amount, paid: i.paidAmount, dueDate: i.dueDate }, today),
});

export async function installmentsOf(tx: Tx, bookingId: string) {
  return tx.select().from(bookingInstallments).where(eq(bookingInstallments.bookingId, bookingId)).orderBy(asc(bookingInstallments.position));
}

export async function travellersOf(tx: Tx, bookingId: string) {
  return tx.select().from(bookingTravellers).where(eq(bookingTravellers.bookingId, bookingId)).orderBy(asc(bookingTravellers.position));
}

export const toTraveller = (t: typeof bookingTravellers.$inferSelect): Traveller => ({
  _id: t.id,
  position: t.position,
  name: t.name,
  type: t.type as TravellerType,
  dateOfBirth: t.dateOfBirth,
  passportNumber: t.passportNumber,
  passportExpiry: t.passportExpiry,
  nationality: t.nationality,
});

/**
 * The booking machine's context: what VERIFY and COMPLETE ask of the record (unnamed travellers, the
 * first installment's gap, the arrival). The workflow's guards read it, and the booking's answer
 * carries it for the screen's buttons: one computation for both.
 */
export async function bookingContext(tx: Tx, row: Pick<BookingRow, 'id' | 'pax' | 'arrival'>): Promise<BookingContext> {
  const [named] = await tx
    .select({ unnamed: sql<number>`count(*) filter (where ${bookingTravellers.name} is null)::int`, listed: sql<number>`count(*)::int` })
    .from(bookingTravellers)
    .where(eq(bookingTravellers.bookingId, row.id));
  const [first] = await tx
    .select({ open: moneySql(installmentOpenSql()) })
    .from(bookingInstallments)
    .where(eq(bookingInstallments.bookingId, row.id))
    .orderBy(asc(bookingInstallments.position))
    .limit(1);
  return { travellersToName: named.unnamed + Math.max(0, row.pax - named.listed), firstInstallmentOpen: first?.open ?? 0, arrival: row.arrival };
}

/** The booking with its travellers, plan (statuses on `today`), payments, invoice, timeline (newest first) and machine context. */
export async function bookingDetail(tx: Tx, id: string, today: string): Promise<BookingDetail> {
  const [row] = await tx
    .select({ tourSnapshot: bookings.tourSnapshot, cancellationPolicy: bookings.cancellationPolicy, adult: bookings.priceAdult, child: bookings.priceChild, infant: bookings.priceInfant })
    .from(bookings)
    .where(eq(bookings.id, id));
  if (!row) throw notFound(BOOKING_RECORD);
  const [booking] = await toBookings(tx, await selectBookings(tx).where(eq(bookings.id, id)));
  // One after the other: a transaction is one connection.
  const travellers = await travellersOf(tx, id);
  const installments = await installmentsOf(tx, id);
  const payments = await paymentsOf(tx, { bookingIds: [id] });
  const context = await bookingContext(tx, { id, pax: booking.pax, arrival: booking.arrival });
  const [invoice] = await tx
    .select({ _id: bookingInvoices.id, number: bookingInvoices.number, issuedOn: bookingInvoices.issuedOn, dueDate: bookingInvoices.dueDate, total: bookingInvoices.total })
    .from(bookingInvoices)
    .where(eq(bookingInvoices.bookingId, id));
  const events = await tx.select().from(bookingEvents).where(eq(bookingEvents.bookingId, id)).orderBy(desc(bookingEvents.createdAt), desc(bookingEvents.id)).limit(500);
  const actor = await memberRefs(
    tx,
    events.map((e) => e.actorId),
  );
  return {
    ...booking,
    context,
    pricePerPerson: row.adult === null ? null : { adult: row.adult, child: row.child ?? 0, infant: row.infant ?? 0 },
    travellers: travellers.map(toTraveller),
    installments: installments.map((i) => toInstallment(i, today)),
    payments,
    pendingAmount: payments.filter((p) => p.status === 'submitted').reduce((sum, p) => sum + p.amount, 0),
    cancellationPolicy: row.cancellationPolicy as CancellationTier[],
    invoice: invoice ?? null,
    tourSnapshot: row.tourSnapshot,
    activity: events.map((e): BookingActivity => ({ _id: e.id, type: e.type as BookingActivityType, data: e.data, actor: actor(e.actorId), createdAt: e.createdAt })),
  };
}

// ---------- writing ----------

/** One line of the timeline; `actorId` null for the system (the daily job). */
export async function logBookingEvent(tx: Tx, bookingId: string, type: BookingActivityType, data: Record<string, unknown>, actorId: string | null) {
  // clock_timestamp(), not the transaction's now(): lines written by one request keep their order.
  await tx.insert(bookingEvents).values({ bookingId, type, data, actorId, createdAt: sql`clock_timestamp()` });
}

/** What submitted payments wait to have verified, on a locked booking. */
export async function pendingAmountOf(tx: Tx, bookingId: string): Promise<number> {
  const [row] = await tx
    .select({ n: moneySql(sql`coalesce(sum(${bookingPayments.amount}), 0)`) })
    .from(bookingPayments)
    .where(and(eq(bookingPayments.bookingId, bookingId), eq(bookingPayments.status, 'submitted')));
  return row.n;
}
