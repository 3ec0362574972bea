import { and, asc, desc, eq, inArray, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { MyDayItem } from '../../src/api/dashboard/contract';
import type { FollowUp, FollowUpType, Lead, LeadActivity, LeadActivityType, LeadDetail, LeadQuery, MemberRef, QueryComment } from '../../src/api/leads/contract';
import { isPastFollowUp, NOT_IN_PAST } from '../../src/api/leads/contract';
import type { LeadSource } from '../../src/api/leads/constants';
import type { AuthContext } from '../auth/session';
import { visibleTo } from '../auth/visibility';
import type { Tx } from '../db/client';
import { contacts, followUps, leadEvents, leadQueries, leadQueryComments, leadRotation, leads } from './schema';
import { activeMember } from '../auth/members';
import { members } from '../auth/schema';
import { conflict, invalidField, notFound } from '../http/errors';
import { enqueueJob } from '../jobs/queue';
import { moduleSettings } from '../admin';
import { placeRefs } from '../catalogue';
import { isOpenLead, OPEN_LEAD_STATES, type LeadState } from '../../src/machines/lead-machine';

/**
 * What the lead routes, the import, the public capture and the follow-up job share: visibility,
 * loading a lead with everything around it, contacts, follow-ups and the timeline.
 */
export type LeadRow = typeof leads.$inferSelect;

/** The leads the caller may see: with "own" lead visibility, those assigned to them. */
export const visibleLeads = (auth: AuthContext) => visibleTo(auth, 'leads', leads.assignedTo);

/**
 * Which of these phone and email keys (`phoneKey` / `emailKey` of server/contacts/store.ts)
 * already belong to a lead the caller may see: the duplicates a lead import reports. With "own"
 * visibility only his leads count, so the answer never tells him what a colleague's leads hold;
 * a row matching those is imported and joins the person's contact like any new lead.
 */
export async function visibleLeadKeys(tx: Tx, auth: AuthContext, keys: { phones: string[]; emails: string[] }): Promise<{ phones: Set<string>; emails: Set<string> }> {
  const phones = [...new Set(keys.phones)];
  const emails = [...new Set(keys.emails)];
  if (!phones.length && !emails.length) return { phones: new Set(), emails: new Set() };
  const scope = visibleLeads(auth);
  // One array parameter each, not one parameter per key: an import asks about thousands at once.
  const anyOf = (keys: string[]) => sql`${sql.param(keys)}::text[]`;
  const found = scope
    ? // The keys of his own leads, as contactFor computes them (digits only; trimmed, lower case).
      await tx
        .select({
          phoneKey: sql<string | null>`nullif(regexp_replace(${leads.phone}, '[^0-9]', '', 'g'), '')`,
          emailKey: sql<string | null>`lower(btrim(${leads.email}))`,
        })
        .from(leads)
        .where(and(scope, or(sql`nullif(regexp_replace(${leads.phone}, '[^0-9]', '', 'g'), '') = any(${anyOf(phones)})`, sql`lower(btrim(${leads.email})) = any(${anyOf(emails)})`)))
    : // Everyone's: the contacts' keys (indexed), of contacts that have a lead.
      await tx
        .selectDistinct({ phoneKey: contacts.phoneKey, emailKey: contacts.emailKey })
        .from(contacts)
        .innerJoin(leads, eq(leads.contactId, contacts.id))
        .where(or(sql`${contacts.phoneKey} = any(${anyOf(phones)})`, sql`${contacts.emailKey} = any(${anyOf(emails)})`));
  const asked = { phones: new Set(phones), emails: new Set(emails) };
  return {
    phones: new Set(found.map((f) => f.phoneKey).filter((k): k is string => !!k && asked.phones.has(k))),
    emails: new Set(found.map((f) => f.emailKey).filter((k): k is string => !!k && asked.emails.has(k))),
  };
}

/** The lead, locked for the rest of the request; 404 when it is not there or not the caller's to see. */
export async function lockVisibleLead(tx: Tx, auth: AuthContext, id: string): Promise<LeadRow> {
  const [row] = await tx
    .select()
    .from(leads)
    .where(and(eq(leads.id, id), visibleLeads(auth)))
    .for('update');
  if (!row) throw notFound('Lead');
  return row;
}

export function assertOpen(row: LeadRow, what: string) {
  if (!isOpenLead(row.status)) throw conflict(`A ${row.status} lead cannot get ${what}; reopen it first`, 'LEAD_CLOSED', { status: row.status });
}

// ---------- the organization's clock ----------

// ---------- references ----------


/** An owner must be an active member of the sales department (SPEC workflow 1). */
export async function assertSalesMember(tx: Tx, memberId: string, field = 'assignedTo') {
  const [m] = await tx
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.id, memberId), activeSales()));
  if (!m) throw invalidField(field, 'notSalesMember', 'must be an active member of the sales department');
}

