import type { Locale } from '../../src/api/admin/members/contract';
import { and, asc, eq, getTableColumns, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Booking, BookingActivityType, BookingDetail, Installment, Payment, Traveller, TourType } from '../../src/api/bookings/contract';
import type { TravellerType } from '../../src/api/tours/tour-plan';
import { installmentStatus, paymentStatus } from '../../src/domain/installment-plan';
import { balanceOf } from '../../src/domain/balance';
import type { BookingContext, BookingState } from '../../src/machines/booking-machine';
import type { AuthContext } from '../auth/session';
import { visibleTo } from '../auth/visibility';
import type { Tx } from '../db/client';
import { executePrepared, preparedOnce } from '../db/prepared';
import { moneySql } from '../db/money';
import { members } from '../auth/schema';
import { leads } from '../leads';
import { placeRefs, placeRefsJson, placesCte } from '../catalogue';
import { isoInstantSql, jsonPageSql, memberRefJson, pageColumn, type JsonPage } from '../http/list';
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

/**
 * Bookings as list rows read them (filter, sort and page the answer). The lead is joined `left`
 * though every booking has one (lead_id is NOT NULL, a foreign key): an inner join let the planner
 * start from the leads and walk each one's bookings, 5 s for a filtered page at 1,000,000 bookings
 * of 200 leads (issue 32's curve); a left join keeps the walk on the bookings' own order index (13 ms).
 */
export const selectBookings = (tx: Tx) =>
  tx.select(bookingListSelect).from(bookings).leftJoin(leads, eq(leads.id, bookings.leadId)).leftJoin(members, eq(members.id, bookings.convertedBy));

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

// ---------- written by PostgreSQL ----------

/**
 * A booking's payment status in SQL, for filters and the lists' JSON: the rule of `paymentStatus`
 * (src/domain), which tests/api/bookings-lists.test.ts holds the two to.
 */
export const paymentStatusSql = sql<string>`case when ${bookings.paidAmount} >= ${bookings.grandTotal} then 'paid' when ${bookings.paidAmount} > 0 then 'partiallyPaid' else 'unpaid' end`;

/** What a booking's JSON reads, under the names `bookingJson` reads them by (the heavy columns, the tour as booked and the policy, left out). */
export const BOOKING_ROW_COLUMNS = sql`${bookings.id}, ${bookings.number}, ${bookings.tourType} as tour_type, ${bookings.tourId} as tour_id, ${bookings.tourTitle} as tour_title,
  ${bookings.tourVersion} as tour_version, ${bookings.leadId} as lead_id, ${leads.name} as lead_name, ${bookings.customerName} as customer_name,
  ${bookings.customerEmail} as customer_email, ${bookings.customerPhone} as customer_phone, ${bookings.language}, ${bookings.status}, ${bookings.regions},
  ${bookings.destinations}, ${bookings.departure}, ${bookings.arrival}, ${bookings.totalNights} as total_nights, ${bookings.pax}, ${bookings.grandTotal} as grand_total,
  ${bookings.paidAmount} as paid_amount, ${bookings.currency}, ${bookings.convertedBy} as converted_by, ${members.name} as converted_name,
  ${bookings.createdAt} as created_at, ${bookings.updatedAt} as updated_at`;
/** The list's tables: the lead joined `left` for the reason {@link selectBookings} gives. */
export const BOOKING_ROW_FROM = sql`${bookings} left join ${leads} on ${leads.id} = ${bookings.leadId} left join ${members} on ${members.id} = ${bookings.convertedBy}`;
const b = pageColumn('bookings');
/**
 * A booking as `toBookings` answers it (a list row; `extra` adds the record's own pairs), written by
 * PostgreSQL from a row of BOOKING_ROW_COLUMNS named as the bookings' table, with the page's places
 * beside it (`placesCte`); tests/api/list-json.test.ts holds the two equal.
 */
