import { and, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Invoice, InvoiceLine, InvoicePreview, InvoiceStats, InvoiceStatus, InvoicesQuery } from '../../src/api/bookings/invoices';
import { mergeFilter } from '../../src/api/common/schemas';
import { balanceOf, invoiceCover } from '../../src/domain/balance';
import { addDays, monthStart } from '../../src/domain/calendar';
import { taxIncluded } from '../../src/domain/installment-plan';
import { bookingMachine, describeBookingRefusal } from '../../src/machines/booking-machine';
import { snapshotOf } from '../../src/machines/workflow';
import { currentOrganization, moduleSettings } from '../admin';
import type { AuthContext } from '../auth/session';
import type { Tx } from '../db/client';
import { nextNumber } from '../finance';
import { conflict, notFound } from '../http/errors';
import { bigTotal, exactTotal, roundedQuotient } from '../http/totals';
import { containsPattern, filtersOnly, isoInstantSql, listJsonPage, listPageJson, pageColumn, statOf, statsColumn, type OrderKey, type StatsPage, type StatsRow } from '../http/list';
import { bookingInvoices, bookings, invoiceDueDayTotals, invoiceTotals } from './schema';
import { bookingBalanceSql, bookingContext, bookingRef, logBookingEvent, visibleBookings, type BookingRow } from './store';
import { applyBookingEvent } from './workflow';
import { growth } from './lists';

/**
 * Invoices (SPEC workflow 2): one per completed booking, numbered from the organization's series
 * when issued (the number is the last thing taken, so the series row is locked only for the insert
 * and the commit), immutable once written (the database refuses any change: booking_rules). The
 * status is derived from the booking's balance and the organization's today.
 */

/**
 * The invoices in the given statuses, as the plain conditions of the rule (owes nothing; owes and
 * past due; owes and not yet due) rather than a `case` of the status: the planner then estimates how
 * many rows pass and walks the page's index instead of joining every booking (issue 32's bench:
 * `status=overdue,paid` on 20,000 invoices, 105 ms of PostgreSQL per request with the `case`).
 */
export function statusIn(statuses: readonly InvoiceStatus[], today: string): SQL | undefined {
  const wanted = new Set(statuses);
  if (wanted.size === 0 || wanted.size === 3) return undefined;
  const owes = sql`${bookingBalanceSql()} > 0`;
  const conditions: Record<InvoiceStatus, SQL> = {
    paid: sql`${bookingBalanceSql()} <= 0`,
    overdue: sql`(${owes} and ${bookingInvoices.dueDate} < ${today}::date)`,
    pending: sql`(${owes} and ${bookingInvoices.dueDate} >= ${today}::date)`,
  };
  if (wanted.has('overdue') && wanted.has('pending')) return owes;
  return sql`(${sql.join([...wanted].map((s) => conditions[s]), sql` or `)})`;
}

/** `paid` when the booking owes nothing, `overdue` past the due date while it does, else `pending`. */
export function invoiceStatus(balance: number, dueDate: string, today: string): InvoiceStatus {
  if (balance <= 0) return 'paid';
  return dueDate < today ? 'overdue' : 'pending';
}

type InvoiceRow = typeof bookingInvoices.$inferSelect;

/**
 * An invoice as issued (its number, dates, customer, lines, tax and terms are kept as written then),
 * with what its booking's money covers of it now: the API's invoice and the PDF's read the same.
 */
export function invoiceFigures(inv: InvoiceRow, bookingPaid: number) {
  return {
    number: inv.number,
    customer: { name: inv.customerName, email: inv.customerEmail, phone: inv.customerPhone },
    issuedOn: inv.issuedOn,
    dueDate: inv.dueDate,
    currency: inv.currency,
    lines: inv.lines,
    subtotal: inv.subtotal,
    taxRate: inv.taxRate,
    tax: inv.tax,
    total: inv.total,
    ...invoiceCover(inv.total, bookingPaid),
    terms: inv.terms,
  };
}

