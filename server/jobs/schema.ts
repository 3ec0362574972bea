import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, instant, createdAt, organizations } from '../db/tenancy';

/**
 * The job queue: work to run at `run_at`, claimed with `for update skip locked` in the same
 * transaction as the work, so each job runs once however many servers poll. `key` makes enqueueing
 * idempotent. `org_id` (not `organization_id`: no row-level security here) names the tenant the
 * job runs as.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    orgId: uuid('org_id').references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    runAt: instant('run_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    doneAt: instant('done_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('jobs_key_uq').on(t.key), index('jobs_due_idx').on(t.runAt).where(sql`${t.doneAt} is null`)],
);
