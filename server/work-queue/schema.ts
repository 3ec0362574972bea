import { date, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, tenantId } from '../db/tenancy';

/**
 * The work queue's kept counts (docs/work-queue.md "Counts"): how many items of a kind an
 * organization has, per seller (the booking's `converted_by`; none for leads) and due day, for the
 * kinds whose rows depend on the records only (`kept` in their definition) or on the records and
 * the day (`keptByDay`). Written by triggers in the
 * transaction that changes the record, folded as the lists' totals are (`work_queue_totals_add`,
 * migration 0038: writers never wait for each other); a group's count is the sum of its rows.
 */
export const workQueueTotals = pgTable(
  'work_queue_totals',
  {
    id: id(),
    organizationId: tenantId(),
    kind: text('kind').notNull(),
    seller: uuid('seller'),
    /**
     * The items' due day, for the kinds whose items depend on the clock (`keptByDay`, migration
     * 0047): overdue is a sum over the days before today, due today the day's row; none for the others.
     */
    day: date('day', { mode: 'string' }),
    n: integer('n').notNull(),
  },
  (t) => [index('work_queue_totals_group_idx').on(t.organizationId, t.kind, t.seller, t.day)],
);
