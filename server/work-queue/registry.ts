import { sql, type SQL } from 'drizzle-orm';
import type { AnyStateMachine, ContextFrom, EventFromLogic } from 'xstate';
import { addDays } from '../../src/domain/calendar';
import { can, type Action, type ModuleKey } from '../../src/api/permissions';
import { WORK_QUEUE_KINDS, type QueueInput, type QueuePriority, type QueueReason, type QueueRecordType, type WorkQueueKind } from '../../src/api/work-queue/contract';
import { eventsWithCalls } from '../../src/api/work-queue/calls';
import type { AuthContext } from '../auth/session';

/**
 * The work queue's kinds, each registered by its area's face (docs/work-queue.md): the queue knows
 * no area. A kind says which records are its work, whose they are, how urgent, and which of the
 * record machine's events the queue offers on them; `GET /work-queue` is the union of the kinds the
 * person gets. A kind's rows are chosen in SQL on the states its machine names (tags, or the states
 * that accept its event: {@link statesAccepting}), never a list typed again; the actions of each
 * item on a page are the machine's own `can`, with the record's context, and the person's permission.
 */

/**
 * Who asks, and on which day (the app's clock: the organization's today). The instant is not a
 * value here: a kind reads it as `at(s).now`, the statement's placeholder.
 */
export interface QueueScope {
  auth: AuthContext;
  /** The organization's day (`YYYY-MM-DD`). */
  today: string;
  tz: string;
}

/**
 * SQL pieces of the scope's time, for a kind's conditions. The instant is the statement's `now`
 * placeholder (the queue's statements are built once per person, filter and day, and run with the
 * request's instant: server/work-queue/queue.ts); the day is a value of the statement.
 */
export const at = (s: QueueScope) => ({
  now: sql`${sql.placeholder('now')}::timestamptz`,
  today: sql`${s.today}::date`,
  /** The first instant of a day in the organization's time zone. */
  startOf: (day: string) => sql`(${day}::date::timestamp at time zone ${s.tz})`,
  tomorrow: addDays(s.today, 1),
});

/** Where an item's due comes from: an instant (a follow-up) or a calendar day (an installment). */
export type Due = { instant: SQL } | { day: SQL } | null;

/** The columns a kind's rows give (each an SQL expression over its `from`). */
export interface QueueColumns {
  recordId: SQL;
  parentId?: SQL;
  ref: SQL;
  title: SQL;
  /** The record's state as stored (the machine's), or another status column. */
  state?: SQL;
  due: Due;
  /** Whose item it is (a member id), or none for a team's work. */
  assignee?: SQL;
  /** The reason's code, when it varies within the kind (`followUpMissed`). */
  reason?: SQL;
  /** The reason's values, a jsonb object (amounts, dates, names). */
  params?: SQL;
  /** The record's machine context as jsonb, when its guards read one. */
  context?: SQL;
}

export interface QueueSource {
  from: SQL;
  where?: SQL;
  columns: QueueColumns;
  /** The rows of one member's work (the `assignee` filter, and a personal kind's own rows). */
  whose?: (memberId: string) => SQL;
}

/** A row of the queue as the union answers it (snake case, as PostgreSQL writes it). */
export interface QueueRow {
  kind: WorkQueueKind;
  record_id: string;
  parent_id: string | null;
  ref: string;
  title: string;
  state: string | null;
  due: string | null;
  overdue: boolean;
  priority: number;
  assignee_id: string | null;
  assignee_name: string | null;
  reason: QueueReason;
  params: Record<string, string | number | boolean | null>;
  context: unknown;
}

export interface QueueActionDef<M extends AnyStateMachine> {
  /**
   * The event with a payload its guards accept (what `can` is asked with; the dialog gives the real
   * one); or a record's call that is not an event (`PAY` a voucher's vendor, `REMIND` a booking's
   * customer), with the tag of the states that allow it.
   */
  event: EventFromLogic<M> | { type: 'PAY' | 'REMIND' };
  /** For a call that is not an event: offered while the record's state has this tag. */
  tag?: string;
  /** The permission of the event's call. */
  needs: readonly [ModuleKey, Action];
  input?: QueueInput;
  main?: boolean;
  /** A fact of the call beyond the machine that refuses it (a vendor without an email cannot be sent a voucher). */
  unless?: (row: QueueRow) => boolean;
}

