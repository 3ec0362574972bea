import { and, asc, eq, gte, ilike, inArray, lte, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { ChatMessage as StoredMessage, ChatStreamEvent, LeadThread } from '../../src/api/ai/contract';
import { ACTIVITY_CATEGORIES, ACTIVITY_DIFFICULTIES } from '../../src/api/catalogue/activities/contract';
import { currentOrganization } from '../admin';
import type { AuthContext } from '../auth/session';
import { activities, destinations, hotels } from '../catalogue';
import type { Tx } from '../db/client';
import { ApiError, notFound } from '../http/errors';
import { leads, leadDetail, memberRefs, visibleLeads } from '../leads';
import type { AppServices } from '../services';
import { customizedTours, tourDetail } from '../tours';
import { generateTour } from './generate';
import { assertWithinLimit, MODEL_FAILED, modelSettings, postCompletion, recordUsage, type ChatMessage, type ModelEndpoint } from './model';
import { aiMessages, aiThreads } from './schema';

/**
 * A lead's chat with the assistant (SPEC "AI"): one thread per lead, every message stored with its
 * author and the tool calls made, answers streamed. The prompt holds this lead (details without
 * phone or email, queries, follow-ups, its tours) and this thread only; the tools read the
 * organization's catalogue (row-level security) and this lead's tours, each in its own
 * transaction as the caller's organization.
 */

/** The lead, if the caller may see it: 404 otherwise (another organization's, a colleague's under "own" visibility). */
export async function visibleLead(tx: Tx, auth: AuthContext, leadId: string) {
  const [lead] = await tx
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.id, leadId), visibleLeads(auth)));
  if (!lead) throw notFound('Lead');
  return lead.id;
}

/** The lead's thread, made on first use (one per lead: a unique index). */
export async function threadOf(tx: Tx, leadId: string): Promise<string> {
  await tx.insert(aiThreads).values({ leadId }).onConflictDoNothing({ target: aiThreads.leadId });
  const [thread] = await tx.select({ id: aiThreads.id }).from(aiThreads).where(eq(aiThreads.leadId, leadId));
  return thread.id;
}

type MessageRow = typeof aiMessages.$inferSelect;

async function toMessages(tx: Tx, rows: MessageRow[]): Promise<StoredMessage[]> {
  const member = await memberRefs(
    tx,
    rows.map((r) => r.authorId),
  );
  return rows.map((r) => ({
    _id: r.id,
    role: r.role as StoredMessage['role'],
    author: member(r.authorId),
    content: r.content,
    toolCalls: r.toolCalls.map((c) => ({ name: c.name, arguments: c.arguments })),
    incomplete: r.incomplete,
    createdAt: r.createdAt,
  }));
}

export async function conversation(tx: Tx, threadId: string): Promise<StoredMessage[]> {
  const rows = await tx.select().from(aiMessages).where(eq(aiMessages.threadId, threadId)).orderBy(asc(aiMessages.createdAt), asc(aiMessages.id)).limit(500);
  return toMessages(tx, rows);
}

export async function leadThread(tx: Tx, auth: AuthContext, services: AppServices, leadId: string): Promise<LeadThread> {
  const id = await visibleLead(tx, auth, leadId);
  const threadId = await threadOf(tx, id);
  const settings = await modelSettings(tx, services);
  return { leadId: id, threadId, conversation: await conversation(tx, threadId), model: settings.endpoint?.model ?? null };
}

/** What the assistant knows of the lead: its details (no phone or email), queries, follow-ups and tours. */
async function leadContext(tx: Tx, leadId: string) {
  const lead = await leadDetail(tx, leadId);
  const tours = await tx
    .select({ id: customizedTours.id, title: customizedTours.title, status: customizedTours.status, departure: customizedTours.departure, arrival: customizedTours.arrival })
    .from(customizedTours)
    .where(eq(customizedTours.leadId, leadId));
  const { currency } = await currentOrganization(tx);
  return {
    currency,
    lead: {
      leadId: lead._id,
      name: lead.name,
      status: lead.status,
      source: lead.source,
      comment: lead.comment,
      destinations: lead.destinations.map((d) => ({ destinationId: d._id, name: d.name })),
      queries: lead.queries.map((q) => ({
        queryId: q._id,
        travelFrom: q.travelFrom,
        travelTo: q.travelTo,
        adults: q.adults,
        children: q.children,
        infants: q.infants,
        destinations: q.destinations.map((d) => ({ destinationId: d._id, name: d.name })),
        budget: q.budget,
        notes: q.notes,
      })),
      followUps: lead.followUps.map((f) => ({ dueAt: f.dueAt, note: f.note, outcome: f.response?.outcome ?? null, responseNote: f.response?.note ?? null })),
      tours: tours.map(({ id: tourId, ...t }) => ({ tourId, ...t })),
    },
  };
}