function toInvoice(inv: InvoiceRow, booking: Pick<BookingRow, 'number' | 'grandTotal' | 'paidAmount'>, today: string): Invoice {
  return {
    _id: inv.id,
    ...invoiceFigures(inv, booking.paidAmount),
    bookingId: inv.bookingId,
    bookingRef: bookingRef(booking.number),
    status: invoiceStatus(balanceOf(booking.grandTotal, booking.paidAmount), inv.dueDate, today),
    createdAt: inv.createdAt,
  };
}

/**
 * The customer's lines of a booking: what was sold at selling prices (never cost or markup), as the
 * booking kept them when it was made; they add up to its grand total.
 */
export function customerLines(booking: BookingRow): InvoiceLine[] {
  const kept = (booking.tourSnapshot as { invoiceLines?: InvoiceLine[] }).invoiceLines;
  const lines = kept?.length ? kept : [{ description: booking.tourTitle, quantity: 1, unitPrice: booking.grandTotal, amount: booking.grandTotal }];
  const sum = lines.reduce((s, l) => s + l.amount, 0);
  // A booking whose total no longer matches its lines is invoiced for its total, as one line.
  return sum === booking.grandTotal ? lines : [{ description: booking.tourTitle, quantity: 1, unitPrice: booking.grandTotal, amount: booking.grandTotal }];
}

/**
 * `POST /booking-invoices/generate`: the invoice of a completed booking, issued on the
 * organization's today, due after its payment terms (Configurations → bookings → invoice payment
 * terms), with the tax its tax rate puts inside the total; then the booking's INVOICE. 409 for a
 * booking that is not completed, and for a second invoice.
 */
export async function generateInvoice(tx: Tx, booking: BookingRow, actorId: string, today: string): Promise<Invoice> {
  // Asked before the number is taken: a refused booking never holds the series.
  const draft = await invoiceDraft(tx, booking, today);
  const number = await nextNumber(tx, 'invoice', today);
  const [inv] = await tx
    .insert(bookingInvoices)
    .values({
      bookingId: booking.id,
      number,
      issuedOn: draft.issuedOn,
      dueDate: draft.dueDate,
      currency: draft.currency,
      customerName: booking.customerName,
      customerEmail: booking.customerEmail,
      customerPhone: booking.customerPhone,
      lines: draft.lines,
      subtotal: draft.subtotal,
      taxRate: draft.taxRate,
      tax: draft.tax,
      total: draft.total,
      terms: draft.terms,
      issuedBy: actorId,
    })
    .returning();
  await applyBookingEvent(tx, booking, { type: 'INVOICE', invoiceId: inv.id }, actorId, { invoiceId: inv.id });
  await logBookingEvent(tx, booking.id, 'invoice', { invoiceId: inv.id, number }, actorId);
  return toInvoice(inv, booking, today);
}

/**
 * What the invoice of `booking` would say if it were issued today (`GET /bookings/{id}/invoice-preview`,
 * shown before staff issue it, and what `generateInvoice` writes): the same refusals, no number taken.
 */
export async function invoiceDraft(tx: Tx, booking: BookingRow, today: string): Promise<InvoicePreview> {
  const [existing] = await tx.select({ number: bookingInvoices.number }).from(bookingInvoices).where(eq(bookingInvoices.bookingId, booking.id));
  if (existing) throw conflict(`This booking has its invoice already: ${existing.number}`, 'INVOICE_EXISTS', { number: existing.number });
  const probe = { type: 'INVOICE', invoiceId: booking.id } as const;
  const context = await bookingContext(tx, booking);
  if (!snapshotOf(bookingMachine, booking.status, context).can(probe)) {
    throw conflict(describeBookingRefusal(booking.status, probe, context), 'TRANSITION_NOT_ALLOWED', { state: booking.status, event: 'INVOICE' });
  }
  const org = await currentOrganization(tx);
  const { invoiceDueDays } = await moduleSettings(tx, 'bookings');
  const { net, tax } = taxIncluded(booking.grandTotal, org.taxRate);
  return {
    bookingId: booking.id,
    issuedOn: today,
    dueDate: addDays(today, invoiceDueDays),
    currency: booking.currency,
    lines: customerLines(booking),
    subtotal: net,
    taxRate: org.taxRate,
    tax,
    total: booking.grandTotal,
    terms: org.terms,
  };
}

