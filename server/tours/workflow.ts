import { eq, sql } from 'drizzle-orm';
import { customizedTourMachine, describeTourRefusal, type CustomizedTourEvent, type TourSend } from '../../src/machines/customized-tour-machine';
import type { Tx } from '../db/client';
import { logLeadEvent } from '../leads/store';
import { markLeadQuoted } from '../leads/workflow';
import { applyEvent, rowWorkflow } from '../workflow/apply-event';
import { customizedTours } from './schema';
import { freezeVersion, TOUR_RECORD, type TourRow } from './store';

/**
 * The customized tour machine's server side (docs/workflows.md, docs/tours.md): its context from
 * the database, and the named effects of its transitions. Three places are left for later issues,
 * each one function here: {@link bookingHasVerifiedPayment} (bookings), {@link deliverTourVersion}
 * (documents: the PDF and the mail) and {@link markTourBooked} (what a new booking calls).
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

/** What a send hands to delivery: the version frozen, and what the sender typed. */
export interface TourDelivery {
  tour: TourRow;
  version: number;
  send: TourSend;
  actorId: string | null;
}

/**
 * Delivers a sent version to the customer. The documents issue plugs in here: render the
 * itinerary PDF of `version` (customer view: days and selling prices, never cost or markup) in the
 * language chosen, and queue the mail with it (to, cc, subject, message) through the organization's
 * email settings, recording the send on the tour. Until then a send freezes the version, quotes the
 * lead and records who sent it to whom; nothing is mailed.
 */
export async function deliverTourVersion(_tx: Tx, _delivery: TourDelivery): Promise<void> {}

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
      await logLeadEvent(tx, row.leadId, 'tourSent', { tourId: row.id, title: row.title, version: row.version, to: sendOf(event).to ?? null }, actorId);
    },
    async deliverVersion({ tx, row, event, actorId }) {
      await deliverTourVersion(tx, { tour: row, version: row.version, send: sendOf(event), actorId });
    },
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