// ---------- tools ----------

const text = v.optional(v.pipe(v.string(), v.maxLength(200)));
const int = v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)));
const TOOL_ARGS = {
  search_hotels: v.object({ destination: text, minStars: int, maxNightlyRate: int }),
  search_activities: v.object({ destination: text, category: v.optional(v.picklist(ACTIVITY_CATEGORIES)), difficulty: v.optional(v.picklist(ACTIVITY_DIFFICULTIES)), maxPricePerPerson: int }),
  read_tour: v.object({ tourId: v.pipe(v.string(), v.uuid()) }),
  draft_tour: v.object({ queryId: v.pipe(v.string(), v.uuid()) }),
};
type ToolName = keyof typeof TOOL_ARGS;

const fn = (name: ToolName, description: string, properties: Record<string, object>, required: string[] = []) => ({
  type: 'function' as const,
  function: { name, description, parameters: { type: 'object', properties, required, additionalProperties: false } },
});
const TOOLS = [
  fn('search_hotels', "Hotels of the agency's catalogue, by destination name or id, minimum stars, and a maximum nightly rate (minor units).", {
    destination: { type: 'string' },
    minStars: { type: 'integer' },
    maxNightlyRate: { type: 'integer' },
  }),
  fn('search_activities', "Activities of the agency's catalogue, by destination name or id, category, difficulty and a maximum price per person (minor units).", {
    destination: { type: 'string' },
    category: { type: 'string', enum: [...ACTIVITY_CATEGORIES] },
    difficulty: { type: 'string', enum: [...ACTIVITY_DIFFICULTIES] },
    maxPricePerPerson: { type: 'integer' },
  }),
  fn('read_tour', "One of this lead's customized tours: its days and priced lines.", { tourId: { type: 'string' } }, ['tourId']),
  fn('draft_tour', "Drafts a customized tour for one of this lead's queries from the catalogue (the agency's planner), and answers it.", { queryId: { type: 'string' } }, ['queryId']),
];

/** Destinations a tool's `destination` names (an id, or a name searched). */
async function destinationsNamed(tx: Tx, named: string | undefined) {
  if (!named) return undefined;
  const isId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(named);
  const rows = await tx
    .select({ id: destinations.id })
    .from(destinations)
    .where(isId ? eq(destinations.id, named) : ilike(destinations.name, `%${named.replace(/[%_\\]/g, '\\$&')}%`))
    .limit(20);
  return rows.map((r) => r.id);
}

