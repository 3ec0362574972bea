import { toJsonSchema } from '@valibot/to-json-schema';
import { and, eq, inArray } from 'drizzle-orm';
import * as v from 'valibot';
import { modelPlanSchema, type GeneratedTour, type GenerateTourInput } from '../../src/api/ai/contract';
import { createTourInput, MAX_TOUR_DAYS } from '../../src/api/tours/customized/contract';
import { nightsOf, planTour, PlannerInputError, reconcilePlan, type PlannerCatalogue, type PlannerQuery, type TourPlan, type Replacement } from '../../src/domain/tour-planner';
import { currentOrganization, moduleSettings } from '../admin';
import type { AuthContext } from '../auth/session';
import { activities, destinations, hotels } from '../catalogue';
import type { Tx } from '../db/client';
import { ApiError, issue, notFound } from '../http/errors';
import { leadQueries, leads, visibleLeads } from '../leads';
import type { AppServices } from '../services';
import { createTour, tourDetail } from '../tours';
import { assertWithinLimit, ModelFailure, modelSettings, recordUsage, structuredCompletion, type ChatMessage } from './model';

/** The lead and query a draft is for: 404 when either is not the caller's to see (another organization's, another lead's query). */
async function leadAndQuery(tx: Tx, auth: AuthContext, leadId: string, queryId: string) {
  const [lead] = await tx
    .select()
    .from(leads)
    .where(and(eq(leads.id, leadId), visibleLeads(auth)));
  if (!lead) throw notFound('Lead');
  const [query] = await tx
    .select()
    .from(leadQueries)
    .where(and(eq(leadQueries.id, queryId), eq(leadQueries.leadId, lead.id)));
  if (!query) throw notFound('Query');
  return { lead, query };
}

/** The planner's query from the lead's enquiry; 400 naming each missing piece (dates, travellers, destinations). */
function plannerQuery(lead: typeof leads.$inferSelect, query: typeof leadQueries.$inferSelect, input: GenerateTourInput): PlannerQuery {
  const missing = [];
  if (!query.travelFrom) missing.push(issue('query.travelFrom', 'required', 'is required: the query has no departure date'));
  if (!query.travelTo) missing.push(issue('query.travelTo', 'required', 'is required: the query has no return date'));
  if (query.adults + query.children < 1) missing.push(issue('query.adults', 'required', 'is required: the query has no travellers'));
  const destinationIds = query.destinations.length ? query.destinations : lead.destinations;
  if (!destinationIds.length) missing.push(issue('query.destinations', 'required', 'is required: neither the query nor the lead names a destination'));
  if (missing.length) throw new ApiError(400, 'VALIDATION_FAILED', `The query cannot be planned: ${missing.map((m) => `${m.path} ${m.message}`).join('; ')}`, missing);
  const q: PlannerQuery = {
    departure: query.travelFrom!,
    arrival: query.travelTo!,
    adults: query.adults,
    children: query.children,
    infants: query.infants,
    destinationIds,
    budget: query.budget,
    categories: input.categories,
    maxDifficulty: input.maxDifficulty,
  };
  if (nightsOf(q) > MAX_TOUR_DAYS - 1) {
    const tooLong = issue('query.travelTo', 'tooLarge', `must be at most ${MAX_TOUR_DAYS - 1} nights after the departure for a drafted tour`, { max: MAX_TOUR_DAYS - 1 });
    throw new ApiError(400, 'VALIDATION_FAILED', `query.travelTo ${tooLong.message}`, [tooLong]);
  }
  return q;
}

