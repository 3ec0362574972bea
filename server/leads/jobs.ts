import { workQueueRecordLink } from '../../src/api/work-queue/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { followUps, leads } from './schema';
import type { JobHandlers } from '../jobs/queue';
import { FOLLOW_UP_DUE_JOB } from './store';
import { isOpenLead } from '../../src/machines/lead-machine';
import { notify } from '../notifications';

/**
 * The jobs of the leads module: "a follow-up is due" goes to its assignee, once, when the job runs
 * (at the organization's reminder lead time before the follow-up: `addFollowUp`).
 */
export const leadJobs: JobHandlers = {
  async [FOLLOW_UP_DUE_JOB]({ tx, payload }) {
    const [row] = await tx
      .select({ id: followUps.id, assigneeId: followUps.assigneeId, note: followUps.note, leadId: leads.id, leadName: leads.name, status: leads.status })
      .from(followUps)
      .innerJoin(leads, eq(leads.id, followUps.leadId))
      .where(and(eq(followUps.id, String(payload.followUpId)), isNull(followUps.respondedAt), isNull(followUps.notifiedAt)))
      .for('update', { of: followUps });
    // Answered, already notified, or the lead closed meanwhile: nothing is due any more.
    if (!row || !isOpenLead(row.status)) return;
    if (row.assigneeId) {
      await notify(tx, row.assigneeId, {
        type: 'follow-up-due',
        title: `Follow-up due: ${row.leadName}`,
        body: row.note,
        message: { key: 'followUpDue', params: { lead: row.leadName } },
        // The follow-up's item in the work queue, with the lead's actions (docs/work-queue.md).
        link: workQueueRecordLink(row.leadId, 'followUpDue'),
        // Read once the follow-up is answered (the response's route).
        recordId: row.id,
      });
    }
    await tx.update(followUps).set({ notifiedAt: sql`now()` }).where(eq(followUps.id, row.id));
  },
};
