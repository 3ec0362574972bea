import { registerQueueKinds } from '../work-queue';
import { bookingQueueKinds } from './queue';
/**
 * The bookings area's face: bookings, travellers, installments, payments, receipts and invoices.
 * The booking machine's `startOperation` is provided by the operations area.
 */
export { bookingRoutes } from './routes';
export { bookingItem, bookingRefSql, visibleBookingsSql } from './queue';
export { bookingDocumentRoutes } from './documents';
export { BOOKING_DAY_JOB, bookingJobs } from './jobs';
export { BOOKING_SEEDS, openLeadsWithEmail, seedAsOrganization, seedBooking, seedBookings, type BookingSpec, type SeedActors } from './seed';
export { bookingFilters, instantRange } from './lists';
export { bookingTravellers, bookings } from './schema';
export { bookingRef, logBookingEvent, memberRefs, pendingAmountOf, visibleBookings, type BookingRow } from './store';
export { BOOKING_RECORD as BOOKING_SEND_RECORD } from './customer-mail';
export { bookingWorkflow, cancelBooking } from './workflow';
export { provideCreditNoteUse } from './credit-notes';

// Its kinds of work join the work queue (docs/work-queue.md).
registerQueueKinds(bookingQueueKinds);
