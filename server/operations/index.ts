import { bookingWorkflow } from '../bookings';
import { provideEffects } from '../workflow/apply-event';
import { startOperation } from './workflow';

/** The operations area's face: a verified booking's operation, its vouchers and expenses. */
export { operationRoutes } from './routes';
export { OPERATION_SEEDS, seedOperations } from './seed';
export { cancelTripOperation, vendorSideOf } from './cancellation';

// A verified booking opens its operation in VERIFY's transaction (SPEC workflow 3).
provideEffects(bookingWorkflow, {
  async startOperation({ tx, row }) {
    await startOperation(tx, row);
  },
});
