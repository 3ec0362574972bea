import * as v from 'valibot';
import { and, asc, eq, gte, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { leadRowsFromCsv } from '../../src/api/leads/import';
import { mergeFilter } from '../../src/api/common/schemas';
import { leadPaths, leadEndpoints, DATES_IN_ORDER, NOT_IN_FUTURE, REACHABLE, LEAD_STATES, leadIdParams, leadStatusRequest, type LeadFilters, type LeadMember, type LeadOption, type LeadDetail, type LeadStats, type LeadsQuery } from '../../src/api/leads/contract';
import { leadMachine, type LeadState } from '../../src/machines/lead-machine';
import { snapshotOf } from '../../src/machines/workflow';
import type { AuthContext } from '../auth/session';
import type { Tx } from '../db/client';
import { followUps, leadQueries, leadQueryComments, leads } from './schema';
import { activeMember, assertActiveMember } from '../auth/members';
import { members } from '../auth/schema';
import { invalidField, notFound } from '../http/errors';
import { importRoute } from '../http/import';
import { containsPattern, listPage } from '../http/list';
import { allow, route } from '../http/route';
import { leadImporter } from './import';
import { createLead } from './create';
import { addFollowUp, assertNotPast, followUpWindow, type FollowUpDay, assertOpen, assertSalesMember, leadDetail, type LeadRow, leadLink, lockOpenFollowUp, lockVisibleLead, logLeadEvent, moveOpenFollowUps, refreshNextFollowUp, toLeads, visibleLeads } from './store';
import { leadWorkflow, reopenForReturningCustomer } from './workflow';
import { assertPlaces } from '../catalogue';
import { contactFor } from './contacts';
import { organizationTimeZone, todayIn, type Clock } from '../db/clock';
import { notify, resolveNotifications } from '../notifications';
import { leadCaptureRoutes } from './capture-routes';
import { applyEventTo } from '../workflow/apply-event';
import { recordAction, workflowRoute, type RecordActionDef, type IdParams } from '../workflow/route';

// ---------- the list ----------

const uuids = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

function leadFilters(q: LeadFilters & { search?: string }, day: FollowUpDay, withStatus = true): SQL | undefined {
  const assigned = q.assignedTo?.filter((a) => a !== 'unassigned') ?? [];
  return and(
    q.ids?.length ? inArray(leads.id, q.ids) : undefined,
    q.search
      ? or(ilike(leads.name, containsPattern(q.search)), ilike(leads.phone, containsPattern(q.search)), ilike(leads.email, containsPattern(q.search)))
      : undefined,
    q.query?.from ? gte(leads.queryDate, q.query.from) : undefined,
    q.query?.to ? lte(leads.queryDate, q.query.to) : undefined,
    withStatus && q.status?.length ? inArray(leads.status, q.status) : undefined,
    q.assignedTo?.length ? or(assigned.length ? inArray(leads.assignedTo, assigned) : undefined, q.assignedTo.includes('unassigned') ? isNull(leads.assignedTo) : undefined) : undefined,
    q.source?.length ? inArray(leads.source, q.source) : undefined,
    q.regions?.length ? sql`${leads.regions} && ${uuids(q.regions)}` : undefined,
    q.destinations?.length ? sql`${leads.destinations} && ${uuids(q.destinations)}` : undefined,
    q.followups?.enabled ? followUpWindow(q.followups.type, day, q.followups.assignee) : undefined,
  );
}

const LEAD_SORT = {
  followUp: leads.nextFollowUpAt,
  createdAt: leads.createdAt,
  updatedAt: leads.updatedAt,
  name: sql`lower(${leads.name})`,
  queryDate: leads.queryDate,
  status: leads.status,
};
/** Empty values (no follow-up) last, whichever the direction. */
const sortLeads = (q: Pick<LeadsQuery, 'sortBy' | 'sortOrder'>) => [sql`${LEAD_SORT[q.sortBy]} ${sql.raw(q.sortOrder)} nulls last`, asc(leads.id)];

async function leadPage(tx: Tx, auth: AuthContext, clock: Clock, query: LeadsQuery) {
  const q = mergeFilter(query);
  const day: FollowUpDay = { tz: await organizationTimeZone(tx), now: clock.now() };
  const where = and(visibleLeads(auth), leadFilters(q, day));
  const page = await listPage(q, {
    rows: (limit, offset) =>
      tx
        .select({ lead: leads })
        .from(leads)
        .where(where)
        .orderBy(...sortLeads(q))
        .limit(limit)
        .offset(offset),
    toItem: (r) => r.lead,
    count: async () => (await tx.select({ n: sql<number>`count(*)::int` }).from(leads).where(where))[0].n,
  });
  return { q, day, page };
}

async function leadStats(tx: Tx, auth: AuthContext, q: LeadFilters & { search?: string }, day: FollowUpDay): Promise<LeadStats> {
  const rows = await tx
    .select({ status: leads.status, n: sql<number>`count(*)::int` })
    .from(leads)
    .where(and(visibleLeads(auth), leadFilters(q, day, false)))
    .groupBy(leads.status);
  const byStatus = Object.fromEntries(LEAD_STATES.map((s) => [s, rows.find((r) => r.status === s)?.n ?? 0])) as Record<LeadState, number>;
  return { byStatus, total: rows.reduce((sum, r) => sum + r.n, 0) };
}

// ---------- the routes ----------

const detailOf = async (tx: Tx, id: string) => ({ data: await leadDetail(tx, id) });

const answerLead = (tx: Tx, row: LeadRow) => leadDetail(tx, row.id);

/** A change to one lead (`/leads/:id/…`, permission leads.update): locked and visible to the caller (else 404), answered whole. */
const leadAction = <B extends v.GenericSchema, P extends IdParams = typeof leadIdParams>(def: Omit<RecordActionDef<LeadRow, LeadDetail, B, P>, 'access' | 'lock' | 'answer'>) =>
  recordAction<LeadRow, LeadDetail, B, P>({ access: allow('leads', 'update'), lock: lockVisibleLead, answer: answerLead, ...def });

const staffRoutes = [
  route({
    endpoint: leadEndpoints.list,
    access: allow('leads', 'view'),
    async handler({ tx, auth, query, services }) {
      const { q, day, page } = await leadPage(tx, auth, services.clock, query);
      return { ...page, data: await toLeads(tx, page.data), stats: await leadStats(tx, auth, q, day) };
    },
  }),

  /** The lead selection picker (tours, bookings): the same filters, a light row. */
  route({
    endpoint: leadEndpoints.selection,
    access: allow('leads', 'view'),
    async handler({ tx, auth, query, services }) {
      const { page } = await leadPage(tx, auth, services.clock, query);
      return { ...page, data: page.data.map((l): LeadOption => ({ _id: l.id, name: l.name, phone: l.phone, email: l.email, status: l.status as LeadState })) };
    },
  }),

  route({
    endpoint: leadEndpoints.members,
    access: allow('leads', 'view'),
    async handler({ tx }) {
      const rows = await tx
        .select({ _id: members.id, name: members.name, department: members.department })
        .from(members)
        .where(activeMember())
        .orderBy(sql`lower(${members.name})`, asc(members.id));
      return { data: rows satisfies LeadMember[] };
    },
  }),

  route({
    endpoint: leadEndpoints.create,
    access: allow('leads', 'create'),
    async handler({ tx, auth, body }) {
      if (body.followUp) assertNotPast(body.followUp, 'followUp');
      const lead = await createLead(tx, body, { actor: { id: auth.memberId, department: auth.department }, event: 'created' });
      return detailOf(tx, lead.id);
    },
  }),

  importRoute({
    endpoint: leadPaths.import,
    module: 'leads',
    fromCsv: leadRowsFromCsv,
    importer: leadImporter,
  }),

  route({
    endpoint: leadEndpoints.byId,
    access: allow('leads', 'view'),
    async handler({ tx, auth, params }) {
      const [row] = await tx
        .select({ id: leads.id })
        .from(leads)
        .where(and(eq(leads.id, params.id), visibleLeads(auth)));
      if (!row) throw notFound('Lead');
      return detailOf(tx, row.id);
    },
  }),

  leadAction({
    endpoint: leadEndpoints.details,
    async run({ tx, auth, row, body }) {
      if (body.queryDate && body.queryDate > (await todayIn(tx, await organizationTimeZone(tx)))) throw invalidField('queryDate', 'inFuture', NOT_IN_FUTURE);
      await assertPlaces(tx, body);
      const next = { name: body.name ?? row.name, phone: body.phone === undefined ? row.phone : body.phone, email: body.email === undefined ? row.email : body.email };
      if (!next.phone && !next.email) throw invalidField('phone', 'phoneOrEmail', REACHABLE);
      const contactChanged = body.phone !== undefined || body.email !== undefined;
      await tx
        .update(leads)
        .set({ ...body, ...(contactChanged ? { contactId: await contactFor(tx, next) } : {}), updatedAt: sql`now()` })
        .where(eq(leads.id, row.id));
      await logLeadEvent(tx, row.id, 'details', { fields: Object.keys(body) }, auth.memberId);
    },
  }),

  workflowRoute({
    request: leadStatusRequest,
    access: allow('leads', 'update'),
    workflow: leadWorkflow,
    lock: lockVisibleLead,
    async then({ tx, auth, row, body, applied }) {
      const to = applied!.to.value as LeadState;
      await tx
        .update(leads)
        .set({ lostReason: to === 'lost' ? body.reason! : null })
        .where(eq(leads.id, row.id));
      await logLeadEvent(tx, row.id, 'status', { from: row.status, to, ...(to === 'lost' ? { reason: body.reason } : {}) }, auth.memberId);
      await refreshNextFollowUp(tx, row.id);
    },
    answer: answerLead,
  }),

  leadAction({
    endpoint: leadEndpoints.owner,
    async run({ tx, auth, row, body }) {
      await assertSalesMember(tx, body.assignedTo);
      if (row.assignedTo === body.assignedTo) return;
      const names = await tx
        .select({ id: members.id, name: members.name })
        .from(members)
        .where(inArray(members.id, [body.assignedTo, ...(row.assignedTo ? [row.assignedTo] : [])]));
      const nameOf = (id: string | null) => names.find((m) => m.id === id)?.name ?? null;
      await tx.update(leads).set({ assignedTo: body.assignedTo, updatedAt: sql`now()` }).where(eq(leads.id, row.id));
      await moveOpenFollowUps(tx, row.id, row.assignedTo, body.assignedTo);
      await logLeadEvent(tx, row.id, 'owner', { from: nameOf(row.assignedTo), to: nameOf(body.assignedTo) }, auth.memberId);
      if (body.assignedTo !== auth.memberId) {
        await notify(tx, body.assignedTo, {
          type: 'lead-assigned',
          title: `Lead assigned to you: ${row.name}`,
          body: `by ${auth.memberName}`,
          message: { key: 'leadAssigned', params: { lead: row.name, by: auth.memberName } },
          link: leadLink(row.id),
        });
      }
    },
  }),

  leadAction({
    endpoint: leadEndpoints.addQuery,
    async run({ tx, auth, row, body }) {
      assertOpen(await reopenForReturningCustomer(tx, row, auth.memberId, { cause: 'query' }), 'a new query');
      await assertPlaces(tx, body);
      const [q] = await tx
        .insert(leadQueries)
        .values({ ...body, leadId: row.id, createdBy: auth.memberId })
        .returning({ id: leadQueries.id });
      await tx.update(leads).set({ updatedAt: sql`now()` }).where(eq(leads.id, row.id));
      await logLeadEvent(tx, row.id, 'query', { queryId: q.id }, auth.memberId);
    },
  }),

  leadAction({
    endpoint: leadEndpoints.updateQuery,
    async run({ tx, auth, row, body }) {
      assertOpen(row, 'a query change');
      const { queryId, ...fields } = body;
      const [existing] = await tx
        .select()
        .from(leadQueries)
        .where(and(eq(leadQueries.id, queryId), eq(leadQueries.leadId, row.id)))
        .for('update');
      if (!existing) throw notFound('Query');
      await assertPlaces(tx, fields);
      const from = fields.travelFrom === undefined ? existing.travelFrom : fields.travelFrom;
      const to = fields.travelTo === undefined ? existing.travelTo : fields.travelTo;
      if (from && to && from > to) throw invalidField('travelTo', 'dateOrder', DATES_IN_ORDER, { after: 'travelFrom' });
      await tx
        .update(leadQueries)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(eq(leadQueries.id, queryId));
      await logLeadEvent(tx, row.id, 'queryUpdated', { queryId, fields: Object.keys(fields) }, auth.memberId);
    },
  }),

  leadAction({
    endpoint: leadEndpoints.queryComment,
    async run({ tx, auth, row, body, params }) {
      const [q] = await tx
        .select({ id: leadQueries.id })
        .from(leadQueries)
        .where(and(eq(leadQueries.id, params.queryId), eq(leadQueries.leadId, row.id)));
      if (!q) throw notFound('Query');
      const [c] = await tx.insert(leadQueryComments).values({ queryId: q.id, text: body.text, authorId: auth.memberId }).returning({ id: leadQueryComments.id });
      await logLeadEvent(tx, row.id, 'comment', { queryId: q.id, commentId: c.id }, auth.memberId);
    },
  }),

  leadAction({
    endpoint: leadEndpoints.followUp,
    async run({ tx, auth, row, body }) {
      assertOpen(row, 'a follow-up');
      assertNotPast(body.dueAt, 'dueAt');
      if (body.assignee) await assertActiveMember(tx, body.assignee, 'assignee');
      await addFollowUp(tx, row, { dueAt: body.dueAt, note: body.note, assigneeId: body.assignee ?? row.assignedTo ?? auth.memberId }, auth.memberId);
    },
  }),

  leadAction({
    endpoint: leadEndpoints.followUpResponse,
    async run({ tx, auth, row, body }) {
      // A closed lead's open follow-ups wait with it: it is reopened before anyone calls again.
      assertOpen(row, 'a follow-up response');
      const f = await lockOpenFollowUp(tx, row.id, body.followUpId);
      if (body.nextFollowUp) assertNotPast(body.nextFollowUp.dueAt, 'nextFollowUp.dueAt');
      await tx
        .update(followUps)
        .set({ outcome: body.outcome, responseNote: body.note ?? null, respondedBy: auth.memberId, respondedAt: sql`now()` })
        .where(eq(followUps.id, f.id));
      await logLeadEvent(tx, row.id, 'response', { followUpId: f.id, outcome: body.outcome, note: body.note ?? null }, auth.memberId);
      // Answered, by whoever: its "follow-up due" leaves the bell.
      await resolveNotifications(tx, 'follow-up-due', f.id);
      // Reaching the customer is contacting them: the lead moves on when its machine allows CONTACT (a new lead).
      if (body.outcome === 'reached' && snapshotOf(leadMachine, row.status).can({ type: 'CONTACT' })) {
        const { from, to } = await applyEventTo(tx, leadWorkflow, row, { type: 'CONTACT' });
        await logLeadEvent(tx, row.id, 'status', { from: from.value, to: to.value }, auth.memberId);
      }
      if (body.nextFollowUp) {
        await addFollowUp(tx, row, { dueAt: body.nextFollowUp.dueAt, note: body.nextFollowUp.note, assigneeId: f.assigneeId ?? row.assignedTo ?? auth.memberId }, auth.memberId);
      } else await refreshNextFollowUp(tx, row.id);
    },
  }),
];

/** The staff's lead calls, and the website's lead capture. */
export const leadRoutes = [...staffRoutes, ...leadCaptureRoutes];
