import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyStateMachine } from 'xstate';
import { dateIn } from '../../src/domain/calendar';
import { can } from '../../src/api/permissions';
import type { ListAnswer } from '../../src/api/common/schemas';
import { type QueueAction, type QueueReason, type WorkQueueItem, type WorkQueueKind, type WorkQueueQuery, type WorkQueueStats } from '../../src/api/work-queue/contract';
import { decodeState, snapshotOf } from '../../src/machines/workflow';
import { members } from '../auth/schema';
import type { AuthContext } from '../auth/session';
import type { Clock } from '../db/clock';
import { organizationTimeZone } from '../db/clock';
import type { Tx } from '../db/client';
import { statementCache, withGenericPlan } from '../db/prepared';
import { ApiError, notFound } from '../http/errors';
import { pageOffset } from '../http/list';
import { gets, kindCounts, kindRows, narrowed, queueKinds, RANK_PRIORITY, type QueueActionDef, type QueueFilter, type QueueKind, type QueueRow, type QueueScope } from './registry';
import { workQueueTotals } from './schema';

/**
 * `GET /work-queue` and its counts (docs/work-queue.md): the person's kinds, filtered, each walked
 * in its due order up to the page's end and merged by due then priority, paged in PostgreSQL, in one
 * statement with its stats (kept counts where the database keeps them); each item's actions from
 * its machine.
 */

/** The person's scope, and the instant the statements' `now` placeholder takes. */
export async function queueScope(tx: Tx, auth: AuthContext, clock: Clock): Promise<{ s: QueueScope; now: string }> {
  const tz = await organizationTimeZone(tx);
  const now = clock.now();
  return { s: { auth, today: dateIn(now, tz), tz }, now: now.toISOString() };
}

/**
 * The queue's statements, each built once for a person's view (their member, role's visibility and
 * kinds), day, filter and page, and run with the request's instant (`now`) and the page's records
 * (`ids:<kind>`) as placeholders: building one walks its thousands of pieces, which was half the
 * server's CPU per request (docs/performance.md, issue 32). Everything a statement depends on but the
 * placeholders is in its key.
 */
const statements = statementCache();
const keyOf = (what: string, s: QueueScope, defs: QueueKind[], ...rest: unknown[]) =>
  JSON.stringify([what, s.auth.organizationId, s.auth.memberId, s.auth.role.isOwner, s.auth.role.visibility, s.today, s.tz, defs.map((d) => d.kind), ...rest]);

/** Whether the person sees everyone's records of a visibility scope. */
const seesAll = (auth: AuthContext, scope: 'leads' | 'bookings') => auth.role.isOwner || auth.role.visibility[scope] === 'all';

/**
 * The member whose items are asked for: `me`, or another member for one who sees everyone's leads
 * and bookings (403 otherwise: their queue is their own records' work); a member of another
 * organization, or none, is 404.
 */
async function assigneeOf(tx: Tx, auth: AuthContext, assignee: WorkQueueQuery['assignee']): Promise<string | undefined> {
  if (!assignee) return undefined;
  if (assignee === 'me' || assignee === auth.memberId) return auth.memberId;
  if (!seesAll(auth, 'leads') || !seesAll(auth, 'bookings')) {
    throw new ApiError(403, 'FORBIDDEN', 'You see your own work only: ask for assignee=me', undefined, undefined, { field: 'assignee' });
  }
  const [m] = await tx.select({ id: members.id }).from(members).where(eq(members.id, assignee));
  if (!m) throw notFound('Member');
  return m.id;
}

/** The kinds the person gets, of those asked for. */
export function kindsFor(auth: AuthContext, only?: readonly WorkQueueKind[]): QueueKind[] {
  return queueKinds().filter((def) => gets(auth, def) && (!only?.length || only.includes(def.kind)));
}

