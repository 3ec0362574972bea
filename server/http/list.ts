import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client';
import type { ListAnswer } from '../../src/api/common/schemas';

/** `%text%` for ILIKE, with the user's own % and _ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export const orderBy = (column: AnyColumn | SQL, order: 'asc' | 'desc') => (order === 'desc' ? desc(column) : asc(column));

/** `count(*) over ()` beside each row gives the total in the same query as the page. */
export const totalOver = () => sql<number>`(count(*) over ())::int`.as('total_over');

export function pageOffset(q: { page: number; limit: number }) {
  return (q.page - 1) * q.limit;
}

/**
 * Builds the seed's list answer. `rows` carry `total_over`; `countAll` is only needed when the page
 * is past the end (no row to read the total from).
 */
export async function listAnswer<R extends { total_over: number }, T, S = undefined>(
  q: { page: number; limit: number },
  rows: R[],
  toItem: (row: R) => T,
  countAll: () => Promise<number>,
  stats?: S,
): Promise<ListAnswer<T, S>> {
  const totalItems = rows.length > 0 ? rows[0].total_over : q.page > 1 ? await countAll() : 0;
  return {
    data: rows.map(toItem),
    meta: { currentPage: q.page, limit: q.limit, totalItems, totalPages: Math.ceil(totalItems / q.limit) },
    ...(stats === undefined ? {} : { stats }),
  };
}

/** How many rows a (filtered, joined) select would return, counted in the database. */
export async function countRows(tx: Tx, query: { as(alias: string): unknown }): Promise<number> {
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(query.as('counted') as never);
  return n;
}

/** Rows per value of one column, every key present (0 when none): the `stats` of a list header. */
export async function countsBy<K extends string>(tx: Tx, table: PgTable, column: AnyPgColumn, keys: readonly K[]): Promise<Record<K, number>> {
  const rows = await tx
    .select({ key: column, n: sql<number>`count(*)::int` })
    .from(table)
    .groupBy(column);
  const found = new Map(rows.map((r) => [String(r.key), r.n]));
  return Object.fromEntries(keys.map((k) => [k, found.get(k) ?? 0])) as Record<K, number>;
}

/** The seed's list page: the rows of one page with `total_over`, and the total when past the end. */
export async function pageOf<R extends { total_over: number }, T, S = undefined>(
  q: { page: number; limit: number },
  page: (limit: number, offset: number) => Promise<R[]>,
  toItem: (row: R) => T,
  countAll: () => Promise<number>,
  stats?: S,
) {
  return listAnswer(q, await page(q.limit, pageOffset(q)), toItem, countAll, stats);
}
