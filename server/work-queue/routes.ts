import { workQueueEndpoints } from '../../src/api/work-queue/contract';
import { allow, route } from '../http/route';
import { workQueueCounts, workQueuePage } from './queue';

/** The work queue's calls: every member with the start page has one (its items are what their permissions give). */
export const workQueueRoutes = [
  route({
    endpoint: workQueueEndpoints.list,
    access: allow('dashboard', 'view'),
    // Its statements are index walks and kept counts whose planning cost more than their running.
    genericPlans: true,
    handler: ({ tx, auth, query, services }) => workQueuePage(tx, auth, query, services.clock),
  }),
  route({
    endpoint: workQueueEndpoints.counts,
    access: allow('dashboard', 'view'),
    genericPlans: true,
    handler: async ({ tx, auth, services }) => ({ data: await workQueueCounts(tx, auth, services.clock) }),
  }),
];