export const bookingJson = (extra?: SQL) => sql`json_build_object(
  '_id', ${b('id')}, 'ref', 'BK-' || ${b('number')}, 'tourType', ${b('tour_type')},
  'tour', json_build_object('_id', ${b('tour_id')}, 'title', ${b('tour_title')}, 'version', ${b('tour_version')}),
  'lead', json_build_object('_id', ${b('lead_id')}, 'name', coalesce(${b('lead_name')}, ${b('customer_name')})),
  'customer', json_build_object('name', ${b('customer_name')}, 'email', ${b('customer_email')}, 'phone', ${b('customer_phone')}),
  'language', ${b('language')}, 'status', ${b('status')},
  'regions', ${placeRefsJson(b('regions'))}, 'destinations', ${placeRefsJson(b('destinations'))},
  'departure', ${b('departure')}, 'arrival', ${b('arrival')}, 'totalNights', ${b('total_nights')}, 'pax', ${b('pax')},
  'grandTotal', ${b('grand_total')}, 'paid', ${b('paid_amount')}, 'balance', ${b('grand_total')} - ${b('paid_amount')}, 'paymentStatus', ${paymentStatusSql},
  'currency', ${b('currency')}, 'convertedBy', ${memberRefJson(b('converted_by'), b('converted_name'))},
  'invoiceGenerated', exists (select 1 from ${bookingInvoices} i where i.booking_id = ${b('id')}),
  'createdAt', ${isoInstantSql(b('created_at'))}, 'updatedAt', ${isoInstantSql(b('updated_at'))}${extra ? sql`, ${extra}` : sql``})`;

const submitter = alias(members, 'submitter');
const decider = alias(members, 'decider');
/** What a payment's JSON reads, under the names `paymentJson` reads them by (the proof's name, type and size, not its bytes). */
export const PAYMENT_ROW_COLUMNS = sql`${bookingPayments}.*, ${bookingPaymentProofs.fileName} as proof_name, ${bookingPaymentProofs.contentType} as proof_type,
  ${bookingPaymentProofs.size} as proof_size, ${submitter.name} as submitted_name, ${decider.name} as decided_name`;
export const PAYMENT_ROW_FROM = sql`${bookingPayments} left join ${bookingPaymentProofs} on ${bookingPaymentProofs.paymentId} = ${bookingPayments.id}
  left join ${members} as ${sql.identifier('submitter')} on ${submitter.id} = ${bookingPayments.submittedBy}
  left join ${members} as ${sql.identifier('decider')} on ${decider.id} = ${bookingPayments.decidedBy}`;
const p = pageColumn('booking_payments');
/**
 * A file name as `cleanFileName` (src/api/common/file-name.ts) shows it, in SQL: control and
 * reordering characters gone, those a disk cannot take as `_`, trimmed, at most 200 characters.
 * Names are cleaned when stored too; this holds for rows written before.
 */
const INVISIBLE_SQL = String.raw`[\u0001-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b\u200e\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]`;
const UNSAFE_SQL = String.raw`[/\\:*?"<>|]+`;
const cleanFileNameSql = (name: SQL) =>
  sql`coalesce(nullif(left(regexp_replace(regexp_replace(regexp_replace(${name}, ${sql.raw(`'${INVISIBLE_SQL}'`)}, '', 'g'),
    ${sql.raw(`'${UNSAFE_SQL}'`)}, '_', 'g'), ${sql.raw(String.raw`'^\s+|\s+$'`)}, '', 'g'), 200), ''), 'file')`;
/**
 * A payment as every answer writes it (a booking's, a decision's, a receipt's with `extra`), by
 * PostgreSQL from a row of PAYMENT_ROW_COLUMNS named as the payments' table: what it paid of which
 * installment in the plan's order, its proof's name, who recorded and who decided it.
 */