/** The organization's catalogue for the query's destinations only (row-level security keeps it the organization's). */
export async function plannerCatalogue(tx: Tx, destinationIds: string[]): Promise<PlannerCatalogue> {
  if (!destinationIds.length) return { destinations: [], hotels: [], activities: [] };
  // One after another: a transaction is one connection, which runs one statement at a time.
  const places = await tx.select({ id: destinations.id, name: destinations.name }).from(destinations).where(inArray(destinations.id, destinationIds));
  const hotelRows = await tx
    .select({ id: hotels.id, destinationId: hotels.destinationId, name: hotels.name, stars: hotels.stars, roomTypes: hotels.roomTypes })
    .from(hotels)
    .where(inArray(hotels.destinationId, destinationIds));
  const activityRows = await tx
    .select({
      id: activities.id,
      destinationId: activities.destinationId,
      name: activities.name,
      category: activities.category,
      difficulty: activities.difficulty,
      durationMinutes: activities.durationMinutes,
      pricePerPerson: activities.pricePerPerson,
    })
    .from(activities)
    .where(inArray(activities.destinationId, destinationIds));
  return { destinations: places, hotels: hotelRows, activities: activityRows };
}

/** What the model is shown of the catalogue per destination, at most: the prompt stays small whatever the catalogue's size. */
const PROMPT_HOTELS = 25;
const PROMPT_ACTIVITIES = 40;
const planJsonSchema = toJsonSchema(modelPlanSchema, { errorMode: 'ignore' });

/**
 * The model's messages: the query (dates, party, budget, places, notes), the instructions, and the
 * catalogue of the query's destinations with ids. Nothing else of the lead (no name, phone or
 * email) and nothing of another lead or organization.
 */
export function planPrompt(q: PlannerQuery, notes: string | null, instructions: string | undefined, catalogue: PlannerCatalogue, currency: string): ChatMessage[] {
  const byDestination = catalogue.destinations
    .filter((d) => q.destinationIds.includes(d.id))
    .sort((a, b) => q.destinationIds.indexOf(a.id) - q.destinationIds.indexOf(b.id))
    .map((d) => ({
      destinationId: d.id,
      name: d.name,
      hotels: catalogue.hotels
        .filter((h) => h.destinationId === d.id)
        .sort((a, b) => b.stars - a.stars || (a.id < b.id ? -1 : 1))
        .slice(0, PROMPT_HOTELS)
        .map((h) => ({ hotelId: h.id, name: h.name, stars: h.stars, roomTypes: h.roomTypes })),
      activities: catalogue.activities
        .filter((a) => a.destinationId === d.id)
        .sort((a, b) => (a.id < b.id ? -1 : 1))
        .slice(0, PROMPT_ACTIVITIES)
        .map((a) => ({ activityId: a.id, name: a.name, category: a.category, difficulty: a.difficulty, durationMinutes: a.durationMinutes, pricePerPerson: a.pricePerPerson })),
    }));
  const request = {
    departure: q.departure,
    return: q.arrival,
    nights: nightsOf(q),
    adults: q.adults,
    children: q.children,
    infants: q.infants,
    budget: q.budget,
    currency,
    notes,
    preferredCategories: q.categories ?? [],
    hardestActivity: q.maxDifficulty ?? null,
    instructions: instructions ?? null,
  };
  return [
    {
      role: 'system',
      content:
        'You plan trips for a travel agency using only its catalogue. Answer JSON with `stays` (in visiting order: destinationId, nights, hotelId, roomType) and `days` (dayNumber from 1, activityIds). ' +
        'Use only the ids given. The nights of the stays add up to the trip’s nights; day 1 is the departure, the last day is the return. Prices are in minor units of the currency.',
    },
    { role: 'user', content: JSON.stringify({ request, catalogue: byDestination }) },
  ];
}

/** The model's plan, or a `ModelFailure` when it does not follow the schema. */
async function askModel(services: AppServices, auth: AuthContext, endpoint: NonNullable<Awaited<ReturnType<typeof modelSettings>>['endpoint']>, messages: ChatMessage[]) {
  try {
    const { content, tokens } = await structuredCompletion(endpoint, messages, 'itinerary', planJsonSchema);
    await recordUsage(services, auth, tokens);
    const plan = v.safeParse(modelPlanSchema, content);
    if (!plan.success) throw new ModelFailure('invalidPlan', 'the model answered JSON that is not an itinerary', { promptTokens: 0, completionTokens: 0 });
    return { plan: plan.output, tokens };
  } catch (error) {
    if (error instanceof ModelFailure) {
      if (error.tokens.promptTokens || error.tokens.completionTokens) await recordUsage(services, auth, error.tokens);
      throw new ApiError(502, 'AI_MODEL_FAILED', `The model's answer could not be used (${error.message}); draft the tour with the planner instead`, undefined, undefined, { reason: error.reason });
    }
    throw error;
  }
}

