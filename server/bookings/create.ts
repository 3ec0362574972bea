import { and, eq } from 'drizzle-orm';
import type { CancellationTier, CreateBookingInput } from '../../src/api/bookings/contract';
import { inDueOrder, planProblems } from '../../src/domain/installment-plan';
import { bookingMachine } from '../../src/machines/booking-machine';
import { initialState } from '../../src/machines/workflow';
import type { AuthContext } from '../auth/session';
import type { Tx } from '../db/client';
import { ApiError, invalidField, issue } from '../http/errors';
import { leads, markLeadBooked, visibleLeads } from '../leads';
import { moduleSettings } from '../admin';
import { bookingInstallments, bookingTravellers, bookings } from './schema';
import { logBookingEvent } from './store';
import { bookTour, bookedTour } from './tours';

/**
 * `POST /bookings` in one transaction (SPEC workflow 2): the lead (one the caller may see, still
 * open), the tour priced for the travellers by the server, the plan checked against that total and
 * the organization's today, then the booking, its travellers and installments, the tour booked (a
 * departure's seats, a customized tour's BOOK) and the lead won — all or nothing.
 */
export async function createBooking(tx: Tx, auth: Pick<AuthContext, 'memberId' | 'role'>, input: CreateBookingInput, today: string): Promise<string> {
  // Locked now: booking it wins it below (markLeadBooked), in this transaction.
  const [lead] = await tx
    .select()
    .from(leads)
    .where(and(eq(leads.id, input.leadId), visibleLeads(auth as AuthContext)))
    .for('update');
  if (!lead) throw invalidField('leadId', 'unknownReference', 'is not a known lead', { kind: 'lead' });

  let tour: Awaited<ReturnType<typeof bookedTour>>;
  try {
    tour = await bookedTour(tx, auth as AuthContext, input, today);
  } catch (error) {
    // A price beyond what can be counted exactly (prices stored before amounts were bounded, times the party) is the party's 400, not a 500.
    if (error instanceof RangeError) throw invalidField('travellers', 'tooLarge', 'price the booking beyond what can be counted exactly (2^53 − 1 minor units)', { max: Number.MAX_SAFE_INTEGER });
    throw error;
  }
  const plan = inDueOrder(input.installments);
  const problems = planProblems(plan, { total: tour.grandTotal, today, departure: tour.departure });
  if (problems.length) {
    // Named by the place each installment was sent in, not its place by due date.
    const sentIndex = (p: (typeof plan)[number]) => input.installments.indexOf(p);
    const issues = problems.map((p) => {
      if (p.kind === 'sum') return issue('installments', 'planTotal', `must add up to the grand total of ${p.total}; they add up to ${p.sum}`, { total: p.total, sum: p.sum });
      const i = sentIndex(plan[Number(p.path.split('.')[1])]);
      if (p.kind === 'inPast') return issue(`installments.${i}.dueDate`, 'inPast', 'must not be in the past');
      if (p.kind === 'afterDeparture') return issue(`installments.${i}.dueDate`, 'afterDeparture', `must not be after the departure (${tour.departure})`, { departure: tour.departure });
      return issue(`installments.${i}.amount`, 'tooSmall', 'must be at least 1', { min: 1 });
    });
    throw new ApiError(400, 'VALIDATION_FAILED', issues.map((i) => `${i.path} ${i.message}`).join('; '), issues);
  }

  const [booking] = await tx
    .insert(bookings)
    .values({
      tourType: input.tourType,
      tourId: input.tourId,
      tourVersion: input.tourVersion ?? null,
      tourTitle: tour.title,
      tourSnapshot: { ...tour.snapshot, invoiceLines: tour.lines },
      leadId: lead.id,
      customerName: lead.name,
      customerEmail: lead.email,
      customerPhone: lead.phone,
      language: input.language ?? 'en',
      convertedBy: lead.assignedTo ?? auth.memberId,
      createdBy: auth.memberId,
      status: initialState(bookingMachine),
      regions: tour.regions,
      destinations: tour.destinations,
      departure: tour.departure,
      arrival: tour.arrival,
      pax: input.pax,
      priceAdult: tour.prices?.adult ?? null,
      priceChild: tour.prices?.child ?? null,
      priceInfant: tour.prices?.infant ?? null,
      grandTotal: tour.grandTotal,
      currency: tour.currency,
      // What booking_first_open_due_refresh keeps (0043), written with the row: every installment is
      // open when booked, so the trigger of their insert finds it right and does not update the booking.
      firstOpenDue: plan[0]?.dueDate ?? null,
      ...(await policyColumns(tx)),
    })
    .returning({ id: bookings.id });
  await tx.insert(bookingTravellers).values(
    input.travellers.map((t, i) => ({
      bookingId: booking.id,
      position: i + 1,
      name: t.name ?? null,
      type: t.type,
      dateOfBirth: t.dateOfBirth ?? null,
      passportNumber: t.passportNumber ?? null,
      passportExpiry: t.passportExpiry ?? null,
      nationality: t.nationality ?? null,
    })),
  );
  if (plan.length) await tx.insert(bookingInstallments).values(plan.map((p, i) => ({ bookingId: booking.id, position: i + 1, dueDate: p.dueDate, amount: p.amount })));
  await bookTour(tx, input, booking.id, auth.memberId);
  await markLeadBooked(tx, lead.id, booking.id, auth.memberId, lead);
  await logBookingEvent(tx, booking.id, 'created', { tourType: input.tourType, tourId: input.tourId, grandTotal: tour.grandTotal, installments: plan.length }, auth.memberId);
  return booking.id;
}

/**
 * The organization's cancellation policy (Configurations → Cancellations), copied onto each new
 * booking (SPEC workflow 4: the tiers and flat fee it was sold under, whatever changes later).
 */
const policyColumns = async (tx: Tx) => {
  const { tiers, flatFee } = await organizationCancellationPolicy(tx);
  return { cancellationPolicy: tiers, cancellationFlatFee: flatFee };
};

export async function organizationCancellationPolicy(tx: Tx): Promise<{ tiers: CancellationTier[]; flatFee: number }> {
  const { tiers, flatFee } = await moduleSettings(tx, 'cancellations');
  return { tiers: [...tiers].sort((a, b) => b.daysBeforeDeparture - a.daysBeforeDeparture), flatFee };
}
