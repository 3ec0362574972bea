import { and, asc, desc, inArray, sql, type SQL } from 'drizzle-orm';
import { mergeFilter, type ListAnswer } from '../../src/api/common/schemas';
import type { Operation, OperationStats, OperationsQuery } from '../../src/api/operations/contract';
import type { AuthContext } from '../auth/session';
import { bookings, bookingFilters, instantRange } from '../bookings';
import type { Tx } from '../db/client';
import { listPage } from '../http/list';
import { bigTotal, exactTotal } from '../http/totals';
import { bookingOperations } from './schema';
import { OPEN_OPERATION_STATES, operationOfMember } from './queue';
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

export async function operationsPage(tx: Tx, auth: AuthContext, query: OperationsQuery, tz: string): Promise<ListAnswer<Operation, OperationStats>> {
  const q = mergeFilter(query);
  const where: SQL | undefined = and(
    visibleOperations(auth),
    bookingFilters({ ...q, createdAt: undefined }, tz),
    instantRange(bookingOperations.createdAt, q.createdAt, tz),
    q.operationStatus?.length ? inArray(bookingOperations.status, q.operationStatus) : undefined,
    q.vouchersSent === undefined ? undefined : q.vouchersSent ? vouchersSentSql : sql`not ${vouchersSentSql}`,
    q.nextStep?.length ? inArray(nextStepSql, q.nextStep) : undefined,
    // "Needs me": the caller's open trips, sold by them or taken in hand by them (docs/operations.md),
    // by the rule the work queue's operations items use (./queue.ts). Written on the operation, so the stats need no join.
    q.needsMe ? and(inArray(bookingOperations.status, OPEN_OPERATION_STATES), operationOfMember(auth.memberId)) : undefined,
  );
  // Without a condition on the bookings (their filters, the search, own visibility), the stats
  // read the operations alone, without the join (booking_operations_stats_idx covers what they add up).
  const needsBooking = !!visibleOperations(auth) || !!bookingFilters({ ...q, createdAt: undefined }, tz);
  const from = needsBooking ? sql`${bookingOperations} join ${bookings} on ${bookings.id} = ${bookingOperations.bookingId}` : sql`${bookingOperations}`;
  const { rows } = await tx.execute<Record<string, string | null>>(sql`
    select count(*) as total,
      count(*) filter (where ${bookingOperations.status} = 'completed') as completed,
      count(*) filter (where ${bookingOperations.status} = 'pending') as pending,
      count(*) filter (where ${bookingOperations.status} = 'canceled') as canceled,
      coalesce(sum(${bookingOperations.revenue}), 0) as revenue,
      coalesce(sum(${bookingOperations.vouchersCost} + ${bookingOperations.expensesCost}), 0) as expense
    from ${from} ${where ? sql`where ${where}` : sql``}`);
  // Sums exactly, or refused (server/http/totals.ts); the profit worked out in BigInt.
  const n = (k: string) => exactTotal(rows[0][k]);
  const stats: OperationStats = {
    total: n('total'),
    completed: n('completed'),
    pending: n('pending'),
    canceled: n('canceled'),
    totalRevenue: n('revenue'),
    totalExpense: n('expense'),
    totalProfit: exactTotal(bigTotal(rows[0].revenue) - bigTotal(rows[0].expense)),
  };
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
