import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ListAnswer } from '../../src/api/common/schemas';
import type { CreditNote, CreditNotesQuery, ProcessRefundInput, Refund, RefundsQuery } from '../../src/api/finance/credit/contract';
import { moneyAccount, systemMemo, type PaymentMethod } from '../../src/api/finance/contract';
import { creditNoteMachine, type CreditNoteEvent } from '../../src/machines/credit-note-machine';
import { refundMachine } from '../../src/machines/refund-machine';
import type { AuthContext } from '../auth/session';
import { ownRecordsOf } from '../auth/visibility';
import { bookingRef, bookings } from '../bookings';
import type { Tx } from '../db/client';
import { assertMoneyDate, nextNumber, postEntry } from '../finance';
import { conflict, invalidField, moneyParams, notFound } from '../http/errors';
import { containsPattern, pageOffset, totalFrom } from '../http/list';
import { leads } from '../leads';
import { applyEventTo, rowWorkflow } from '../workflow/apply-event';
import { creditNoteRedemptions, creditNotes, refunds } from './schema';

/**
 * Credit notes and refunds (SPEC workflow 4; docs/cancellations.md). A credit note is a liability
 * in the journal from its issue (the approval's entry) until it pays a later booking of the same
 * customer (a booking payment with the method `credit-note`: its contact's bookings, any lead) or
 * expires (what is left becomes cancellation income). A refund is money an approval gives back,
 * paid out of its account when finance processes it.
 */
export const CREDIT_NOTE_RECORD = 'Credit note';
export const REFUND_RECORD = 'Refund';

type NoteRow = typeof creditNotes.$inferSelect;

// ---------- credit notes ----------

/**
 * `amount` of a credit note's money stops being owed and becomes cancellation income on `date`, in
 * one journal entry on the note (when it expires with something left, and when a payment it made is
 * given back after it expired).
 */
const noteMoneyToIncome = (tx: Tx, note: NoteRow, amount: number, date: string, memo: 'creditNoteExpired' | 'creditNoteGivenBack', actorId: string | null) =>
  postEntry(tx, {
    date,
    source: { type: 'credit-note', id: note.id, reference: note.number },
    memo: systemMemo(memo, { creditNote: note.number }),
    postedBy: actorId,
    lines: [
      { account: 'credit-notes', debit: amount },
      { account: 'cancellation-income', credit: amount },
    ],
  });

export const creditNoteWorkflow = rowWorkflow({
  machine: creditNoteMachine,
  table: creditNotes,
  recordName: CREDIT_NOTE_RECORD,
  effects: {
    // What was left when it expired becomes income: the liability is not owed any more.
    async recogniseBreakage({ tx, row, actorId }) {
      const left = row.amount - row.usedAmount;
      if (left <= 0) return {};
      const entry = await noteMoneyToIncome(tx, row, left, expiryDay(row.validUntil), 'creditNoteExpired', actorId);
      return { expiryEntryId: entry.id };
    },
  },
});

