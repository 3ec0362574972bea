import { and, eq, inArray } from 'drizzle-orm';
import { addDays } from '../../src/domain/calendar';
import { customizedTourPaths, type CustomizedTourDetail } from '../../src/api/tours/customized/contract';
import { customizedTourMachine, describeTourRefusal } from '../../src/machines/customized-tour-machine';
import { snapshotOf } from '../../src/machines/workflow';
import { moduleSettings } from '../admin';
import { hotels } from '../catalogue';
import type { Tx } from '../db/client';
import { organizationTimeZone, todayIn } from '../db/clock';
import { documentRoutes, fill, itineraryTemplate, type ItineraryData, type TourDocumentContact } from '../documents';
import type { RecordDocument } from '../documents';
import { ApiError, notFound } from '../http/errors';
import { allow } from '../http/route';
import { leads } from '../leads';
import { applyEventTo, TRANSITION_REFUSED } from '../workflow/apply-event';
import { tourContact } from './plan';
import { customizedTours } from './schema';
import { lockVisibleTour, TOUR_RECORD, tourDetail, visibleTours } from './store';
import { tourWorkflow } from './workflow';

/** The stars of the tour's hotels (the tour names them by reference; the itinerary prints the stars). */
async function hotelStars(tx: Tx, ids: string[]) {
  if (!ids.length) return new Map<string, number>();
  const rows = await tx.select({ id: hotels.id, stars: hotels.stars }).from(hotels).where(inArray(hotels.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.stars]));
}

/**
 * What the customer is told is included: the stays, activities and transfers of the plan, by name
 * and once each (their prices are in the summary), then the organization's standard inclusions.
 */
function includedServices(tour: CustomizedTourDetail, standard: string[]) {
  const planned = tour.days.flatMap((d) => [d.hotel ? [d.hotel.name, d.roomType ? `(${d.roomType})` : ''].filter(Boolean).join(' ') : '', ...d.activities.map((a) => a.name), d.transfers ?? '']);
  return [...new Set([...planned, ...standard].map((x) => x.trim()).filter(Boolean))];
}

/**
 * A customized tour as its itinerary shows it: the plan, the travellers and the SELLING prices
 * (each line's price, the total and the price per person). Nothing of a line's cost, markup or
 * margin is copied, and the renderer refuses a customer document whose data has such a key.
 */
export function itineraryData(
  tour: CustomizedTourDetail,
  extra: { contact: TourDocumentContact | null; stars: Map<string, number>; validUntil: string | null; inclusions: string[]; exclusions: string[] },
): ItineraryData {
  return {
    title: tour.title,
    version: tour.version,
    customer: tour.lead.name,
    departure: tour.departure,
    arrival: tour.arrival,
    nights: tour.totalNights,
    travellers: { adults: tour.adults, children: tour.children, infants: tour.infants },
    destinations: tour.destinations.map((d) => d.name),
    contact: extra.contact,
    days: tour.days.map((d) => ({
      dayNumber: d.dayNumber,
      date: d.date,
      destination: d.destination.name,
      hotel: d.hotel ? { name: d.hotel.name, stars: extra.stars.get(d.hotel._id) ?? null, roomType: d.roomType } : null,
      activities: d.activities.map((a) => a.name),
      transfers: d.transfers,
      meals: d.meals,
      notes: d.notes,
    })),
    inclusions: includedServices(tour, extra.inclusions),
    exclusions: extra.exclusions,
    price: {
      currency: tour.currency,
      lines: tour.lines.map((l) => ({ description: l.description, amount: l.lineSell })),
      total: tour.totals.sell,
      perPerson: tour.totals.pricePerPerson ?? 0,
    },
    validUntil: extra.validUntil,
  };
}

/** The tour's itinerary as the caller may see it (404 otherwise): the draft being built, or the version sent last. */
async function loadItinerary(tx: Tx, id: string, auth: Parameters<typeof visibleTours>[0]): Promise<RecordDocument<ItineraryData>> {
  const [visible] = await tx
    .select({ id: customizedTours.id })
    .from(customizedTours)
    .innerJoin(leads, eq(leads.id, customizedTours.leadId))
    .where(and(eq(customizedTours.id, id), visibleTours(auth)));
  if (!visible) throw notFound(TOUR_RECORD);
  const tour = await tourDetail(tx, visible.id);
  const settings = await moduleSettings(tx, 'customizedTours');
  const today = await todayIn(tx, await organizationTimeZone(tx));
  const data = itineraryData(tour, {
    contact: await tourContact(tx, tour.pointOfContact),
    stars: await hotelStars(tx, tour.days.flatMap((d) => (d.hotel ? [d.hotel._id] : []))),
    // A sent tour's quote runs from the day it was sent; a draft's from today.
    validUntil: addDays(tour.status === 'draft' ? today : (tour.versions[0]?.sentAt.slice(0, 10) ?? today), settings.quoteValidityDays),
    inclusions: settings.inclusions,
    exclusions: settings.exclusions,
  });
  return {
    recordType: 'customized-tour',
    recordId: tour._id,
    recordLabel: tour.title,
    version: tour.version,
    template: itineraryTemplate,
    data,
    email: (s, organization) => ({
      subject: fill(s.email.itinerarySubject, { title: tour.title, organization }),
      message: settings.emailMessage ? fill(settings.emailMessage, { name: tour.lead.name, title: tour.title, organization }) : fill(s.email.itineraryMessage, { name: tour.lead.name, organization }),
    }),
  };
}

/**
 * The itinerary of a customized tour: `GET /customized-tours/{id}/pdf?lang=`, `GET …/sends` and
 * `POST …/send`, which is also the tour's SEND (docs/tours.md, "Sending"): in one transaction the
 * tour is locked and must be a draft (409 otherwise, before anything is rendered), the PDF of the
 * version being sent is rendered and the email queued (or kept in the outbox), then SEND goes
 * through the tour's machine: the version is frozen with what was sent, the lead is quoted through
 * its own machine and its timeline names the email.
 */
export const itineraryRoutes = documentRoutes({
  endpoints: customizedTourPaths.itinerary,
  read: allow('customizedTours', 'view'),
  send: allow('customizedTours', 'update'),
  async beforeSend(tx, { id }, auth) {
    const row = await lockVisibleTour(tx, auth, id);
    const snapshot = snapshotOf(customizedTourMachine, row.status, { version: row.version, bookingHasVerifiedPayment: false });
    if (!snapshot.can({ type: 'SEND' })) {
      throw new ApiError(409, TRANSITION_REFUSED, describeTourRefusal(row.status, { type: 'SEND' }), undefined, undefined, { state: row.status, event: 'SEND' });
    }
  },
  load: (tx, { id }, auth) => loadItinerary(tx, id, auth),
  async afterSend(tx, { id }, send, auth) {
    const row = await lockVisibleTour(tx, auth, id);
    await applyEventTo(
      tx,
      tourWorkflow,
      row,
      { type: 'SEND', to: send.to.join(', '), cc: send.cc, subject: send.subject, message: send.message, sendId: send._id },
      undefined,
      { actorId: auth.memberId },
    );
  },
});
