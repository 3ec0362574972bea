import { workQueueRecordLink } from '../../src/api/work-queue/contract';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Locale } from '../../src/api/admin/members/contract';
import type { Cancellation, CancellationDetail, CancellationsQuery, QuoteAnswer, RefundType } from '../../src/api/cancellations/contract';
import type { ListAnswer } from '../../src/api/common/schemas';
import { cancellationQuote, type CancellationQuote } from '../../src/domain/cancellation';
import { snapshotOf } from '../../src/machines/workflow';
import { bookingMachine } from '../../src/machines/booking-machine';
import { DECIDED_CANCELLATION_STATES, OPEN_CANCELLATION_STATES, type CancellationState } from '../../src/machines/cancellation-machine';
import type { AuthContext } from '../auth/session';
import { ownRecordsOf } from '../auth/visibility';
import { members, roles } from '../auth/schema';
import { activeMember } from '../auth/members';
import { bookingRef, bookings, pendingAmountOf, visibleBookings } from '../bookings';
import type { Tx } from '../db/client';
import { conflict, notFound } from '../http/errors';
import { containsPattern, pageOffset, totalFrom } from '../http/list';
import { notify } from '../notifications';
import { vendorSideOf } from '../operations';
import { bookingCancellations, type CancellationComment } from './schema';

/**
 * Booking cancellations (SPEC workflow 4; docs/cancellations.md): the quote, the request, the two
 * lists. The decision is the cancellation machine's (workflow.ts).
 */
export const CANCELLATION_RECORD = 'Cancellation';

type BookingRow = typeof bookings.$inferSelect;

/** What the customer paid in money for a booking: its verified payments but those made with a credit note (which go back to their notes). */
export async function moneyPaid(tx: Tx, bookingId: string): Promise<number> {
  const { rows } = await tx.execute<{ paid: string }>(sql`
    select coalesce(sum(amount), 0)::text as paid from booking_payments
    where booking_id = ${bookingId} and status = 'verified' and payment_method <> 'credit-note'`);
  return Number(rows[0].paid);
}

/** The booking's quote as of `today`: its policy (kept on the booking), what was paid, and its vendor side. */
export async function quoteFor(tx: Tx, booking: BookingRow, today: string): Promise<CancellationQuote> {
  return cancellationQuote({
    grandTotal: booking.grandTotal,
    paid: await moneyPaid(tx, booking.id),
    departure: booking.departure,
    asOf: today,
    tiers: booking.cancellationPolicy,
    flatFee: booking.cancellationFlatFee,
    vendorSide: await vendorSideOf(tx, booking.id),
  });
}

