import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyStateMachine } from 'xstate';
import { dateIn } from '../../src/domain/calendar';
import { can } from '../../src/api/permissions';
import type { ListAnswer } from '../../src/api/common/schemas';
import { type QueueAction, type WorkQueueItem, type WorkQueueKind, type WorkQueueQuery, type WorkQueueStats } from '../../src/api/work-queue/contract';
import { decodeState, snapshotOf } from '../../src/machines/workflow';
import { members } from '../auth/schema';
import type { AuthContext } from '../auth/session';
import type { Clock } from '../db/clock';
import { organizationTimeZone } from '../db/clock';
import type { Tx } from '../db/client';
import { ApiError, notFound } from '../http/errors';
import { pageOffset } from '../http/list';
import { gets, kindRows, queueKinds, RANK_PRIORITY, type QueueFilter, type QueueKind, type QueueRow, type QueueScope } from './registry';

/**
 * `GET /work-queue` and its counts (docs/work-queue.md): the union of the person's kinds, filtered,
 * sorted by due then priority and paged in PostgreSQL, in one statement with its stats; each item's
 * actions from its machine.
 */

export async function queueScope(tx: Tx, auth: AuthContext, clock: Clock): Promise<QueueScope> {
  const tz = await organizationTimeZone(tx);
  const now = clock.now();
  return { auth, now: now.toISOString(), today: dateIn(now, tz), tz };
}

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

/** The person's kinds in their light form (kind, record, due, priority), or no rows when they get none of those asked for. */
const lightUnion = (defs: QueueKind[], s: QueueScope, filter: QueueFilter): SQL =>
  defs.length ? sql.join(defs.map((def) => sql`(${kindRows(def, s, filter, true)})`), sql` union all `) : LIGHT_EMPTY;
const LIGHT_EMPTY = sql`select null::text as kind, null::uuid as record_id, null::timestamptz as due_at, false as overdue, false as due_today, 0 as priority where false`;

interface Counted extends Record<string, unknown> {
  by_kind: Record<string, number> | null;
  overdue: number;
  due_today: number;
}

function statsOf(defs: QueueKind[], row: Counted): WorkQueueStats {
  const byKind = Object.fromEntries(defs.map((d) => [d.kind, Number(row.by_kind?.[d.kind] ?? 0)])) as Record<WorkQueueKind, number>;
  return { byKind, total: Object.values(byKind).reduce((a, b) => a + b, 0), overdue: Number(row.overdue), dueToday: Number(row.due_today) };
}

const COUNTS = (from: SQL) => sql`
  (select coalesce(json_object_agg(kind, n), '{}'::json) from (select kind, count(*)::int as n from ${from} group by kind) k) as by_kind,
  (select count(*)::int from ${from} where overdue) as overdue,
  (select count(*)::int from ${from} where due_today) as due_today`;

/** The actions of one row: its machine's `can` with its context, for each event the person may send. */
export function actionsOf(def: QueueKind, row: QueueRow, auth: AuthContext): QueueAction[] {
  if (!def.machine || !def.actions?.length || row.state === null) return [];
  const machine = def.machine as AnyStateMachine;
  const snapshot = snapshotOf(machine, decodeState(row.state), def.contextOf?.(row.context, row));
  const offered = def.actions.filter((a) => can(auth.role.permissions, a.needs[0], a.needs[1]) && !a.unless?.(row) && (a.tag ? snapshot.hasTag(a.tag) : snapshot.can(a.event)));
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
 * `GET /work-queue`, in two passes: the whole queue in its light form (kind, record, due, priority)
 * gives the stats and the page's keys in one statement, then the page's items are read in full
 * (titles, reasons, contexts) by their ids, so nothing is built for the items not shown.
 */
export async function workQueuePage(tx: Tx, auth: AuthContext, query: WorkQueueQuery, clock: Clock): Promise<ListAnswer<WorkQueueItem, WorkQueueStats>> {
  const who = await assigneeOf(tx, auth, query.assignee);
  const s = await queueScope(tx, auth, clock);
  const defs = kindsFor(auth, query.kind);
  const filter: QueueFilter = { who, record: query.record, due: query.due };
  const q = sql.raw('q');
  const { rows } = await tx.execute<Counted & { page: { kind: WorkQueueKind; record_id: string }[] }>(sql`
    with q as (${lightUnion(defs, s, filter)})
    select
      (select coalesce(json_agg(p), '[]'::json) from (
         select q.kind, q.record_id from q
         order by q.due_at asc nulls last, q.priority, q.kind, q.record_id
         limit ${query.limit} offset ${pageOffset(query)}) p) as page,
      ${COUNTS(q)}`);
  const [row] = rows;
  const stats = statsOf(defs, row);
  const byKind = new Map(defs.map((d) => [d.kind, d]));
  const keys = row.page;
  const onPage = defs.filter((d) => keys.some((k) => k.kind === d.kind));
  let full: QueueRow[] = [];
  if (onPage.length) {
    const parts = onPage.map((d) => sql`(${kindRows(d, s, { ...filter, ids: keys.filter((k) => k.kind === d.kind).map((k) => k.record_id) })})`);
    const { rows: r } = await tx.execute<QueueRow & Record<string, unknown>>(sql`
      select q.kind, q.record_id, q.parent_id, q.ref, q.title, q.state, q.due, q.overdue, q.priority, q.assignee_id, m.name as assignee_name, q.reason, q.params, q.context
      from (${sql.join(parts, sql` union all `)}) q left join ${members} m on m.id = q.assignee_id`);
    full = r;
  }
  // In the light pass's order; a record is one item per kind (a follow-up kind's earliest per lead and assignee is one row per lead here).
  const at = new Map(full.map((r) => [`${r.kind}:${r.record_id}`, r]));
  const page = keys.flatMap((k) => at.get(`${k.kind}:${k.record_id}`) ?? []);
  return {
    data: page.map((r) => itemOf(byKind.get(r.kind)!, r, auth)),
    meta: { currentPage: query.page, limit: query.limit, totalItems: stats.total, totalPages: Math.ceil(stats.total / query.limit) },
    stats,
  };
}

/** `GET /work-queue/counts`: the person's whole queue counted (the menu, the start page). */
export async function workQueueCounts(tx: Tx, auth: AuthContext, clock: Clock): Promise<WorkQueueStats> {
  const s = await queueScope(tx, auth, clock);
  const defs = kindsFor(auth);
  const q = sql.raw('q');
  const { rows } = await tx.execute<Counted>(sql`with q as (${lightUnion(defs, s, {})}) select ${COUNTS(q)}`);
  return statsOf(defs, rows[0]);
}

/**
 * One kind's first items and how many there are, for the start page's cards ("My day" reads the
 * queue's own definitions); undefined when the person does not get the kind.
 */
export async function queueCard(tx: Tx, auth: AuthContext, clock: Clock, kind: WorkQueueKind, limit: number): Promise<{ total: number; items: WorkQueueItem[] } | undefined> {
  const [def] = kindsFor(auth, [kind]);
  if (!def) return undefined;
  const page = await workQueuePage(tx, auth, { page: 1, limit, kind: [kind] }, clock);
  return { total: page.meta.totalItems, items: page.data };
}