const activeSales = () => and(eq(members.department, 'sales'), activeMember());

/**
 * The next active sales member in the organization's lead rotation (by name, after the one who got
 * the last lead, wrapping round), recorded as the last; null when the organization has none. The
 * rotation row is locked until the transaction ends (see `leadRotation`).
 */
export async function nextInRotation(tx: Tx): Promise<string | null> {
  return (await turnsInRotation(tx, 1))[0] ?? null;
}

/** The next `count` turns of the rotation at once (an import's leads), recorded as one; empty when nobody is in it. */
export async function turnsInRotation(tx: Tx, count: number): Promise<string[]> {
  if (count === 0) return [];
  const sales = await tx.select({ id: members.id }).from(members).where(activeSales()).orderBy(sql`lower(${members.name})`, asc(members.id));
  if (sales.length === 0) return [];
  const [rotation] = await tx
    .insert(leadRotation)
    .values({})
    .onConflictDoUpdate({ target: leadRotation.organizationId, set: { lastMemberId: sql`${leadRotation.lastMemberId}` } })
    .returning();
  const after = sales.findIndex((m) => m.id === rotation.lastMemberId) + 1;
  const turns = Array.from({ length: count }, (_, i) => sales[(after + i) % sales.length].id);
  await tx.update(leadRotation).set({ lastMemberId: turns.at(-1)! }).where(eq(leadRotation.id, rotation.id));
  return turns;
}

export async function memberRefs(tx: Tx, ids: (string | null)[]): Promise<(id: string | null) => MemberRef | null> {
  const wanted = [...new Set(ids.filter((x): x is string => !!x))];
  const rows = wanted.length ? await tx.select({ _id: members.id, name: members.name }).from(members).where(inArray(members.id, wanted)) : [];
  const byId = new Map(rows.map((r) => [r._id, r]));
  return (id) => (id ? (byId.get(id) ?? null) : null);
}

// ---------- reading ----------

export async function toLeads(tx: Tx, rows: LeadRow[]): Promise<Lead[]> {
  const places = await placeRefs(tx, rows);
  const member = await memberRefs(
    tx,
    rows.map((r) => r.assignedTo),
  );
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    status: row.status as LeadState,
    followUp: row.nextFollowUpAt,
    assignedTo: member(row.assignedTo),
    comment: row.comment,
    source: row.source as LeadSource,
    regions: places.regions(row.regions),
    destinations: places.destinations(row.destinations),
    queryDate: row.queryDate,
    lostReason: row.lostReason,
    contactId: row.contactId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }));
}