export interface QueueKind<M extends AnyStateMachine = AnyStateMachine> {
  kind: WorkQueueKind;
  record: QueueRecordType;
  /** The parent's record type, when items name one. */
  parent?: QueueRecordType;
  priority: QueuePriority;
  /** Every permission the person needs to get the kind. */
  needs: readonly (readonly [ModuleKey, Action])[];
  /** Beyond the permissions (those who give leads out see every lead). */
  for?: (auth: AuthContext) => boolean;
  /** The own/all visibility that decides whether the person may ask for another member's items. */
  scope: 'leads' | 'bookings' | null;
  /** A person's own work only, unless they ask for another member's (a follow-up is its assignee's call). */
  personal?: boolean;
  machine?: M;
  actions?: readonly QueueActionDef<M>[];
  /** The machine context from the row's `context` (jsonb), when guards read one (from it alone: the actions are kept per state and context). */
  contextOf?: (context: unknown) => ContextFrom<M>;
  /**
   * Counted by the database as the records change (`work_queue_totals`, kept by triggers in the
   * transaction that writes the record; docs/work-queue.md "Counts kept"), per organization and
   * seller (the booking's `converted_by`, or none): for kinds whose rows depend on the records
   * only, never on the clock. Own visibility reads the seller's rows, all visibility every row.
   */
  kept?: boolean;
  /**
   * The kind's count from totals its area's database keeps otherwise (an `n` column), when the
   * person's view allows (undefined: the rows are counted); e.g. invoices overdue from the
   * invoices list's kept totals (list_totals, 0033).
   */
  countedBy?: (s: QueueScope) => SQL | undefined;
  /**
   * Counted by the database per due day (`work_queue_totals.day`, migration 0047), for kinds whose
   * rows depend on the records and the day: rows kept as `kind` are items whatever the day, rows
   * kept as `kind:past` once their day is before today; overdue is the sum over the days before
   * today, due today the day's rows. `less`: the kept rows that are not items, all overdue, counted
   * on reading (an `n` column; installments overdue: the bookings reminded this week). Per seller
   * as `kept`; a filter that narrows the queue counts the rows.
   */
  keptByDay?: { less?: (s: QueueScope) => SQL };
  source(s: QueueScope): QueueSource;
}

const kinds = new Map<WorkQueueKind, QueueKind>();

/**
 * An area's face registers its kinds here (`registerQueueKinds(bookingQueueKinds)`), as it
 * registers its catalogue uses. A kind registered twice, or offering an event the queue has no call
 * for, is a programming error.
 */
export function registerQueueKinds(list: readonly QueueKind<any>[]) {
  for (const def of list) {
    if (kinds.has(def.kind) && kinds.get(def.kind) !== def) throw new Error(`Work queue kind ${def.kind} is registered twice`);
    const calls = eventsWithCalls(def.record);
    for (const action of def.actions ?? []) {
      if (!calls.includes(action.event.type)) throw new Error(`Work queue kind ${def.kind} offers ${action.event.type}, which has no call for a ${def.record}`);
    }
    kinds.set(def.kind, def);
  }
}

/** The registered kinds, in the contract's order. */
export const queueKinds = (): QueueKind[] => WORK_QUEUE_KINDS.flatMap((k) => kinds.get(k) ?? []);
export const queueKind = (kind: WorkQueueKind): QueueKind | undefined => kinds.get(kind);

/** Whether the person gets a kind at all: its permissions and its own condition. */
export const gets = (auth: AuthContext, def: QueueKind) => def.needs.every(([m, a]) => can(auth.role.permissions, m, a)) && (def.for?.(auth) ?? true);

export const PRIORITY_RANK: Record<QueuePriority, number> = { high: 0, normal: 1, low: 2 };
export const RANK_PRIORITY: QueuePriority[] = ['high', 'normal', 'low'];

/** The filters of one union: the member whose items, one record (or its children), a range of due days, one reason. */
export interface QueueFilter {
  who?: string;
  record?: string;
  due?: { from?: string; to?: string };
  /** These records only (a page's items, read in full once the light pass has chosen them): a `uuid[]` expression. */
  ids?: SQL;
  /** The items of one reason only (My day's two follow-up cards: `followUpDue`, `followUpMissed`). */
  reason?: QueueReason;
}

