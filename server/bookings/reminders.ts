import { and, asc, eq, gt, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { Reminder } from '../../src/api/bookings/contract';
import { balanceOf } from '../../src/domain/balance';
import { addDays } from '../../src/domain/calendar';
import { reminderStageOn, type ReminderSettings, type ReminderStage } from '../../src/domain/installment-plan';
import { currentOrganization, moduleSettings } from '../admin';
import { documentFormatters, DOCUMENT_STRINGS, fill } from '../documents';
import { LOCALES, type Locale } from '../../src/api/admin/members/contract';
import type { Tx } from '../db/client';
import { moneySql } from '../db/money';
import { conflict } from '../http/errors';
import { leads } from '../leads';
import { notify } from '../notifications';
import { queueBookingEmail, type BookingEmailKind } from './customer-mail';
import { bookingInstallments, bookings, installmentReminders } from './schema';
import { bookingBalanceSql, bookingLink, bookingRef, installmentOpenSql, logBookingEvent, type BookingRow } from './store';
import { staffMoney } from '../../src/domain/money';
import { COLLECTING_STATES } from './workflow';

/**
 * Payment reminders (SPEC workflow 2): what is due, who is told, and the record that each
 * installment gets each stage once — the partial unique index on (installment, stage) decides,
 * so a rerun, a restart or a second server never sends twice.
 */

interface Owed {
  booking: Pick<BookingRow, 'id' | 'number' | 'customerName' | 'currency' | 'convertedBy' | 'language'>;
  balance: number;
  installment: { id: string; dueDate: string; open: number };
}

/** Intl's no-break and narrow spaces as plain ones: the text goes into plain-text email. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

/**
 * The reminder or overdue notice in the booking's language (server/documents/strings), with money
 * and dates as that language writes them.
 */
async function message(tx: Tx, kind: BookingEmailKind, owed: Owed): Promise<{ subject: string; body: string; lang: Locale }> {
  const lang = (LOCALES as readonly string[]).includes(owed.booking.language) ? (owed.booking.language as Locale) : 'en';
  const organization = await currentOrganization(tx);
  const s = DOCUMENT_STRINGS[lang];
  const format = documentFormatters(lang, organization);
  const money = (n: number) => plain(format.money(n, owed.booking.currency));
  const params = {
    name: owed.booking.customerName,
    number: bookingRef(owed.booking.number),
    amount: money(owed.installment.open),
    date: plain(format.date(owed.installment.dueDate)),
    balance: money(owed.balance),
    organization: organization.name,
  };
  const overdue = kind === 'overdue-notice';
  return {
    subject: fill(overdue ? s.email.overdueSubject : s.email.reminderSubject, params),
    body: fill(overdue ? s.email.overdueMessage : s.email.reminderMessage, params),
    lang,
  };
}

/** The customer's address now: the lead's (it may have been corrected since), else the one booked with. */
async function customerEmail(tx: Tx, booking: Pick<BookingRow, 'leadId' | 'customerEmail'>): Promise<string | null> {
  const [lead] = await tx.select({ email: leads.email }).from(leads).where(eq(leads.id, booking.leadId));
  return lead?.email ?? booking.customerEmail;
}

/** The installment to name: the earliest due that is still owed. */
async function nextOpenInstallment(tx: Tx, bookingId: string) {
  const [next] = await tx
    .select({ id: bookingInstallments.id, dueDate: bookingInstallments.dueDate, open: moneySql(installmentOpenSql()) })
    .from(bookingInstallments)
    .where(and(eq(bookingInstallments.bookingId, bookingId), lt(bookingInstallments.paidAmount, bookingInstallments.amount)))
    .orderBy(asc(bookingInstallments.dueDate), asc(bookingInstallments.position))
    .limit(1);
  return next ?? null;
}

/**
 * `POST /bookings/{id}/payment/reminder`: the customer is told the live balance and the next
 * installment, now. 409 when the booking no longer collects money, when nothing is owed, or when the
 * customer has no email address. Sent as often as staff ask (recorded as `manual`).
 */
export async function sendManualReminder(tx: Tx, booking: BookingRow, actorId: string): Promise<Reminder> {
  if (!COLLECTING_STATES.includes(booking.status)) throw conflict(`A ${booking.status} booking takes no payment reminders`, 'BOOKING_CLOSED', { status: booking.status });
  const balance = balanceOf(booking.grandTotal, booking.paidAmount);
  if (balance <= 0) throw conflict('Nothing is due on this booking: it is paid', 'NOTHING_DUE');
  const to = await customerEmail(tx, booking);
  if (!to) throw conflict('The customer has no email address: add one to the lead first', 'CUSTOMER_EMAIL_MISSING');
  // A plan sums to the total, so a balance owed is an installment owed.
  const installment = await nextOpenInstallment(tx, booking.id);
  if (!installment) throw conflict('Nothing is due on this booking: it is paid', 'NOTHING_DUE');
  const { subject, body, lang } = await message(tx, 'payment-reminder', { booking, balance, installment });
  const email = await queueBookingEmail(tx, { booking, kind: 'payment-reminder', lang, to, subject, message: body, sentBy: actorId });
  const [row] = await tx
    .insert(installmentReminders)
    .values({ bookingId: booking.id, installmentId: installment.id, stage: 'manual', sentTo: to, balance, sendId: email.id, sentBy: actorId })
    .returning();
  await logBookingEvent(tx, booking.id, 'reminder', { stage: 'manual', to, balance, installmentId: installment?.id ?? null }, actorId);
  return { _id: row.id, to, balance, nextInstallment: { _id: installment.id, dueDate: installment.dueDate, open: installment.open }, createdAt: row.createdAt };
}

/**
 * The daily reminders of one organization on `today`: every installment still owed of a booking
 * that collects money gets its `before-due` reminder and its `overdue` notice once each, on the
 * days the organization's settings say ({@link reminderStageOn}). A customer without an email is
 * skipped (nothing recorded: the reminder goes once an address is known). An overdue installment
 * also tells the member credited with the booking. Answers what was sent.
 */
export async function sendDueReminders(tx: Tx, today: string): Promise<{ installmentId: string; stage: ReminderStage }[]> {
  const settings: ReminderSettings = await moduleSettings(tx, 'bookings');
  const horizon = addDays(today, settings.reminderDaysBefore);
  const candidates = await tx
    .select({
      installmentId: bookingInstallments.id,
      dueDate: bookingInstallments.dueDate,
      open: moneySql(installmentOpenSql()),
      booking: { id: bookings.id, number: bookings.number, customerName: bookings.customerName, currency: bookings.currency, convertedBy: bookings.convertedBy, leadId: bookings.leadId, customerEmail: bookings.customerEmail, language: bookings.language },
      balance: moneySql(bookingBalanceSql()),
    })
    .from(bookingInstallments)
    .innerJoin(bookings, eq(bookings.id, bookingInstallments.bookingId))
    .where(
      and(
        lt(bookingInstallments.paidAmount, bookingInstallments.amount),
        sql`${bookingInstallments.dueDate} <= ${horizon}`,
        inArray(bookings.status, COLLECTING_STATES),
        gt(bookingBalanceSql(), 0),
        // Held off while transfers the customer submitted cover this installment (verification pays
        // installments oldest due first): finance has not looked yet; a failed one lets it go again.
        sql`(select coalesce(sum(p.amount), 0) from booking_payments p where p.booking_id = ${bookings.id} and p.status = 'submitted')
          < (select sum(i.amount - i.paid_amount) from booking_installments i
             where i.booking_id = ${bookings.id} and (i.due_date, i.position) <= (${bookingInstallments.dueDate}, ${bookingInstallments.position}))`,
        // An installment told it is overdue is done with; the others are judged below.
        notExists(tx.select({ one: sql`1` }).from(installmentReminders).where(and(eq(installmentReminders.installmentId, bookingInstallments.id), eq(installmentReminders.stage, 'overdue')))),
      ),
    )
    .orderBy(asc(bookingInstallments.dueDate), asc(bookingInstallments.id));

  const sent: { installmentId: string; stage: ReminderStage }[] = [];
  for (const c of candidates) {
    const stage = reminderStageOn(c.dueDate, today, settings);
    if (!stage) continue;
    const to = await customerEmail(tx, c.booking);
    if (!to) continue;
    // The claim first: a reminder already recorded (another run, another server) is not sent again.
    const [claimed] = await tx
      .insert(installmentReminders)
      .values({ bookingId: c.booking.id, installmentId: c.installmentId, stage, sentTo: to, balance: c.balance })
      .onConflictDoNothing({ target: [installmentReminders.installmentId, installmentReminders.stage], where: sql`${installmentReminders.stage} <> 'manual'` })
      .returning({ id: installmentReminders.id });
    if (!claimed) continue;
    const owed = { booking: c.booking, balance: c.balance, installment: { id: c.installmentId, dueDate: c.dueDate, open: c.open } };
    const kind: BookingEmailKind = stage === 'overdue' ? 'overdue-notice' : 'payment-reminder';
    const { subject, body, lang } = await message(tx, kind, owed);
    const email = await queueBookingEmail(tx, { booking: c.booking, kind, lang, to, subject, message: body, sentBy: null });
    await tx.update(installmentReminders).set({ sendId: email.id }).where(eq(installmentReminders.id, claimed.id));
    await logBookingEvent(tx, c.booking.id, 'reminder', { stage, to, installmentId: c.installmentId, dueDate: c.dueDate }, null);
    if (stage === 'overdue' && c.booking.convertedBy) {
      await notify(tx, c.booking.convertedBy, {
        type: 'installment-overdue',
        title: `Installment overdue: ${c.booking.customerName} (${bookingRef(c.booking.number)})`,
        body: `${staffMoney(c.open, c.booking.currency)} was due on ${c.dueDate}`,
        message: { key: 'installmentOverdue', params: { customer: c.booking.customerName, ref: bookingRef(c.booking.number), amount: c.open, currency: c.booking.currency, date: c.dueDate } },
        link: bookingLink(c.booking.id),
      });
    }
    sent.push({ installmentId: c.installmentId, stage });
  }
  return sent;
}
