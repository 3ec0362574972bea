import { and, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { mergeFilter } from '../../src/api/common/schemas';
import type { OperationStats, OperationsQuery } from '../../src/api/operations/contract';
import { members } from '../auth/schema';
import { placeRefsJson, placesCte } from '../catalogue';
import type { AuthContext } from '../auth/session';
import { bookings, bookingFilters, instantRange } from '../bookings';
import type { Tx } from '../db/client';
import { dateRangeSql, filtersOnly, isoInstantSql, listJsonPage, listPageJson, memberRefJson, monthsAndEdges, monthsSql, pageColumn, statOf, statsColumn, type OrderKey, type StatsPage, type StatsRow } from '../http/list';
import { bigTotal, exactTotal } from '../http/totals';
import { bookingOperations, operationMemberTotals, operationTotals } from './schema';
import { OPEN_OPERATION_STATES, operationOfMember } from './queue';
import { visibleOperations } from './store';

/**
 * `GET /booking-operations`: the operations board. Filtered, sorted and paged in the database (the
 * booking's columns on the bookings' indexes, the operation's on its own); the seven stats over
 * every operation the filters select, from the totals the database keeps on each operation.
 */

/** The board's next step in SQL, for the `nextStep` filter: the rule of `nextStepOf` (src/machines/operation-machine.ts), which tests hold the two to. */
export const nextStepSql = sql<string>`case
  when ${bookingOperations.status} = 'completed' then 'done'
  when ${bookingOperations.status} = 'canceled' then 'canceled'
  when ${bookingOperations.voucherCount} = 0 and ${bookingOperations.expenseCount} = 0 then 'addVouchers'
  when ${bookingOperations.draftCount} > 0 then 'confirmVouchers'
  when ${bookingOperations.unsentCount} > 0 then 'sendVouchers'
  when ${bookingOperations.unpaidCount} > 0 then 'payVendors'
  else 'complete' end`;

const vouchersSentSql = sql`(${bookingOperations.voucherCount} > 0 and ${bookingOperations.draftCount} = 0 and ${bookingOperations.unsentCount} = 0)`;
const profitSql = sql`(${bookingOperations.revenue} - ${bookingOperations.vouchersCost} - ${bookingOperations.expensesCost})`;

const SORT = {
  departure: bookingOperations.departure,
  arrival: bookingOperations.arrival,
  createdAt: bookingOperations.createdAt,
  profit: profitSql,
};

const convertedMember = alias(members, 'converted_member');
const assignedMember = alias(members, 'assigned_member');
/** What a board row reads, under the names OPERATION_JSON reads them by. */
const PAGE_COLUMNS = sql`${bookingOperations}.*, ${bookings.number} as b_number, ${bookings.status} as b_status, ${bookings.tourType} as b_tour_type,
  ${bookings.tourId} as b_tour_id, ${bookings.tourTitle} as b_tour_title, ${bookings.customerName} as b_customer_name, ${bookings.departure} as b_departure,
  ${bookings.arrival} as b_arrival, ${bookings.totalNights} as b_total_nights, ${bookings.pax} as b_pax, ${bookings.grandTotal} as b_grand_total,
  ${bookings.regions} as b_regions, ${bookings.destinations} as b_destinations, ${bookings.convertedBy} as b_converted_by,
  ${convertedMember.name} as converted_name, ${assignedMember.name} as assigned_name`;
const PAGE_FROM = sql`${bookingOperations} join ${bookings} on ${bookings.id} = ${bookingOperations.bookingId}
  left join ${members} as ${sql.identifier('converted_member')} on ${convertedMember.id} = ${bookings.convertedBy}
  left join ${members} as ${sql.identifier('assigned_member')} on ${assignedMember.id} = ${bookingOperations.assignedTo}`;
/**
 * A board row as `toOperations` (server/operations/store.ts) answers it, written by PostgreSQL from
 * a page row named as the operations' table (the next step and "vouchers sent" are the filters' own
 * expressions); tests/api/list-json.test.ts holds the two equal.
 */
const col = pageColumn('booking_operations');
const memberRef = memberRefJson;
const OPERATION_JSON = sql`json_build_object(
  '_id', ${col('id')}, 'bookingId', ${col('booking_id')}, 'status', ${col('status')},
  'booking', json_build_object('_id', ${col('booking_id')}, 'ref', 'BK-' || ${col('b_number')}, 'status', ${col('b_status')}, 'tourType', ${col('b_tour_type')},
    'tour', json_build_object('_id', ${col('b_tour_id')}, 'title', ${col('b_tour_title')}), 'customerName', ${col('b_customer_name')},
    'departure', ${col('b_departure')}, 'arrival', ${col('b_arrival')}, 'totalNights', ${col('b_total_nights')}, 'pax', ${col('b_pax')}, 'grandTotal', ${col('b_grand_total')},
    'regions', ${placeRefsJson(col('b_regions'))}, 'destinations', ${placeRefsJson(col('b_destinations'))},
    'convertedBy', ${memberRef(col('b_converted_by'), col('converted_name'))}),
  'currency', ${col('currency')}, 'vouchersSent', ${vouchersSentSql},
  'progress', json_build_object('vouchers', ${col('voucher_count')}, 'drafts', ${col('draft_count')}, 'unsent', ${col('unsent_count')}, 'expenses', ${col('expense_count')}, 'unpaid', ${col('unpaid_count')}),
  'nextStep', ${nextStepSql},
  'profit', json_build_object('revenue', ${col('revenue')}, 'refunds', ${col('b_grand_total')} - ${col('revenue')}, 'vouchers', ${col('vouchers_cost')},
    'expenses', ${col('expenses_cost')}, 'totalExpense', ${col('vouchers_cost')} + ${col('expenses_cost')},
    'profit', ${col('revenue')} - ${col('vouchers_cost')} - ${col('expenses_cost')}, 'paidOut', ${col('paid_out')},
    'plannedCost', ${col('planned_cost')}, 'plannedProfit', ${col('revenue')} - ${col('planned_cost')}),
  'assignedTo', ${memberRef(col('assigned_to'), col('assigned_name'))},
  'completedAt', ${isoInstantSql(col('completed_at'))}, 'createdAt', ${isoInstantSql(col('created_at'))}, 'updatedAt', ${isoInstantSql(col('updated_at'))})`;

/**
 * The seven stats over the operations the filters select. Filtered by nothing but the operation's
 * state, vouchers sent, next step and the departure, they come from the kept totals
 * (`operation_totals`: the departure's whole months) and the operations departing on the range's
 * edge days (the bookings' departure index); "needs me" with only those operation filters from the
 * caller's (`operation_member_totals`). The totals hold the signs of the operation's counts under
 * the operation's own column names, so the next step and "vouchers sent" are the same expressions
 * on either (nextStepSql). Any other filter reads the operations it selects.
 */
function operationStatsSql(auth: AuthContext, q: ReturnType<typeof mergeFilter<OperationsQuery>>, where: SQL | undefined, needsBooking: boolean): SQL {
  const o = bookingOperations;
  const own = and(
    q.operationStatus?.length ? inArray(o.status, q.operationStatus) : undefined,
    q.vouchersSent === undefined ? undefined : q.vouchersSent ? vouchersSentSql : sql`not ${vouchersSentSql}`,
    q.nextStep?.length ? inArray(nextStepSql, q.nextStep) : undefined,
  );
  const signs = sql`${o.status} as status, (${o.voucherCount} > 0)::int as voucher_count, (${o.draftCount} > 0)::int as draft_count,
    (${o.unsentCount} > 0)::int as unsent_count, (${o.expenseCount} > 0)::int as expense_count, (${o.unpaidCount} > 0)::int as unpaid_count,
    1::bigint as n, ${o.revenue} as revenue, ${o.vouchersCost} + ${o.expensesCost} as expense`;
  const columns = sql`status, voucher_count, draft_count, unsent_count, expense_count, unpaid_count, n::bigint as n, revenue, expense`;
  const kept = !visibleOperations(auth) && filtersOnly(q, ['operationStatus', 'vouchersSent', 'nextStep', 'needsMe', ...(q.needsMe ? [] : ['departure'])]);
  let source: SQL;
  if (kept && q.needsMe) {
    source = sql`select ${columns} from ${operationMemberTotals} where ${operationMemberTotals.memberId} = ${auth.memberId} and ${operationMemberTotals.status} = 'pending'`;
  } else if (kept) {
    const { months, edges } = monthsAndEdges(q.departure);
    const parts: SQL[] = [];
    if (months) parts.push(sql`select ${columns} from ${operationTotals} where ${monthsSql(operationTotals.departureMonth, months)}`);
    for (const edge of edges) parts.push(sql`select ${signs} from ${o} join ${bookings} on ${bookings.id} = ${o.bookingId} where ${dateRangeSql(bookings.departure, edge)}`);
    source = parts.length ? sql.join(parts, sql` union all `) : sql`select ${columns} from ${operationTotals} where false`;
  } else {
    // Without a condition on the bookings (their filters, the search, own visibility), the rows of the operations alone.
    const from = needsBooking ? sql`${o} join ${bookings} on ${bookings.id} = ${o.bookingId}` : sql`${o}`;
    source = sql`select ${signs} from ${from} ${where ? sql`where ${where}` : sql``}`;
  }
  // The source is named as the operations' table: the operation filters read its columns by those names.
  const filter = kept ? own : undefined;
  return sql`
    select coalesce(sum(n), 0) as total,
      coalesce(sum(n) filter (where status = 'completed'), 0) as completed,
      coalesce(sum(n) filter (where status = 'pending'), 0) as pending,
      coalesce(sum(n) filter (where status = 'canceled'), 0) as canceled,
      coalesce(sum(revenue), 0) as revenue,
      coalesce(sum(expense), 0) as expense
    from (${source}) as ${sql.identifier('booking_operations')} ${filter ? sql`where ${filter}` : sql``}`;
}

/** The seven stats from {@link operationStatsSql}'s sums. */
function operationStatsOf(row: StatsRow): OperationStats {
  const n = (k: string) => statOf(row, k);
  return {
    total: n('total'),
    completed: n('completed'),
    pending: n('pending'),
    canceled: n('canceled'),
    totalRevenue: n('revenue'),
    totalExpense: n('expense'),
    totalProfit: exactTotal(bigTotal(row.revenue) - bigTotal(row.expense)),
  };
}

export async function operationsPage(tx: Tx, auth: AuthContext, query: OperationsQuery, tz: string): Promise<Response> {
  const q = mergeFilter(query);
  // The trip's dates are the operation's own (kept from its booking): its index serves them.
  const onBookings = bookingFilters({ ...q, createdAt: undefined, departure: undefined, arrival: undefined }, tz);
  const where: SQL | undefined = and(
    visibleOperations(auth),
    onBookings,
    q.departure ? dateRangeSql(bookingOperations.departure, q.departure) : undefined,
    q.arrival ? dateRangeSql(bookingOperations.arrival, q.arrival) : undefined,
    instantRange(bookingOperations.createdAt, q.createdAt, tz),
    q.operationStatus?.length ? inArray(bookingOperations.status, q.operationStatus) : undefined,
    q.vouchersSent === undefined ? undefined : q.vouchersSent ? vouchersSentSql : sql`not ${vouchersSentSql}`,
    q.nextStep?.length ? inArray(nextStepSql, q.nextStep) : undefined,
    // "Needs me": the caller's open trips, sold by them or taken in hand by them (docs/operations.md), by
    // the rule the work queue's operations items use (./queue.ts). Both on the operation (its seller
    // kept from the booking), so neither the page nor the stats read the bookings for it.
    q.needsMe ? and(inArray(bookingOperations.status, OPEN_OPERATION_STATES), operationOfMember(auth.memberId)) : undefined,
  );
  // The page and its stats in one statement.
  const stats = statsColumn(operationStatsSql(auth, q, where, !!visibleOperations(auth) || !!onBookings));
  // By the trip's dates, the board puts the work first: pending trips, then the closed ones (docs/operations.md),
  // walking booking_operations_board_*_idx in that order.
  const workFirst: OrderKey[] = q.sortBy === 'departure' || q.sortBy === 'arrival' ? [{ by: sql`(${bookingOperations.status} <> 'pending')`, dir: 'asc' }] : [];
  const order: OrderKey[] = [...workFirst, { by: SORT[q.sortBy], dir: q.sortOrder }, { by: bookingOperations.id, dir: q.sortOrder }];
  return listPageJson(q, {
    page: (limit, offset) =>
      listJsonPage<StatsPage>(tx, { columns: PAGE_COLUMNS, from: PAGE_FROM, where, order, limit, offset, alias: 'booking_operations', record: OPERATION_JSON, beside: [{ name: 'places', query: placesCte(sql`b_regions`, sql`b_destinations`) }], aggregates: stats }),
    count: async (page) => statOf(page.stats, 'total'),
    stats: (page) => operationStatsOf(page.stats),
  });
}