/** A booking the caller may see (own booking visibility), or 404. */
export async function visibleBooking(tx: Tx, auth: AuthContext, id: string, lock = false): Promise<BookingRow> {
  const q = tx.select().from(bookings).where(and(eq(bookings.id, id), visibleBookings(auth)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('Booking');
  return row;
}

/** Whether the booking machine would let an approved cancellation cancel it (not invoiced, not cancelled). */
export const cancellable = (booking: Pick<BookingRow, 'status'>) => snapshotOf(bookingMachine, booking.status).can({ type: 'CANCEL', cancellationId: 'quote' });

/**
 * `POST /booking-cancellations/cancel`: the request, with the quote staff read now. One open request
 * per booking (409; a partial unique index stands behind it under any race); not for a booking the
 * machine would not cancel. Whoever may approve hears of it.
 */
export async function requestCancellation(tx: Tx, auth: AuthContext, input: { bookingId: string; reason: string; comments?: string }, today: string): Promise<string> {
  const booking = await visibleBooking(tx, auth, input.bookingId, true);
  if (!cancellable(booking)) {
    throw conflict(`A ${booking.status} booking cannot be cancelled`, 'BOOKING_NOT_CANCELLABLE', { status: booking.status });
  }
  const [open] = await tx.select({ id: bookingCancellations.id }).from(bookingCancellations).where(and(eq(bookingCancellations.bookingId, booking.id), eq(bookingCancellations.status, 'requested')));
  if (open) throw conflict('This booking already has a cancellation request waiting for a decision', 'CANCELLATION_OPEN', { cancellationId: open.id });
  const now = new Date().toISOString();
  const by = { _id: auth.memberId, name: auth.memberName };
  const comments: CancellationComment[] = [{ text: input.reason, by, at: now, kind: 'request' }];
  if (input.comments) comments.push({ text: input.comments, by, at: now, kind: 'comment' });
  const [row] = await tx
    .insert(bookingCancellations)
    .values({ bookingId: booking.id, reason: input.reason, comments, quote: await quoteFor(tx, booking, today), requestedBy: auth.memberId, currency: booking.currency })
    .returning({ id: bookingCancellations.id });
  await notifyApprovers(tx, booking, row.id, auth.memberId);
  return row.id;
}

/** Everyone who may decide (cancellations.approve, or the Owner role), but the one who asked. */
async function notifyApprovers(tx: Tx, booking: BookingRow, cancellationId: string, requestedBy: string) {
  const approvers = await tx
    .select({ id: members.id })
    .from(members)
    .innerJoin(roles, eq(roles.id, members.roleId))
    .where(and(activeMember(), sql`(${roles.isOwner} or coalesce(${roles.permissions}->'cancellations', '[]'::jsonb) ? 'approve')`));
  for (const a of approvers) {
    if (a.id === requestedBy) continue;
    await notify(tx, a.id, {
      type: 'cancellation-requested',
      title: `Cancellation requested: ${booking.customerName} (${bookingRef(booking.number)})`,
      body: `${booking.tourTitle}, departing ${booking.departure}`,
      message: { key: 'cancellationRequested', params: { customer: booking.customerName, ref: bookingRef(booking.number), date: booking.departure } },
      // The request's item in the work queue, decided there (docs/work-queue.md).
      link: workQueueRecordLink(cancellationId, 'cancellationToDecide'),
      // Read for everyone once the request is decided (decideCancellation).
      recordId: cancellationId,
    });
  }
}

// ---------- reading ----------


const SELECT = sql`
  select c.*, b.number as booking_number, b.customer_name, b.tour_title, b.departure::text as booking_departure, b.status as booking_status, b.lead_id as booking_lead,
         rq.name as requested_by_name, dc.name as decided_by_name,
         r.id as refund_id, r.status as refund_status, r.amount::text as refund_amount, r.refunded_on::text as refund_refunded_on,
         n.id as note_id, n.number as note_number, n.status as note_status, n.amount::text as note_amount, n.used_amount::text as note_used, n.valid_until::text as note_valid_until
  from booking_cancellations c
  join bookings b on b.id = c.booking_id
  left join members rq on rq.id = c.requested_by
  left join members dc on dc.id = c.decided_by
  left join refunds r on r.cancellation_id = c.id
  left join credit_notes n on n.cancellation_id = c.id`;

type ReadRow = Record<string, unknown> & {
  id: string;
  booking_id: string;
  status: CancellationState;
  reason: string;
  comments: CancellationComment[];
  quote: CancellationQuote;
  refund_type: RefundType | null;
  total_refund_amount: string | null;
  refund_source: Cancellation['refundSource'];
  source_account_amount: string | null;
  credit_note_amount: string | null;
  valid_until: string | Date | null;
  kept_amount: string | null;
  currency: string;
  requested_by: string | null;
  requested_by_name: string | null;
  decided_by: string | null;
  decided_by_name: string | null;
  decided_at: string | Date | null;
  created_at: string | Date;
  booking_number: string;
  customer_name: string;
  tour_title: string;
  booking_departure: string;
  booking_status: string;
  booking_lead: string;
  refund_id: string | null;
  refund_status: string | null;
  refund_amount: string | null;
  refund_refunded_on: string | null;
  note_id: string | null;
  note_number: string | null;
  note_status: string | null;
  note_amount: string | null;
  note_used: string | null;
  note_valid_until: string | null;
};

const num = (x: string | null) => (x === null ? null : Number(x));
const iso = (x: string | Date | null) => (x === null ? null : new Date(x).toISOString());
const day = (x: string | Date | null) => (x === null ? null : typeof x === 'string' ? x.slice(0, 10) : x.toISOString().slice(0, 10));

function toCancellation(r: ReadRow): Cancellation {
  return {
    _id: r.id,
    status: r.status,
    booking: { _id: r.booking_id, ref: bookingRef(Number(r.booking_number)), customer: r.customer_name, tourTitle: r.tour_title, departure: r.booking_departure, status: r.booking_status, leadId: r.booking_lead },
    reason: r.reason,
    comments: r.comments,
    quote: r.quote as QuoteAnswer,
    refundType: r.refund_type,
    totalRefundAmount: num(r.total_refund_amount),
    refundSource: r.refund_source,
    sourceAccountAmount: num(r.source_account_amount),
    creditNoteAmount: num(r.credit_note_amount),
    validUntil: day(r.valid_until),
    keptAmount: num(r.kept_amount),
    currency: r.currency,
    requestedBy: r.requested_by ? { _id: r.requested_by, name: r.requested_by_name ?? '' } : null,
    decidedBy: r.decided_by ? { _id: r.decided_by, name: r.decided_by_name ?? '' } : null,
    decidedAt: iso(r.decided_at),
    refund: r.refund_id ? { _id: r.refund_id, status: r.refund_status!, amount: Number(r.refund_amount), refundedOn: r.refund_refunded_on } : null,
    creditNote: r.note_id
      ? { _id: r.note_id, number: r.note_number!, status: r.note_status!, amount: Number(r.note_amount), usedAmount: Number(r.note_used), validUntil: r.note_valid_until! }
      : null,
    createdAt: iso(r.created_at)!,
  };
}

/** Own booking visibility reaches a booking's cancellations too: the seller's own bookings. */
function visibleTo(auth: AuthContext): SQL {
  const own = ownRecordsOf(auth, 'bookings');
  return own ? sql`b.converted_by = ${own}` : sql`true`;
}

/** One cancellation the caller may see (404 otherwise), with the quote as it stands today while it is open. */
export async function cancellationDetail(tx: Tx, auth: AuthContext, id: string, today: string, only?: readonly CancellationState[]): Promise<CancellationDetail> {
  const { rows } = await tx.execute<ReadRow>(sql`${SELECT} where c.id = ${id} and ${visibleTo(auth)} ${only ? sql`and c.status in (${sql.join(only.map((s) => sql`${s}`), sql`, `)})` : sql``}`);
  if (!rows[0]) throw notFound(CANCELLATION_RECORD);
  const cancellation = toCancellation(rows[0]);
  let currentQuote: QuoteAnswer | null = null;
  let pendingPayments = 0;
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, cancellation.booking._id));
  if (cancellation.status === 'requested') {
    currentQuote = await quoteFor(tx, booking, today);
    pendingPayments = await pendingAmountOf(tx, booking.id);
  }
  const latest = await latestDecisionOf(tx, booking.id);
  const documents = { language: booking.language as Locale, email: booking.customerEmail, latestDecision: latest?.id === cancellation._id };
  return { ...cancellation, currentQuote, pendingPayments, documents };
}