/**
 * The page's keys: each kind's first `offset + limit` rows by its own due (an index walk with a
 * limit), merged in the queue's order (due, priority, kind, record) and cut to the page; nothing is
 * produced beyond that for a kind with many rows.
 */
const pageKeys = (defs: QueueKind[], s: QueueScope, filter: QueueFilter, limit: number, offset: number): SQL =>
  defs.length
    ? sql`select q.kind, q.record_id from (${sql.join(
        defs.map((def) => sql`(${kindRows(def, s, filter, true, offset + limit)})`),
        sql` union all `,
      )}) q order by q.due_at asc nulls last, q.priority, q.kind, q.record_id limit ${limit} offset ${offset}`
    : sql`select null::text as kind, null::uuid as record_id where false`;

/**
 * The page's items in full (titles, reasons, contexts), read by their records from the page's keys
 * (`keys`, the light pass): each kind's rows for its records on the page, so nothing is built for the
 * items not shown, in the same statement as the keys.
 */
const itemsOf = (defs: QueueKind[], s: QueueScope, filter: QueueFilter): SQL =>
  defs.length
    ? sql`(select coalesce(json_agg(i), '[]'::json) from (
      select q.kind, q.record_id, q.parent_id, q.ref, q.title, q.state, q.due, q.overdue, q.priority, q.assignee_id, m.name as assignee_name, q.reason, q.params, q.context
      from (${sql.join(
        defs.map((d) => sql`(${kindRows(d, s, { ...filter, ids: sql`array(select k.record_id from keys k where k.kind = ${d.kind})` })})`),
        sql` union all `,
      )}) q left join ${members} m on m.id = q.assignee_id) i) as items`
    : sql`'[]'::json as items`;

/** The kept count of a kind the person sees (own visibility: their own sales' rows; else every seller's). */
function keptCount(def: QueueKind, auth: AuthContext): SQL {
  const own = def.scope && !seesAll(auth, def.scope) ? sql` and ${workQueueTotals.seller} = ${auth.memberId}::uuid` : sql``;
  return sql`select coalesce(sum(${workQueueTotals.n}), 0)::int as n from ${workQueueTotals} where ${workQueueTotals.kind} = ${def.kind}${own}`;
}

/**
 * A kind's counts kept per due day (`keptByDay`): a read of its `work_queue_totals` rows (a few per
 * day and seller), the rows kept as `kind:past` counted for the days before today only, less the
 * kept rows that are not items.
 */
function keptByDayCounts(def: QueueKind, s: QueueScope): SQL {
  const w = workQueueTotals;
  const own = def.scope && !seesAll(s.auth, def.scope) ? sql` and ${w.seller} = ${s.auth.memberId}::uuid` : sql``;
  const today = sql`${s.today}::date`;
  const less = def.keptByDay?.less?.(s) ?? sql`select 0 as n`;
  return sql`select ${def.kind}::text as kind, (k.n - l.n)::int as n, (k.overdue - l.n)::int as overdue, k.today::int as due_today
    from (select coalesce(sum(${w.n}) filter (where ${w.kind} = ${def.kind} or ${w.day} < ${today}), 0) as n,
        coalesce(sum(${w.n}) filter (where ${w.day} < ${today}), 0) as overdue,
        coalesce(sum(${w.n}) filter (where ${w.kind} = ${def.kind} and ${w.day} = ${today}), 0) as today
      from ${w} where ${w.kind} in (${def.kind}, ${`${def.kind}:past`})${own}) k, (${less}) l`;
}

/** Each kind's counts, one row per kind: kept by the database where it can be (docs/work-queue.md "Counts"), counted otherwise. */
const countsOf = (defs: QueueKind[], s: QueueScope, filter: QueueFilter): SQL =>
  defs.length
    ? sql.join(
        defs.map((def) =>
          narrowed(filter) || def.personal
            ? sql`(${kindCounts(def, s, filter)})`
            : def.keptByDay
              ? sql`(${keptByDayCounts(def, s)})`
              : sql`(${kindCounts(def, s, filter, def.kept ? keptCount(def, s.auth) : def.countedBy?.(s))})`,
        ),
        sql` union all `,
      )
    : sql`select null::text as kind, 0 as n, 0 as overdue, 0 as due_today where false`;

