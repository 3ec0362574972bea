import { asc, desc, getTableColumns, getTableName, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client';
import type { ListAnswer } from '../../src/api/common/schemas';

/** `%text%` for ILIKE, with the user's own % and _ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export const orderBy = (column: AnyColumn | SQL, order: 'asc' | 'desc') => (order === 'desc' ? desc(column) : asc(column));

/**
 * A table's columns read from a set-returning function aliased as the table's own name (the search
 * functions of migrations 0004 and 0005): Drizzle selects only columns of tables in the query, so
 * each is raw SQL on the alias, still mapped as its column. Filters and sorts on the table's
 * columns apply to the alias unchanged.
 */
export function columnsAs<T extends PgTable>(table: T): { [K in keyof T['$inferSelect']]: SQL<T['$inferSelect'][K]> } {
  const alias = sql.identifier(getTableName(table));
  return Object.fromEntries(Object.entries(getTableColumns(table)).map(([key, column]) => [key, sql`${alias}.${sql.identifier(column.name)}`.mapWith(column)])) as never;
}

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
