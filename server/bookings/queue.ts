import { stateIn } from '../db/state-check';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { REMIND_AGAIN_DAYS } from '../../src/api/work-queue/contract';
import { BOOKING_EVENTS, bookingMachine, type BookingContext, type BookingEvent } from '../../src/machines/booking-machine';
import { PAYMENT_EVENTS, paymentMachine, type PaymentEvent } from '../../src/machines/payment-machine';
import { statesAccepting } from '../../src/machines/workflow';
import type { AuthContext } from '../auth/session';
import { ownRecordsOf } from '../auth/visibility';
import { monthStart } from '../../src/domain/calendar';
import { at, type QueueKind } from '../work-queue';
import { leads } from '../leads';
import { bookingInstallments, bookingInvoices, bookingPayments, bookings, installmentReminders, invoiceDueDayTotals, invoiceTotals } from './schema';
import { statusIn } from './invoices';
import { visibleBookings } from './store';
import { COLLECTING_STATES } from './workflow';

/**
 * The bookings' kinds of work (docs/work-queue.md): money to verify, bookings to verify, overdue
 * installments to remind, trips to invoice, invoices overdue. Which records are chosen in SQL on
 * the states the machines name; each item's actions are the machine's `can`. They are finance's
 * work as a team: no item has an assignee.
 */

const bookingEvent = (type: BookingEvent['type']) => BOOKING_EVENTS.find((e) => e.type === type)!;
const paymentEvent = (type: PaymentEvent['type']) => PAYMENT_EVENTS.find((e) => e.type === type)!;
/** A booking's reference as work items show it (`BK-` and its number). */
export const bookingRefSql = sql`'BK-' || ${bookings.number}`;

/** The bookings the person sees (own visibility: those they sold), as a work-queue condition. */
export const visibleBookingsSql = (auth: AuthContext) => visibleBookings(auth) ?? sql`true`;

/**
 * The columns every work item about a booking's record shows: the record and its state, the
 * booking's reference (or the record's own number, `ref`) and customer, and the parent the item
 * opens under (`parent`: the booking, an operation), when the record is not the booking itself.
 */
export function bookingItem(record: { id: AnyColumn; status: AnyColumn }, o: { parent?: AnyColumn; ref?: SQL } = {}) {
  return {
    recordId: sql`${record.id}`,
    ...(o.parent ? { parentId: sql`${o.parent}` } : {}),
    ref: o.ref ?? bookingRefSql,
    title: sql`${bookings.customerName}`,
    state: sql`${record.status}`,
  };
}

/** A submitted payment (the states whose machine awaits VERIFY): finance sees the money arrive, or not. */
export const paymentToVerify: QueueKind<typeof paymentMachine> = {
  kind: 'paymentToVerify',
  record: 'payment',
  parent: 'booking',
  priority: 'high',
  needs: [['bookings', 'approve']],
  scope: 'bookings',
  // Kept per day paid (work_queue_totals, 0047): overdue are the days before today.
  keptByDay: {},
  machine: paymentMachine,
  actions: [
    { event: paymentEvent('VERIFY'), needs: ['bookings', 'approve'], main: true },
    { event: paymentEvent('FAIL'), needs: ['bookings', 'approve'], input: 'reason' },
  ],
  source(s) {
    const p = bookingPayments;
    return {
      // A payment always has its booking (a foreign key): a left join, which PostgreSQL drops when nothing of the booking is read (the counts' walk, for those who see every booking).
      from: sql`${p} left join ${bookings} on ${bookings.id} = ${p.bookingId}`,
      where: sql`${stateIn(p.status, statesAccepting(paymentMachine, 'VERIFY'))} and ${visibleBookingsSql(s.auth)}`,
      columns: {
        ...bookingItem(p, { parent: bookings.id }),
        due: { day: sql`${p.paidOn}` },
        params: sql`jsonb_build_object('amount', ${p.amount}, 'currency', ${p.currency}, 'method', ${p.paymentMethod}, 'reference', ${p.reference})`,
      },
    };
  },
};

/**
 * A booking whose machine would accept VERIFY: in a state that awaits it, with the guard's facts (the
 * booking's context, as `bookingContext` reads it: every traveller named, the first installment
 * covered) in SQL; the property test holds them to the machine's `can`.
 */