/** A kind's due as SQL: the sort key within the kind (its own column: an index walks it), the instant, and the clock's conditions. */
function dueOf(src: QueueSource, s: QueueScope) {
  const c = src.columns;
  const t = at(s);
  if (c.due && 'instant' in c.due) {
    const v = c.due.instant;
    return {
      key: v as SQL | undefined,
      dueAt: sql`(${v})::timestamptz`,
      due: sql`to_char((${v}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      overdue: sql`coalesce((${v}) < ${t.now}, false)`,
      today: sql`coalesce((${v}) >= ${t.now} and (${v}) < ${t.startOf(t.tomorrow)}, false)`,
      /** Not overdue: from now on (a range on the kind's own column). */
      notOverdue: sql`(${v}) >= ${t.now}`,
    };
  }
  if (c.due && 'day' in c.due) {
    const v = c.due.day;
    return {
      key: v as SQL | undefined,
      dueAt: sql`((${v})::date::timestamp at time zone ${s.tz})`,
      due: sql`(${v})::date::text`,
      overdue: sql`coalesce((${v})::date < ${t.today}, false)`,
      today: sql`coalesce((${v})::date = ${t.today}, false)`,
      notOverdue: sql`(${v}) >= ${t.today}`,
    };
  }
  return { key: undefined, dueAt: sql`null::timestamptz`, due: sql`null::text`, overdue: sql`false`, today: sql`false`, notOverdue: undefined };
}

/** A kind's conditions: its source's, and the filters'. */
function whereOf(def: QueueKind, src: QueueSource, s: QueueScope, filter: QueueFilter, dueAt: SQL): SQL[] {
  const c = src.columns;
  const t = at(s);
  const personal = def.personal && !filter.who ? s.auth.memberId : undefined;
  const who = filter.who ?? personal;
  const where = [
    src.where,
    who ? (src.whose ? src.whose(who) : sql`false`) : undefined,
    filter.record ? sql`(${c.recordId} = ${filter.record}::uuid ${c.parentId ? sql`or ${c.parentId} = ${filter.record}::uuid` : sql``})` : undefined,
    filter.due?.from ? sql`${dueAt} >= ${t.startOf(filter.due.from)}` : undefined,
    filter.due?.to ? sql`${dueAt} < ${t.startOf(addDays(filter.due.to, 1))}` : undefined,
    filter.ids ? sql`${c.recordId} = any(${filter.ids})` : undefined,
    filter.reason ? sql`(${c.reason ?? sql`${def.kind}::text`}) = ${filter.reason}` : undefined,
  ].filter((w): w is SQL => !!w);
  return where;
}

const whereSql = (where: SQL[]) => (where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``);

/** Whether a filter narrows the queue beyond the person's own view (then nothing kept applies: the rows are counted). */
export const narrowed = (filter: QueueFilter) => !!(filter.who || filter.record || filter.due?.from || filter.due?.to || filter.ids || filter.reason);

/**
 * One kind's counts (`kind`, `n`, `overdue`, `due_today`) for the stats. `kept`: the kind's count
 * as the database keeps it (a read of a few `work_queue_totals` rows); then only the rows not
 * overdue are walked (a range on the kind's due column, from now on: few, for work that is mostly
 * late) and the overdue are the rest. Otherwise the kind's rows are counted.
 */
export function kindCounts(def: QueueKind, s: QueueScope, filter: QueueFilter, kept?: SQL): SQL {
  const src = def.source(s);
  const d = dueOf(src, s);
  const where = whereOf(def, src, s, filter, d.dueAt);
  const where_ = whereSql(where);
  if (kept && d.notOverdue) {
    const and_ = whereSql([...where, d.notOverdue]);
    // `offset 0`: the kept count is computed once (pulled up, its expression would be twice: n and overdue).
    return sql`select ${def.kind}::text as kind, k.n, k.n - f.n as overdue, f.today as due_today
      from (${kept} offset 0) k, (select count(*)::int as n, (count(*) filter (where ${d.today}))::int as today from ${src.from} ${and_}) f`;
  }
  if (kept) return sql`select ${def.kind}::text as kind, k.n, 0 as overdue, 0 as due_today from (${kept}) k`;
  return sql`select ${def.kind}::text as kind, count(*)::int as n, (count(*) filter (where ${d.overdue}))::int as overdue, (count(*) filter (where ${d.today}))::int as due_today
    from ${src.from} ${where_}`;
}

/**
 * One kind's rows as the union reads them: the same columns in the same order, the due as a sort
 * key (`due_at`, a day's first instant in the organization's time zone), and whether it is overdue
 * or due today by the organization's clock. `light`: the columns the order reads only (kind,
 * record, due, priority), the kind's first `limit` by its due (its own column, then the record: an
 * index walk that stops there), for a page merged from every kind's first rows.
 */
export function kindRows(def: QueueKind, s: QueueScope, filter: QueueFilter, light = false, limit?: number): SQL {
  const src = def.source(s);
  const c = src.columns;
  const null_ = sql`null`;
  const { dueAt, due, overdue, today, key } = dueOf(src, s);
  const where_ = whereSql(whereOf(def, src, s, filter, dueAt));
  if (light) {
    // What the order reads, and nothing to build per row: the page's items are read in full afterwards.
    // Within a kind the order is its due then its record (priority and kind are the kind's own), so
    // the kind's first `limit` in that order hold every one of its rows the merged page can show.
    const order = limit === undefined ? sql`` : sql`order by ${key ? sql`${key} asc nulls last, ` : sql``}(${c.recordId}) limit ${limit}`;
    return sql`select ${def.kind}::text as kind, (${c.recordId})::uuid as record_id, ${dueAt} as due_at,
      ${PRIORITY_RANK[def.priority]}::int as priority from ${src.from} ${where_} ${order}`;
  }
  return sql`select ${def.kind}::text as kind, (${c.recordId})::uuid as record_id, ${c.parentId ?? null_}::uuid as parent_id,
    (${c.ref})::text as ref, (${c.title})::text as title, ${c.state ?? null_}::text as state,
    ${dueAt} as due_at, ${due} as due, ${overdue} as overdue, ${today} as due_today,
    ${PRIORITY_RANK[def.priority]}::int as priority, ${c.assignee ?? null_}::uuid as assignee_id,
    ${c.reason ?? sql`${def.kind}::text`}::text as reason, coalesce(${c.params ?? sql`'{}'::jsonb`}, '{}'::jsonb) as params, ${c.context ?? null_}::jsonb as context
    from ${src.from} ${where_}`;
}
