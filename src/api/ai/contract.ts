import { endpoint, fileAnswer } from '../common/endpoint';
import * as v from 'valibot';
import { ACTIVITY_CATEGORIES, ACTIVITY_DIFFICULTIES } from '../catalogue/activities/contract';
import { coded } from '../common/issues';
import { idParams, idSchema, itemAnswer, oneOf, trimmedText, uuid } from '../common/schemas';
import { customizedTourDetailSchema } from '../tours/customized/contract';

/**
 * The AI area (SPEC "AI", docs/ai.md): itineraries drafted from a lead's query and the
 * organization's catalogue, by a model when one is configured and by the deterministic planner
 * (src/domain/tour-planner.ts) otherwise; the organization's token usage.
 */

export const GENERATORS = ['planner', 'model'] as const;
export type Generator = (typeof GENERATORS)[number];

/** `POST /customized-tours/generate-with-ai`: a draft for a lead's query. */
export const generateTourInput = v.strictObject({
  leadId: idSchema,
  queryId: idSchema,
  /** Free text for the model ("a beach day, no early starts"); the planner does not read it. */
  instructions: v.optional(trimmedText(2000, true)),
  /** Preferred activity categories, most wanted first (both the model and the planner follow them). */
  categories: v.optional(
    v.pipe(
      v.array(oneOf(ACTIVITY_CATEGORIES), coded('invalidType', 'must be a list of activity categories', { expected: 'list' })),
      v.maxLength(ACTIVITY_CATEGORIES.length, coded('tooManyItems', `must have at most ${ACTIVITY_CATEGORIES.length} items`, { max: ACTIVITY_CATEGORIES.length })),
    ),
  ),
  maxDifficulty: v.optional(oneOf(ACTIVITY_DIFFICULTIES, 'must be easy, moderate or hard')),
  /** `planner` skips the model (what the web app offers after a model failed). */
  use: v.optional(oneOf(['auto', 'planner'] as const, 'must be auto or planner'), 'auto'),
});
export type GenerateTourInput = v.InferOutput<typeof generateTourInput>;
export type GenerateTourFields = v.InferInput<typeof generateTourInput>;

export const REPLACEMENT_KINDS = ['destination', 'hotel', 'roomType', 'activity', 'nights'] as const;

/** How a draft was made: by whom, what of a model's answer the catalogue refused (replaced by the planner's choice). */
export const generationSchema = v.object({
  used: v.picklist(GENERATORS),
  /** The model's name when one was used. */
  model: v.nullable(v.string()),
  replaced: v.array(v.object({ kind: v.picklist(REPLACEMENT_KINDS), id: v.string(), dayNumber: v.nullable(v.number()) })),
  /** null without a budget in the query. */
  withinBudget: v.nullable(v.boolean()),
  /** Destinations of the query the draft leaves out (fewer nights than destinations). */
  skippedDestinations: v.array(uuid),
  promptTokens: v.number(),
  completionTokens: v.number(),
});
export type Generation = v.InferOutput<typeof generationSchema>;

export const generatedTourSchema = v.object({ data: customizedTourDetailSchema, generation: generationSchema });
export type GeneratedTour = v.InferOutput<typeof generatedTourSchema>;

/** `GET /ai/usage`: where the model comes from and this month's tokens against the limit. */
export const aiUsageSchema = v.object({
  /** `organization`: Configurations → AI; `server`: the environment's default; `none`: nothing is sent to a model. */
  source: v.picklist(['organization', 'server', 'none']),
  model: v.nullable(v.string()),
  /** YYYY-MM (UTC). */
  month: v.string(),
  promptTokens: v.number(),
  completionTokens: v.number(),
  requests: v.number(),
  /** 0: no limit. */
  monthlyTokenLimit: v.number(),
});
export type AiUsage = v.InferOutput<typeof aiUsageSchema>;

/**
 * What the model answers for an itinerary (structured output: this schema as JSON schema): stays
 * in order (destination, nights, hotel and room by catalogue id and name) and the activity ids of
 * each day. The server checks every id (src/domain/tour-planner.ts `reconcilePlan`).
 */
export const modelPlanSchema = v.object({
  stays: v.array(
    v.object({
      destinationId: v.string(),
      nights: v.number(),
      hotelId: v.nullable(v.string()),
      roomType: v.nullable(v.string()),
    }),
  ),
  days: v.array(v.object({ dayNumber: v.number(), activityIds: v.array(v.string()) })),
});
export type ModelPlan = v.InferOutput<typeof modelPlanSchema>;

// ---------- the lead's chat ----------

export const CHAT_ROLES = ['user', 'assistant'] as const;

/** A message of a lead's thread: who wrote it, the tools the assistant called for it, and whether its stream was cut. */
export const chatMessageSchema = v.object({
  _id: uuid,
  role: v.picklist(CHAT_ROLES),
  author: v.nullable(v.object({ _id: uuid, name: v.string() })),
  content: v.string(),
  toolCalls: v.array(v.object({ name: v.string(), arguments: v.unknown() })),
  /** The answer's stream stopped before the model finished; what arrived is kept. */
  incomplete: v.boolean(),
  createdAt: v.string(),
});
export type ChatMessage = v.InferOutput<typeof chatMessageSchema>;

/** `GET /chat-ai/lead-thread?leadId=…`: the lead's one thread (made on first read), its conversation, and whether a model answers. */
export const leadThreadSchema = v.object({
  leadId: uuid,
  threadId: uuid,
  conversation: v.array(chatMessageSchema),
  /** null: no model is configured (the chat says so and offers the planner). */
  model: v.nullable(v.string()),
});
export type LeadThread = v.InferOutput<typeof leadThreadSchema>;

export const leadThreadQuery = v.strictObject({ leadId: idSchema });
export const chatInput = v.strictObject({ text: v.pipe(trimmedText(4000, true), v.nonEmpty(coded('required', 'is required'))) });

/** The events of a chat answer's stream (`text/event-stream`): text as it arrives, tool calls, the stored message at the end. */
export type ChatStreamEvent =
  | { type: 'delta'; text: string }
  | { type: 'tool'; name: string; arguments: unknown }
  | { type: 'done'; message: ChatMessage }
  | { type: 'error'; message: string };

/** The area's calls, declared once (src/api/common/endpoint.ts): the server's routes, the web app's calls and the API reference read them. */
export const aiEndpoints = {
  generateTour: endpoint({ method: 'POST', path: '/customized-tours/generate-with-ai', body: generateTourInput, answer: generatedTourSchema, status: 201 }),
  usage: endpoint({ method: 'GET', path: '/ai/usage', answer: itemAnswer(aiUsageSchema) }),
  leadThread: endpoint({ method: 'GET', path: '/chat-ai/lead-thread', query: leadThreadQuery, answer: leadThreadSchema }),
  leadChat: endpoint({ method: 'GET', path: '/leads/:id/chat', params: idParams, answer: v.object({ data: v.array(chatMessageSchema) }) }),
  sendChat: endpoint({ method: 'POST', path: '/leads/:id/chat', params: idParams, body: chatInput, answer: fileAnswer('text/event-stream') }),
};
