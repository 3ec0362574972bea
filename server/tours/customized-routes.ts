import { and, asc, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import type { WorkflowRequest } from '../../src/api/common/workflow';
import { mergeFilter } from '../../src/api/common/schemas';
import { customizedTourEndpoints, CUSTOMIZED_TOUR_STATES, publishTourRequest, reviseTourRequest, revertTourRequest, type CustomizedTourDetail, type CustomizedTourState, type CustomizedTourStats, type TourFilters, type ToursQuery } from '../../src/api/tours/customized/contract';
import { customizedTourMachine } from '../../src/machines/customized-tour-machine';
import { snapshotOf } from '../../src/machines/workflow';
import { moduleSettings } from '../admin';
import type { AuthContext } from '../auth/session';
import type { Tx } from '../db/client';
import { ApiError, conflict, notFound } from '../http/errors';
import { containsPattern, isoInstantSql, listJsonPage, listPageJson, memberRefJson, pageColumn, type JsonPage, type OrderKey } from '../http/list';
import { members } from '../auth/schema';
import { placeRefsJson, placesCte } from '../catalogue';
import { allow, route } from '../http/route';
import { leads } from '../leads';
import { workflowRoute } from '../workflow/route';
import { customizedTours, customizedTourVersions } from './schema';
import { createTour, lockVisibleTour, selectTours, tourDetail, toTours, tourVersion, visibleTours, writeBookedPlan, writePlan, type TourRow } from './store';
import { itineraryRoutes } from './itinerary';
import { tourWorkflow } from './workflow';

// ---------- the list ----------

const uuids = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

function tourFilters(q: TourFilters & { search?: string }, withStatus = true): SQL | undefined {
  return and(
    q.ids?.length ? inArray(customizedTours.id, q.ids) : undefined,
    q.search ? or(ilike(customizedTours.title, containsPattern(q.search)), ilike(leads.name, containsPattern(q.search))) : undefined,
    withStatus && q.status?.length ? inArray(customizedTours.status, q.status) : undefined,
    q.regions?.length ? sql`${customizedTours.regions} && ${uuids(q.regions)}` : undefined,
    q.destinations?.length ? sql`${customizedTours.destinations} && ${uuids(q.destinations)}` : undefined,
    q.departure?.from ? gte(customizedTours.departure, q.departure.from) : undefined,
    q.departure?.to ? lte(customizedTours.departure, q.departure.to) : undefined,
    q.arrival?.from ? gte(customizedTours.arrival, q.arrival.from) : undefined,
    q.arrival?.to ? lte(customizedTours.arrival, q.arrival.to) : undefined,
    q.totalNights?.length ? inArray(customizedTours.totalNights, q.totalNights) : undefined,
    q.pointOfContact?.length ? inArray(customizedTours.pointOfContact, q.pointOfContact) : undefined,
  );
}

const TOUR_SORT = {
  createdAt: customizedTours.createdAt,
  updatedAt: customizedTours.updatedAt,
  departure: customizedTours.departure,
  arrival: customizedTours.arrival,
  title: sql`lower(${customizedTours.title})`,
  totalNights: customizedTours.totalNights,
};

/**
 * The tours to count: joined with their leads only when the caller's visibility ("own": his leads'
 * tours) or a search by the lead's name needs them; an unsearched list of every tour reads the
 * tours' own (organization, status) index.
 */
function countedTours(tx: Tx, auth: AuthContext, q: TourFilters & { search?: string }) {
  const scope = visibleTours(auth);
  const select = tx.select({ status: customizedTours.status, n: sql<number>`count(*)::int`.as('n') }).from(customizedTours);
  const where = and(scope, tourFilters(q, false));
  return (scope || q.search ? select.innerJoin(leads, eq(leads.id, customizedTours.leadId)) : select).where(where).groupBy(customizedTours.status);
}

/** The header by status, as one JSON object (status → count) in the page's statement. */
function tourStatsColumn(tx: Tx, auth: AuthContext, q: TourFilters & { search?: string }): SQL {
  return sql`(select coalesce(json_object_agg(c.status, c.n), '{}'::json) from ${countedTours(tx, auth, q).as('c')}) as by_status`;
}

function tourStatsOf(counted: Record<string, number>): CustomizedTourStats {
  const byStatus = Object.fromEntries(CUSTOMIZED_TOUR_STATES.map((s) => [s, counted[s] ?? 0])) as Record<CustomizedTourState, number>;
  return { byStatus, total: Object.values(byStatus).reduce((sum, n) => sum + n, 0) };
}

const t = pageColumn('customized_tours');
const pax = sql`(${t('adults')} + ${t('children')} + ${t('infants')})`;
/**
 * A list row as `toTours` (server/tours/store.ts) answers it, written by PostgreSQL from a page row
 * named as the tours' table; its totals are the SQL twin of `tourTotals` (src/domain/tour-pricing.ts:
 * the margin in basis points rounded half away from zero, the first traveller's share of an even
 * split). tests/api/list-json.test.ts holds the two equal.
 */
const TOUR_JSON = sql`json_build_object(
  '_id', ${t('id')}, 'title', ${t('title')}, 'status', ${t('status')}, 'version', ${t('version')}, 'revision', ${t('revision')},
  'lead', json_build_object('_id', ${t('lead_id')}, 'name', ${t('lead_name')}, 'status', ${t('lead_status')}), 'queryId', ${t('query_id')},
  'regions', ${placeRefsJson(t('regions'))}, 'destinations', ${placeRefsJson(t('destinations'))},
  'departure', ${t('departure')}, 'arrival', ${t('arrival')}, 'totalNights', ${t('total_nights')},
  'adults', ${t('adults')}, 'children', ${t('children')}, 'infants', ${t('infants')},
  'pointOfContact', ${memberRefJson(t('point_of_contact'), t('contact_name'))}, 'currency', ${t('currency')},
  'totals', json_build_object('cost', ${t('total_cost')}, 'sell', ${t('total_sell')}, 'margin', ${t('total_sell')} - ${t('total_cost')},
    'marginBasisPoints', case when ${t('total_sell')} > 0 then round((${t('total_sell')} - ${t('total_cost')}) * 10000::numeric / ${t('total_sell')})::bigint end,
    'pax', ${pax}, 'pricePerPerson', case when ${pax} > 0 then sign(${t('total_sell')})::bigint * ((abs(${t('total_sell')}) + ${pax} - 1) / ${pax}) end),
  'bookingId', ${t('booking_id')}, 'bookedVersion', ${t('booked_version')},
  'createdAt', ${isoInstantSql(t('created_at'))}, 'updatedAt', ${isoInstantSql(t('updated_at'))})`;

async function tourPage(tx: Tx, auth: AuthContext, query: ToursQuery) {
  const q = mergeFilter(query);
  const where = and(visibleTours(auth), tourFilters(q));
  const order: OrderKey[] = [
    { by: TOUR_SORT[q.sortBy], dir: q.sortOrder },
    { by: customizedTours.id, dir: 'asc' },
  ];
  const columns = sql`${customizedTours}.*, ${leads.name} as lead_name, ${leads.status} as lead_status, ${members.name} as contact_name`;
  const from = sql`${customizedTours} join ${leads} on ${leads.id} = ${customizedTours.leadId} left join ${members} on ${members.id} = ${customizedTours.pointOfContact}`;
  // The page and its header in one statement.
  const aggregates = tourStatsColumn(tx, auth, q);
  return listPageJson(q, {
    page: (limit, offset) => listJsonPage<JsonPage & { by_status: Record<string, number> }>(tx, { columns, from, where, order, limit, offset, alias: 'customized_tours', record: TOUR_JSON, beside: [{ name: 'places', query: placesCte(sql`regions`, sql`destinations`) }], aggregates }),
    // The header counts every filter but the status: the list's total is its count for the statuses asked.
    count: async (page) => {
      const { byStatus } = tourStatsOf(page.by_status);
      return (q.status?.length ? q.status : [...CUSTOMIZED_TOUR_STATES]).reduce((sum: number, s: CustomizedTourState) => sum + byStatus[s], 0);
    },
    stats: (page) => tourStatsOf(page.by_status),
  });
}

// ---------- what the machine allows besides events ----------

/** Whether the tour's state carries `tag` (the machine says what may be edited or deleted). */
const stateHas = (row: TourRow, tag: 'editable' | 'deletable' | 'planEditable') => snapshotOf(customizedTourMachine, row.status).hasTag(tag);

function assertRevision(row: TourRow, revision: number | undefined) {
  if (revision !== undefined && revision !== row.revision) {
    throw new ApiError(412, 'STALE_VERSION', `The tour was changed by someone else (revision ${row.revision}); reload it and try again`, undefined, undefined, { version: row.revision });
  }
}

const bumpRevision = (tx: Tx, id: string) => tx.update(customizedTours).set({ revision: sql`${customizedTours.revision} + 1` }).where(eq(customizedTours.id, id));

const detailOf = async (tx: Tx, id: string) => ({ data: await tourDetail(tx, id) });

/** A workflow event on one tour the caller may see (permission customizedTours.update), answered whole. */
const tourEvent = <B extends v.GenericSchema>(request: WorkflowRequest<typeof customizedTourMachine, B, CustomizedTourDetail>) =>
  workflowRoute({
    request,
    access: allow('customizedTours', 'update'),
    workflow: tourWorkflow,
    lock: lockVisibleTour,
    answer: (tx, row) => tourDetail(tx, row.id),
  });

export const customizedTourRoutes = [
  route({
    endpoint: customizedTourEndpoints.list,
    access: allow('customizedTours', 'view'),
    handler: ({ tx, auth, query }) => tourPage(tx, auth, query),
  }),

  /** What the builder needs from the organization's settings (Configurations → customized tours), for anyone who builds tours. */
  route({
    endpoint: customizedTourEndpoints.settings,
    access: allow('customizedTours', 'view'),
    async handler({ tx }) {
      const settings = await moduleSettings(tx, 'customizedTours');
      return { data: { defaultMarkupBasisPoints: settings.defaultMarkupPercent * 100, quoteValidityDays: settings.quoteValidityDays, emailMessage: settings.emailMessage || null } };
    },
  }),

  route({
    endpoint: customizedTourEndpoints.create,
    access: allow('customizedTours', 'create'),
    async handler({ tx, auth, body }) {
      return detailOf(tx, await createTour(tx, auth, body));
    },
  }),

  /** The seed's PUT has no id in its path: `_id` in the body names the draft. */
  route({
    endpoint: customizedTourEndpoints.update,
    access: allow('customizedTours', 'update'),
    async handler({ tx, auth, body }) {
      const row = await lockVisibleTour(tx, auth, body._id);
      if (!stateHas(row, 'editable')) {
        throw row.status === 'sent'
          ? conflict(`Version ${row.version} was sent and is kept as it is; revise the tour to change it`, 'TOUR_SENT', { version: row.version })
          : conflict(`A ${row.status} tour keeps its price: change its plan through PUT /customized-tours/booked`, 'TOUR_BOOKED', { status: row.status });
      }
      assertRevision(row, body.revision);
      const { _id, revision, ...plan } = body;
      await writePlan(tx, row, plan, auth.memberId);
      await bumpRevision(tx, row.id);
      return detailOf(tx, row.id);
    },
  }),

  route({
    endpoint: customizedTourEndpoints.updateBooked,
    access: allow('customizedTours', 'update'),
    async handler({ tx, auth, body }) {
      const row = await lockVisibleTour(tx, auth, body._id);
      if (!stateHas(row, 'planEditable')) {
        const message = row.status === 'published' ? 'A published tour is final; revert it to booked to change its plan' : `Only a booked tour's plan is changed here; this one is ${row.status}`;
        throw conflict(message, 'TOUR_NOT_BOOKED', { status: row.status });
      }
      assertRevision(row, body.revision);
      await writeBookedPlan(tx, row, body);
      return detailOf(tx, row.id);
    },
  }),

  route({
    endpoint: customizedTourEndpoints.byLead,
    access: allow('customizedTours', 'view'),
    async handler({ tx, auth, params }) {
      const [lead] = await tx
        .select({ id: leads.id })
        .from(leads)
        .where(and(eq(leads.id, params.leadId), visibleTours(auth)));
      if (!lead) throw notFound('Lead');
      const rows = await selectTours(tx).where(eq(customizedTours.leadId, lead.id)).orderBy(desc(customizedTours.createdAt), asc(customizedTours.id)).limit(200);
      return { data: await toTours(tx, rows) };
    },
  }),

  /** The tour a booking was made from (404 for a booking of a personalized tour or a departure). */
  route({
    endpoint: customizedTourEndpoints.byBooking,
    access: allow('customizedTours', 'view'),
    async handler({ tx, auth, params }) {
      const [row] = await selectTours(tx).where(and(eq(customizedTours.bookingId, params.id), visibleTours(auth)));
      if (!row) throw notFound('Customized tour');
      return detailOf(tx, row.tour.id);
    },
  }),

  tourEvent(publishTourRequest),
  tourEvent(revertTourRequest),
  tourEvent(reviseTourRequest),
  // SEND is the itinerary's send (server/tours/itinerary.ts): the email and the event in one transaction.
  ...itineraryRoutes,

  route({
    endpoint: customizedTourEndpoints.version,
    access: allow('customizedTours', 'view'),
    async handler({ tx, auth, params }) {
      const [row] = await selectTours(tx).where(and(eq(customizedTours.id, params.id), visibleTours(auth)));
      if (!row) throw notFound('Customized tour');
      return { data: await tourVersion(tx, row.tour.id, params.version) };
    },
  }),

  route({
    endpoint: customizedTourEndpoints.byId,
    access: allow('customizedTours', 'view'),
    async handler({ tx, auth, params }) {
      const [row] = await selectTours(tx).where(and(eq(customizedTours.id, params.id), visibleTours(auth)));
      if (!row) throw notFound('Customized tour');
      return detailOf(tx, row.tour.id);
    },
  }),

  /** Drafts only, and never one that was sent: what a customer was sent is kept (the database refuses too). */
  route({
    endpoint: customizedTourEndpoints.remove,
    access: allow('customizedTours', 'delete'),
    async handler({ tx, auth, params }) {
      const row = await lockVisibleTour(tx, auth, params.id);
      if (!stateHas(row, 'deletable')) throw conflict(`Only a draft tour can be deleted; this one is ${row.status}`, 'TOUR_NOT_DELETABLE', { status: row.status });
      const [sent] = await tx
        .select({ version: customizedTourVersions.version })
        .from(customizedTourVersions)
        .where(eq(customizedTourVersions.tourId, row.id))
        .orderBy(desc(customizedTourVersions.version))
        .limit(1);
      if (sent) throw conflict(`Version ${sent.version} of this tour was sent to the customer: the tour is kept`, 'TOUR_SENT', { version: sent.version });
      const [deleted] = await toTours(tx, await selectTours(tx).where(eq(customizedTours.id, row.id)));
      await tx.delete(customizedTours).where(eq(customizedTours.id, row.id));
      return { message: 'Customized tour deleted successfully', data: deleted };
    },
  }),
];
