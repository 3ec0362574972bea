import { registerCatalogueUses } from '../catalogue';
import { leadCatalogueUses } from './catalogue-uses';

/**
 * The leads area's face: leads, their queries and follow-ups, and the contact (the person behind
 * them, matched by phone or email).
 */
export { leadRoutes } from './routes';
export { createLead } from './create';
export { leadJobs } from './jobs';
export { generator, seedLeads } from './seed';
export { contacts, leadQueries, leads } from './schema';
export { assertOpen, followUpsDueToday, leadDetail, leadsToAssign, leadsWaitingLongest, logLeadEvent, memberRefs, newLeadsOf, refreshNextFollowUp, visibleLeads } from './store';
export { leadWorkflow, markLeadBooked, markLeadQuoted, markLeadWon, reopenForReturningCustomer } from './workflow';

registerCatalogueUses('leads', leadCatalogueUses);