export const paymentJson = (extra?: SQL) => sql`json_build_object(
  '_id', ${p('id')}, 'bookingId', ${p('booking_id')}, 'amount', ${p('amount')}, 'currency', ${p('currency')}, 'paymentMethod', ${p('payment_method')},
  'creditNote', case when ${p('credit_note_id')} is not null and ${p('credit_note_number')} is not null then json_build_object('_id', ${p('credit_note_id')}, 'number', ${p('credit_note_number')}) end,
  'paidOn', ${p('paid_on')}, 'reference', ${p('reference')}, 'notes', ${p('notes')}, 'status', ${p('status')}, 'isVerified', ${p('status')} = 'verified',
  'receiptNumber', ${p('receipt_number')}, 'failReason', ${p('fail_reason')},
  'proof', case when ${p('proof_name')} is not null then json_build_object('fileName', ${cleanFileNameSql(p('proof_name'))}, 'contentType', ${p('proof_type')}, 'size', coalesce(${p('proof_size')}, 0)) end,
  'allocations', (select coalesce(json_agg(json_build_object('installmentId', a.installment_id, 'amount', a.amount) order by i.position, a.id), '[]'::json)
                  from ${paymentAllocations} a join ${bookingInstallments} i on i.id = a.installment_id where a.payment_id = ${p('id')}),
  'submittedBy', ${memberRefJson(p('submitted_by'), p('submitted_name'))}, 'decidedBy', ${memberRefJson(p('decided_by'), p('decided_name'))},
  'decidedAt', ${isoInstantSql(p('decided_at'))}, 'createdAt', ${isoInstantSql(p('created_at'))}${extra ? sql`, ${extra}` : sql``})`;

/** The JSON array of the payments `where` selects, newest first (one statement). */
const paymentsJson = (where: SQL) =>
  sql`(select coalesce(json_agg(${paymentJson()} order by ${p('created_at')} desc, ${p('id')} desc), '[]'::json)
       from (select ${PAYMENT_ROW_COLUMNS} from ${PAYMENT_ROW_FROM} where ${where}) as ${sql.identifier('booking_payments')})`;

/** The payments of some bookings, or some payments (newest first), as answered: one statement. */
export async function paymentsOf(tx: Tx, where: { bookingIds?: string[]; paymentIds?: string[] }): Promise<Payment[]> {
  const ids = where.paymentIds ?? where.bookingIds ?? [];
  if (ids.length === 0) return [];
  const filter = where.paymentIds ? inArray(bookingPayments.id, ids) : inArray(bookingPayments.bookingId, ids);
  const [row] = await executePrepared<{ payments: string }>(tx, sql`select ${paymentsJson(filter)}::text as payments`);
  return JSON.parse(row.payments) as Payment[];
}

/** One payment's answer ({@link paymentsOf} of one id), its statement built once. */
const onePayment = preparedOnce<{ payments: string }, { id: string }>(() => sql`select ${paymentsJson(eq(bookingPayments.id, sql.placeholder('id')))}::text as payments`, { generic: true });

