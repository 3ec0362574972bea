import { eq, sql } from 'drizzle-orm';
import { addDays } from '../../src/domain/calendar';
import type { CancellationStatusInput } from '../../src/api/cancellations/contract';
import { members } from '../auth/schema';
import type { AuthContext } from '../auth/session';
import { bookings, openLeadsWithEmail, seedAsOrganization, seedBooking, type BookingSpec } from '../bookings';
import type { Tx } from '../db/client';
import { createLead, leads } from '../leads';
import { expireCreditNotes, processRefund } from './credit';
import { bookingCancellations, creditNotes, refunds } from './schema';
import { quoteFor, requestCancellation } from './store';
import { decideCancellation } from './workflow';

/**
 * Demo cancellations (docs/cancellations.md "Demo data"), made through the functions the API calls,
 * so the journal, refunds, credit notes and their numbers are what real use leaves: a returning
 * customer whose first trip was cancelled (half the refundable back to the bank, processed; half as
 * a credit note) and whose second trip is paid partly with that note; a second returning customer
 * whose note paid their next trip's deposit whole (used up); another approval with its refund still
 * to process; a rejection; a request waiting for its decision; and a cancellation decided months
 * ago whose credit note was never used and expired (what was left became income). Every request is
 * made by the sales agent, decided by the owner and its refund processed by finance, on the
 * cancellation's day (today unless `daysAgo` says otherwise).
 */
type Decision =
  | {
      status: 'approved';
      /** Share of the refundable that is a credit note, in basis points. */
      creditBasisPoints: number;
      processed?: boolean;
      /** How many days the credit note is valid (365 unless said). */
      validDays?: number;
    }
  | { status: 'rejected'; comment: string };

interface CancellationSpec {
  booking: BookingSpec;
  reason: string;
  decision?: Decision;
  /** Requested and decided this many days ago (0 unless said). */
  daysAgo?: number;
}

/** A returning customer: the first booking (cancelled, with a credit note) and the later one the note pays. */
interface ReturningSpec {
  first: CancellationSpec;
  next: BookingSpec;
  /** What the credit note pays of the next booking, in basis points of the note (10,000: all of it, the note used up). */
  redeemBasisPoints: number;
}

export interface CancellationSeed {
  returning: ReturningSpec[];
  /** Other customers' cancellations. */
  others: CancellationSpec[];
}

const DEPOSIT_PAID: BookingSpec['payments'] = [{ installment: 1, method: 'bank-transfer', after: 1, outcome: 'verified' }];

export const DEMO_CANCELLATIONS: CancellationSeed = {
  returning: [
    {
      first: {
        booking: { tour: { personalized: 'Kenya Safari Adventure', departsInDays: 95 }, madeDaysAgo: 35, travellers: ['adult', 'adult'], plan: 'deposit', payments: DEPOSIT_PAID, verify: true },
        reason: 'A family wedding moved to the week of the trip; they would rather travel later in the year.',
        decision: { status: 'approved', creditBasisPoints: 5_000, processed: true },
      },
      next: { tour: { personalized: 'Oman Desert & Coast', departsInDays: 150 }, madeDaysAgo: 0, travellers: ['adult', 'adult'], plan: 'deposit', payments: [] },
      redeemBasisPoints: 6_000,
    },
    {
      first: {
        booking: { tour: { personalized: 'Dubai Classic', departsInDays: 60 }, madeDaysAgo: 40, travellers: ['adult'], plan: 'deposit', payments: DEPOSIT_PAID, verify: true },
        reason: 'Work sends the customer abroad that month; the trip is to be taken in the spring instead.',
        decision: { status: 'approved', creditBasisPoints: 10_000 },
        daysAgo: 10,
      },
      next: { tour: { personalized: 'Maldives Honeymoon', departsInDays: 120 }, madeDaysAgo: 2, travellers: ['adult', 'adult'], plan: 'deposit', payments: [] },
      redeemBasisPoints: 10_000,
    },
  ],
  others: [
    {
      booking: { tour: { personalized: 'Maldives Honeymoon', departsInDays: 80 }, madeDaysAgo: 20, travellers: ['adult', 'adult'], plan: 'deposit', payments: DEPOSIT_PAID, verify: true },
      reason: 'The wedding is called off.',
      decision: { status: 'approved', creditBasisPoints: 0 },
    },
    {
      booking: { tour: { personalized: 'Dubai Classic', departsInDays: 70 }, madeDaysAgo: 15, travellers: ['adult', 'adult'], plan: 'deposit', payments: DEPOSIT_PAID },
      reason: 'The customer found a cheaper flight with another operator.',
      decision: { status: 'rejected', comment: 'The booking is kept: a change of flights is offered instead, at no charge.' },
    },
    {
      booking: { tour: { personalized: 'Bali Island Escape', departsInDays: 65 }, madeDaysAgo: 12, travellers: ['adult'], plan: 'deposit', payments: DEPOSIT_PAID, language: 'ae' },
      reason: 'A visa could not be obtained in time.',
    },
    {
      // Decided months ago, the whole refundable as a credit note valid 60 days, never used: it expired.
      booking: { tour: { personalized: 'Paris & Rome Romance', departsInDays: -40 }, madeDaysAgo: 150, travellers: ['adult', 'adult'], plan: 'deposit', payments: DEPOSIT_PAID },
      reason: 'A broken ankle; the customer will book again once walking the cities is possible.',
      decision: { status: 'approved', creditBasisPoints: 10_000, validDays: 60 },
      daysAgo: 120,
    },
  ],
};

