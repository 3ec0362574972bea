import { organizationToday } from '../db/clock';
import type { JobHandlers } from '../jobs/queue';
import { expireCreditNotes } from './credit';

/** The cancellations' day (server/jobs/daily.ts): credit notes past their last valid day expire, what is left becoming income, once. */
export const CANCELLATIONS_DAY_JOB = 'cancellations-day';

export const cancellationJobs: JobHandlers = {
  async [CANCELLATIONS_DAY_JOB]({ tx, clock }) {
    await expireCreditNotes(tx, await organizationToday(tx, clock));
  },
};
