import { organizationToday } from '../db/clock';
import type { JobHandlers } from '../jobs/queue';
import { postRecurringExpenses } from './expenses';

/** The finance day (server/jobs/daily.ts): recurring expenses due by the organization's today, each period once. */
export const FINANCE_DAY_JOB = 'finance-day';

export const financeJobs: JobHandlers = {
  async [FINANCE_DAY_JOB]({ tx, clock }) {
    await postRecurringExpenses(tx, await organizationToday(tx, clock));
  },
};
