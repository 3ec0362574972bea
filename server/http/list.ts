import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client';
import type { ListAnswer } from '../../src/api/common/schemas';

/** `%text%` for ILIKE, with the user's own % and _ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export const orderBy = (column: AnyColumn | SQL, order: 'asc' | 'desc') => (order === 'desc' ? desc(column) : asc(column));

/**
 * Formerly `count(*) over ()` beside each row; now a typed null. A window count makes PostgreSQL
 * read (and sort) every matching row before the `limit`, which defeats the index walk a page
 * needs: 50,000 rows read for 50 shown. The total now comes from the page itself when it is the
 * last one, else from the `countAll` the caller passes ({@link listAnswer}). Kept so existing
 * selects still compile; new code leaves it out.
 * @deprecated select the page without it.
 */
export const totalOver = () => sql<number | null>`null::int`.as('total_over');

export function pageOffset(q: { page: number; limit: number }) {
  return (q.page - 1) * q.limit;
}

/**
 * The total of a list from one page: a page shorter than the limit (and not past the end) is the
 * last one, so the total is known without counting; otherwise `countAll` counts in the database.
 */
export async function totalFrom(q: { page: number; limit: number }, rowsOnPage: number, countAll: () => Promise<number>): Promise<number> {
  const offset = pageOffset(q);
  if (rowsOnPage > 0 && rowsOnPage < q.limit) return offset + rowsOnPage;
  if (rowsOnPage === 0 && offset === 0) return 0;
  return countAll();
}

/** Builds the seed's list answer from one page of rows; `countAll` runs only when the page does not tell the total. */
export async function listAnswer<R, T, S = undefined>(
  q: { page: number; limit: number },
  rows: R[],
  toItem: (row: R) => T,
  countAll: () => Promise<number>,
  stats?: S,
): Promise<ListAnswer<T, S>> {
  const totalItems = await totalFrom(q, rows.length, countAll);
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

/** The seed's list page: the rows of one page (`limit`/`offset` on an index), and the total ({@link totalFrom}). */
export async function pageOf<R, T, S = undefined>(
  q: { page: number; limit: number },
  page: (limit: number, offset: number) => Promise<R[]>,
  toItem: (row: R) => T,
  countAll: () => Promise<number>,
  stats?: S,
) {
  return listAnswer(q, await page(q.limit, pageOffset(q)), toItem, countAll, stats);
}