/** Runs one tool for the lead, in its own transaction as the caller's organization. */
async function runTool(services: AppServices, auth: AuthContext, leadId: string, name: string, rawArgs: string): Promise<unknown> {
  if (!(name in TOOL_ARGS)) return { error: `unknown tool ${name}` };
  let parsedJson: unknown;
  try {
    parsedJson = JSON.parse(rawArgs || '{}');
  } catch {
    return { error: 'the arguments are not JSON' };
  }
  const parsed = v.safeParse(TOOL_ARGS[name as ToolName], parsedJson);
  if (!parsed.success) return { error: `invalid arguments: ${parsed.issues.map((i) => `${v.getDotPath(i) ?? ''} ${i.message}`).join('; ')}` };
  const args = parsed.output as Record<string, unknown>;
  return services.database.withTenant(auth.organizationId, async (tx) => {
    if (name === 'search_hotels') {
      const places = await destinationsNamed(tx, args.destination as string | undefined);
      if (places && !places.length) return { hotels: [] };
      const rows = await tx
        .select({ hotelId: hotels.id, name: hotels.name, stars: hotels.stars, destination: destinations.name, roomTypes: hotels.roomTypes })
        .from(hotels)
        .innerJoin(destinations, eq(destinations.id, hotels.destinationId))
        .where(
          and(
            places ? inArray(hotels.destinationId, places) : undefined,
            args.minStars !== undefined ? gte(hotels.stars, args.minStars as number) : undefined,
            args.maxNightlyRate !== undefined ? sql`exists (select 1 from jsonb_array_elements(${hotels.roomTypes}) r where (r->>'nightlyRate')::bigint <= ${args.maxNightlyRate})` : undefined,
          ),
        )
        .orderBy(sql`${hotels.stars} desc`, asc(hotels.name))
        .limit(10);
      return { hotels: rows };
    }
    if (name === 'search_activities') {
      const places = await destinationsNamed(tx, args.destination as string | undefined);
      if (places && !places.length) return { activities: [] };
      const rows = await tx
        .select({ activityId: activities.id, name: activities.name, destination: destinations.name, category: activities.category, difficulty: activities.difficulty, durationMinutes: activities.durationMinutes, pricePerPerson: activities.pricePerPerson })
        .from(activities)
        .innerJoin(destinations, eq(destinations.id, activities.destinationId))
        .where(
          and(
            places ? inArray(activities.destinationId, places) : undefined,
            args.category ? eq(activities.category, args.category as string) : undefined,
            args.difficulty ? eq(activities.difficulty, args.difficulty as string) : undefined,
            args.maxPricePerPerson !== undefined ? lte(activities.pricePerPerson, args.maxPricePerPerson as number) : undefined,
          ),
        )
        .orderBy(asc(activities.pricePerPerson), asc(activities.name))
        .limit(10);
      return { activities: rows };
    }
    if (name === 'read_tour') {
      const [tour] = await tx
        .select({ id: customizedTours.id })
        .from(customizedTours)
        .where(and(eq(customizedTours.id, args.tourId as string), eq(customizedTours.leadId, leadId)));
      if (!tour) return { error: 'no such tour for this lead' };
      const t = await tourDetail(tx, tour.id);
      return { title: t.title, status: t.status, departure: t.departure, arrival: t.arrival, totals: t.totals, days: t.days.map((d) => ({ date: d.date, destination: d.destination.name, hotel: d.hotel?.name ?? null, activities: d.activities.map((a) => a.name), transfers: d.transfers })) };
    }
    try {
      const { data, generation } = await generateTour(tx, auth, services, { leadId, queryId: args.queryId as string, use: 'planner' });
      return { tourId: data._id, title: data.title, totals: data.totals, drafted: generation.used };
    } catch (error) {
      if (error instanceof ApiError) return { error: error.message };
      throw error;
    }
  });
}

// ---------- the model's stream ----------

interface StreamedTurn {
  content: string;
  toolCalls: { id: string; name: string; arguments: string }[];
  finished: boolean;
  tokens: { promptTokens: number; completionTokens: number };
}

const chunkSchema = v.object({
  choices: v.optional(
    v.array(
      v.object({
        delta: v.optional(v.object({ content: v.nullish(v.string()), tool_calls: v.optional(v.array(v.object({ index: v.number(), id: v.optional(v.string()), function: v.optional(v.object({ name: v.optional(v.string()), arguments: v.optional(v.string()) })) }))) })),
        finish_reason: v.nullish(v.string()),
      }),
    ),
  ),
  usage: v.nullish(v.object({ prompt_tokens: v.optional(v.number(), 0), completion_tokens: v.optional(v.number(), 0) })),
});

/**
 * One streamed completion: text deltas passed to `onText` as they arrive, tool calls gathered.
 * `finished` is false when the stream stopped before the model said it was done (a cut connection,
 * a time-out): what arrived is returned all the same.
 */
async function streamTurn(endpoint: ModelEndpoint, messages: ChatMessage[], onText: (text: string) => void): Promise<StreamedTurn> {
  const turn: StreamedTurn = { content: '', toolCalls: [], finished: false, tokens: { promptTokens: 0, completionTokens: 0 } };
  const res = await postCompletion(endpoint, { model: endpoint.model, messages, tools: TOOLS, stream: true, stream_options: { include_usage: true } }, AbortSignal.timeout(endpoint.timeoutMs));
  if (!res.ok || !res.body) throw new Error(MODEL_FAILED);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        for (const line of event.split('\n')) {
          if (!line.startsWith('data:')) continue;
          const data = line.slice(5).trim();
          if (data === '[DONE]') {
            turn.finished = true;
            continue;
          }
          let json: unknown;
          try {
            json = JSON.parse(data);
          } catch {
            continue;
          }
          const chunk = v.safeParse(chunkSchema, json);
          if (!chunk.success) continue;
          if (chunk.output.usage) turn.tokens = { promptTokens: chunk.output.usage.prompt_tokens, completionTokens: chunk.output.usage.completion_tokens };
          for (const choice of chunk.output.choices ?? []) {
            if (choice.delta?.content) {
              turn.content += choice.delta.content;
              onText(choice.delta.content);
            }
            for (const call of choice.delta?.tool_calls ?? []) {
              const slot = (turn.toolCalls[call.index] ??= { id: call.id ?? `call_${call.index}`, name: '', arguments: '' });
              if (call.id) slot.id = call.id;
              if (call.function?.name) slot.name += call.function.name;
              if (call.function?.arguments) slot.arguments += call.function.arguments;
            }
            if (choice.finish_reason) turn.finished = true;
          }
        }
      }
    }
  } catch {
    // A cut connection or a time-out mid-stream: what arrived stands, marked unfinished.
    turn.finished = false;
  }
  return turn;
}

