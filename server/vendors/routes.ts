import { itemAnswer, listAnswerOf } from '../../src/api/common/schemas';
import * as v from 'valibot';
import { and, arrayOverlaps, asc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  VENDOR_IMPORT_MAX_ROWS,
  VENDOR_SERVICES,
  createVendorInput,
  updateVendorInput,
  vendorIdParams,
  vendorIdsParams,
  vendorImportRow,
  vendorSchema,
  vendorStatsSchema,
  vendorTransactionSchema,
  vendorTransactionStatsSchema,
  vendorTransactionsQuery,
  vendorsQuery,
  type BankDetails,
  type Vendor,
  type VendorImportRow,
  type VendorImportRowResult,
  type VendorService,
  type VendorStats,
  type VendorTransaction,
  type VendorTransactionStats,
  type VendorTransactionsQuery,
  type VendorsQuery,
} from '../../src/api/vendors/contract';
import { vendorRowsFromCsv } from '../../src/api/vendors/import';
import { vendorEventFor } from '../../src/machines/vendor-machine';
import type { Tx } from '../db/client';
import { vendorStats as vendorStatsTable, vendorTransactions, vendors } from './schema';
import { conflict, notFound } from '../http/errors';
import { importRoute, type Importer, type PlannedRow } from '../http/import';
import { columnsAs, containsPattern, listAnswer, orderBy, pageOffset } from '../http/list';
import { allow, route } from '../http/route';
import { applyEvent } from '../workflow/apply-event';
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
    isActive: row.status === 'active',
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

async function findVendor(tx: Tx, id: string): Promise<Vendor> {
  const [row] = await tx.select().from(vendors).where(eq(vendors.id, id));
  if (!row) throw notFound('Vendor');
  return toVendor(row);
}

/**
 * The vendor columns read from vendor_search() under the name `vendors`, and the number of matching
 * rows beside each: the function reads every match anyway (no index walk to keep), so the window
 * count costs a pass over them instead of a second search.
 */
const searchedColumns = {
  ...columnsAs(vendors),
  matching: sql<number>`(count(*) over ())::int`,
};

/**
 * The rows a list reads: the organization's vendors, or with a search those whose name, contact
 * person, email or phone contains the text (ILIKE), found through the trigram indexes by
 * vendor_search() (server/db/migrations/0004_performance.sql), which scopes to the organization
 * itself. It is aliased as `vendors`, so the filters and sort below apply to either.
 */
function vendorRows(tx: Tx, q: VendorsQuery) {
  const count = (from: typeof vendors | SQL) => tx.select({ n: sql<number>`count(*)::int` }).from(from).$dynamic();
  if (!q.search) return { select: tx.select().from(vendors).$dynamic(), count: count(vendors) };
  const searched = sql`vendor_search(${containsPattern(q.search)}) as ${sql.identifier('vendors')}`;
  return { select: tx.select(searchedColumns).from(searched).$dynamic(), count: count(searched) };
}

function vendorFilters(q: VendorsQuery): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (q.services?.length) where.push(arrayOverlaps(vendors.services, q.services));
  if (q.isActive !== undefined) where.push(eq(vendors.status, q.isActive ? 'active' : 'inactive'));
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

/**
 * The list's header, over the whole organization whatever the filters and the page: the sum of
 * its `vendor_stats` rows, which triggers on `vendors` keep in step with every write.
 */