/** By demo organization name (server/seed.ts DEMO_ORGS). */
export const CANCELLATION_SEEDS: Record<string, CancellationSeed> = { 'Demo Travels': DEMO_CANCELLATIONS };

export async function seedCancellations(tx: Tx, organizationId: string, seed: CancellationSeed, now = new Date()): Promise<void> {
  const actors = await seedAsOrganization(tx, organizationId, now);
  const { today } = actors;
  const staff = await tx.select({ id: members.id, name: members.name, email: members.email, department: members.department }).from(members);
  const as = (email: string): AuthContext => {
    const m = staff.find((x) => x.email.startsWith(email)) ?? staff[0];
    return { ...(actors.auth as AuthContext), memberId: m.id, memberName: m.name, department: m.department, organizationId, sessionId: '', readOnly: null };
  };
  const [sales, owner, finance] = [as('sales@'), as(staff[0].email), as('finance@')];

  // In the order they were decided, so the credit notes' numbers follow their days.
  const steps = [...seed.returning.map((returning) => ({ spec: returning.first, returning })), ...seed.others.map((spec) => ({ spec, returning: undefined }))].sort(
    (a, b) => (b.spec.daysAgo ?? 0) - (a.spec.daysAgo ?? 0),
  );
  const open = await openLeadsWithEmail(tx, steps.length);
  for (const [n, { spec, returning }] of steps.entries()) {
    const booking = await seedBooking(tx, actors, open[n], spec.booking, n);
    const { creditNoteId } = await cancel(tx, { sales, owner, finance, today }, booking, spec);
    if (!returning) continue;

    // The customer comes back: a new enquiry of the same person (the same contact), booked and paid with the note.
    const [lead] = await tx.select().from(leads).where(eq(leads.id, open[n]));
    const again = await createLead(tx, { name: lead.name, email: lead.email, phone: lead.phone, regions: [], destinations: [], comment: 'Back for the trip postponed last time.' }, { actor: { id: sales.memberId, department: 'sales' }, event: 'created', contactId: lead.contactId ?? undefined });
    const [note] = await tx.select({ amount: creditNotes.amount }).from(creditNotes).where(eq(creditNotes.id, creditNoteId!));
    await seedBooking(tx, actors, again.id, {
      ...returning.next,
      payments: [{ installment: 1, method: 'credit-note', creditNoteId: creditNoteId!, amount: Math.round((note.amount * returning.redeemBasisPoints) / 10_000), after: 0, outcome: 'verified' }],
    });
  }
  // The daily job's part: notes past their last valid day expire.
  await expireCreditNotes(tx, today);
  await tx.execute(sql`reset role`);
}

/** Requests the booking's cancellation as the sales agent, then decides it as the owner (the quote's refundable split) and processes its refund as finance, as the spec says. */
async function cancel(tx: Tx, who: { sales: AuthContext; owner: AuthContext; finance: AuthContext; today: string }, bookingId: string, spec: CancellationSpec): Promise<{ creditNoteId: string | null }> {
  const today = addDays(who.today, -(spec.daysAgo ?? 0));
  const id = await requestCancellation(tx, who.sales, { bookingId, reason: spec.reason }, today);
  if (!spec.decision) return { creditNoteId: null };
  const [row] = await tx.select().from(bookingCancellations).where(eq(bookingCancellations.id, id)).for('update');
  let body: CancellationStatusInput;
  if (spec.decision.status === 'rejected') body = { status: 'rejected', comments: spec.decision.comment };
  else {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId));
    const quote = await quoteFor(tx, booking, today);
    const credit = Math.round((quote.refundable * spec.decision.creditBasisPoints) / 10_000);
    body = {
      status: 'approved',
      comments: credit ? 'Part back to the bank, part as a credit note for the next trip.' : 'Everything refundable goes back to the bank.',
      totalRefundAmount: quote.refundable,
      refundSource: 'money:bank-transfer',
      sourceAccountAmount: quote.refundable - credit,
      creditNoteAmount: credit,
      ...(credit ? { validUntil: addDays(today, spec.decision.validDays ?? 365) } : {}),
      quotedPaid: quote.paid,
    };
  }
  await decideCancellation(tx, row, { auth: who.owner, today, body });
  const [refund] = await tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.cancellationId, id));
  if (refund && spec.decision.status === 'approved' && spec.decision.processed) await processRefund(tx, who.finance, refund.id, { refundedOn: today, reference: 'OUT-DEMO-1' }, today);
  const [note] = await tx.select({ id: creditNotes.id }).from(creditNotes).where(eq(creditNotes.cancellationId, id));
  return { creditNoteId: note?.id ?? null };
}
