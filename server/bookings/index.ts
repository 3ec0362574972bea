/**
 * The bookings area's face: bookings, travellers, installments, payments, receipts and invoices.
 * The booking machine's `startOperation` is provided by the operations area.
 */
export { bookingRoutes } from './routes';
export { bookingDocumentRoutes } from './documents';
export { BOOKING_DAY_JOB, bookingJobs } from './jobs';
export { BOOKING_SEEDS, seedBookings } from './seed';
export { bookingFilters, instantRange } from './lists';
export { bookingTravellers, bookings } from './schema';
export { bookingRef, memberRefs, visibleBookings, type BookingRow } from './store';
export { bookingWorkflow, cancelBooking } from './workflow';
export { provideCreditNoteUse } from './credit-notes';