/** The lead with its queries and their comments, its follow-ups and its timeline (newest first). */
export async function leadDetail(tx: Tx, id: string): Promise<LeadDetail> {
  const [row] = await tx.select().from(leads).where(eq(leads.id, id));
  if (!row) throw notFound('Lead');
  const queries = await tx.select().from(leadQueries).where(eq(leadQueries.leadId, id)).orderBy(asc(leadQueries.createdAt), asc(leadQueries.id));
  const comments = queries.length
    ? await tx
        .select()
        .from(leadQueryComments)
        .where(
          inArray(
            leadQueryComments.queryId,
            queries.map((q) => q.id),
          ),
        )
        .orderBy(asc(leadQueryComments.createdAt), asc(leadQueryComments.id))
    : [];
  const follows = await tx
    .select()
    .from(followUps)
    .where(eq(followUps.leadId, id))
    .orderBy(sql`${followUps.respondedAt} is not null`, asc(followUps.dueAt), asc(followUps.id));
  const events = await tx.select().from(leadEvents).where(eq(leadEvents.leadId, id)).orderBy(desc(leadEvents.createdAt), desc(leadEvents.id)).limit(500);
  const member = await memberRefs(tx, [
    ...queries.map((q) => q.createdBy),
    ...comments.map((c) => c.authorId),
    ...follows.flatMap((f) => [f.assigneeId, f.createdBy, f.respondedBy]),
    ...events.map((e) => e.actorId),
  ]);
  const places = await placeRefs(tx, queries);
  const [lead] = await toLeads(tx, [row]);
  const sends = await sendStatuses(tx, events);

  const commentsOf = new Map<string, QueryComment[]>();
  for (const c of comments) {
    const list = commentsOf.get(c.queryId) ?? [];
    list.push({ _id: c.id, text: c.text, author: member(c.authorId), createdAt: c.createdAt });
    commentsOf.set(c.queryId, list);
  }
  return {
    ...lead,
    queries: queries.map(
      (q): LeadQuery => ({
        _id: q.id,
        travelFrom: q.travelFrom,
        travelTo: q.travelTo,
        adults: q.adults,
        children: q.children,
        infants: q.infants,
        regions: places.regions(q.regions),
        destinations: places.destinations(q.destinations),
        budget: q.budget,
        notes: q.notes,
        comments: commentsOf.get(q.id) ?? [],
        createdBy: member(q.createdBy),
        createdAt: q.createdAt,
        updatedAt: q.updatedAt,
      }),
    ),
    followUps: follows.map(
      (f): FollowUp => ({
        _id: f.id,
        dueAt: f.dueAt,
        note: f.note,
        assignee: member(f.assigneeId),
        response: f.respondedAt
          ? { outcome: f.outcome as NonNullable<FollowUp['response']>['outcome'], note: f.responseNote, respondedBy: member(f.respondedBy), respondedAt: f.respondedAt }
          : null,
        createdBy: member(f.createdBy),
        createdAt: f.createdAt,
      }),
    ),
    activity: events.map(
      (e): LeadActivity => ({ _id: e.id, type: e.type as LeadActivityType, data: { ...e.data, ...sends.get(e.data.sendId as string) }, actor: member(e.actorId), createdAt: e.createdAt }),
    ),
  };
}

/**
 * Where the emails named on the timeline are now (a tour's send: queued → sent or failed with the
 * mail server's reason): the line was written when the email was queued, its fate comes later.
 */
async function sendStatuses(tx: Tx, events: { data: Record<string, unknown> }[]) {
  const ids = events.map((e) => e.data.sendId).filter((id): id is string => typeof id === 'string');
  if (!ids.length) return new Map<string, { sendStatus: string; sendError: string | null }>();
  const { rows } = await tx.execute<{ id: string; status: string; last_error: string | null }>(
    sql`select id, status, last_error from document_sends where id = any(${sql.param(ids)}::uuid[])`,
  );
  return new Map(rows.map((r) => [r.id, { sendStatus: r.status, sendError: r.status === 'failed' ? r.last_error : null }]));
}

// ---------- writing ----------

/** One line of the timeline; `actorId` null for the website or the system. */
export async function logLeadEvent(tx: Tx, leadId: string, type: LeadActivityType, data: Record<string, unknown>, actorId: string | null) {
  // clock_timestamp(), not the transaction's now(): lines written by one request keep their order.
  await tx.insert(leadEvents).values({ leadId, type, data, actorId, createdAt: sql`clock_timestamp()` });
}