export async function paymentDetail(tx: Tx, paymentId: string): Promise<Payment> {
  const [row] = await onePayment(tx, { id: paymentId });
  const [payment] = JSON.parse(row.payments) as Payment[];
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

/** The machine's context from the booking's travellers and plan (as `bookingContext` reads them). */
function contextFrom(pax: number, arrival: string, travellers: { name: string | null }[], installments: { position: number; amount: number; paid: number }[]): BookingContext {
  const unnamed = travellers.filter((t) => t.name === null).length;
  const first = [...installments].sort((x, y) => x.position - y.position)[0];
  return { travellersToName: unnamed + Math.max(0, pax - travellers.length), firstInstallmentOpen: first ? first.amount - first.paid : 0, arrival };
}

const e = pageColumn('booking_events');
/**
 * The booking whole, written by PostgreSQL in one statement: the list row's fields and the
 * record's own (prices, travellers, the plan, payments, invoice, the tour as booked, the timeline
 * with its actors); what depends on the day (installment statuses) and the machine's context are
 * added here from the same rows.
 */
function bookingDetailSql(id: SQLWrapper): SQL {
  const t = bookingTravellers;
  const i = bookingInstallments;
  const events = sql`(select coalesce(json_agg(json_build_object('_id', ${e('id')}, 'type', ${e('type')}, 'data', ${e('data')},
      'actor', ${memberRefJson(e('actor_id'), e('actor_name'))}, 'createdAt', ${isoInstantSql(e('created_at'))}) order by ${e('created_at')} desc, ${e('id')} desc), '[]'::json)
    from (select ${bookingEvents}.*, ${members.name} as actor_name from ${bookingEvents} left join ${members} on ${members.id} = ${bookingEvents.actorId}
          where ${bookingEvents.bookingId} = ${b('id')} order by ${bookingEvents.createdAt} desc, ${bookingEvents.id} desc limit 500) as ${sql.identifier('booking_events')})`;
  const extra = sql`
    'pricePerPerson', case when ${b('price_adult')} is null then null else json_build_object('adult', ${b('price_adult')}, 'child', coalesce(${b('price_child')}, 0), 'infant', coalesce(${b('price_infant')}, 0)) end,
    'travellers', (select coalesce(json_agg(json_build_object('_id', ${t.id}, 'position', ${t.position}, 'name', ${t.name}, 'type', ${t.type}, 'dateOfBirth', ${t.dateOfBirth},
        'passportNumber', ${t.passportNumber}, 'passportExpiry', ${t.passportExpiry}, 'nationality', ${t.nationality}) order by ${t.position}), '[]'::json)
      from ${t} where ${t.bookingId} = ${b('id')}),
    'installments', (select coalesce(json_agg(json_build_object('_id', ${i.id}, 'position', ${i.position}, 'dueDate', ${i.dueDate}, 'amount', ${i.amount}, 'paid', ${i.paidAmount}) order by ${i.position}), '[]'::json)
      from ${i} where ${i.bookingId} = ${b('id')}),
    'payments', ${paymentsJson(sql`${bookingPayments.bookingId} = ${b('id')}`)},
    'cancellationPolicy', ${b('cancellation_policy')}, 'cancellationFlatFee', ${b('cancellation_flat_fee')},
    'invoice', (select json_build_object('_id', v.id, 'number', v.number, 'issuedOn', v.issued_on, 'dueDate', v.due_date, 'total', v.total) from ${bookingInvoices} v where v.booking_id = ${b('id')}),
    'tourSnapshot', ${b('tour_snapshot')},
    'activity', ${events}`;
  return jsonPageSql({
    columns: sql`${BOOKING_ROW_COLUMNS}, ${bookings.priceAdult} as price_adult, ${bookings.priceChild} as price_child, ${bookings.priceInfant} as price_infant,
      ${bookings.cancellationPolicy} as cancellation_policy, ${bookings.cancellationFlatFee} as cancellation_flat_fee, ${bookings.tourSnapshot} as tour_snapshot`,
    from: BOOKING_ROW_FROM,
    where: eq(bookings.id, id),
    order: [{ by: bookings.id, dir: 'asc' }],
    limit: 1,
    offset: 0,
    alias: 'bookings',
    record: bookingJson(extra),
    beside: [{ name: 'places', query: placesCte(sql`regions`, sql`destinations`) }],
  });
}

type DetailJson = Omit<BookingDetail, 'installments' | 'context' | 'pendingAmount'> & { installments: { _id: string; position: number; dueDate: string; amount: number; paid: number }[] };

/** The booking with its travellers, plan (statuses on `today`), payments, invoice, timeline (newest first) and machine context. */
/** The booking's answer ({@link bookingDetailSql}), its statement built once. */
const bookingDetailPage = preparedOnce<JsonPage, { id: string }>(() => bookingDetailSql(sql.placeholder('id')), { generic: true });

export async function bookingDetail(tx: Tx, id: string, today: string): Promise<BookingDetail> {
  const [page] = await bookingDetailPage(tx, { id });
  const [detail] = JSON.parse(page.json) as DetailJson[];
  if (!detail) throw notFound(BOOKING_RECORD);
  const { installments, ...rest } = detail;
  return {
    ...rest,
    context: contextFrom(detail.pax, detail.arrival, detail.travellers, installments),
    installments: installments.map((i) => ({ ...i, open: balanceOf(i.amount, i.paid), status: installmentStatus({ amount: i.amount, paid: i.paid, dueDate: i.dueDate }, today) })),
    pendingAmount: detail.payments.filter((x) => x.status === 'submitted').reduce((sum, x) => sum + x.amount, 0),
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
