import { memoCodeOf } from '../../src/api/finance/contract';
import { and, arrayContains, arrayOverlaps, asc, eq, gte, ilike, inArray, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { vendorEndpoints, VENDOR_SERVICES, VENDOR_STATES_BY_ACTIVE, isActiveIn, vendorActivation, type Vendor, type VendorService, type VendorStats, type VendorTransaction, type VendorTransactionStats, type VendorTransactionsQuery, type VendorsQuery } from '../../src/api/vendors/contract';
import { vendorRowsFromCsv } from '../../src/api/vendors/import';
import { vendorMachine } from '../../src/machines/vendor-machine';
import { initialState } from '../../src/machines/workflow';
import type { Tx } from '../db/client';
import { readInteger } from '../db/money';
import { vendorStats, vendorTransactionTotals, vendorTransactions, vendors } from './schema';
import { conflict, notFound } from '../http/errors';
import { importRoute } from '../http/import';
import { bankDetailsOrNull, vendorImporter } from './import';
import { containsPattern, dateRangeSql, isoInstantSql, listPage, listPageJson, monthsAndEdges, monthsSql, orderBy, selectRows, type JsonPage } from '../http/list';
import { TOUR_EDITORS } from '../../src/api/permissions';
import { allow, allowAny, route } from '../http/route';
import { workflowRoute } from '../workflow/route';
import { vendorWorkflow } from './workflow';

type VendorRow = typeof vendors.$inferSelect;

export function toVendor(row: VendorRow): Vendor {
  return {
    _id: row.id,
    name: row.name,
    services: row.services as VendorService[],
    contactPerson: row.contactPerson,
    email: row.email,
    phone: row.phone,
    address: row.address,
    notes: row.notes,
    bankDetails: row.bankDetails ?? null,
    isActive: isActiveIn(row.status),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

async function findVendor(tx: Tx, id: string): Promise<Vendor> {
  const [row] = await tx.select().from(vendors).where(eq(vendors.id, id));
  if (!row) throw notFound('Vendor');
  return toVendor(row);
}

/** A vendor as the API answers it (`toVendor`), written by PostgreSQL from a row `v` of the page. */
const VENDOR_JSON = sql`json_build_object(
  '_id', v.id, 'name', v.name, 'services', v.services, 'contactPerson', v.contact_person, 'email', v.email, 'phone', v.phone,
  'address', v.address, 'notes', v.notes, 'bankDetails', v.bank_details, 'isActive', v.status in ${VENDOR_STATES_BY_ACTIVE.true},
  'createdAt', ${isoInstantSql(sql`v.created_at`)}, 'updatedAt', ${isoInstantSql(sql`v.updated_at`)})`;

/**
 * The list's header, over the whole organization whatever the filters and the page: the sums of
 * its `vendor_stats` rows (one column per service, in the seed's order), which triggers on
 * `vendors` keep in step with every write.
 */
const STATS_ROW = sql`select coalesce(sum(total), 0)::int as total, coalesce(sum(active), 0)::int as active,
  array[${sql.raw(VENDOR_SERVICES.map((service) => `coalesce(sum(${service.replace('-', '_')}), 0)::int`).join(', '))}] as services
  from ${vendorStats}`;

interface VendorJsonPage extends JsonPage {
  matching: number | null;
  total: number;
  active: number;
  services: number[];
}

/**
 * One page of the list and its header, in one statement: the organization's vendors, or with a
 * search those whose name, contact person, email or phone contains the text (ILIKE), found through
 * the trigram indexes by vendor_search() (server/db/migrations/0004_performance.sql), which scopes
 * to the organization itself; it is aliased as `vendors`, so the filters and sort apply to either.
 * A search reads every match anyway (no index walk to keep), so the number of matches comes beside
 * each row instead of a second search to count them. The records come as JSON (`listPageJson`).
 */
const vendorSource = (q: VendorsQuery) => (q.search ? sql`vendor_search(${containsPattern(q.search)}) as ${sql.identifier('vendors')}` : sql`${vendors}`);

async function vendorPage(tx: Tx, q: VendorsQuery, where: SQL | undefined, limit: number, offset: number): Promise<VendorJsonPage> {
  const direction = sql.raw(q.sortOrder);
  const [page] = await selectRows<VendorJsonPage>(
    tx,
    sql`with page as (
          select ${vendors}.*, ${VENDOR_SORT[q.sortBy]} as sort_key${q.search ? sql`, (count(*) over ())::int as matching` : sql`, null::int as matching`}
          from ${vendorSource(q)} ${where ? sql`where ${where}` : sql``}
          order by ${VENDOR_SORT[q.sortBy]} ${direction}, ${vendors.id} limit ${limit} offset ${offset}),
        s as (${STATS_ROW})
        select (select coalesce(json_agg(${VENDOR_JSON} order by v.sort_key ${direction}, v.id), '[]')::text from page v) as json,
               (select count(*)::int from page) as rows, (select max(matching) from page) as matching,
               s.total, s.active, s.services
        from s`,
  );
  return page;
}

function vendorFilters(q: VendorsQuery): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (q.services?.length) where.push(arrayOverlaps(vendors.services, q.services));
  if (q.isActive !== undefined) where.push(inArray(vendors.status, VENDOR_STATES_BY_ACTIVE[`${q.isActive}`]));
  return and(...where);
}

const VENDOR_SORT = { name: sql`lower(${vendors.name})`, createdAt: vendors.createdAt, updatedAt: vendors.updatedAt };

/** The list's total when the header already counts it: nothing narrows the list but `isActive`, or one service alone. */
function totalFromStats(q: VendorsQuery, stats: VendorStats): number | undefined {
  if (q.search) return undefined;
  const services = q.services ?? [];
  if (services.length === 0) return q.isActive === undefined ? stats.total : q.isActive ? stats.active : stats.inactive;
  if (services.length === 1 && q.isActive === undefined) return stats.serviceStats[services[0]];
  return undefined;
}

function toTransaction(row: typeof vendorTransactions.$inferSelect): VendorTransaction {
  return {
    _id: row.id,
    vendorId: row.vendorId,
    direction: row.direction as VendorTransaction['direction'],
    amount: row.amount,
    status: row.status as VendorTransaction['status'],
    date: row.date,
    reference: row.reference,
    description: row.description,
    descriptionCode: memoCodeOf(row.descriptionKey, row.descriptionParams),
    linkedType: row.linkedType,
    linkedId: row.linkedId,
    createdAt: row.createdAt,
  };
}

function transactionFilters(vendorId: string, q: VendorTransactionsQuery): SQL | undefined {
  const t = vendorTransactions;
  return and(
    eq(t.vendorId, vendorId),
    q.search ? or(ilike(t.reference, containsPattern(q.search)), ilike(t.description, containsPattern(q.search))) : undefined,
    q.direction?.length ? inArray(t.direction, q.direction) : undefined,
    q.status?.length ? inArray(t.status, q.status) : undefined,
    q.date?.from ? gte(t.date, q.date.from) : undefined,
    q.date?.to ? lte(t.date, q.date.to) : undefined,
  );
}

const TRANSACTION_SORT = { date: vendorTransactions.date, amount: vendorTransactions.amount, createdAt: vendorTransactions.createdAt };

/**
 * A vendor's transactions' stats over those the filters select: without a search, from the kept
 * totals (`vendor_transaction_totals`: the date's whole months) and the transactions of the range's
 * edge days (the vendor's date index); with one, from the transactions it selects.
 */
async function transactionStats(tx: Tx, vendorId: string, q: VendorTransactionsQuery, where: SQL | undefined): Promise<VendorTransactionStats> {
  const t = vendorTransactions;
  const k = vendorTransactionTotals;
  const keys = (direction: AnyColumn, status: AnyColumn) =>
    and(q.direction?.length ? inArray(direction, q.direction) : undefined, q.status?.length ? inArray(status, q.status) : undefined) ?? sql`true`;
  const rowsOf = (condition: SQL | undefined) => sql`select ${t.direction} as direction, ${t.status} as status, 1::bigint as n, ${t.amount} as amount from ${t} ${condition ? sql`where ${condition}` : sql``}`;
  let source: SQL;
  if (q.search) {
    source = rowsOf(where);
  } else {
    const { months, edges } = monthsAndEdges(q.date);
    const parts: SQL[] = [];
    if (months) parts.push(sql`select ${k.direction} as direction, ${k.status} as status, ${k.n}::bigint as n, ${k.amount} as amount from ${k} where ${k.vendorId} = ${vendorId} and ${keys(k.direction, k.status)} and ${monthsSql(k.month, months)}`);
    for (const edge of edges) parts.push(rowsOf(sql`${t.vendorId} = ${vendorId} and ${keys(t.direction, t.status)} and ${dateRangeSql(t.date, edge)}`));
    source = parts.length ? sql.join(parts, sql` union all `) : rowsOf(sql`false`);
  }
  const { rows } = await tx.execute<Record<string, string | null>>(sql`
    select coalesce(sum(amount), 0) as total, coalesce(sum(amount) filter (where direction = 'incoming'), 0) as incoming,
      coalesce(sum(amount) filter (where direction = 'outgoing'), 0) as outgoing, coalesce(sum(amount) filter (where status = 'paid'), 0) as paid,
      coalesce(sum(amount) filter (where status = 'pending'), 0) as pending, coalesce(sum(n), 0) as n
    from (${source}) s`);
  const n = (key: string) => readInteger(rows[0][key] ?? 0);
  return { totalAmount: n('total'), totalIncoming: n('incoming'), totalOutgoing: n('outgoing'), totalPaid: n('paid'), totalPending: n('pending'), count: n('n') };
}

export const vendorRoutes = [
  route({
    endpoint: vendorEndpoints.list,
    access: allow('vendors', 'view'),
    async handler({ tx, query }) {
      const where = vendorFilters(query);
      const statsOf = (p: VendorJsonPage): VendorStats => ({
        total: p.total,
        active: p.active,
        inactive: p.total - p.active,
        serviceStats: Object.fromEntries(VENDOR_SERVICES.map((k, i) => [k, p.services[i]])) as Record<VendorService, number>,
      });
      // Without a search, the page walks the (organization, lower(name)) index and stops at the
      // limit; the total is the header's when the header counts it, else a count of its own.
      return listPageJson(query, {
        page: (limit, offset) => vendorPage(tx, query, where, limit, offset),
        count: async (page) =>
          page.matching ??
          totalFromStats(query, statsOf(page)) ??
          (await tx.select({ n: sql<number>`count(*)::int` }).from(vendorSource(query)).where(where))[0].n,
        stats: statsOf,
      });
    },
  }),

  // The names a tour's line may name, for whoever edits tours without reading vendors (a seller):
  // the name search is an ILIKE on the organization's rows, walked in the (organization,
  // lower(name)) order the page is sorted by and stopped at the limit.
  route({
    endpoint: vendorEndpoints.options,
    access: allowAny(TOUR_EDITORS),
    async handler({ tx, query }) {
      const where = and(
        query.ids?.length ? inArray(vendors.id, query.ids) : and(inArray(vendors.status, VENDOR_STATES_BY_ACTIVE.true), arrayContains(vendors.services, [query.service])),
        query.search ? ilike(vendors.name, containsPattern(query.search)) : undefined,
      );
      return listPage(query, {
        rows: (limit, offset) =>
          tx.select({ _id: vendors.id, name: vendors.name }).from(vendors).where(where).orderBy(VENDOR_SORT.name, asc(vendors.id)).limit(limit).offset(offset),
        toItem: (row) => row,
        count: async () => (await tx.select({ n: sql<number>`count(*)::int` }).from(vendors).where(where))[0].n,
      });
    },
  }),

  route({
    endpoint: vendorEndpoints.create,
    access: allow('vendors', 'create'),
    async handler({ tx, body }) {
      const { isActive, ...fields } = body;
      const [created] = await tx
        .insert(vendors)
        // Where a new vendor starts is the vendor machine's choice, from `isActive`.
        .values({ ...fields, bankDetails: bankDetailsOrNull(fields.bankDetails), status: initialState(vendorMachine, { isActive }) })
        .returning();
      return { data: toVendor(created) };
    },
  }),

  importRoute({ endpoint: vendorEndpoints.import, module: 'vendors', fromCsv: vendorRowsFromCsv, importer: vendorImporter }),

  route({
    endpoint: vendorEndpoints.byId,
    access: allow('vendors', 'view'),
    async handler({ tx, params }) {
      const { ids, many } = params.id;
      const rows = await tx.select().from(vendors).where(inArray(vendors.id, ids));
      if (rows.length !== ids.length) throw notFound('Vendor');
      if (!many) return { data: toVendor(rows[0]) };
      const byId = new Map(rows.map((r) => [r.id, r]));
      return { data: ids.map((id) => toVendor(byId.get(id)!)) };
    },
  }),

  route({
    endpoint: vendorEndpoints.transactions,
    access: allow('vendors', 'view'),
    async handler({ tx, params, query }) {
      await findVendor(tx, params.id);
      const where = transactionFilters(params.id, query);
      const stats = await transactionStats(tx, params.id, query, where);
      return listPage(query, {
        rows: (limit, offset) =>
          tx
            .select({ t: vendorTransactions })
            .from(vendorTransactions)
            .where(where)
            .orderBy(orderBy(TRANSACTION_SORT[query.sortBy], query.sortOrder), orderBy(vendorTransactions.createdAt, query.sortOrder), asc(vendorTransactions.id))
            .limit(limit)
            .offset(offset),
        toItem: (r) => toTransaction(r.t),
        count: async () => stats.count,
        stats,
      });
    },
  }),

  // Activation (`isActive`) is the vendor machine's to allow, 409 when it refuses; the other
  // fields of the same PUT are written in the same transaction.
  workflowRoute({
    request: vendorActivation,
    access: allow('vendors', 'update'),
    workflow: vendorWorkflow,
    async then({ tx, row, body }) {
      const { isActive: _event, ...fields } = body;
      if (Object.keys(fields).length === 0) return;
      const set = 'bankDetails' in fields ? { ...fields, bankDetails: bankDetailsOrNull(fields.bankDetails) } : fields;
      await tx
        .update(vendors)
        .set({ ...set, updatedAt: sql`now()` })
        .where(eq(vendors.id, row.id));
    },
    answer: (tx, row) => findVendor(tx, row.id),
  }),

  route({
    endpoint: vendorEndpoints.remove,
    access: allow('vendors', 'delete'),
    async handler({ tx, params }) {
      const row = await vendorWorkflow.lock(tx, params.id);
      if (!row) throw notFound('Vendor');
      const [used] = await tx.select({ id: vendorTransactions.id }).from(vendorTransactions).where(eq(vendorTransactions.vendorId, params.id)).limit(1);
      if (used) throw conflict('This vendor has transactions and cannot be deleted: deactivate it instead', 'VENDOR_HAS_TRANSACTIONS');
      await tx.delete(vendors).where(eq(vendors.id, params.id));
      // The deleted vendor, so a client can adjust its counts (total, active/inactive, per service).
      return { data: toVendor(row) };
    },
  }),
];