export const bookingToVerify: QueueKind<typeof bookingMachine> = {
  kind: 'bookingToVerify',
  record: 'booking',
  priority: 'high',
  needs: [['bookings', 'approve']],
  scope: 'bookings',
  machine: bookingMachine,
  actions: [{ event: bookingEvent('VERIFY'), needs: ['bookings', 'approve'], main: true }],
  contextOf: (context) => context as BookingContext,
  source(s) {
    const b = bookings;
    const i = bookingInstallments;
    // The context's facts, as bookingContext reads them (what the guard asks of the record).
    // The travellers to name are kept on the booking by the database (travellers_to_name, counted
    // as bookingContext counts them): the rows are a range on bookings_to_verify_idx.
    const context = sql`lateral (select
      coalesce((select ${i.amount} - ${i.paidAmount} from ${i} where ${i.bookingId} = ${b.id} order by ${i.position} limit 1), 0) as first_open) as ctx`;
    return {
      from: sql`${b} cross join ${context}`,
      // A booking with a total has a plan, whose first installment is covered only by money paid: the cheap test first.
      where: sql`${stateIn(b.status, statesAccepting(bookingMachine, 'VERIFY'))} and ${visibleBookingsSql(s.auth)} and (${b.paidAmount} > 0 or ${b.grandTotal} = 0)
        and ${b.travellersToName} = 0 and ctx.first_open = 0`,
      columns: {
        ...bookingItem(b),
        due: { day: sql`${b.departure}` },
        params: sql`jsonb_build_object('tour', ${b.tourTitle}, 'pax', ${b.pax}, 'departure', ${b.departure})`,
        context: sql`jsonb_build_object('travellersToName', ${b.travellersToName}, 'firstInstallmentOpen', ctx.first_open, 'arrival', ${b.arrival})`,
      },
    };
  },
};

/**
 * A booking collecting money (the machine's `collecting` tag) with installments past due, when
 * nobody has reminded the customer (by hand or the daily job) for a week (on the database's clock,
 * the one that stamps the reminders: a test that moves the app's day still sees a reminder just
 * sent). Those who follow the money see it (bookings and payment receipts); the reminder is the
 * booking's call (`POST /bookings/{id}/payment/reminder`, bookings.update), not a machine event, so
 * the item offers it as `REMIND` while the booking's state is `collecting` (docs/work-queue.md "Calls
 * that are not events"), to those who may send it, and not when the customer has no email address
 * (the call refuses it: reason `customerEmailMissing`). Once sent, the booking was reminded this
 * week: the item leaves.
 */
export const installmentOverdue: QueueKind<typeof bookingMachine> = {
  kind: 'installmentOverdue',
  record: 'booking',
  priority: 'high',
  needs: [
    ['bookings', 'view'],
    ['paymentReceipts', 'view'],
  ],
  machine: bookingMachine,
  actions: [{ event: { type: 'REMIND' }, tag: 'collecting', needs: ['bookings', 'update'], main: true, unless: (row) => row.reason === 'customerEmailMissing' }],
  scope: 'bookings',
  // Kept per first open due day (work_queue_totals `installmentOverdue:past`, 0047: every booking
  // collecting with an open installment, an item once the day has passed), less those reminded this
  // week, walked on installment_reminders_created_idx.
  keptByDay: {
    less(s) {
      const b = bookings;
      const r = installmentReminders;
      return sql`select count(*)::int as n from ${b} where ${b.id} in (select ${r.bookingId} from ${r} where ${r.createdAt} >= now() - make_interval(days => ${REMIND_AGAIN_DAYS}))
        and ${stateIn(b.status, COLLECTING_STATES)} and ${b.firstOpenDue} < ${s.today}::date and ${visibleBookingsSql(s.auth)}`;
    },
  },
  source(s) {
    const t = at(s);
    const i = bookingInstallments;
    const b = bookings;
    const r = installmentReminders;
    // The item's due is the booking's first open installment's day, which the database keeps on the
    // booking (`first_open_due`): the rows are a range on bookings_installment_due_idx, walked in
    // due order for the page and counted on the index for the stats; the count and amount overdue
    // are read for the items shown only.
    return {
      from: sql`${b}`,
      where: sql`${stateIn(b.status, COLLECTING_STATES)} and ${b.firstOpenDue} < ${t.today} and ${visibleBookingsSql(s.auth)}
        and not exists (select 1 from ${r} where ${r.bookingId} = ${b.id} and ${r.createdAt} >= now() - make_interval(days => ${REMIND_AGAIN_DAYS}))`,
      columns: {
        ...bookingItem(b),
        due: { day: sql`${b.firstOpenDue}` },
        // The address the reminder goes to, as the call reads it: the lead's, else the booking's.
        reason: sql`case when coalesce((select ${leads.email} from ${leads} where ${leads.id} = ${b.leadId}), ${b.customerEmail}) is null then 'customerEmailMissing' else 'installmentOverdue' end`,
        params: sql`(select jsonb_build_object('count', count(*)::int, 'amount', sum(j.amount - j.paid_amount), 'currency', ${b.currency})
          from ${i} as j where j.booking_id = ${b.id} and j.paid_amount < j.amount and j.due_date < ${t.today})`,
      },
    };
  },
};

