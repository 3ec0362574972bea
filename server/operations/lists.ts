import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { mergeFilter, type ListAnswer } from '../../src/api/common/schemas';
import type { Operation, OperationStats, OperationsQuery } from '../../src/api/operations/contract';
import type { AuthContext } from '../auth/session';
import { bookings, bookingFilters, instantRange } from '../bookings';
import type { Tx } from '../db/client';
import { readInteger } from '../db/money';
import { dateRangeSql, filtersOnly, listPage, monthsAndEdges, monthsSql } from '../http/list';
import { bookingOperations, operationMemberTotals, operationTotals } from './schema';
import { selectOperations, toOperations, visibleOperations } from './store';

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
  departure: bookings.departure,
  arrival: bookings.arrival,
  createdAt: bookingOperations.createdAt,
  profit: profitSql,
};

/**
 * The seven stats over the operations the filters select. Filtered by nothing but the operation's
 * state, vouchers sent, next step and the departure, they come from the kept totals
 * (`operation_totals`: the departure's whole months) and the operations departing on the range's
 * edge days (the bookings' departure index); "needs me" with only those operation filters from the
 * caller's (`operation_member_totals`). The totals hold the signs of the operation's counts under
 * the operation's own column names, so the next step and "vouchers sent" are the same expressions
 * on either (nextStepSql). Any other filter reads the operations it selects.
 */
async function operationStats(tx: Tx, auth: AuthContext, q: ReturnType<typeof mergeFilter<OperationsQuery>>, where: SQL | undefined, needsBooking: boolean): Promise<OperationStats> {
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
  const { rows } = await tx.execute<Record<string, string | null>>(sql`
    select coalesce(sum(n), 0) as total,
      coalesce(sum(n) filter (where status = 'completed'), 0) as completed,
      coalesce(sum(n) filter (where status = 'pending'), 0) as pending,
      coalesce(sum(n) filter (where status = 'canceled'), 0) as canceled,
      coalesce(sum(revenue), 0) as revenue,
      coalesce(sum(expense), 0) as expense
    from (${source}) as ${sql.identifier('booking_operations')} ${filter ? sql`where ${filter}` : sql``}`);
  const n = (k: string) => readInteger(rows[0][k] ?? 0);
  const totalRevenue = n('revenue');
  return {
    total: n('total'),
    completed: n('completed'),
    pending: n('pending'),
    canceled: n('canceled'),
    totalRevenue,
    totalExpense: n('expense'),
    totalProfit: totalRevenue - n('expense'),
  };
}

export async function operationsPage(tx: Tx, auth: AuthContext, query: OperationsQuery, tz: string): Promise<ListAnswer<Operation, OperationStats>> {
  const q = mergeFilter(query);
  const where: SQL | undefined = and(
    visibleOperations(auth),
    bookingFilters({ ...q, createdAt: undefined }, tz),
    instantRange(bookingOperations.createdAt, q.createdAt, tz),
    q.operationStatus?.length ? inArray(bookingOperations.status, q.operationStatus) : undefined,
    q.vouchersSent === undefined ? undefined : q.vouchersSent ? vouchersSentSql : sql`not ${vouchersSentSql}`,
    q.nextStep?.length ? inArray(nextStepSql, q.nextStep) : undefined,
    // "Needs me": the caller's pending trips, sold by them or taken in hand by them (docs/operations.md).
    // Written on the operation (its booking by id through the bookings' (organization, convertedBy) index), so the stats need no join.
    q.needsMe
      ? and(
          eq(bookingOperations.status, 'pending'),
          sql`(${bookingOperations.assignedTo} = ${auth.memberId} or ${bookingOperations.bookingId} in (select ${bookings.id} from ${bookings} where ${bookings.convertedBy} = ${auth.memberId}))`,
        )
      : undefined,
  );
  const needsBooking = !!visibleOperations(auth) || !!bookingFilters({ ...q, createdAt: undefined }, tz);
  const stats = await operationStats(tx, auth, q, where, needsBooking);
  const by = SORT[q.sortBy];
  // By the trip's dates, the board puts the work first: pending trips, then the closed ones (docs/operations.md).
  const workFirst = q.sortBy === 'departure' || q.sortBy === 'arrival' ? [asc(sql`${bookingOperations.status} <> 'pending'`)] : [];
  const order = [...workFirst, ...(q.sortOrder === 'desc' ? [desc(by), desc(bookingOperations.id)] : [asc(by), asc(bookingOperations.id)])];
  const page = await listPage(q, {
    rows: (limit, offset) =>
      selectOperations(tx)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    toItem: (r) => r,
    count: async () => stats.total,
    stats,
  });
  return { ...page, data: await toOperations(tx, page.data) };
}