async function vendorStats(tx: Tx): Promise<VendorStats> {
  const s = vendorStatsTable;
  const perService: Record<VendorService, AnyPgColumn> = {
    hotels: s.hotels,
    flights: s.flights,
    transfers: s.transfers,
    activities: s.activities,
    visa: s.visa,
    'land-part': s.landPart,
    others: s.others,
  };
  const sum = (column: AnyPgColumn) => sql<number>`coalesce(sum(${column}), 0)::int`;
  const [row] = await tx
    .select({ total: sum(s.total), active: sum(s.active), services: sql<number[]>`array[${sql.join(VENDOR_SERVICES.map((k) => sum(perService[k])), sql`, `)}]` })
    .from(s);
  return {
    total: row.total,
    active: row.active,
    inactive: row.total - row.active,
    serviceStats: Object.fromEntries(VENDOR_SERVICES.map((k, i) => [k, row.services[i]])) as Record<VendorService, number>,
  };
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
const money = (expr: SQL) => sql<number>`coalesce(${expr}, 0)::bigint`.mapWith(Number);

async function transactionStats(tx: Tx, where: SQL | undefined): Promise<VendorTransactionStats> {
  const t = vendorTransactions;
  const [row] = await tx
    .select({
      totalAmount: money(sql`sum(${t.amount})`),
      totalIncoming: money(sql`sum(${t.amount}) filter (where ${t.direction} = 'incoming')`),
      totalOutgoing: money(sql`sum(${t.amount}) filter (where ${t.direction} = 'outgoing')`),
      totalPaid: money(sql`sum(${t.amount}) filter (where ${t.status} = 'paid')`),
      totalPending: money(sql`sum(${t.amount}) filter (where ${t.status} = 'pending')`),
      count: sql<number>`count(*)::int`,
    })
    .from(t)
    .where(where);
  return row;
}

/** Blank bank details are no bank details. */
function bankDetailsOrNull(bank: BankDetails | null | undefined): BankDetails | null | undefined {
  if (bank === undefined || bank === null) return bank;
  return Object.values(bank).some((x) => x) ? bank : null;
}

// ---------- import ----------

type PlannedVendor = PlannedRow<VendorImportRow>;

/**
 * Writes one chunk of valid rows (the shared import runner opens the savepoint): creates those
 * whose name (or else email) is new, updates the others. Matching sees the organization's vendors as they are, including rows
 * of the same import written before. Writes are batched (one insert, one update per batch); a row
 * that names a vendor still waiting in a batch writes the batches first, so rows apply in order.
 */
async function importChunk(sp: Tx, chunk: PlannedVendor[]): Promise<VendorImportRowResult[]> {
  const names = chunk.map((r) => r.input.name.toLowerCase());
  const emails = chunk.map((r) => r.input.email).filter((e): e is string => !!e);
  const existing = await sp
    .select({ id: vendors.id, name: vendors.name, email: vendors.email })
    .from(vendors)
    .where(or(inArray(sql`lower(${vendors.name})`, names), emails.length ? inArray(sql`lower(${vendors.email})`, emails) : undefined));
  const byName = new Map<string, string>();
  const byEmail = new Map<string, string>();
  const current = new Map<string, { name: string; email: string | null }>();
  const remember = (id: string, name: string, email: string | null) => {
    const was = current.get(id);
    if (was && byName.get(was.name) === id) byName.delete(was.name);
    if (was?.email && byEmail.get(was.email) === id) byEmail.delete(was.email);
    current.set(id, { name, email });
    byName.set(name, id);
    if (email) byEmail.set(email, id);
  };
  for (const x of existing) remember(x.id, x.name.toLowerCase(), x.email?.toLowerCase() ?? null);
  const results: VendorImportRowResult[] = [];

  let updates: { row: number; id: string; input: VendorImportRow }[] = [];
  const updating = new Set<string>();
  const writeUpdates = async () => {
    if (!updates.length) return;
    // Keys absent from a row keep the stored value; null clears it; bank details merge.
    const doc = JSON.stringify(updates.map((u) => ({ id: u.id, d: { ...u.input, bankDetails: bankDetailsOrNull(u.input.bankDetails) } })));
    const text = (key: string, column: string) => sql`case when x.d ? ${key} then x.d->>${key} else ${sql.identifier('v')}.${sql.identifier(column)} end`;
    await sp.execute(sql`
      update vendors v set
        name = ${text('name', 'name')},
        services = case when x.d ? 'services' then array(select jsonb_array_elements_text(x.d->'services')) else v.services end,
        contact_person = ${text('contactPerson', 'contact_person')},
        email = ${text('email', 'email')},
        phone = ${text('phone', 'phone')},
        address = ${text('address', 'address')},
        notes = ${text('notes', 'notes')},
        bank_details = case
          when not x.d ? 'bankDetails' then v.bank_details
          when jsonb_typeof(x.d->'bankDetails') = 'null' then null
          else coalesce(v.bank_details, '{}'::jsonb) || (x.d->'bankDetails') end,
        updated_at = now()
      from (select (e->>'id')::uuid as id, e->'d' as d from jsonb_array_elements(${doc}::jsonb) e) x
      where v.id = x.id`);
    for (const u of updates) results.push({ row: u.row, status: 'updated', _id: u.id, name: u.input.name });
    updates = [];
    updating.clear();
  };

  let creates: PlannedVendor[] = [];
  const waitingNames = new Set<string>();
  const waitingEmails = new Set<string>();
  const writeCreates = async () => {
    if (!creates.length) return;
    // One statement with one parameter, however many rows.
    const doc = JSON.stringify(creates.map(({ input }) => ({ ...input, bankDetails: bankDetailsOrNull(input.bankDetails) })));
    const { rows: created } = await sp.execute<{ id: string; name: string }>(sql`
      insert into vendors (name, services, contact_person, email, phone, address, notes, bank_details)
      select e->>'name', array(select jsonb_array_elements_text(e->'services')), e->>'contactPerson', e->>'email',
             e->>'phone', e->>'address', e->>'notes', nullif(e->'bankDetails', 'null'::jsonb)
      from jsonb_array_elements(${doc}::jsonb) e
      returning id, name`);
    const ids = new Map(created.map((c) => [c.name.toLowerCase(), c.id]));
    for (const { row, input } of creates) {
      const id = ids.get(input.name.toLowerCase())!;
      results.push({ row, status: 'created', _id: id, name: input.name });
      remember(id, input.name.toLowerCase(), input.email ?? null);
    }
    creates = [];
    waitingNames.clear();
    waitingEmails.clear();
  };
  const flush = async () => {
    await writeUpdates(); // first: an update may free a name a new vendor takes
    await writeCreates();
  };
  const waitingFor = (input: VendorImportRow) => waitingNames.has(input.name.toLowerCase()) || (!!input.email && waitingEmails.has(input.email));

  for (const planned of chunk) {
    const { row, input } = planned;
    const name = input.name.toLowerCase();
    if (waitingFor(input)) await flush();
    const id = byName.get(name) ?? (input.email ? byEmail.get(input.email) : undefined);
    if (!id) {
      creates.push(planned);
      waitingNames.add(name);
      if (input.email) waitingEmails.add(input.email);
      continue;
    }
    if (updating.has(id)) await flush();
    updates.push({ row, id, input });
    updating.add(id);
    remember(id, name, input.email === undefined ? (current.get(id)?.email ?? null) : input.email);
  }
  await flush();
  return results;
}

const vendorImporter: Importer<VendorImportRow> = { rowSchema: vendorImportRow, writeChunk: importChunk };

export const vendorRoutes = [
  route({
    method: 'GET',
    path: '/vendors',
    answers: listAnswerOf(vendorSchema, vendorStatsSchema),
    access: allow('vendors', 'view'),
    query: vendorsQuery,
    async handler({ tx, query }) {
      const from = vendorRows(tx, query);
      const where = vendorFilters(query);
      // Without a search, the page walks the (organization, lower(name)) index and stops at the
      // limit; the total is the header's when the header counts it, else a count of its own.
      const rows: (VendorRow & { matching?: number })[] = await from.select
        .where(where)
        .orderBy(orderBy(VENDOR_SORT[query.sortBy], query.sortOrder), asc(vendors.id))
        .limit(query.limit)
        .offset(pageOffset(query));
      const stats = await vendorStats(tx);
      const counted = rows[0]?.matching ?? totalFromStats(query, stats);
      const countAll = async () => counted ?? (await from.count.where(where))[0].n;
      return listAnswer(query, rows, toVendor, countAll, stats);
    },
  }),

  route({
    method: 'POST',
    path: '/vendors',
    answers: itemAnswer(vendorSchema),
    access: allow('vendors', 'create'),
    body: createVendorInput,
    status: 201,
    async handler({ tx, body }) {
      const [created] = await tx
        .insert(vendors)
        .values({ ...body, bankDetails: bankDetailsOrNull(body.bankDetails) })
        .returning();
      return { data: toVendor(created) };
    },
  }),

  importRoute({ path: '/vendors/import', module: 'vendors', fromCsv: vendorRowsFromCsv, importer: vendorImporter, maxRows: VENDOR_IMPORT_MAX_ROWS }),

  route({
    method: 'GET',
    path: '/vendors/id/:id',
    answers: itemAnswer(v.union([vendorSchema, v.array(vendorSchema)])),
    access: allow('vendors', 'view'),
    params: vendorIdsParams,
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
    method: 'GET',
    path: '/vendors/:id/transactions',
    answers: listAnswerOf(vendorTransactionSchema, vendorTransactionStatsSchema),
    access: allow('vendors', 'view'),
    params: vendorIdParams,
    query: vendorTransactionsQuery,
    async handler({ tx, params, query }) {
      await findVendor(tx, params.id);
      const where = transactionFilters(params.id, query);
      const rows = await tx
        .select({ t: vendorTransactions })
        .from(vendorTransactions)
        .where(where)
        .orderBy(orderBy(TRANSACTION_SORT[query.sortBy], query.sortOrder), orderBy(vendorTransactions.createdAt, query.sortOrder), asc(vendorTransactions.id))
        .limit(query.limit)
        .offset(pageOffset(query));
      const stats = await transactionStats(tx, where);
      return listAnswer(query, rows, (r) => toTransaction(r.t), async () => stats.count, stats);
    },
  }),

  route({
    method: 'PUT',
    path: '/vendors/:id',
    answers: itemAnswer(vendorSchema),
    access: allow('vendors', 'update'),
    params: vendorIdParams,
    body: updateVendorInput,
    async handler({ tx, params, body }) {
      const { isActive, ...fields } = body;
      if (isActive !== undefined) {
        // Activation is the vendor machine's to allow (409 when it refuses), in this transaction.
        await applyEvent(tx, vendorWorkflow, params.id, vendorEventFor(isActive));
      } else {
        const locked = await vendorWorkflow.lock(tx, params.id);
        if (!locked) throw notFound('Vendor');
      }
      if (Object.keys(fields).length > 0) {
        const set = 'bankDetails' in fields ? { ...fields, bankDetails: bankDetailsOrNull(fields.bankDetails) } : fields;
        await tx
          .update(vendors)
          .set({ ...set, updatedAt: sql`now()` })
          .where(eq(vendors.id, params.id));
      }
      return { data: await findVendor(tx, params.id) };
    },
  }),

  route({
    method: 'DELETE',
    path: '/vendors/:id',
    answers: itemAnswer(vendorSchema),
    access: allow('vendors', 'delete'),
    params: vendorIdParams,
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
