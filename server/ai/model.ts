import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { configSettingsSchemas } from '../../src/api/admin/configurations/contract';
import type { AiUsage } from '../../src/api/ai/contract';
import { knownSettings, configurations } from '../admin';
import type { AuthContext } from '../auth/session';
import type { Tx } from '../db/client';
import { ApiError } from '../http/errors';
import type { AppServices } from '../services';
import { aiUsage } from './schema';
import { guardedFetch, isOperatorUrl, outboundPolicy, type OutboundPolicy } from '../http/outbound';

/**
 * The model: any OpenAI-compatible endpoint (`POST {baseUrl}/chat/completions`), through plain
 * fetch. The organization's settings (Configurations → AI) come first, then the server's default
 * from the environment; with neither, nothing is ever sent.
 */
export interface ModelEndpoint {
  source: 'organization' | 'server';
  baseUrl: string;
  model: string;
  apiKey?: string;
  timeoutMs: number;
  /** An organization's own endpoint: connected to only through the outbound guard (server/http/outbound.ts). */
  guard?: OutboundPolicy;
}

export interface ModelSettings {
  endpoint: ModelEndpoint | null;
  monthlyTokenLimit: number;
}

export async function modelSettings(tx: Tx, services: AppServices): Promise<ModelSettings> {
  const [row] = await tx.select({ settings: configurations.settings }).from(configurations).where(eq(configurations.module, 'aiConfig'));
  const stored = row?.settings ?? {};
  const org = v.parse(configSettingsSchemas.aiConfig, knownSettings('aiConfig', stored));
  const apiKey = typeof stored.apiKey === 'string' && stored.apiKey ? stored.apiKey : undefined;
  const { ai } = services.config;
  // The server's own AI_BASE_URL is the operator's, allowed wherever it is (an Ollama on this host);
  // an organization's address that is the same one is allowed with it.
  const guard = isOperatorUrl(org.baseUrl, ai.baseUrl) ? undefined : outboundPolicy(services.config.outboundAllowedRanges);
  const endpoint: ModelEndpoint | null =
    org.baseUrl && org.model
      ? { source: 'organization', baseUrl: org.baseUrl, model: org.model, apiKey, timeoutMs: ai.timeoutMs, guard }
      : ai.baseUrl && ai.model
        ? { source: 'server', baseUrl: ai.baseUrl, model: ai.model, apiKey: ai.apiKey, timeoutMs: ai.timeoutMs }
        : null;
  return { endpoint, monthlyTokenLimit: org.monthlyTokenLimit };
}

const withoutTrailingSlash = (url: string) => url.trim().replace(/\/+$/, '');

/** `POST {baseUrl}/chat/completions` of an endpoint: an organization's through the outbound guard, the server's own as it is. */
export function postCompletion(endpoint: ModelEndpoint, body: unknown, signal: AbortSignal): Promise<Response> {
  const url = `${withoutTrailingSlash(endpoint.baseUrl)}/chat/completions`;
  const init = {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}) },
    body: JSON.stringify(body),
    signal,
  };
  return endpoint.guard ? guardedFetch(url, init, endpoint.guard) : fetch(url, init);
}

/** The first day of the current month (UTC) by the database's clock, as the usage rows key it. */
const thisMonth = sql<string>`to_char(now() at time zone 'UTC', 'YYYY-MM-01')::date`;

export async function usageOf(tx: Tx, settings: ModelSettings): Promise<AiUsage> {
  const [{ month }] = (await tx.execute<{ month: string }>(sql`select to_char(now() at time zone 'UTC', 'YYYY-MM') as month`)).rows;
  const [row] = await tx.select().from(aiUsage).where(eq(aiUsage.month, sql`${thisMonth}`));
  return {
    source: settings.endpoint?.source ?? 'none',
    model: settings.endpoint?.model ?? null,
    month,
    promptTokens: row?.promptTokens ?? 0,
    completionTokens: row?.completionTokens ?? 0,
    requests: row?.requests ?? 0,
    monthlyTokenLimit: settings.monthlyTokenLimit,
  };
}

