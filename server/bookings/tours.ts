import { and, eq } from 'drizzle-orm';
import type { TourType } from '../../src/api/bookings/contract';
import type { TravellerPrices } from '../../src/api/tours/tour-plan';
import type { TourVersion } from '../../src/api/tours/customized/contract';
import { addDays } from '../../src/domain/calendar';
import { priceOfTravellers, type TravellerKind } from '../../src/domain/installment-plan';
import type { Tx } from '../db/client';
import { ApiError, conflict, invalidField } from '../http/errors';
import { groupTourDetail, personalizedSnapshot, customizedTours, reserveSeats, tourVersion, visibleTours, markTourBooked } from '../tours';
import { leads } from '../leads';
import type { AuthContext } from '../auth/session';

/**
 * What a booking takes from its tour (SPEC workflow 2: "a grand total computed by the server from
 * the tour, never typed by the client"): the dates, places, prices and the copy kept on the
 * booking, and what booking it does to the tour (a departure's seats, a customized tour's BOOK).
 */
export interface BookedTour {
  title: string;
  departure: string;
  arrival: string;
  regions: string[];
  destinations: string[];
  /** Price per person by traveller type, when the tour is priced so (personalized tours, departures). */
  prices: TravellerPrices | null;
  grandTotal: number;
  currency: string;
  /** The tour as it is now, kept on the booking whatever is edited later. */
  snapshot: Record<string, unknown>;
  /** The customer-facing lines of its invoice: what was sold, at selling prices. */
  lines: { description: string; quantity: number; unitPrice: number; amount: number }[];
}

export interface TourRequest {
  tourType: TourType;
  tourId: string;
  tourVersion?: number;
  departure?: string;
  leadId: string;
  travellers: { type: TravellerKind }[];
}

const unknownTour = (kind: string) => invalidField('tourId', 'unknownReference', `is not a known ${kind}`, { kind });

/** 404 from a tour's reader means "not this organization's tour": said on the field, like any reference. */
async function orUnknown<T>(read: Promise<T>, kind: string): Promise<T> {
  try {
    return await read;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw unknownTour(kind);
    throw err;
  }
}

const TYPE_LABEL: Record<TravellerKind, string> = { adult: 'Adult', child: 'Child', infant: 'Infant' };

/** The invoice lines of a tour sold per person: one line per traveller type in the party. */
function perPersonLines(title: string, prices: TravellerPrices, travellers: { type: TravellerKind }[]): BookedTour['lines'] {
  return (['adult', 'child', 'infant'] as const)
    .map((type) => ({ type, quantity: travellers.filter((t) => t.type === type).length }))
    .filter((l) => l.quantity > 0)
    .map(({ type, quantity }) => ({ description: `${title}: ${TYPE_LABEL[type]}`, quantity, unitPrice: prices[type], amount: prices[type] * quantity }));
}

/** A package sold per person (a personalized or a group tour), priced for the party: everything of the booked tour but its dates. */
interface PerPersonTour {
  title: string;
  regions: { _id: string }[];
  destinations: { _id: string }[];
  pricePerPerson: TravellerPrices;
  currency: string;
}
function soldPerPerson(tour: PerPersonTour, travellers: { type: TravellerKind }[]): Omit<BookedTour, 'departure' | 'arrival'> {
  return {
    title: tour.title,
    regions: tour.regions.map((r) => r._id),
    destinations: tour.destinations.map((d) => d._id),
    prices: tour.pricePerPerson,
    grandTotal: priceOfTravellers(tour.pricePerPerson, travellers),
    currency: tour.currency,
    snapshot: tour as unknown as Record<string, unknown>,
    lines: perPersonLines(tour.title, tour.pricePerPerson, travellers),
  };
}

