import { itemAnswer } from '../../src/api/common/schemas';
import { workQueueAnswer, workQueueCountsSchema, workQueuePaths, workQueueQuery } from '../../src/api/work-queue/contract';
import { allow, route } from '../http/route';
import { workQueueCounts, workQueuePage } from './queue';

/** The work queue's calls: every member with the start page has one (its items are what their permissions give). */
export const workQueueRoutes = [
  route({
    method: 'GET',
    path: workQueuePaths.list,
    answers: workQueueAnswer,
    access: allow('dashboard', 'view'),
    query: workQueueQuery,
    handler: ({ tx, auth, query, services }) => workQueuePage(tx, auth, query, services.clock),
  }),
  route({
    method: 'GET',
    path: workQueuePaths.counts,
    answers: itemAnswer(workQueueCountsSchema),
    access: allow('dashboard', 'view'),
    handler: async ({ tx, auth, services }) => ({ data: await workQueueCounts(tx, auth, services.clock) }),
  }),
];