/** 429 once the month's tokens reached the organization's limit: checked before anything is sent. */
export async function assertWithinLimit(tx: Tx, settings: ModelSettings) {
  if (!settings.monthlyTokenLimit) return;
  const usage = await usageOf(tx, settings);
  const used = usage.promptTokens + usage.completionTokens;
  if (used >= settings.monthlyTokenLimit) {
    throw new ApiError(
      429,
      'AI_LIMIT_REACHED',
      `This month's AI limit of ${settings.monthlyTokenLimit} tokens is reached (${used} used); raise it in Configurations → AI model or wait for next month`,
      undefined,
      undefined,
      { limit: settings.monthlyTokenLimit, used },
    );
  }
}

/**
 * Adds a model call's tokens to the month, in a transaction of its own: spent tokens count even
 * when the request then fails (a 502 for an answer that was not a plan).
 */
export async function recordUsage(services: AppServices, auth: AuthContext, tokens: { promptTokens: number; completionTokens: number }) {
  await services.database.withTenant(auth.organizationId, (tx) =>
    tx
      .insert(aiUsage)
      .values({ month: thisMonth, promptTokens: tokens.promptTokens, completionTokens: tokens.completionTokens, requests: 1 })
      .onConflictDoUpdate({
        target: [aiUsage.organizationId, aiUsage.month],
        set: {
          promptTokens: sql`${aiUsage.promptTokens} + excluded.prompt_tokens`,
          completionTokens: sql`${aiUsage.completionTokens} + excluded.completion_tokens`,
          requests: sql`${aiUsage.requests} + 1`,
        },
      }),
  );
}

/** What an answer says when the model's endpoint failed, whatever failed (see ModelFailure). */
export const MODEL_FAILED = "the model's endpoint did not answer with a chat completion";

/** Why a model's answer could not be used (answered 502 with the planner offered). */
export class ModelFailure extends Error {
  constructor(
    /**
     * `failed` is every way the endpoint did not answer with a chat completion (refused, not
     * reached, not allowed, an error status, not a completion): one reason and one message, so an
     * answer never tells what listens at an address (issue 26). `timeout`: nothing answered in
     * time. `invalidJson` and `invalidPlan`: a completion whose content is not the plan asked for.
     */
    readonly reason: 'timeout' | 'failed' | 'invalidJson' | 'invalidPlan',
    message: string,
    readonly tokens = { promptTokens: 0, completionTokens: 0 },
  ) {
    super(message);
  }
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | null;
  tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

const completionSchema = v.object({
  choices: v.pipe(v.array(v.object({ message: v.object({ content: v.nullish(v.string()) }) })), v.minLength(1)),
  usage: v.optional(v.object({ prompt_tokens: v.optional(v.number(), 0), completion_tokens: v.optional(v.number(), 0) })),
});

/**
 * One chat completion answered as JSON that follows `jsonSchema` (structured output). Fails with
 * a `ModelFailure` on a timeout, a refused connection, a status other than 2xx, a body that is not
 * a completion, or content that is not JSON. Returns the parsed content and the tokens spent.
 */
export async function structuredCompletion(endpoint: ModelEndpoint, messages: ChatMessage[], schemaName: string, jsonSchema: object) {
  const timedOut = () => new ModelFailure('timeout', `the model did not answer within ${Math.round(endpoint.timeoutMs / 1000)} s`);
  const failed = () => new ModelFailure('failed', MODEL_FAILED);
  const isTimeout = (error: unknown) => ['TimeoutError', 'AbortError'].includes((error as Error).name);
  let res: Response;
  try {
    res = await postCompletion(
      endpoint,
      {
        model: endpoint.model,
        messages,
        temperature: 0,
        response_format: { type: 'json_schema', json_schema: { name: schemaName, strict: true, schema: jsonSchema } },
      },
      AbortSignal.timeout(endpoint.timeoutMs),
    );
  } catch (error) {
    throw isTimeout(error) ? timedOut() : failed();
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch (error) {
    throw isTimeout(error) ? timedOut() : failed();
  }
  if (!res.ok) throw failed();
  const completion = v.safeParse(completionSchema, body);
  if (!completion.success) throw failed();
  const tokens = { promptTokens: completion.output.usage?.prompt_tokens ?? 0, completionTokens: completion.output.usage?.completion_tokens ?? 0 };
  const content = completion.output.choices[0].message.content ?? '';
  try {
    return { content: JSON.parse(content) as unknown, tokens };
  } catch {
    throw new ModelFailure('invalidJson', 'the model answered text that is not JSON', tokens);
  }
}