interface Counted extends Record<string, unknown> {
  counts: { kind: WorkQueueKind; n: number; overdue: number; due_today: number }[] | null;
}

function statsOf(defs: QueueKind[], row: Counted): WorkQueueStats {
  const counts = row.counts ?? [];
  const byKind = Object.fromEntries(defs.map((d) => [d.kind, Number(counts.find((c) => c.kind === d.kind)?.n ?? 0)])) as Record<WorkQueueKind, number>;
  const sum = (f: (c: (typeof counts)[number]) => number) => counts.reduce((a, c) => a + Number(f(c)), 0);
  return { byKind, total: Object.values(byKind).reduce((a, b) => a + b, 0), overdue: sum((c) => c.overdue), dueToday: sum((c) => c.due_today) };
}

const COUNTS = (defs: QueueKind[], s: QueueScope, filter: QueueFilter) => sql`(select coalesce(json_agg(c), '[]'::json) from (${countsOf(defs, s, filter)}) c) as counts`;

/**
 * The actions a kind's machine allows a record in its state with its context (its `can`, or the
 * state's tag), kept per kind, state and context: a page's items share a few of them, and resolving
 * a machine's snapshot per item was a tenth of the queue's server time. The most recent 4,096 are kept.
 */
const allowed = new Map<string, readonly QueueActionDef<AnyStateMachine>[]>();
function allowedBy(def: QueueKind, state: string, context: unknown): readonly QueueActionDef<AnyStateMachine>[] {
  const key = JSON.stringify([def.kind, state, context]);
  let found = allowed.get(key);
  if (!found) {
    const snapshot = snapshotOf(def.machine as AnyStateMachine, decodeState(state), def.contextOf?.(context));
    found = (def.actions ?? []).filter((a) => (a.tag ? snapshot.hasTag(a.tag) : snapshot.can(a.event)));
    if (allowed.size >= 4096) allowed.delete(allowed.keys().next().value!);
    allowed.set(key, found);
  }
  return found;
}

/** The actions of one row: its machine's `can` with its context, for each event the person may send. */
export function actionsOf(def: QueueKind, row: QueueRow, auth: AuthContext): QueueAction[] {
  if (!def.machine || !def.actions?.length || row.state === null) return [];
  const offered = allowedBy(def, row.state, row.context).filter((a) => can(auth.role.permissions, a.needs[0], a.needs[1]) && !a.unless?.(row));
  const main = offered.find((a) => a.main);
  return [...(main ? [main] : []), ...offered.filter((a) => a !== main)].map((a) => ({ event: a.event.type, input: a.input ?? null, main: a === main }));
}

function itemOf(def: QueueKind, row: QueueRow, auth: AuthContext): WorkQueueItem {
  return {
    kind: row.kind,
    record: { type: def.record, _id: row.record_id, ref: row.ref, title: row.title, parent: row.parent_id && def.parent ? { type: def.parent, _id: row.parent_id } : null },
    state: row.state,
    reason: { code: row.reason, params: row.params ?? {} },
    due: row.due,
    overdue: row.overdue,
    priority: RANK_PRIORITY[row.priority],
    assignee: row.assignee_id && row.assignee_name !== null ? { _id: row.assignee_id, name: row.assignee_name } : null,
    actions: actionsOf(def, row, auth),
  };
}

/**
 * `GET /work-queue`, in two passes: the page's keys (each kind's first rows in its light form: kind,
 * record, due, priority) and the stats in one statement, then the page's items are read in full
 * (titles, reasons, contexts) by their ids, so nothing is built for the items not shown.
 */