const INVOICE_SORT = { issuedOn: bookingInvoices.issuedOn, dueDate: bookingInvoices.dueDate, total: bookingInvoices.total, number: bookingInvoices.number };

/**
 * The invoices' eleven stats over the invoices the filters select. Without a filter but the status,
 * they come from the kept totals: `invoice_totals` (by month issued, month due and settled), but for
 * this month's unsettled invoices, whose status depends on today (overdue before it, pending from
 * it), from `invoice_due_day_totals` (the unsettled ones by due day), one month's days through its
 * index. For another month the month tells (before: overdue; after: pending). Any other filter reads
 * the invoices it selects. One aggregate over either source.
 */
function invoiceStatsSql(auth: AuthContext, q: ReturnType<typeof mergeFilter<InvoicesQuery>>, where: SQL | undefined, today: string): SQL {
  const i = bookingInvoices;
  const t = invoiceTotals;
  const d = invoiceDueDayTotals;
  // One tuple per invoice (or per kept group): month issued, due (a date, or a kept month's first day), settled, count, total, paid.
  const rowsOf = (condition: SQL | undefined) => sql`select date_trunc('month', ${i.issuedOn})::date as issued, ${i.dueDate} as due, ${bookingBalanceSql()} <= 0 as settled,
      1::bigint as n, ${i.total} as total, least(${bookings.paidAmount}, ${i.total}) as paid
    from ${i} join ${bookings} on ${bookings.id} = ${i.bookingId} ${condition ? sql`where ${condition}` : sql``}`;
  const kept = !visibleBookings(auth) && filtersOnly(q, ['status']);
  const thisMonth = monthStart(today);
  const source = kept
    ? sql`select ${t.issuedMonth} as issued, ${t.dueMonth} as due, ${t.settled} as settled, ${t.n}::bigint as n, ${t.total} as total, ${t.paid} as paid
          from ${t} where ${t.dueMonth} <> ${thisMonth}::date or ${t.settled}
          union all select ${d.issuedMonth}, ${d.dueDay}, false, ${d.n}::bigint, ${d.total}, ${d.paid}
          from ${d} where ${d.dueDay} >= ${thisMonth}::date and ${d.dueDay} < ${monthStart(today, 1)}::date`
    : rowsOf(where);
  const status = sql`case when settled then 'paid' when due < ${today}::date then 'overdue' else 'pending' end`;
  return sql`
    select coalesce(sum(n), 0) as total,
      coalesce(sum(n) filter (where ${status} = 'paid'), 0) as paid,
      coalesce(sum(n) filter (where ${status} = 'pending'), 0) as pending,
      coalesce(sum(n) filter (where ${status} = 'overdue'), 0) as overdue,
      coalesce(sum(total), 0) as revenue,
      coalesce(sum(paid), 0) as paid_amount,
      coalesce(sum(total) filter (where issued = ${thisMonth}::date), 0) as this_month,
      coalesce(sum(total) filter (where issued = ${monthStart(today, -1)}::date), 0) as last_month
    from (${source}) s ${kept && q.status?.length ? sql`where ${status} in (${sql.join(q.status.map((x) => sql`${x}`), sql`, `)})` : sql``}`;
}

/** The eleven stats from {@link invoiceStatsSql}'s sums. */
function invoiceStatsOf(row: StatsRow): InvoiceStats {
  const n = (k: string) => statOf(row, k);
  const big = (k: string) => bigTotal(row[k]);
  return {
    total: n('total'),
    paid: n('paid'),
    pending: n('pending'),
    overdue: n('overdue'),
    totalRevenue: n('revenue'),
    totalPaid: n('paid_amount'),
    totalPending: exactTotal(big('revenue') - big('paid_amount')),
    avgInvoiceValue: exactTotal(roundedQuotient(big('revenue'), big('total'))),
    thisMonthRevenue: n('this_month'),
    monthlyGrowth: growth(n('this_month'), n('last_month')),
    paidPercentage: n('total') ? Math.round((n('paid') * 10_000) / n('total')) : 0,
  };
}

