import { eq, sql } from 'drizzle-orm';
import { customizedTourMachine, describeTourRefusal, type CustomizedTourEvent, type TourSend } from '../../src/machines/customized-tour-machine';
import type { Tx } from '../db/client';
import { logLeadEvent, markLeadQuoted } from '../leads';
import { applyEvent, rowWorkflow } from '../workflow/apply-event';
import { customizedTours } from './schema';
import { freezeVersion, TOUR_RECORD } from './store';

/**
 * The customized tour machine's server side (docs/workflows.md, docs/tours.md): its context from
 * the database, and the named effects of its transitions. Two places are left for the bookings
 * issue, each one function here: {@link bookingHasVerifiedPayment} and {@link markTourBooked} (what
 * a new booking calls). SEND comes from the itinerary's send (server/tours/itinerary.ts).
 */

/**
 * Whether the booking of a booked tour has a verified payment: while it has none, the tour may go
 * back to draft (SPEC workflow 6). Read from the booking's paid amount (kept by the database from
 * verified payments only), by table name, so the tours area does not import the bookings area that
 * imports it (docs/bookings.md).
 */
export async function bookingHasVerifiedPayment(tx: Tx, bookingId: string | null): Promise<boolean> {
  if (!bookingId) return false;
  const { rows } = await tx.execute<{ paid: boolean }>(sql`select paid_amount > 0 as paid from bookings where id = ${bookingId}`);
  return rows[0]?.paid ?? false;
}

export const tourWorkflow = rowWorkflow({
  machine: customizedTourMachine,
  table: customizedTours,
  recordName: TOUR_RECORD,
  contextOf: async (tx, row) => ({ version: row.version, bookingHasVerifiedPayment: await bookingHasVerifiedPayment(tx, row.bookingId) }),
  refusal: describeTourRefusal,
  effects: {
    async freezeVersion({ tx, row, event, actorId }) {
      await freezeVersion(tx, row, sendOf(event), actorId);
    },
    async quoteLead({ tx, row, event, actorId }) {
      await markLeadQuoted(tx, row.leadId, actorId, { tourId: row.id });
      const send = sendOf(event);
      await logLeadEvent(tx, row.leadId, 'tourSent', { tourId: row.id, title: row.title, version: row.version, to: send.to ?? null, ...(send.sendId ? { sendId: send.sendId } : {}) }, actorId);
    },
    // The itinerary's send renders the PDF and queues the email before it applies SEND (the event
    // carries the email's id for the timeline), in the same transaction: nothing is left to do here.
    // SEND applied without it (the demo data) freezes and quotes, and mails nothing.
    async deliverVersion() {},
    async startNextVersion({ tx, row }) {
      await tx
        .update(customizedTours)
        .set({ version: sql`${customizedTours.version} + 1`, revision: sql`${customizedTours.revision} + 1` })
        .where(eq(customizedTours.id, row.id));
    },
    async recordBooking({ tx, row, event }) {
      if (event.type !== 'BOOK') return;
      await tx.update(customizedTours).set({ bookingId: event.bookingId, bookedVersion: event.version }).where(eq(customizedTours.id, row.id));
    },
    async releaseBooking({ tx, row }) {
      await tx.update(customizedTours).set({ bookingId: null, bookedVersion: null }).where(eq(customizedTours.id, row.id));
    },
  },
});

function sendOf(event: CustomizedTourEvent): TourSend {
  if (event.type !== 'SEND') return {};
  const { type: _type, ...send } = event;
  return send;
}

/**
 * A tour is booked when a booking is created for it (SPEC workflow 6): the bookings issue calls
 * this in the booking's transaction, with the version the customer accepted. The machine accepts it
 * only for a sent tour and the version sent last (409 otherwise, and the booking is not made).
 */
export async function markTourBooked(tx: Tx, tourId: string, bookingId: string, version: number, actorId: string | null = null) {
  return applyEvent(tx, tourWorkflow, tourId, { type: 'BOOK', bookingId, version }, undefined, { actorId });
}

/** Releases a booked tour's final itinerary (PUBLISH, as its route applies it): the demo's published tour. */
export async function publishTour(tx: Tx, tourId: string, actorId: string | null = null) {
  return applyEvent(tx, tourWorkflow, tourId, { type: 'PUBLISH' }, undefined, { actorId });
}