/** The day after the last valid one: when what is left stops being owed. */
const expiryDay = (validUntil: string) => new Date(Date.parse(`${validUntil}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

const applyNoteEvent = (tx: Tx, note: NoteRow, event: CreditNoteEvent, actorId: string | null) => applyEventTo(tx, creditNoteWorkflow, note, event, undefined, { actorId });

/** Issues the approval's credit note, numbered from the series on its day; its liability is in the approval's entry. */
export async function issueCreditNote(
  tx: Tx,
  note: { cancellationId: string; bookingId: string; leadId: string; contactId: string | null; amount: number; currency: string; issuedOn: string; validUntil: string; entryId: string },
): Promise<{ id: string; number: string }> {
  const number = await nextNumber(tx, 'credit-note', note.issuedOn);
  const [row] = await tx.insert(creditNotes).values({ ...note, number }).returning({ id: creditNotes.id });
  return { id: row.id, number };
}

/**
 * A booking payment with a credit note (the bookings area's `credit-note` method): the note must be
 * the booking's customer's (the contact behind both leads), issued, valid on the payment's day and
 * have that much left; the database holds the last two whoever writes. A note used up is redeemed.
 */
export async function redeemCreditNote(tx: Tx, use: { creditNoteId: string; paymentId: string; amount: number; date: string; leadId: string }): Promise<{ number: string }> {
  const [note] = await tx.select().from(creditNotes).where(eq(creditNotes.id, use.creditNoteId)).for('update');
  if (!note) throw notFound(CREDIT_NOTE_RECORD);
  const [lead] = await tx.select({ contactId: leads.contactId }).from(leads).where(eq(leads.id, use.leadId));
  const sameCustomer = note.leadId === use.leadId || (!!note.contactId && note.contactId === lead?.contactId);
  if (!sameCustomer) throw conflict(`Credit note ${note.number} belongs to another customer`, 'CREDIT_NOTE_OTHER_CUSTOMER', { number: note.number });
  if (note.status !== 'issued' || use.date > note.validUntil) {
    throw conflict(`Credit note ${note.number} is ${note.status === 'issued' ? `valid until ${note.validUntil}` : note.status}: it pays nothing on ${use.date}`, 'CREDIT_NOTE_NOT_USABLE', {
      number: note.number,
      status: note.status,
      validUntil: note.validUntil,
    });
  }
  const left = note.amount - note.usedAmount;
  if (use.amount > left) {
    const m = moneyParams(note.currency, { left, amount: use.amount }, { number: note.number });
    throw conflict(`Credit note ${note.number} has ${m.text.left} left`, 'CREDIT_NOTE_INSUFFICIENT', m.params);
  }
  await tx.insert(creditNoteRedemptions).values({ creditNoteId: note.id, paymentId: use.paymentId, amount: use.amount, date: use.date });
  if (use.amount === left) await applyNoteEvent(tx, { ...note, usedAmount: note.amount }, { type: 'USE_UP' }, null);
  return { number: note.number };
}

/**
 * A cancelled booking's credit-note payments go back to their notes (SPEC workflow 4): a negative
 * use each, a redeemed note is issued again; a note expired since takes it straight to income.
 * Answers how much went back (the approval's entry moves it from deposits to the notes' liability).
 */
export async function reinstateCreditNotes(tx: Tx, bookingId: string, date: string, actorId: string | null): Promise<number> {
  const uses = await tx.execute<{ note: string; payment: string; amount: string }>(sql`
    select r.credit_note_id as note, r.payment_id as payment, sum(r.amount)::text as amount
    from credit_note_redemptions r join booking_payments p on p.id = r.payment_id
    where p.booking_id = ${bookingId}
    group by 1, 2 having sum(r.amount) > 0`);
  let total = 0;
  for (const u of uses.rows) {
    const amount = Number(u.amount);
    await tx.insert(creditNoteRedemptions).values({ creditNoteId: u.note, paymentId: u.payment, amount: -amount, date });
    total += amount;
    const [note] = await tx.select().from(creditNotes).where(eq(creditNotes.id, u.note)).for('update');
    if (note.status === 'redeemed') await applyNoteEvent(tx, note, { type: 'REINSTATE' }, actorId);
    else if (note.status === 'expired') {
      await noteMoneyToIncome(tx, note, amount, date, 'creditNoteGivenBack', actorId);
    }
  }
  return total;
}

/** The daily job: every note past its last valid day with something left expires, once (its state), however many servers run it. */
export async function expireCreditNotes(tx: Tx, today: string): Promise<number> {
  const due = await tx.select().from(creditNotes).where(and(eq(creditNotes.status, 'issued'), sql`${creditNotes.validUntil} < ${today}::date`)).for('update', { skipLocked: true });
  for (const note of due) await applyNoteEvent(tx, note, { type: 'EXPIRE' }, null);
  return due.length;
}

interface NoteRead extends Record<string, unknown> {
  id: string;
  number: string;
  status: CreditNote['status'];
  amount: string;
  used_amount: string;
  currency: string;
  issued_on: string;
  valid_until: string;
  booking_id: string;
  booking_number: string;
  customer_name: string;
  lead_id: string;
  contact_id: string | null;
  cancellation_id: string;
  created_at: string | Date;
}

const NOTES = sql`
  select n.id, n.number, n.status, n.amount::text, n.used_amount::text, n.currency, n.issued_on::text, n.valid_until::text, n.booking_id,
         b.number::text as booking_number, b.customer_name, n.lead_id, n.contact_id, n.cancellation_id, n.created_at
  from credit_notes n join bookings b on b.id = n.booking_id`;

/** Own booking visibility: a seller sees the credit notes of their own bookings. */
const ownBookings = (auth: AuthContext): SQL => {
  const own = ownRecordsOf(auth, 'bookings');
  return own ? sql`b.converted_by = ${own}` : sql`true`;
};

async function withRedemptions(tx: Tx, rows: NoteRead[]): Promise<CreditNote[]> {
  if (!rows.length) return [];
  const { rows: uses } = await tx.execute<{ id: string; note: string; payment: string; amount: string; date: string; booking: string; number: string }>(sql`
    select r.id, r.credit_note_id as note, r.payment_id as payment, r.amount::text, r.date::text, p.booking_id as booking, b.number::text
    from credit_note_redemptions r join booking_payments p on p.id = r.payment_id join bookings b on b.id = p.booking_id
    where r.credit_note_id in (${sql.join(rows.map((r) => sql`${r.id}::uuid`), sql`, `)}) order by r.created_at`);
  return rows.map((r) => {
    const amount = Number(r.amount);
    const used = Number(r.used_amount);
    return {
      _id: r.id,
      number: r.number,
      status: r.status,
      amount,
      usedAmount: used,
      remaining: r.status === 'issued' ? amount - used : 0,
      currency: r.currency,
      issuedOn: r.issued_on,
      validUntil: r.valid_until,
      booking: { _id: r.booking_id, ref: bookingRef(Number(r.booking_number)) },
      customer: r.customer_name,
      leadId: r.lead_id,
      contactId: r.contact_id,
      cancellationId: r.cancellation_id,
      redemptions: uses.filter((u) => u.note === r.id).map((u) => ({ _id: u.id, booking: { _id: u.booking, ref: bookingRef(Number(u.number)) }, paymentId: u.payment, amount: Number(u.amount), date: u.date })),
      refundedOn: null,
      createdAt: new Date(r.created_at).toISOString(),
    };
  });
}

export async function creditNoteById(tx: Tx, auth: AuthContext, id: string): Promise<CreditNote> {
  const { rows } = await tx.execute<NoteRead>(sql`${NOTES} where n.id = ${id} and ${ownBookings(auth)}`);
  if (!rows[0]) throw notFound(CREDIT_NOTE_RECORD);
  return (await withRedemptions(tx, rows))[0];
}

/** `GET /credit-notes`: newest first; `contact` or `lead` lists the notes a customer may use (the payment form's picker). */
export async function creditNotesPage(tx: Tx, auth: AuthContext, q: CreditNotesQuery): Promise<ListAnswer<CreditNote>> {
  const where: SQL[] = [ownBookings(auth)];
  if (q.status?.length) where.push(sql`n.status in (${sql.join(q.status.map((x) => sql`${x}`), sql`, `)})`);
  if (q.contact) where.push(sql`n.contact_id = ${q.contact}`);
  if (q.lead) where.push(sql`(n.lead_id = ${q.lead} or n.contact_id = (select contact_id from leads where id = ${q.lead}))`);
  if (q.validUntil?.from) where.push(sql`n.valid_until >= ${q.validUntil.from}::date`);
  if (q.validUntil?.to) where.push(sql`n.valid_until <= ${q.validUntil.to}::date`);
  if (q.search) where.push(sql`(n.number ilike ${containsPattern(q.search)} or b.customer_name ilike ${containsPattern(q.search)})`);
  const filter = sql.join(where, sql` and `);
  const dir = q.sortOrder === 'asc' ? sql`asc` : sql`desc`;
  const { rows } = await tx.execute<NoteRead>(sql`${NOTES} where ${filter} order by n.created_at ${dir}, n.id ${dir} limit ${q.limit} offset ${pageOffset(q)}`);
  const totalItems = await totalFrom(q, rows.length, async () => (await tx.execute<{ n: number }>(sql`select count(*)::int as n from credit_notes n join bookings b on b.id = n.booking_id where ${filter}`)).rows[0].n);
  return { data: await withRedemptions(tx, rows), meta: { currentPage: q.page, limit: q.limit, totalItems, totalPages: Math.ceil(totalItems / q.limit) } };
}

// ---------- refunds ----------

type RefundRow = typeof refunds.$inferSelect;

/** The approval's refund: money to give back from its account, pending until finance processes it. */
export async function createRefund(tx: Tx, refund: { cancellationId: string; bookingId: string; amount: number; currency: string; paymentMethod: PaymentMethod; approvedOn: string }) {
  const [row] = await tx.insert(refunds).values(refund).returning({ id: refunds.id });
  return row.id;
}

/**
 * The refund machine on `refunds`: PROCESS names the day the money went out, within the books and
 * not before the approval; its effect posts it out of the account the approval chose (customer
 * deposits ← the money account).
 */
export function refundWorkflow(o: { actorId: string | null; today: string; input: ProcessRefundInput }) {
  return rowWorkflow({
    machine: refundMachine,
    table: refunds,
    recordName: REFUND_RECORD,
    effects: {
      async payOut({ tx, row }) {
        await assertMoneyDate(tx, o.today, 'refundedOn', o.input.refundedOn);
        if (o.input.refundedOn < row.approvedOn) throw invalidField('refundedOn', 'dateOrder', `must not be before the refund was approved (${row.approvedOn})`, { after: row.approvedOn });
        const [booking] = await tx.select({ number: bookings.number }).from(bookings).where(eq(bookings.id, row.bookingId));
        const entry = await postEntry(tx, {
          date: o.input.refundedOn,
          source: { type: 'refund', id: row.id, reference: o.input.reference ?? bookingRef(booking.number) },
          memo: systemMemo('refund', { booking: bookingRef(booking.number) }),
          postedBy: o.actorId,
          lines: [
            { account: 'customer-deposits', debit: row.amount },
            { account: moneyAccount(row.paymentMethod as PaymentMethod), credit: row.amount },
          ],
        });
        return { entryId: entry.id, refundedOn: o.input.refundedOn, reference: o.input.reference ?? null, processedBy: o.actorId };
      },
    },
  });
}

export async function processRefund(tx: Tx, auth: AuthContext, id: string, input: ProcessRefundInput, today: string): Promise<void> {
  const refund = await lockVisibleRefund(tx, auth, id);
  await applyEventTo(tx, refundWorkflow({ actorId: auth.memberId, today, input }), refund, { type: 'PROCESS', refundedOn: input.refundedOn }, undefined, { actorId: auth.memberId });
}

async function lockVisibleRefund(tx: Tx, auth: AuthContext, id: string): Promise<RefundRow> {
  const own = ownRecordsOf(auth, 'bookings');
  const [row] = await tx
    .select({ r: refunds })
    .from(refunds)
    .innerJoin(bookings, eq(bookings.id, refunds.bookingId))
    .where(and(eq(refunds.id, id), own ? eq(bookings.convertedBy, own) : undefined))
    .for('update', { of: refunds });
  if (!row) throw notFound(REFUND_RECORD);
  return row.r;
}

interface RefundRead extends Record<string, unknown> {
  id: string;
  status: Refund['status'];
  amount: string;
  currency: string;
  payment_method: PaymentMethod;
  approved_on: string;
  refunded_on: string | null;
  reference: string | null;
  booking_id: string;
  booking_number: string;
  customer_name: string;
  cancellation_id: string;
  processed_by: string | null;
  processed_by_name: string | null;
  created_at: string | Date;
}

const REFUNDS = sql`
  select r.id, r.status, r.amount::text, r.currency, r.payment_method, r.approved_on::text, r.refunded_on::text, r.reference, r.booking_id, b.number::text as booking_number,
         b.customer_name, r.cancellation_id, r.processed_by, m.name as processed_by_name, r.created_at
  from refunds r join bookings b on b.id = r.booking_id left join members m on m.id = r.processed_by`;

const toRefund = (r: RefundRead): Refund => ({
  _id: r.id,
  status: r.status,
  amount: Number(r.amount),
  currency: r.currency,
  paymentMethod: r.payment_method,
  approvedOn: r.approved_on,
  refundedOn: r.refunded_on,
  reference: r.reference,
  booking: { _id: r.booking_id, ref: bookingRef(Number(r.booking_number)) },
  customer: r.customer_name,
  cancellationId: r.cancellation_id,
  processedBy: r.processed_by ? { _id: r.processed_by, name: r.processed_by_name ?? '' } : null,
  createdAt: new Date(r.created_at).toISOString(),
});

export async function refundById(tx: Tx, auth: AuthContext, id: string): Promise<Refund> {
  const { rows } = await tx.execute<RefundRead>(sql`${REFUNDS} where r.id = ${id} and ${ownBookings(auth)}`);
  if (!rows[0]) throw notFound(REFUND_RECORD);
  return toRefund(rows[0]);
}

/** `GET /refunds`: pending first… newest first, the filters in SQL. */
export async function refundsPage(tx: Tx, auth: AuthContext, q: RefundsQuery): Promise<ListAnswer<Refund>> {
  const where: SQL[] = [ownBookings(auth)];
  if (q.status?.length) where.push(sql`r.status in (${sql.join(q.status.map((x) => sql`${x}`), sql`, `)})`);
  if (q.paymentMethod?.length) where.push(sql`r.payment_method in (${sql.join(q.paymentMethod.map((x) => sql`${x}`), sql`, `)})`);
  if (q.createdAt?.from) where.push(sql`r.created_at >= ${q.createdAt.from}::date`);
  if (q.createdAt?.to) where.push(sql`r.created_at < ${q.createdAt.to}::date + 1`);
  if (q.search) where.push(sql`(b.customer_name ilike ${containsPattern(q.search)} or ('BK-' || b.number) ilike ${containsPattern(q.search)})`);
  const filter = sql.join(where, sql` and `);
  const dir = q.sortOrder === 'asc' ? sql`asc` : sql`desc`;
  const { rows } = await tx.execute<RefundRead>(sql`${REFUNDS} where ${filter} order by r.created_at ${dir}, r.id ${dir} limit ${q.limit} offset ${pageOffset(q)}`);
  const totalItems = await totalFrom(q, rows.length, async () => (await tx.execute<{ n: number }>(sql`select count(*)::int as n from refunds r join bookings b on b.id = r.booking_id where ${filter}`)).rows[0].n);
  return { data: rows.map(toRefund), meta: { currentPage: q.page, limit: q.limit, totalItems, totalPages: Math.ceil(totalItems / q.limit) } };
}
