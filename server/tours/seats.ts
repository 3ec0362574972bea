import { and, eq, gte, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { conflict, notFound } from '../http/errors';
import { groupTours } from './plan-schema';

/**
 * Seats of a group departure: the only code that moves `seats_taken`. The bookings issue calls
 * `reserveSeats` in the transaction that creates a booking and `releaseSeats` in the one that
 * cancels it, so seats and bookings commit or roll back together.
 *
 * Overselling is refused by the database, not by a read-then-write: one conditional UPDATE adds
 * the seats only while they fit and the sales are open (concurrent callers queue on the row and
 * each re-checks against the committed count), and the CHECK `seats_taken between 0 and capacity`
 * stands behind it for any other writer.
 */

export interface Seats {
  capacity: number;
  seatsTaken: number;
  seatsFree: number;
}

function assertCount(n: number) {
  // A programming error, not a request's: the caller counts travellers.
  if (!Number.isInteger(n) || n < 1) throw new Error(`seats must be a positive whole number, not ${n}`);
}

const seatsReturned = { capacity: groupTours.capacity, seatsTaken: groupTours.seatsTaken };
const withFree = (r: { capacity: number; seatsTaken: number }): Seats => ({ ...r, seatsFree: r.capacity - r.seatsTaken });

/**
 * Takes `n` seats on departure `tourId`; answers the seats after it. 404 for a departure the
 * organization does not have; 409 `SALES_CLOSED` when staff closed its sales; 409
 * `SEATS_UNAVAILABLE` naming how many are free (`params: { free, requested }`) when `n` do not fit.
 */
export async function reserveSeats(tx: Tx, tourId: string, n: number): Promise<Seats> {
  assertCount(n);
  const [taken] = await tx
    .update(groupTours)
    .set({ seatsTaken: sql`${groupTours.seatsTaken} + ${n}`, updatedAt: sql`now()` })
    .where(and(eq(groupTours.id, tourId), eq(groupTours.salesClosed, false), sql`${groupTours.seatsTaken} + ${n} <= ${groupTours.capacity}`))
    .returning(seatsReturned);
  if (taken) return withFree(taken);
  // Refused: say why, from the row as it now is.
  const [now] = await tx.select({ ...seatsReturned, salesClosed: groupTours.salesClosed }).from(groupTours).where(eq(groupTours.id, tourId));
  if (!now) throw notFound('Group tour');
  if (now.salesClosed) throw conflict('Sales are closed for this departure', 'SALES_CLOSED');
  const free = now.capacity - now.seatsTaken;
  throw conflict(`Only ${free} ${free === 1 ? 'seat is' : 'seats are'} free on this departure; ${n} requested`, 'SEATS_UNAVAILABLE', { free, requested: n });
}

/** Gives back `n` seats (a cancelled booking); 409 `CONFLICT` if fewer than `n` are taken (a booking released twice). */
export async function releaseSeats(tx: Tx, tourId: string, n: number): Promise<Seats> {
  assertCount(n);
  const [left] = await tx
    .update(groupTours)
    .set({ seatsTaken: sql`${groupTours.seatsTaken} - ${n}`, updatedAt: sql`now()` })
    .where(and(eq(groupTours.id, tourId), gte(groupTours.seatsTaken, n)))
    .returning(seatsReturned);
  if (left) return withFree(left);
  const [now] = await tx.select(seatsReturned).from(groupTours).where(eq(groupTours.id, tourId));
  if (!now) throw notFound('Group tour');
  // A booking given back twice: a programming error the caller must see, not a person's.
  throw conflict(`Only ${now.seatsTaken} seats are taken on this departure; ${n} cannot be given back`, 'CONFLICT', { taken: now.seatsTaken, requested: n });
}