/** Several lines of the timeline in one statement, in the order given (each a microsecond after the one before). */
export async function logLeadEvents(tx: Tx, leadId: string, lines: { type: LeadActivityType; data: Record<string, unknown> }[], actorId: string | null) {
  if (!lines.length) return;
  await tx.insert(leadEvents).values(lines.map((l, i) => ({ leadId, type: l.type, data: l.data, actorId, createdAt: sql`clock_timestamp() + ${i} * interval '1 microsecond'` })));
}

/** Keeps `leads.next_follow_up_at` = the earliest open follow-up (none while the lead is closed). */
export async function refreshNextFollowUp(tx: Tx, leadId: string) {
  await tx.execute(sql`
    update ${leads} set next_follow_up_at = case when ${leads.status} in ${OPEN_LEAD_STATES} then
      (select min(${followUps.dueAt}) from ${followUps} where ${followUps.leadId} = ${leadId} and ${followUps.respondedAt} is null) end
    where ${leads.id} = ${leadId}`);
}

export const FOLLOW_UP_DUE_JOB = 'follow-up-due';

/**
 * Schedules a follow-up, its reminder job (the organization's lead time before it is due:
 * Configurations → leads → follow-up reminder minutes), and the line in the timeline.
 */
export async function addFollowUp(
  tx: Tx,
  lead: Pick<LeadRow, 'id'>,
  input: { dueAt: string; note?: string | null; assigneeId: string | null },
  actorId: string | null,
) {
  const [f] = await tx
    .insert(followUps)
    .values({ leadId: lead.id, dueAt: input.dueAt, note: input.note ?? null, assigneeId: input.assigneeId, createdBy: actorId })
    .returning();
  await refreshNextFollowUp(tx, lead.id);
  const { followUpReminderMinutes } = await moduleSettings(tx, 'leads');
  const remindAt = new Date(Date.parse(f.dueAt) - followUpReminderMinutes * 60_000).toISOString();
  await enqueueJob(tx, { kind: FOLLOW_UP_DUE_JOB, key: `${FOLLOW_UP_DUE_JOB}:${f.id}`, runAt: remindAt, payload: { followUpId: f.id } });
  await logLeadEvent(tx, lead.id, 'followUp', { followUpId: f.id, dueAt: f.dueAt, note: f.note, assigneeId: f.assigneeId }, actorId);
  return f;
}

export const leadLink = (id: string) => `/leads/${id}`;

/** The open follow-up of a lead (locked), or 404 / 409. */
export async function lockOpenFollowUp(tx: Tx, leadId: string, followUpId: string) {
  const [f] = await tx
    .select()
    .from(followUps)
    .where(and(eq(followUps.id, followUpId), eq(followUps.leadId, leadId)))
    .for('update');
  if (!f) throw notFound('Follow-up');
  if (f.respondedAt) throw conflict('This follow-up already has a response', 'FOLLOW_UP_CLOSED');
  return f;
}

/** Open follow-ups of the previous owner move with the lead to the new owner. */
export async function moveOpenFollowUps(tx: Tx, leadId: string, from: string | null, to: string) {
  await tx
    .update(followUps)
    .set({ assigneeId: to })
    .where(and(eq(followUps.leadId, leadId), isNull(followUps.respondedAt), from ? eq(followUps.assigneeId, from) : isNull(followUps.assigneeId)));
}

/** A follow-up is for now or later (a few minutes' grace for clocks and slow forms: `isPastFollowUp`, which the forms check too). */
export function assertNotPast(instant: string, path: string) {
  if (isPastFollowUp(instant)) throw invalidField(path, 'inPast', NOT_IN_PAST);
}


// ---------- my day (server/dashboard) ----------

/** A card's first records and how many there are in all. */
export interface MyDayList {
  total: number;
  items: MyDayItem[];
}

const openLead = () => inArray(leads.status, [...OPEN_LEAD_STATES]);
const countLeads = async (tx: Tx, where: SQL | undefined) => (await tx.select({ n: sql<number>`count(*)::int` }).from(leads).where(where))[0].n;

/** The moment the follow-up views are read at (the server's clock) and the organization's time zone, whose day "today" is. */
export interface FollowUpDay {
  tz: string;
  now: Date;
}

