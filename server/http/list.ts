import { asc, desc, getTableColumns, getTableName, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { executePrepared } from '../db/prepared';
import type { Tx } from '../db/client';
import type { ListAnswer } from '../../src/api/common/schemas';
import { addDays, monthStart } from '../../src/domain/calendar';
import { readInteger } from '../db/money';

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
export async function totalFrom(q: PageQuery, rowsOnPage: number, countAll: () => Promise<number>): Promise<number> {
  const offset = pageOffset(q);
  if (rowsOnPage > 0 && rowsOnPage < q.limit) return offset + rowsOnPage;
  if (rowsOnPage === 0 && offset === 0) return 0;
  return countAll();
}

export interface PageQuery {
  page: number;
  limit: number;
}

/**
 * The one list builder (docs/architecture.md "One list shape"): every list answers the seed's
 * `{ data, meta, stats? }` from one page of rows read with `limit`/`offset` (walking an index in
 * the list's sort order, never counting every match to show a page) and the total from the page
 * when it tells ({@link totalFrom}); `count` runs only when it does not (a list whose header
 * already counts its rows answers from there).
 */
export async function listPage<R, T, S = undefined>(
  q: PageQuery,
  def: {
    /** The rows of one page, in the list's order. */
    rows(limit: number, offset: number): Promise<R[]>;
    toItem(row: R): T;
    /** How many rows match in all (called only when the page does not tell); it may read the page's rows. */
    count(rows: R[]): Promise<number>;
    /** The list's header (`stats`), when it has one. */
    stats?: S;
  },
): Promise<ListAnswer<T, S>> {
  const rows = await def.rows(q.limit, pageOffset(q));
  const stats = def.stats;
  const totalItems = await totalFrom(q, rows.length, () => def.count(rows));
  return {
    data: rows.map(def.toItem),
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

/** A page PostgreSQL wrote as the answer's JSON (`json_agg` of the answer's own objects), and what came beside it. */
export interface JsonPage {
  /** The JSON array of the page's records, as text. */
  json: string;
  /** How many records it holds. */
  rows: number;
}

/**
 * {@link listPage} for a list read in bulk (vendors: 50 rows a page by default): PostgreSQL
 * writes the page's records as JSON text in the answer's own shape, so Node neither parses nor
 * maps nor serialises them again; the answer is that text with `meta` (and `stats`) around it.
 * Building, mapping and serialising rows was most of a list request's Node time (docs/performance.md).
 */
export async function listPageJson<P extends JsonPage, S = undefined>(
  q: PageQuery,
  def: {
    page(limit: number, offset: number): Promise<P>;
    count(page: P): Promise<number>;
    stats?(page: P): S;
  },
): Promise<Response> {
  const page = await def.page(q.limit, pageOffset(q));
  const totalItems = await totalFrom(q, page.rows, () => def.count(page));
  const meta = { currentPage: q.page, limit: q.limit, totalItems, totalPages: Math.ceil(totalItems / q.limit) };
  const stats = def.stats?.(page);
  const body = `{"data":${page.json},"meta":${JSON.stringify(meta)}${stats === undefined ? '' : `,"stats":${JSON.stringify(stats)}`}}`;
  return new Response(body, { headers: { 'Content-Type': 'application/json' } });
}

/** An instant as the API writes it (ISO 8601 UTC, milliseconds truncated as `instant` columns read them), in SQL. */
export const isoInstantSql = (column: AnyColumn | SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Runs a plain SQL select in the request's transaction: the driver's rows, unmapped. */
export async function selectRows<R = Record<string, unknown>>(tx: Tx, query: SQL): Promise<R[]> {
  return (await tx.execute(query)).rows as R[];
}

/** A range of calendar dates (`YYYY-MM-DD`, both ends included), either end open. */
export interface DateRange {
  from?: string;
  to?: string;
}

/**
 * A date range as the kept totals can answer it (docs/performance.md "Stats in constant time"): the
 * whole months inside it, read from the monthly totals (`months`: first days, `to` excluded; an
 * open end stays open), and the days at its ends that do not fill a month (`edges`), read from the
 * rows through their date index. A range inside one month is all edge. No range: every month.
 */
export function monthsAndEdges(range: DateRange | undefined): { months: { from?: string; to?: string } | null; edges: DateRange[] } {
  if (!range || (!range.from && !range.to)) return { months: {}, edges: [] };
  const from = range.from && (range.from === monthStart(range.from) ? range.from : monthStart(range.from, 1));
  const to = range.to && (addDays(range.to, 1) === monthStart(range.to, 1) ? monthStart(range.to, 1) : monthStart(range.to));
  if (range.from && range.to && range.from > range.to) return { months: null, edges: [] };
  if (from && to && from >= to) return { months: null, edges: [{ from: range.from, to: range.to }] };
  const edges: DateRange[] = [];
  if (range.from && from && range.from < from) edges.push({ from: range.from, to: addDays(from, -1) });
  if (range.to && to && range.to >= to) edges.push({ from: to, to: range.to });
  return { months: { from, to }, edges };
}

/** `column` within the whole months of {@link monthsAndEdges} (a month column: first days). */
export const monthsSql = (column: AnyColumn | SQL, months: { from?: string; to?: string }): SQL =>
  sql.join([sql`true`, ...(months.from ? [sql`${column} >= ${months.from}::date`] : []), ...(months.to ? [sql`${column} < ${months.to}::date`] : [])], sql` and `);

/** `column` within a date range, both ends included. */
export const dateRangeSql = (column: AnyColumn | SQL, range: DateRange): SQL =>
  sql.join([sql`true`, ...(range.from ? [sql`${column} >= ${range.from}::date`] : []), ...(range.to ? [sql`${column} <= ${range.to}::date`] : [])], sql` and `);

const PAGING = new Set(['page', 'limit', 'sortBy', 'sortOrder']);
/**
 * Whether a list query filters by nothing but `keys` (paging and sorting aside; an empty list is no
 * filter): when it does, its stats can come from the kept totals. A filter added to the query later
 * sends it to the rows, which is slower but never wrong.
 */
export function filtersOnly(q: object, keys: readonly string[]): boolean {
  return Object.entries(q).every(([k, x]) => PAGING.has(k) || keys.includes(k) || x === undefined || (Array.isArray(x) && x.length === 0));
}

/** One key of a list's order. */
export interface OrderKey {
  by: AnyColumn | SQL;
  dir: 'asc' | 'desc';
}

/**
 * The statement of a page PostgreSQL writes as JSON ({@link listPageJson}): the page's rows
 * (`columns` of `from`, filtered by `where`, in `order`, `limit` from `offset`: walking an index in
 * the list's order where there is one), then each row's `record` (its JSON in the answer's shape,
 * reading the page's columns under `alias`), aggregated in the same order. The page is selected
 * first and written after, so only the page's rows are written.
 */
export interface JsonPageDef {
  columns: SQL;
  from: SQL;
  where?: SQL;
  order: OrderKey[];
  limit: number;
  offset: number;
  alias: string;
  record: SQL;
  aggregates?: SQL;
  /** Further named subqueries beside the page, read once (`places as (…)`): the outer query reads from each. */
  beside?: { name: string; query: SQL }[];
}

export function jsonPageSql(def: JsonPageDef): SQL {
  const keys = def.order.map((k, i) => sql`${k.by} as ${sql.identifier(`_k${i}`)}`);
  const order = (key: (k: OrderKey, i: number) => SQL) => sql.join(def.order.map((k, i) => sql`${key(k, i)} ${sql.raw(k.dir)}`), sql`, `);
  const beside = def.beside ?? [];
  return sql`with page as (
      select ${def.columns}, ${sql.join(keys, sql`, `)} from ${def.from} ${def.where ? sql`where ${def.where}` : sql``}
      order by ${order((k) => sql`${k.by}`)} limit ${def.limit} offset ${def.offset})
      ${sql.join(beside.map((b) => sql`, ${b.query}`))}
    select coalesce(json_agg(${def.record} order by ${order((_k, i) => sql`${sql.identifier(def.alias)}.${sql.identifier(`_k${i}`)}`)}), '[]')::text as json, count(*)::int as rows
      ${def.aggregates ? sql`, ${def.aggregates}` : sql``}
    from page as ${sql.identifier(def.alias)} ${sql.join(beside.map((b) => sql`, ${sql.identifier(b.name)}`))}`;
}

/** Runs a statement answering one JSON page, prepared (`executePrepared`): each connection plans it once. */
export async function jsonPage<P extends JsonPage = JsonPage>(tx: Tx, query: SQL): Promise<P> {
  const [page] = await executePrepared<P>(tx, query);
  return page;
}

/**
 * A list's page ({@link jsonPageSql}). Unfiltered, it is prepared: one plan serves every request.
 * Filtered (a `where`), it is planned for its values each time: a prepared statement's generic
 * plan, made once for any filter value, walked the whole list's index for a filter that selects a
 * few rows among a million (docs/performance.md), where planning costs a millisecond.
 */
export async function listJsonPage<P extends JsonPage = JsonPage>(tx: Tx, def: JsonPageDef): Promise<P> {
  const query = jsonPageSql(def);
  if (!def.where) return jsonPage<P>(tx, query);
  const [page] = (await tx.execute(query)).rows as unknown as P[];
  return page;
}

/** A reference to a member (`{ _id, name }`) in a list's JSON: null without the id or the member (as `memberRefs` answers). */
export const memberRefJson = (id: SQL, name: SQL) => sql`case when ${id} is not null and ${name} is not null then json_build_object('_id', ${id}, 'name', ${name}) end`;

/** A page's column read under its alias, in a record's JSON ({@link jsonPageSql}). */
export const pageColumn = (alias: string) => (name: string) => sql`${sql.identifier(alias)}.${sql.identifier(name)}`;

/**
 * A list header's sums as one JSON object in the page's own statement (`aggregates` of
 * {@link jsonPageSql}): one round trip for the page and its stats. Each sum is written as its text,
 * as `pg` answers a numeric: a JSON number beyond 2^53 would be rounded when parsed, and the sums
 * are read exactly or refused (`statOf`, server/http/totals.ts).
 */
export const statsColumn = (select: SQL) =>
  sql`(select json_object_agg(x.key, x.value #>> '{}') from (${select}) s, json_each(row_to_json(s)) x) as stats`;
export type StatsRow = Record<string, string | number | null>;
export interface StatsPage extends JsonPage {
  stats: StatsRow;
}
/** A sum of a {@link statsColumn} row, exactly (0 when none). */
export const statOf = (stats: StatsRow, key: string): number => readInteger(stats[key] ?? 0);
