import { registerCatalogueUses } from '../catalogue';
import { leadCatalogueUses } from './catalogue-uses';
import { registerQueueKinds } from '../work-queue';
import { leadQueueKinds } from './queue';

/**
 * The leads area's face: leads, their queries and follow-ups, and the contact (the person behind
 * them, matched by phone or email).
 */
export { leadRoutes } from './routes';
export { createLead } from './create';
export { leadJobs } from './jobs';
export { generator, seedLeads } from './seed';
export { contacts, leadQueries, leads } from './schema';
export { assertOpen, leadDetail, leadsToAssign, leadsWaitingLongest, logLeadEvent, memberRefs, newLeadsOf, refreshNextFollowUp, visibleLeads } from './store';
export { leadWorkflow, markLeadBooked, markLeadQuoted, markLeadWon, reopenForReturningCustomer } from './workflow';

registerCatalogueUses('leads', leadCatalogueUses);

// Its kinds of work join the work queue (docs/work-queue.md).
registerQueueKinds(leadQueueKinds);