/** A query the planner cannot plan, as a 400 naming the query's field. */
function badQuery(error: PlannerInputError) {
  const field = error.field === 'destinations' ? 'query.destinations' : error.field === 'dates' ? 'query.travelTo' : 'query.adults';
  const problem = issue(field, error.field === 'destinations' ? 'unknownReference' : 'invalidFormat', `needs ${error.message}`, error.field === 'destinations' ? { kind: 'destination' } : {});
  return new ApiError(400, 'VALIDATION_FAILED', `The query cannot be planned: ${field} ${problem.message}`, [problem]);
}

/**
 * `POST /customized-tours/generate-with-ai`: a draft customized tour for a lead's query, built
 * only from the organization's catalogue and created through the customized tours' own create
 * (so it is checked and priced like a hand-made one). With a model configured (and `use` not
 * `planner`), the model chooses and every id it names is checked; otherwise the planner plans.
 */
export async function generateTour(tx: Tx, auth: AuthContext, services: AppServices, input: GenerateTourInput): Promise<GeneratedTour> {
  const { lead, query } = await leadAndQuery(tx, auth, input.leadId, input.queryId);
  const q = plannerQuery(lead, query, input);
  const catalogue = await plannerCatalogue(tx, q.destinationIds);
  const { defaultMarkupPercent } = await moduleSettings(tx, 'customizedTours');
  const options = { markupBasisPoints: defaultMarkupPercent * 100 };
  const settings = await modelSettings(tx, services);
  const endpoint = input.use === 'planner' ? null : settings.endpoint;

  // Checked before a model is asked: no tokens spent on a query the catalogue cannot answer.
  if (!catalogue.destinations.length) throw badQuery(new PlannerInputError('destinations', 'at least one destination of the catalogue'));

  let plan: TourPlan;
  let replaced: Replacement[] = [];
  let tokens = { promptTokens: 0, completionTokens: 0 };
  try {
    if (endpoint) {
      await assertWithinLimit(tx, settings);
      const { currency } = await currentOrganization(tx);
      const answer = await askModel(services, auth, endpoint, planPrompt(q, query.notes, input.instructions, catalogue, currency));
      tokens = answer.tokens;
      const activitiesByDay: string[][] = [];
      for (const d of answer.plan.days) if (Number.isInteger(d.dayNumber) && d.dayNumber >= 1 && d.dayNumber <= MAX_TOUR_DAYS) activitiesByDay[d.dayNumber - 1] = d.activityIds;
      const reconciled = reconcilePlan(q, catalogue, { stays: answer.plan.stays, activities: Array.from(activitiesByDay, (x) => x ?? []) }, options);
      plan = reconciled;
      replaced = reconciled.replaced;
    } else plan = planTour(q, catalogue, options);
  } catch (error) {
    throw error instanceof PlannerInputError ? badQuery(error) : error;
  }

  const names = new Map(catalogue.destinations.map((d) => [d.id, d.name]));
  const visited = [...new Set(plan.choice.stays.map((s) => s.destinationId))];
  const title = `${lead.name}: ${visited.map((id) => names.get(id)).join(' · ')}`.slice(0, 200);
  const tourId = await createTour(
    tx,
    auth,
    v.parse(createTourInput, {
      leadId: lead.id,
      title,
      queryId: query.id,
      destinations: visited,
      departure: q.departure,
      arrival: q.arrival,
      adults: q.adults,
      children: q.children,
      infants: q.infants,
      days: plan.days,
      lines: plan.lines,
    }),
  );
  return {
    data: await tourDetail(tx, tourId),
    generation: {
      used: endpoint ? 'model' : 'planner',
      model: endpoint?.model ?? null,
      replaced,
      withinBudget: plan.withinBudget,
      skippedDestinations: plan.skippedDestinations,
      ...tokens,
    },
  };
}