/** The tour a new booking is made from, priced for its travellers; refusals name the field. */
export async function bookedTour(tx: Tx, auth: AuthContext, request: TourRequest, today: string): Promise<BookedTour> {
  switch (request.tourType) {
    case 'personalized': {
      const personalized = await orUnknown(personalizedSnapshot(tx, request.tourId), 'personalized tour');
      if (!personalized.isPublished) throw conflict('This package is a draft: publish it before booking it', 'TOUR_NOT_BOOKABLE', { reason: 'unpublished' });
      const departure = request.departure!;
      if (departure < today) throw invalidField('departure', 'inPast', 'must not be in the past');
      return { ...soldPerPerson(personalized, request.travellers), departure, arrival: addDays(departure, personalized.totalNights) };
    }
    case 'group': {
      const tour = await orUnknown(groupTourDetail(tx, request.tourId), 'group tour');
      if (tour.departure < today) throw conflict('This departure has left already', 'TOUR_NOT_BOOKABLE', { reason: 'departed' });
      return { ...soldPerPerson(tour, request.travellers), departure: tour.departure, arrival: tour.arrival };
    }
    case 'customized':
      return customizedTourForBooking(tx, auth, request.tourId, request.tourVersion!, request.leadId, request.travellers.length, today);
  }
}

/**
 * What booking does to the tour, in the booking's transaction: a departure's seats are taken (the
 * database refuses more than its capacity, 409 `SEATS_UNAVAILABLE`); a customized tour is BOOKed
 * with the version the customer accepted.
 */
export async function bookTour(tx: Tx, request: TourRequest, bookingId: string, actorId: string | null): Promise<void> {
  if (request.tourType === 'group') await reserveSeats(tx, request.tourId, request.travellers.length);
  if (request.tourType === 'customized') await markTourBooked(tx, request.tourId, bookingId, request.tourVersion!, actorId);
}

// ---------- customized tours ----------

/**
 * A customized tour is booked from the version the customer was sent (SPEC workflow 6): its dates,
 * places and selling total as sent, whatever was edited since, for the party it was priced for.
 * Only its selling figures are kept on the booking (the customer bought a price, not our costs).
 * A version that is not the one sent last, or a tour not `sent`, is the BOOK guard's 409.
 * A tour the caller may not see (another agent's lead, under "own" visibility) is answered as one
 * that does not exist: the answer never tells that it does (issue 26).
 */
export async function customizedTourForBooking(tx: Tx, auth: AuthContext, tourId: string, version: number, leadId: string, pax: number, today: string): Promise<BookedTour> {
  const [row] = await tx
    .select({ leadId: customizedTours.leadId })
    .from(customizedTours)
    .innerJoin(leads, eq(leads.id, customizedTours.leadId))
    .where(and(eq(customizedTours.id, tourId), visibleTours(auth)));
  if (!row) throw unknownTour('customized tour');
  if (row.leadId !== leadId) throw conflict("This tour was made for another lead: book it for that lead's customer", 'TOUR_NOT_BOOKABLE', { reason: 'otherLead' });
  let sent: TourVersion;
  try {
    sent = await tourVersion(tx, tourId, version);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw invalidField('tourVersion', 'unknownReference', 'is not a version this tour was sent in', { kind: 'version' });
    throw err;
  }
  const tour = sent.tour;
  if (tour.departure < today) throw conflict('This tour has left already', 'TOUR_NOT_BOOKABLE', { reason: 'departed' });
  const party = tour.adults + tour.children + tour.infants;
  if (pax !== party) throw invalidField('pax', 'oneOf', `must be the party the tour was priced for (${party})`, { values: [party] });
  const lines = tour.lines.map((l) => ({ description: l.description, quantity: l.quantity, unitPrice: l.unitPrice, amount: l.lineSell }));
  return {
    title: tour.title,
    departure: tour.departure,
    arrival: tour.arrival,
    regions: tour.regions.map((r) => r._id),
    destinations: tour.destinations.map((d) => d._id),
    prices: null,
    grandTotal: tour.totals.sell,
    currency: tour.currency,
    snapshot: {
      _id: tour._id,
      title: tour.title,
      version,
      departure: tour.departure,
      arrival: tour.arrival,
      totalNights: tour.totalNights,
      regions: tour.regions,
      destinations: tour.destinations,
      adults: tour.adults,
      children: tour.children,
      infants: tour.infants,
      currency: tour.currency,
      totalSell: tour.totals.sell,
      notes: tour.notes,
      days: tour.days,
    },
    lines,
  };
}