/** `GET /booking-invoices`: the invoices of the bookings the caller sees, and the seed's eleven stats over the same filters. */
export async function invoicesPage(tx: Tx, auth: AuthContext, query: InvoicesQuery, today: string): Promise<Response> {
  const q = mergeFilter(query);
  const where: SQL | undefined = and(
    visibleBookings(auth),
    q.status?.length ? statusIn(q.status, today) : undefined,
    q.issuedOn?.from ? gte(bookingInvoices.issuedOn, q.issuedOn.from) : undefined,
    q.issuedOn?.to ? lte(bookingInvoices.issuedOn, q.issuedOn.to) : undefined,
    q.dueDate?.from ? gte(bookingInvoices.dueDate, q.dueDate.from) : undefined,
    q.dueDate?.to ? lte(bookingInvoices.dueDate, q.dueDate.to) : undefined,
    q.bookingId?.length ? inArray(bookingInvoices.bookingId, q.bookingId) : undefined,
    q.search ? or(ilike(bookingInvoices.number, containsPattern(q.search)), ilike(bookingInvoices.customerName, containsPattern(q.search))) : undefined,
  );
  const order: OrderKey[] = [
    { by: INVOICE_SORT[q.sortBy], dir: q.sortOrder },
    { by: bookingInvoices.id, dir: q.sortOrder },
  ];
  const columns = sql`${bookingInvoices}.*, ${bookings.number} as b_number, ${bookings.grandTotal} as b_grand_total, ${bookings.paidAmount} as b_paid_amount`;
  const from = sql`${bookingInvoices} join ${bookings} on ${bookings.id} = ${bookingInvoices.bookingId}`;
  // The page and its stats in one statement.
  const stats = statsColumn(invoiceStatsSql(auth, q, where, today));
  return listPageJson(q, {
    page: (limit, offset) => listJsonPage<StatsPage>(tx, { columns, from, where, order, limit, offset, alias: 'booking_invoices', record: invoiceJson(today), aggregates: stats }),
    count: async (page) => statOf(page.stats, 'total'),
    stats: (page) => invoiceStatsOf(page.stats),
  });
}

/**
 * An invoice as `toInvoice` answers it, written by PostgreSQL from a page row named as the
 * invoices' table (what the booking paid of it, and its status by the rule of `invoiceStatus`);
 * tests/api/list-json.test.ts holds the two equal.
 */
const i = pageColumn('booking_invoices');
const invoiceJson = (today: string) => sql`json_build_object(
  '_id', ${i('id')}, 'number', ${i('number')}, 'bookingId', ${i('booking_id')}, 'bookingRef', 'BK-' || ${i('b_number')},
  'customer', json_build_object('name', ${i('customer_name')}, 'email', ${i('customer_email')}, 'phone', ${i('customer_phone')}),
  'issuedOn', ${i('issued_on')}, 'dueDate', ${i('due_date')}, 'currency', ${i('currency')}, 'lines', ${i('lines')},
  'subtotal', ${i('subtotal')}, 'taxRate', ${i('tax_rate')}, 'tax', ${i('tax')}, 'total', ${i('total')},
  'paid', least(${i('b_paid_amount')}, ${i('total')}), 'balance', ${i('total')} - least(${i('b_paid_amount')}, ${i('total')}),
  'status', case when ${i('b_grand_total')} - ${i('b_paid_amount')} <= 0 then 'paid' when ${i('due_date')} < ${today}::date then 'overdue' else 'pending' end,
  'terms', ${i('terms')}, 'createdAt', ${isoInstantSql(i('created_at'))})`;

/** One invoice by its booking, as answered (404 when it has none). */
export async function invoiceOfBooking(tx: Tx, bookingId: string, today: string): Promise<Invoice> {
  const [row] = await tx
    .select({ inv: bookingInvoices, b: { number: bookings.number, grandTotal: bookings.grandTotal, paidAmount: bookings.paidAmount } })
    .from(bookingInvoices)
    .innerJoin(bookings, eq(bookings.id, bookingInvoices.bookingId))
    .where(eq(bookingInvoices.bookingId, bookingId));
  if (!row) throw notFound('Invoice');
  return toInvoice(row.inv, row.b, today);
}