/** A trip over whose machine awaits INVOICE: the invoice's call issues it and sends the event. */
export const bookingToInvoice: QueueKind<typeof bookingMachine> = {
  kind: 'bookingToInvoice',
  record: 'booking',
  priority: 'normal',
  needs: [['invoices', 'create']],
  scope: 'bookings',
  // Kept per arrival day (work_queue_totals, 0047).
  keptByDay: {},
  machine: bookingMachine,
  actions: [{ event: bookingEvent('INVOICE'), needs: ['invoices', 'create'], main: true }],
  source(s) {
    const b = bookings;
    return {
      from: sql`${b}`,
      where: sql`${stateIn(b.status, statesAccepting(bookingMachine, 'INVOICE'))} and ${visibleBookingsSql(s.auth)}`,
      columns: {
        ...bookingItem(b),
        due: { day: sql`${b.arrival}` },
        params: sql`jsonb_build_object('amount', ${b.grandTotal}, 'currency', ${b.currency}, 'tour', ${b.tourTitle})`,
      },
    };
  },
};

/** An invoice past its due date that its booking has not paid (the invoices' own status rule); no machine. */
export const invoiceOverdue: QueueKind = {
  kind: 'invoiceOverdue',
  record: 'invoice',
  parent: 'booking',
  priority: 'normal',
  needs: [['invoices', 'update']],
  scope: 'bookings',
  // The invoices list's kept totals (settled or not, as statusIn settles them): the months before
  // this one from invoice_totals (by due month), this month's days before today from
  // invoice_due_day_totals (the unsettled by due day). They have no seller: own visibility counts the rows.
  countedBy(s) {
    if (ownRecordsOf(s.auth, 'bookings')) return undefined;
    const month = monthStart(s.today);
    const it = invoiceTotals;
    const d = invoiceDueDayTotals;
    return sql`select ((select coalesce(sum(${it.n}), 0) from ${it} where not ${it.settled} and ${it.dueMonth} < ${month}::date)
      + (select coalesce(sum(${d.n}), 0) from ${d} where ${d.dueDay} >= ${month}::date and ${d.dueDay} < ${s.today}::date))::int as n`;
  },
  source(s) {
    const inv = bookingInvoices;
    const b = bookings;
    return {
      from: sql`${inv} join ${b} on ${b.id} = ${inv.bookingId}`,
      // The invoices' status rule for 'overdue' as its plain conditions (statusIn): the planner then
      // sees how many rows pass and walks booking_invoices_org_due_idx for the page instead of joining every booking.
      where: sql`${statusIn(['overdue'], s.today)} and ${visibleBookingsSql(s.auth)}`,
      columns: {
        recordId: sql`${inv.id}`,
        parentId: sql`${b.id}`,
        ref: sql`${inv.number}`,
        title: sql`${b.customerName}`,
        state: sql`'overdue'`,
        due: { day: sql`${inv.dueDate}` },
        params: sql`jsonb_build_object('amount', ${b.grandTotal} - ${b.paidAmount}, 'currency', ${inv.currency}, 'booking', ${bookingRefSql})`,
      },
    };
  },
};

export const bookingQueueKinds = [paymentToVerify, bookingToVerify, installmentOverdue, bookingToInvoice, invoiceOverdue];
