import { provideCreditNoteUse } from '../bookings';
import { redeemCreditNote } from './credit';

/**
 * The cancellations area's face (SPEC workflow 4): cancellation requests and decisions, and what
 * they give back (refunds and credit notes). A credit note pays a later booking through the
 * bookings area's `credit-note` method, which this area provides.
 */
export { cancellationRoutes } from './routes';
export { CANCELLATIONS_DAY_JOB, cancellationJobs } from './jobs';
export { CANCELLATION_SEEDS, seedCancellations } from './seed';

provideCreditNoteUse({ redeem: redeemCreditNote });
