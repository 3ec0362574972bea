import { eq } from 'drizzle-orm';
import { VENDOR_SERVICES, type VendorService } from '../../src/api/vendors/contract';
import { planFromPersonalized } from '../../src/domain/tour-costing';
import { priceTourLines } from '../../src/domain/tour-pricing';
import { STAY_SERVICE, stayNights } from '../../src/domain/voucher-plan';
import type { PersonalizedTourDetail } from '../../src/api/tours/personalized/contract';
import { bookingTravellers } from '../bookings';
import type { BookingRow } from '../bookings';
import type { Tx } from '../db/client';
import { tourVersion } from '../tours';

/**
 * What an operation takes from its booking's tour: the priced lines with their costs for the
 * party, as the booking was sold. A customized tour's lines are those of the version the customer
 * accepted; a personalized tour's are its lines as the booking kept them (the snapshot), costed for
 * the party the way "start from a personalized tour" costs them (planFromPersonalized). A group
 * departure is sold per seat without priced lines: it has none (its planned cost is unknown, and
 * nothing is prefilled).
 */
export interface TourCostLine {
  /** Its position in the tour's priced lines (1-based): the voucher's `tourLineId`. */
  lineId: string;
  kind: string;
  description: string;
  vendorId: string | null;
  /** The day's date, or null for a line of the whole trip. */
  date: string | null;
  /** A stay's nights: a hotels line's day and the following days kept at its hotel (null for other lines and for a line of the whole trip). */
  nights: number | null;
  cost: number;
}

export async function tourCostLines(tx: Tx, booking: BookingRow): Promise<TourCostLine[] | null> {
  if (booking.tourType === 'customized') {
    const { tour } = await tourVersion(tx, booking.tourId, booking.tourVersion!);
    return tour.lines.map((l, i) => ({
      lineId: String(i + 1),
      kind: l.kind,
      description: l.description,
      vendorId: l.vendor?._id ?? null,
      date: l.dayNumber === null ? null : (tour.days[l.dayNumber - 1]?.date ?? null),
      nights: l.kind === STAY_SERVICE && l.dayNumber !== null ? stayNights(tour.days.map((d) => ({ hotelId: d.hotel?._id ?? null })), l.dayNumber, l.hotel?._id ?? null) : null,
      cost: l.lineCost,
    }));
  }
  if (booking.tourType === 'personalized') {
    const personalized = booking.tourSnapshot as unknown as PersonalizedTourDetail;
    if (!Array.isArray(personalized.lines) || !personalized.lines.length) return null;
    const types = await tx.select({ type: bookingTravellers.type }).from(bookingTravellers).where(eq(bookingTravellers.bookingId, booking.id));
    const party = { adults: types.filter((t) => t.type === 'adult').length, children: types.filter((t) => t.type === 'child').length };
    const plan = planFromPersonalized(personalized, booking.departure, party);
    const priced = priceTourLines(
      plan.lines.map((l) => ({ ...l, kind: l.kind, quantity: l.quantity ?? 1, unitCost: l.unitCost ?? 0, markupType: l.markupType ?? 'percent', markup: l.markup ?? 0 })),
      booking.pax,
    );
    return priced.lines.map((l, i) => ({
      lineId: String(i + 1),
      kind: l.kind,
      description: l.description,
      vendorId: l.vendorId ?? null,
      date: l.dayNumber ? (plan.days[l.dayNumber - 1]?.date ?? null) : null,
      nights: l.kind === STAY_SERVICE && l.dayNumber ? stayNights(plan.days, l.dayNumber, l.hotelId ?? null) : null,
      cost: l.lineCost,
    }));
  }
  return null;
}

/** The tour's planned cost for the booking's party: its lines' costs; null when it has no priced lines. */
export async function plannedCostOf(tx: Tx, booking: BookingRow): Promise<number | null> {
  const lines = await tourCostLines(tx, booking);
  return lines === null ? null : lines.reduce((sum, l) => sum + l.cost, 0);
}

export const isService = (kind: string): kind is VendorService => (VENDOR_SERVICES as readonly string[]).includes(kind);
