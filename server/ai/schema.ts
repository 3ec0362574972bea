import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { members } from '../auth/schema';
import { createdAt, id, tenantId } from '../db/tenancy';
import { leads } from '../leads';

/**
 * Tokens a model spent for the organization, per calendar month (UTC): what Configurations → AI
 * shows and what the monthly limit is checked against. One row per month, added to atomically.
 */
export const aiUsage = pgTable(
  'ai_usage',
  {
    id: id(),
    organizationId: tenantId(),
    /** The first day of the month. */
    month: date('month', { mode: 'string' }).notNull(),
    promptTokens: bigint('prompt_tokens', { mode: 'number' }).notNull().default(0),
    completionTokens: bigint('completion_tokens', { mode: 'number' }).notNull().default(0),
    requests: integer('requests').notNull().default(0),
  },
  (t) => [
    uniqueIndex('ai_usage_org_month_uq').on(t.organizationId, t.month),
    check('ai_usage_tokens_ck', sql`${t.promptTokens} >= 0 and ${t.completionTokens} >= 0 and ${t.requests} >= 0`),
  ],
);

/** A lead's chat with the assistant: one thread per lead. */
export const aiThreads = pgTable(
  'ai_threads',
  {
    id: id(),
    organizationId: tenantId(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('ai_threads_lead_uq').on(t.leadId)],
);

/** A message of a thread: who wrote it (a member, the assistant), the tool calls made for it, and whether its stream was cut. */
export const aiMessages = pgTable(
  'ai_messages',
  {
    id: id(),
    organizationId: tenantId(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => aiThreads.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    authorId: uuid('author_id').references(() => members.id, { onDelete: 'set null' }),
    content: text('content').notNull().default(''),
    toolCalls: jsonb('tool_calls').$type<{ name: string; arguments: unknown; result?: unknown }[]>().notNull().default([]),
    /** The answer's stream stopped before the model finished: what arrived is kept. */
    incomplete: boolean('incomplete').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('ai_messages_thread_idx').on(t.threadId, t.createdAt), check('ai_messages_role_ck', sql`${t.role} in ('user', 'assistant', 'system')`)],
);