const MAX_TOOL_ROUNDS = 4;
const HISTORY = 30;

/** 409 without a model: the chat says so plainly (the web app offers the planner). */
const noModel = () =>
  new ApiError(409, 'AI_NOT_CONFIGURED', 'No model is configured, so nothing was sent: set one in Configurations → AI model, or draft a tour with the planner');

/**
 * `POST /leads/{id}/chat`: stores the member's message, then answers a `text/event-stream` of the
 * assistant's answer (deltas, tool calls, the stored message at the end). The request's own
 * transaction ends when the stream starts; the answer and usage are written in their own.
 */
export async function sendChat(tx: Tx, auth: AuthContext, services: AppServices, leadId: string, message: string): Promise<Response> {
  const id = await visibleLead(tx, auth, leadId);
  const settings = await modelSettings(tx, services);
  const endpoint = settings.endpoint;
  if (!endpoint) throw noModel();
  await assertWithinLimit(tx, settings);
  const threadId = await threadOf(tx, id);
  await tx.insert(aiMessages).values({ threadId, role: 'user', authorId: auth.memberId, content: message });
  const context = await leadContext(tx, id);
  const history = await tx.select().from(aiMessages).where(eq(aiMessages.threadId, threadId)).orderBy(sql`${aiMessages.createdAt} desc`, sql`${aiMessages.id} desc`).limit(HISTORY);
  const messages: ChatMessage[] = [
    {
      role: 'system',
      content:
        "You are the travel agency's assistant for one lead. Answer in the staff member's language, briefly. Use only the agency's catalogue (through the tools) for hotels, activities and prices; prices are in minor units of " +
        `${context.currency}. The lead: ${JSON.stringify(context.lead)}`,
    },
    ...history.reverse().map((m): ChatMessage => ({ role: m.role as 'user' | 'assistant', content: m.content })),
  ];

  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let open = true;
      const send = (event: ChatStreamEvent) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`));
        } catch {
          open = false;
        }
      };
      const calls: { name: string; arguments: unknown; result?: unknown }[] = [];
      let content = '';
      let finished = false;
      const tokens = { promptTokens: 0, completionTokens: 0 };
      try {
        for (let round = 0; round < MAX_TOOL_ROUNDS; round++) {
          const turn = await streamTurn(endpoint, messages, (text) => {
            content += text;
            send({ type: 'delta', text });
          });
          tokens.promptTokens += turn.tokens.promptTokens;
          tokens.completionTokens += turn.tokens.completionTokens;
          finished = turn.finished;
          if (!turn.finished || !turn.toolCalls.length) break;
          messages.push({ role: 'assistant', content: turn.content || null, tool_calls: turn.toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })) });
          for (const call of turn.toolCalls) {
            const result = await runTool(services, auth, id, call.name, call.arguments);
            let args: unknown = call.arguments;
            try {
              args = JSON.parse(call.arguments);
            } catch {
              /* kept as sent */
            }
            calls.push({ name: call.name, arguments: args, result });
            send({ type: 'tool', name: call.name, arguments: args });
            messages.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(result) });
          }
          finished = false;
        }
      } catch (error) {
        // Said the same way however the endpoint failed: the answer never tells what listens at an address.
        send({ type: 'error', message: `The model could not answer: ${MODEL_FAILED}` });
      }
      if (tokens.promptTokens || tokens.completionTokens) await recordUsage(services, auth, tokens).catch(() => undefined);
      const stored = await services.database.withTenant(auth.organizationId, async (t) => {
        const [row] = await t.insert(aiMessages).values({ threadId, role: 'assistant', content, toolCalls: calls, incomplete: !finished }).returning();
        return (await toMessages(t, [row]))[0];
      });
      send({ type: 'done', message: stored });
      if (open) controller.close();
    },
  });
  return new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' } });
}
