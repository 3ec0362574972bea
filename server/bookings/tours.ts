import type { TourType } from '../../src/api/bookings/contract';
import type { TravellerPrices } from '../../src/api/tours/package-plan';
import { addDays, priceOfTravellers, type TravellerKind } from '../../src/domain/installment-plan';
import type { Tx } from '../db/client';
import { ApiError, conflict, invalidField } from '../http/errors';
import { groupTourDetail } from '../tours/departures';
import { packageSnapshot } from '../tours/packages';
import { reserveSeats } from '../tours/seats';

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
  /** Price per person by traveller type, when the tour is priced so (packages, departures). */
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

/** The tour a new booking is made from, priced for its travellers; refusals name the field. */
export async function bookedTour(tx: Tx, request: TourRequest, today: string): Promise<BookedTour> {
  switch (request.tourType) {
    case 'personalized': {
      const pkg = await orUnknown(packageSnapshot(tx, request.tourId), 'personalized tour');
      if (!pkg.isPublished) throw conflict('This package is a draft: publish it before booking it', 'TOUR_NOT_BOOKABLE', { reason: 'unpublished' });
      const departure = request.departure!;
      if (departure < today) throw invalidField('departure', 'inPast', 'must not be in the past');
      return {
        title: pkg.title,
        departure,
        arrival: addDays(departure, pkg.totalNights),
        regions: pkg.regions.map((r) => r._id),
        destinations: pkg.destinations.map((d) => d._id),
        prices: pkg.pricePerPerson,
        grandTotal: priceOfTravellers(pkg.pricePerPerson, request.travellers),
        currency: pkg.currency,
        snapshot: pkg as unknown as Record<string, unknown>,
        lines: perPersonLines(pkg.title, pkg.pricePerPerson, request.travellers),
      };
    }
    case 'group': {
      const tour = await orUnknown(groupTourDetail(tx, request.tourId), 'group tour');
      if (tour.departure < today) throw conflict('This departure has left already', 'TOUR_NOT_BOOKABLE', { reason: 'departed' });
      return {
        title: tour.title,
        departure: tour.departure,
        arrival: tour.arrival,
        regions: tour.regions.map((r) => r._id),
        destinations: tour.destinations.map((d) => d._id),
        prices: tour.pricePerPerson,
        grandTotal: priceOfTravellers(tour.pricePerPerson, request.travellers),
        currency: tour.currency,
        snapshot: tour as unknown as Record<string, unknown>,
        lines: perPersonLines(tour.title, tour.pricePerPerson, request.travellers),
      };
    }
    case 'customized':
      return customizedTourForBooking(tx, request.tourId, request.tourVersion!, today);
  }
}

/**
 * What booking does to the tour, in the booking's transaction: a departure's seats are taken (the
 * database refuses more than its capacity, 409 `SEATS_UNAVAILABLE`); a customized tour is BOOKed
 * with the version the customer accepted.
 */
export async function bookTour(tx: Tx, request: TourRequest, bookingId: string, actorId: string | null): Promise<void> {
  if (request.tourType === 'group') await reserveSeats(tx, request.tourId, request.travellers.length);
  if (request.tourType === 'customized') await markCustomizedTourBooked(tx, request.tourId, bookingId, request.tourVersion!, actorId);
}

// ---------- customized tours: where the tours-custom branch plugs in ----------

/**
 * THE PLACE FOR CUSTOMIZED TOURS (branch tours-custom, not on main yet). When it lands, read the
 * tour's sent version (`tourVersion(tx, tourId, version)` of server/tours/store.ts, 404 → 400 on
 * `tourId`; a version that is not the one sent last is the BOOK guard's 409) and answer: its
 * dates, places, `totals.sell` as the grand total (the selling total of src/domain/tour-pricing.ts,
 * never cost or markup), the version's snapshot, and its customer lines (selling prices). Until
 * then a customized tour cannot be booked: 409 `TOUR_NOT_BOOKABLE`, nothing written.
 */
export async function customizedTourForBooking(_tx: Tx, _tourId: string, _version: number, _today: string): Promise<BookedTour> {
  throw conflict('Customized tours can be booked once the customized tours module is installed', 'TOUR_NOT_BOOKABLE', { reason: 'customizedUnavailable' });
}

/** The customized tour's BOOK (`markTourBooked(tx, tourId, bookingId, version, actorId)` of server/tours/workflow.ts on tours-custom). */
export async function markCustomizedTourBooked(_tx: Tx, _tourId: string, _bookingId: string, _version: number, _actorId: string | null): Promise<void> {
  throw conflict('Customized tours can be booked once the customized tours module is installed', 'TOUR_NOT_BOOKABLE', { reason: 'customizedUnavailable' });
}