/** The instants a follow-up's view is judged by: now, and the first instant of tomorrow in the organization's time zone. */
export interface FollowUpBounds {
  now: SQL;
  tomorrow: SQL;
}

/** {@link FollowUpBounds} of a day, in SQL. */
function boundsOf(day: FollowUpDay): FollowUpBounds {
  const now = sql`${day.now.toISOString()}::timestamptz`;
  return { now, tomorrow: sql`((date_trunc('day', ${now} at time zone ${day.tz}) + interval '1 day') at time zone ${day.tz})` };
}

/**
 * Whether a follow-up due at `due` is in a view (issue 27): `missed` (its time has passed), `today`
 * (still due before tomorrow: never a missed one), `upcoming` (from now on), `todayAndMissed`
 * (before tomorrow). The one rule the leads list's views, the work queue's `followUpDue` (its
 * `followUpMissed` variant) and My day's two cards judge a follow-up by.
 */
export function followUpDueIn(type: FollowUpType, due: SQL | AnyColumn, at: FollowUpBounds): SQL {
  switch (type) {
    case 'today':
      return sql`(${due} >= ${at.now} and ${due} < ${at.tomorrow})`;
    case 'missed':
      return sql`${due} < ${at.now}`;
    case 'upcoming':
      return sql`${due} >= ${at.now}`;
    case 'todayAndMissed':
      return sql`${due} < ${at.tomorrow}`;
  }
}

/**
 * The leads list's follow-up views, "today" in the organization's time zone ({@link followUpDueIn}).
 * Over the lead's next open follow-up (null unless the lead is open: the team's view of a lead);
 * or, for one member (`followups[assignee]`, what My day's cards open), over the member's
 * follow-up the work queue holds for the lead (`follow_ups.in_queue`: open, on an open lead, the
 * lead's earliest open one for that member; docs/work-queue.md "Whose follow-up"), so that the
 * list and the member's cards (views of the queue's `followUpDue`) are one definition.
 */
export function followUpWindow(type: FollowUpType, day: FollowUpDay, assignee?: string): SQL {
  const at = boundsOf(day);
  if (!assignee) return followUpDueIn(type, leads.nextFollowUpAt, at);
  const f = followUps;
  return sql`${leads.id} in (select ${f.leadId} from ${f} where ${f.inQueue} and ${f.assigneeId} = ${assignee}::uuid and ${followUpDueIn(type, f.dueAt, at)})`;
}

/** Leads the caller owns that nobody has spoken to yet, newest first. */
export async function newLeadsOf(tx: Tx, auth: AuthContext, limit: number): Promise<MyDayList> {
  const where = and(eq(leads.assignedTo, auth.memberId), eq(leads.status, 'new'));
  const rows = await tx.select().from(leads).where(where).orderBy(desc(leads.createdAt), asc(leads.id)).limit(limit);
  return { total: await countLeads(tx, where), items: rows.map((r) => ({ _id: r.id, name: r.name, at: r.createdAt, status: r.status })) };
}

/** The caller's leads under way (past new, not closed) where nothing has happened for the longest. */
export async function leadsWaitingLongest(tx: Tx, auth: AuthContext, limit: number): Promise<MyDayList> {
  const where = and(eq(leads.assignedTo, auth.memberId), openLead(), sql`${leads.status} <> 'new'`);
  const rows = await tx.select().from(leads).where(where).orderBy(asc(leads.updatedAt), asc(leads.id)).limit(limit);
  return { total: await countLeads(tx, where), items: rows.map((r) => ({ _id: r.id, name: r.name, at: r.updatedAt, status: r.status })) };
}

/** Open leads nobody owns, the oldest first (for those who give leads out). */
export async function leadsToAssign(tx: Tx, limit: number): Promise<MyDayList> {
  const where = and(isNull(leads.assignedTo), openLead());
  const rows = await tx.select().from(leads).where(where).orderBy(asc(leads.createdAt), asc(leads.id)).limit(limit);
  return { total: await countLeads(tx, where), items: rows.map((r) => ({ _id: r.id, name: r.name, at: r.createdAt, status: r.status })) };
}