/** The booking's latest decided cancellation: the one its customer is told of (`send-cancellation`). */
export async function latestDecisionOf(tx: Tx, bookingId: string): Promise<typeof bookingCancellations.$inferSelect | undefined> {
  const [c] = await tx
    .select()
    .from(bookingCancellations)
    .where(and(eq(bookingCancellations.bookingId, bookingId), inArray(bookingCancellations.status, DECIDED_CANCELLATION_STATES)))
    .orderBy(desc(bookingCancellations.decidedAt), desc(bookingCancellations.createdAt))
    .limit(1);
  return c;
}

/** The seed's two lists: `requested` (open) and the main one (decided), newest first, the filters in SQL. */
export async function cancellationsPage(tx: Tx, auth: AuthContext, q: CancellationsQuery, which: 'open' | 'decided'): Promise<ListAnswer<Cancellation>> {
  const states = which === 'open' ? OPEN_CANCELLATION_STATES : DECIDED_CANCELLATION_STATES;
  const chosen = q.status?.length ? states.filter((s) => q.status!.includes(s)) : states;
  const where: SQL[] = [sql`c.status in (${sql.join((chosen.length ? chosen : ['none']).map((s) => sql`${s}`), sql`, `)})`, visibleTo(auth)];
  if (q.refundType?.length) where.push(sql`c.refund_type in (${sql.join(q.refundType.map((s) => sql`${s}`), sql`, `)})`);
  if (q.createdAt?.from) where.push(sql`c.created_at >= ${q.createdAt.from}::date`);
  if (q.createdAt?.to) where.push(sql`c.created_at < ${q.createdAt.to}::date + 1`);
  if (q.search) where.push(sql`(b.customer_name ilike ${containsPattern(q.search)} or ('BK-' || b.number) ilike ${containsPattern(q.search)} or c.reason ilike ${containsPattern(q.search)})`);
  const filter = sql.join(where, sql` and `);
  const dir = q.sortOrder === 'asc' ? sql`asc` : sql`desc`;
  const { rows } = await tx.execute<ReadRow>(sql`${SELECT} where ${filter} order by c.created_at ${dir}, c.id ${dir} limit ${q.limit} offset ${pageOffset(q)}`);
  const totalItems = await totalFrom(q, rows.length, async () => {
    const { rows: c } = await tx.execute<{ n: number }>(sql`select count(*)::int as n from booking_cancellations c join bookings b on b.id = c.booking_id where ${filter}`);
    return c[0].n;
  });
  return { data: rows.map(toCancellation), meta: { currentPage: q.page, limit: q.limit, totalItems, totalPages: Math.ceil(totalItems / q.limit) } };
}

/** The cancellations of a booking (its page), newest first. */
export async function cancellationsOfBooking(tx: Tx, bookingId: string): Promise<Cancellation[]> {
  const { rows } = await tx.execute<ReadRow>(sql`${SELECT} where c.booking_id = ${bookingId} order by c.created_at desc`);
  return rows.map(toCancellation);
}