export async function workQueuePage(
  tx: Tx,
  auth: AuthContext,
  query: WorkQueueQuery,
  clock: Clock,
  only: { reason?: QueueReason } = {},
): Promise<ListAnswer<WorkQueueItem, WorkQueueStats>> {
  const who = await assigneeOf(tx, auth, query.assignee);
  const { s, now } = await queueScope(tx, auth, clock);
  const defs = kindsFor(auth, query.kind);
  const filter: QueueFilter = { who, record: query.record, due: query.due, reason: only.reason };
  // Planned once per connection (a generic plan: its planning was most of the request's time), for
  // the whole queue or one kind (the start page's cards): a text per person's kinds and filters, a
  // bounded few; the page's items, read by their ids, are planned generically too. Any other choice
  // of kinds (2^16 of them) is planned per request, so that a connection does not keep a plan for
  // every set a client may ask for.
  const named = (query.kind?.length ?? 0) <= 1;
  return named ? withGenericPlan(tx, () => pageOf(tx, auth, s, now, defs, filter, query, named)) : pageOf(tx, auth, s, now, defs, filter, query, named);
}

async function pageOf(
  tx: Tx,
  auth: AuthContext,
  s: QueueScope,
  now: string,
  defs: QueueKind[],
  filter: QueueFilter,
  query: WorkQueueQuery,
  named: boolean,
): Promise<ListAnswer<WorkQueueItem, WorkQueueStats>> {
  const offset = pageOffset(query);
  type Answer = Counted & { page: { kind: WorkQueueKind; record_id: string }[]; items: QueueRow[] };
  const [row] = await statements<Answer>(
    tx,
    keyOf('page', s, defs, filter, query.limit, offset),
    () => sql`
    with keys as materialized (${pageKeys(defs, s, filter, query.limit, offset)})
    select (select coalesce(json_agg(k), '[]'::json) from keys k) as page, ${itemsOf(defs, s, filter)}, ${COUNTS(defs, s, filter)}`,
    { now },
    { named },
  );
  const stats = statsOf(defs, row);
  const byKind = new Map(defs.map((d) => [d.kind, d]));
  // In the light pass's order; a record is one item per kind (a follow-up kind's earliest per lead and assignee is one row per lead here).
  const at = new Map(row.items.map((r) => [`${r.kind}:${r.record_id}`, r]));
  const page = row.page.flatMap((k) => at.get(`${k.kind}:${k.record_id}`) ?? []);
  return {
    data: page.map((r) => itemOf(byKind.get(r.kind)!, r, auth)),
    meta: { currentPage: query.page, limit: query.limit, totalItems: stats.total, totalPages: Math.ceil(stats.total / query.limit) },
    stats,
  };
}

/** `GET /work-queue/counts`: the person's whole queue counted (the menu, the start page). */
export async function workQueueCounts(tx: Tx, auth: AuthContext, clock: Clock): Promise<WorkQueueStats> {
  const { s, now } = await queueScope(tx, auth, clock);
  const defs = kindsFor(auth);
  const rows = await withGenericPlan(tx, () => statements<Counted>(tx, keyOf('counts', s, defs), () => sql`select ${COUNTS(defs, s, {})}`, { now }, { named: true }));
  return statsOf(defs, rows[0]);
}

/**
 * One kind's first items and how many there are, for the start page's cards ("My day" reads the
 * queue's own definitions), or of one of its reasons (follow-ups due today, missed); undefined when
 * the person does not get the kind.
 */
export async function queueCard(
  tx: Tx,
  auth: AuthContext,
  clock: Clock,
  kind: WorkQueueKind,
  limit: number,
  reason?: QueueReason,
): Promise<{ total: number; items: WorkQueueItem[] } | undefined> {
  const [def] = kindsFor(auth, [kind]);
  if (!def) return undefined;
  const page = await workQueuePage(tx, auth, { page: 1, limit, kind: [kind] }, clock, { reason });
  return { total: page.meta.totalItems, items: page.data };
}
