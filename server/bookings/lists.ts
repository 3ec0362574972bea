import { and, asc, desc, eq, exists, gte, ilike, inArray, lt, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { PAYMENT_STATES, type BookingsQuery, type CompletedBookingsQuery, type PaymentReceiptsQuery, type PendingInstallment, type PendingInstallmentStats, type PendingInstallmentsQuery, type ReceiptStats } from '../../src/api/bookings/contract';
import { mergeFilter, type ListAnswer } from '../../src/api/common/schemas';
import { addDays, monthStart } from '../../src/domain/calendar';
import type { BookingState } from '../../src/machines/booking-machine';
import type { AuthContext } from '../auth/session';
import type { Tx } from '../db/client';
import { readInteger } from '../db/money';
import { placesCte } from '../catalogue';
import { containsPattern, dateRangeSql, filtersOnly, listJsonPage, listPage, listPageJson, monthsAndEdges, monthsSql, pageColumn, statOf, statsColumn, type DateRange, type JsonPage, type OrderKey, type StatsPage, type StatsRow } from '../http/list';
import { bookingInstallments, bookingInvoices, bookingPayments, bookingTotals, bookings, receiptTotals } from './schema';
import { BOOKING_ROW_COLUMNS, BOOKING_ROW_FROM, PAYMENT_ROW_COLUMNS, PAYMENT_ROW_FROM, bookingJson, bookingRef, memberRefs, paymentJson, paymentStatusSql, toInstallment, visibleBookings } from './store';
import { COLLECTING_STATES, DELIVERED_STATES } from './workflow';

/**
 * The bookings' lists (seed: Booking, Completed bookings, Pending installment, Payment receipt),
 * filtered, sorted and paged in the database on indexes (server/bookings/schema.ts); the seed's list
 * shape through `listPage`.
 */

const uuids = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** A calendar-day range over an instant, in the organization's time zone. */
export function instantRange(column: AnyColumn, range: { from?: string; to?: string } | undefined, tz: string): SQL | undefined {
  if (!range) return undefined;
  return and(
    range.from ? sql`${column} >= (${range.from}::date)::timestamp at time zone ${tz}` : undefined,
    range.to ? sql`${column} < (${addDays(range.to, 1)}::date)::timestamp at time zone ${tz}` : undefined,
  );
}
const dateRange = (column: AnyColumn, range: { from?: string; to?: string } | undefined) =>
  range ? and(range.from ? gte(column, range.from) : undefined, range.to ? lte(column, range.to) : undefined) : undefined;

export type BookingFilters = Partial<Pick<BookingsQuery, 'regions' | 'destinations' | 'convertedBy' | 'departure' | 'arrival' | 'totalNights' | 'createdAt' | 'search'>>;

/** The filters every bookings list shares, and the search (customer, tour, `BK-1042`). */
export function bookingFilters(q: BookingFilters, tz: string): SQL | undefined {
  const number = q.search && /^(bk-?)?\d{1,15}$/i.test(q.search) ? Number(q.search.replace(/^bk-?/i, '')) : undefined;
  return and(
    q.regions?.length ? sql`${bookings.regions} && ${uuids(q.regions)}` : undefined,
    q.destinations?.length ? sql`${bookings.destinations} && ${uuids(q.destinations)}` : undefined,
    q.convertedBy?.length ? inArray(bookings.convertedBy, q.convertedBy) : undefined,
    dateRange(bookings.departure, q.departure),
    dateRange(bookings.arrival, q.arrival),
    q.totalNights?.length ? inArray(bookings.totalNights, q.totalNights) : undefined,
    instantRange(bookings.createdAt, q.createdAt, tz),
    q.search
      ? or(ilike(bookings.customerName, containsPattern(q.search)), ilike(bookings.tourTitle, containsPattern(q.search)), number !== undefined ? eq(bookings.number, number) : undefined)
      : undefined,
  );
}

const BOOKING_SORT = {
  createdAt: bookings.createdAt,
  departure: bookings.departure,
  arrival: bookings.arrival,
  grandTotal: bookings.grandTotal,
  customerName: sql`lower(${bookings.customerName})`,
};

/**
 * How many bookings of some states and tour types depart in a range, from the kept totals
 * (`booking_totals`: its whole months) and the bookings of the range's edge days (their departure
 * index): what a list filtered by nothing else counts, at the same cost for any number of bookings.
 */
function keptBookingCount(f: { statuses?: readonly string[]; tourTypes?: readonly string[]; departure?: DateRange }): SQL {
  const { months, edges } = monthsAndEdges(f.departure);
  const keys = (status: AnyColumn, type: AnyColumn) =>
    and(f.statuses?.length ? inArray(status, [...f.statuses]) : undefined, f.tourTypes?.length ? inArray(type, [...f.tourTypes]) : undefined) ?? sql`true`;
  const t = bookingTotals;
  const parts: SQL[] = [sql`0`];
  if (months) parts.push(sql`(select coalesce(sum(${t.n}), 0) from ${t} where ${keys(t.status, t.tourType)} and ${monthsSql(t.departureMonth, months)})`);
  for (const edge of edges) parts.push(sql`(select count(*) from ${bookings} where ${keys(bookings.status, bookings.tourType)} and ${dateRangeSql(bookings.departure, edge)})`);
  return sql.join(parts, sql` + `);
}

async function bookingPageOf(
  tx: Tx,
  q: { page: number; limit: number; sortBy: keyof typeof BOOKING_SORT; sortOrder: 'asc' | 'desc' },
  where: SQL | undefined,
  kept?: Parameters<typeof keptBookingCount>[0],
): Promise<Response> {
  const order: OrderKey[] = [
    { by: BOOKING_SORT[q.sortBy], dir: q.sortOrder },
    { by: bookings.id, dir: q.sortOrder },
  ];
  // The list's total in the page's statement (one round trip): from the kept totals, or counted.
  const total = kept ? keptBookingCount(kept) : sql`(select count(*) from ${bookings} ${where ? sql`where ${where}` : sql``})`;
  return listPageJson(q, {
    page: (limit, offset) =>
      listJsonPage<JsonPage & { total: string }>(tx, { columns: BOOKING_ROW_COLUMNS, from: BOOKING_ROW_FROM, where, order, limit, offset, alias: 'bookings', record: bookingJson(), beside: [{ name: 'places', query: placesCte(sql`regions`, sql`destinations`) }], aggregates: sql`(${total})::text as total` },
      ),
    count: async (page) => readInteger(page.total),
  });
}

/** `GET /bookings`. */
export async function bookingsPage(tx: Tx, auth: AuthContext, query: BookingsQuery, tz: string) {
  const q = mergeFilter(query);
  const where = and(
    visibleBookings(auth),
    bookingFilters(q, tz),
    q.tourType?.length ? inArray(bookings.tourType, q.tourType) : undefined,
    q.tourStatus?.length ? inArray(bookings.status, q.tourStatus) : undefined,
  );
  const kept = !visibleBookings(auth) && filtersOnly(q, ['tourType', 'tourStatus', 'departure']);
  return bookingPageOf(tx, q, where, kept ? { statuses: q.tourStatus, tourTypes: q.tourType, departure: q.departure } : undefined);
}

/** `GET /bookings/completed`: trips that took place, with the payment and invoice filters. */
export async function completedBookingsPage(tx: Tx, auth: AuthContext, query: CompletedBookingsQuery, tz: string) {
  const q = mergeFilter(query);
  const invoiced = exists(tx.select({ one: sql`1` }).from(bookingInvoices).where(eq(bookingInvoices.bookingId, bookings.id)));
  const where = and(
    visibleBookings(auth),
    inArray(bookings.status, DELIVERED_STATES),
    bookingFilters(q, tz),
    q.paymentStatus?.length ? inArray(paymentStatusSql, q.paymentStatus) : undefined,
    q.invoiceGenerated === undefined ? undefined : q.invoiceGenerated ? invoiced : sql`not ${invoiced}`,
    q.minGrandTotal !== undefined ? gte(bookings.grandTotal, q.minGrandTotal) : undefined,
    q.maxGrandTotal !== undefined ? lte(bookings.grandTotal, q.maxGrandTotal) : undefined,
    q.pax?.length ? inArray(bookings.pax, q.pax) : undefined,
  );
  const kept = !visibleBookings(auth) && filtersOnly(q, ['departure']);
  return bookingPageOf(tx, q, where, kept ? { statuses: DELIVERED_STATES, departure: q.departure } : undefined);
}

/**
 * `GET /bookings/installments/pending`: installments still owed of bookings collecting money, soonest
 * due first, with what they add up to (`stats`: how many, what is owed, how much of it is overdue on
 * the organization's today) over the same filters, in one aggregate. Both read the open
 * installments' partial index (`booking_installments_open_due_idx`, which holds the amounts): what
 * is still owed, not the history of what was paid (docs/bookings.md, "Pending installments").
 */
export async function pendingInstallmentsPage(tx: Tx, auth: AuthContext, query: PendingInstallmentsQuery, tz: string, today: string): Promise<ListAnswer<PendingInstallment, PendingInstallmentStats>> {
  const q = mergeFilter(query);
  const statuses = q.status ?? [];
  const where = and(
    visibleBookings(auth),
    sql`${bookingInstallments.paidAmount} < ${bookingInstallments.amount}`,
    inArray(bookings.status, COLLECTING_STATES),
    bookingFilters(q, tz),
    dateRange(bookingInstallments.dueDate, q.dueDate),
    statuses.length === 1 ? (statuses[0] === 'overdue' ? lt(bookingInstallments.dueDate, today) : gte(bookingInstallments.dueDate, today)) : undefined,
  );
  const from = sql`${bookingInstallments} join ${bookings} on ${bookings.id} = ${bookingInstallments.bookingId}`;
  const order = q.sortOrder === 'desc' ? [desc(bookingInstallments.dueDate), desc(bookingInstallments.id)] : [asc(bookingInstallments.dueDate), asc(bookingInstallments.id)];
  // The stats of the rows the filters select; their count is the list's total.
  const open = sql`${bookingInstallments.amount} - ${bookingInstallments.paidAmount}`;
  const overdue = sql`${bookingInstallments.dueDate} < ${today}::date`;
  const [sums] = (
    await tx.execute<StatsRow>(sql`
      select count(*) as total, count(*) filter (where ${overdue}) as overdue,
        coalesce(sum(${open}), 0) as open, coalesce(sum(${open}) filter (where ${overdue}), 0) as overdue_open
      from ${from} where ${where}`)
  ).rows;
  const stats: PendingInstallmentStats = {
    totalCount: statOf(sums, 'total'),
    pendingCount: statOf(sums, 'total') - statOf(sums, 'overdue'),
    overdueCount: statOf(sums, 'overdue'),
    openAmount: statOf(sums, 'open'),
    overdueAmount: statOf(sums, 'overdue_open'),
  };
  const page = await listPage(q, {
    rows: (limit, offset) =>
      tx
        .select({ i: bookingInstallments, b: bookings })
        .from(bookingInstallments)
        .innerJoin(bookings, eq(bookings.id, bookingInstallments.bookingId))
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    toItem: (r) => r,
    count: async () => stats.totalCount,
    stats,
  });
  const member = await memberRefs(
    tx,
    page.data.map((r) => r.b.convertedBy),
  );
  return {
    ...page,
    data: page.data.map(({ i, b }) => ({
      ...toInstallment(i, today),
      booking: { _id: b.id, ref: bookingRef(b.number), customerName: b.customerName, tourTitle: b.tourTitle, status: b.status as BookingState, departure: b.departure, arrival: b.arrival, convertedBy: member(b.convertedBy) },
      currency: b.currency,
    })),
  };
}

// ---------- payment receipts ----------

const RECEIPT_SORT = { date: bookingPayments.paidOn, amount: bookingPayments.amount, createdAt: bookingPayments.createdAt };

/** `part / whole` in basis points, rounded; 0 when there is no whole. */
const basisPoints = (part: number, whole: number) => (whole > 0 ? Math.round((part * 10_000) / whole) : 0);
/** Growth of `now` over `before` in basis points; null when there was nothing before to grow from. */
export const growth = (now: number, before: number) => (before > 0 ? Math.round(((now - before) * 10_000) / before) : null);

/**
 * The receipts' ten stats over the payments the filters select. Filters the kept totals know
 * (state, method, the date paid) read `receipt_totals`: its whole months, and the payments of the
 * days at the range's ends through their date index; any other (amounts, the search, own
 * visibility) reads the payments the filters select. One aggregate over either source.
 */
function receiptStatsSql(auth: AuthContext, q: ReturnType<typeof mergeFilter<PaymentReceiptsQuery>>, where: SQL | undefined, today: string): SQL {
  const statuses = q.isVerified === undefined ? q.status : (q.status ?? PAYMENT_STATES).filter((x) => (x === 'verified') === q.isVerified);
  const kept = !visibleBookings(auth) && !q.search && q.minAmount === undefined && q.maxAmount === undefined;
  const split = kept ? monthsAndEdges(q.dateRange) : null;
  let source: SQL;
  if (split) {
    const p = bookingPayments;
    const t = receiptTotals;
    const keys = (status: AnyColumn, method: AnyColumn) =>
      and(statuses ? (statuses.length ? inArray(status, statuses) : sql`false`) : undefined, q.paymentMethod?.length ? inArray(method, q.paymentMethod) : undefined) ?? sql`true`;
    const parts: SQL[] = [];
    if (split.months) parts.push(sql`select ${t.status} as status, ${t.month} as month, ${t.n}::bigint as n, ${t.amount} as amount from ${t} where ${keys(t.status, t.paymentMethod)} and ${monthsSql(t.month, split.months)}`);
    for (const edge of split.edges) {
      parts.push(sql`select ${p.status} as status, date_trunc('month', ${p.paidOn})::date as month, 1::bigint as n, ${p.amount} as amount from ${p} where ${keys(p.status, p.paymentMethod)} and ${dateRangeSql(p.paidOn, edge)}`);
    }
    source = parts.length ? sql.join(parts, sql` union all `) : sql`select null::text as status, null::date as month, 0::bigint as n, 0::bigint as amount where false`;
  } else {
    // The header reads the payments alone unless a filter needs their booking (own visibility, the customer's name).
    const from = visibleBookings(auth) || q.search ? sql`${bookingPayments} join ${bookings} on ${bookings.id} = ${bookingPayments.bookingId}` : sql`${bookingPayments}`;
    source = sql`select ${bookingPayments.status} as status, date_trunc('month', ${bookingPayments.paidOn})::date as month, 1::bigint as n, ${bookingPayments.amount} as amount
      from ${from} ${where ? sql`where ${where}` : sql``}`;
  }
  const thisMonth = monthStart(today);
  const lastMonth = monthStart(today, -1);
  return sql`
    select coalesce(sum(n), 0) as total,
      coalesce(sum(amount) filter (where status <> 'failed'), 0) as amount,
      coalesce(sum(n) filter (where status = 'verified'), 0) as verified,
      coalesce(sum(n) filter (where status = 'submitted'), 0) as pending,
      coalesce(sum(n) filter (where status = 'failed'), 0) as failed,
      coalesce(sum(amount) filter (where status = 'verified' and month = ${thisMonth}::date), 0) as this_month,
      coalesce(sum(amount) filter (where status = 'verified' and month = ${lastMonth}::date), 0) as last_month
    from (${source}) s`;
}

/** The ten stats from {@link receiptStatsSql}'s sums. */
function receiptStatsOf(row: StatsRow): ReceiptStats {
  const n = (k: string) => statOf(row, k);
  const total = n('total');
  return {
    totalReceipts: total,
    totalAmount: n('amount'),
    verifiedCount: n('verified'),
    pendingCount: n('pending'),
    // Successful is verified: a payment waiting for finance has not succeeded yet (issue 27).
    successfulCount: n('verified'),
    failedCount: n('failed'),
    thisMonthAmount: n('this_month'),
    monthlyGrowth: growth(n('this_month'), n('last_month')),
    verificationRate: basisPoints(n('verified'), total),
    successRate: basisPoints(n('verified'), n('verified') + n('failed')),
  };
}

/** What a receipt row reads: the payment's (PAYMENT_ROW_COLUMNS) and its booking's number and customer. */
const RECEIPT_PAGE_COLUMNS = sql`${PAYMENT_ROW_COLUMNS}, ${bookings.number} as b_number, ${bookings.customerName} as b_customer_name`;
const RECEIPT_PAGE_FROM = sql`${PAYMENT_ROW_FROM} join ${bookings} on ${bookings.id} = ${bookingPayments.bookingId}`;
/** A receipt: its payment as every answer writes it (`paymentJson`), the day paid and its booking. */
const r = pageColumn('booking_payments');
const RECEIPT_JSON = paymentJson(sql`'date', ${r('paid_on')}, 'booking', json_build_object('_id', ${r('booking_id')}, 'ref', 'BK-' || ${r('b_number')}, 'customerName', ${r('b_customer_name')})`);

/** `GET /payment-receipts`: the payments of the bookings the caller sees, with the seed's ten stats over the same filters. */
export async function paymentReceiptsPage(tx: Tx, auth: AuthContext, query: PaymentReceiptsQuery, today: string): Promise<Response> {
  const q = mergeFilter(query);
  const where = and(
    visibleBookings(auth),
    q.paymentMethod?.length ? inArray(bookingPayments.paymentMethod, q.paymentMethod) : undefined,
    q.status?.length ? inArray(bookingPayments.status, q.status) : undefined,
    q.minAmount !== undefined ? gte(bookingPayments.amount, q.minAmount) : undefined,
    q.maxAmount !== undefined ? lte(bookingPayments.amount, q.maxAmount) : undefined,
    dateRange(bookingPayments.paidOn, q.dateRange),
    q.isVerified === undefined ? undefined : q.isVerified ? eq(bookingPayments.status, 'verified') : sql`${bookingPayments.status} <> 'verified'`,
    q.search
      ? or(ilike(bookingPayments.receiptNumber, containsPattern(q.search)), ilike(bookingPayments.reference, containsPattern(q.search)), ilike(bookings.customerName, containsPattern(q.search)))
      : undefined,
  );
  const order: OrderKey[] = [
    { by: RECEIPT_SORT[q.sortBy], dir: q.sortOrder },
    { by: bookingPayments.createdAt, dir: q.sortOrder },
    { by: bookingPayments.id, dir: q.sortOrder },
  ];
  // The page and its stats in one statement.
  const stats = statsColumn(receiptStatsSql(auth, q, where, today));
  return listPageJson(q, {
    page: (limit, offset) =>
      listJsonPage<StatsPage>(tx, { columns: RECEIPT_PAGE_COLUMNS, from: RECEIPT_PAGE_FROM, where, order, limit, offset, alias: 'booking_payments', record: RECEIPT_JSON, aggregates: stats }),
    count: async (page) => statOf(page.stats, 'total'),
    stats: (page) => receiptStatsOf(page.stats),
  });
}
