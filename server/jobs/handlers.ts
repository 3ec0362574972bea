import { leadJobs } from '../leads/jobs';
import { maintenanceJobs } from './maintenance';
import type { JobHandlers } from './queue';

/** Every kind of job the product runs, by kind. */
export const jobHandlers: JobHandlers = { ...leadJobs, ...maintenanceJobs };
