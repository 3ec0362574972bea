import { and, asc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Locale } from '../../src/api/admin/members/contract';
import type { BookingPaymentMethod } from '../../src/api/bookings/contract';
import type { PaymentMethod } from '../../src/api/finance/contract';
import { addDays, dateIn } from '../../src/domain/calendar';
import { depositPlan, equalPlan, type TravellerKind } from '../../src/domain/installment-plan';
import { members } from '../auth/schema';
import type { AuthContext } from '../auth/session';
import { TENANT_ROLE, type Tx } from '../db/client';
import { organizationTimeZone } from '../db/clock';
import { leads } from '../leads';
import { OPEN_LEAD_STATES } from '../../src/machines/lead-machine';
import { customizedTours, groupTours, personalizedTours, publishTour, tourVersion } from '../tours';
import { createBooking } from './create';
import { generateInvoice } from './invoices';
import { submitPayment } from './payments';
import { bookings } from './schema';
import { applyBookingEvent, completeBooking, decidePayment } from './workflow';

/**
 * Demo bookings across states and tour types, made through the same functions as the API (so the
 * journal, receipts, allocations, seats and leads are what real use leaves): trips that took place
 * (completed, invoiced and paid, invoiced and overdue, awaiting their invoice), verified ones
 * collecting their balance, new ones with a deposit to verify, a bounced cheque, overdue
 * installments. Dated relative to the first start; a booking "made" in the past is made with that
 * day as its today.
 */
interface PaymentSpec {
  /** The installment it pays (1-based), or a share of it, or exactly `amount`. */
  installment: number;
  share?: number;
  amount?: number;
  method: BookingPaymentMethod;
  /** The credit note a `credit-note` payment uses. */
  creditNoteId?: string;
  /** Days after the booking was made. */
  after: number;
  outcome: 'verified' | 'failed' | 'submitted';
}

export interface BookingSpec {
  /** A customized tour: the next sent one still to leave, booked for its lead and party (the travellers given are not used), its itinerary published when said. */
  tour: { personalized: string; departsInDays: number } | { departure: string } | { customized: 'booked' | 'published' };
  /** The customer's language (English unless said). */
  language?: Locale;
  madeDaysAgo: number;
  travellers: TravellerKind[];
  unnamed?: number;
  plan: 'deposit' | 'three';
  payments: PaymentSpec[];
  verify?: true;
  /** Issue the invoice this many days ago (after the trip ended). */
  invoiceDaysAgo?: number;
}

export interface BookingSeed {
  bookings: BookingSpec[];
}

const P = (installment: number, method: PaymentMethod, after: number, outcome: PaymentSpec['outcome'] = 'verified', share?: number): PaymentSpec => ({ installment, method, after, outcome, share });

export const DEMO_BOOKINGS: BookingSeed = {
  bookings: [
    { tour: { personalized: 'Dubai Classic', departsInDays: -90 }, madeDaysAgo: 150, travellers: ['adult', 'adult'], plan: 'deposit', payments: [P(1, 'card', 0), P(2, 'bank-transfer', 25)], verify: true, invoiceDaysAgo: 80 },
    { tour: { personalized: 'Maldives Honeymoon', departsInDays: -70 }, madeDaysAgo: 120, travellers: ['adult', 'adult'], plan: 'deposit', payments: [P(1, 'bank-transfer', 1), P(2, 'bank-transfer', 30, 'verified', 0.5)], verify: true, invoiceDaysAgo: 60 },
    { tour: { personalized: 'Oman Desert & Coast', departsInDays: -40 }, madeDaysAgo: 100, travellers: ['adult', 'adult', 'child'], plan: 'three', payments: [P(1, 'bank-transfer', 0), P(2, 'card', 15), P(3, 'online', 28)], verify: true },
    { tour: { personalized: 'Kenya Safari Adventure', departsInDays: -20 }, madeDaysAgo: 80, travellers: ['adult', 'adult', 'adult'], plan: 'deposit', payments: [P(1, 'cash', 0)], verify: true },
    { tour: { departure: 'Kenya Great Migration Safari' }, madeDaysAgo: 25, travellers: ['adult', 'adult'], plan: 'deposit', payments: [P(1, 'bank-transfer', 2)], verify: true },
    { tour: { departure: 'Kenya Great Migration Safari' }, madeDaysAgo: 4, travellers: ['adult', 'adult'], plan: 'deposit', payments: [P(1, 'bank-transfer', 1, 'submitted')] },
    { tour: { personalized: 'Bali Island Escape', departsInDays: 20 }, madeDaysAgo: 30, travellers: ['adult', 'adult', 'infant'], plan: 'three', payments: [P(1, 'card', 0), P(2, 'cheque', 8, 'failed')], verify: true },
    { tour: { personalized: 'Dubai & Abu Dhabi Highlights', departsInDays: 12 }, madeDaysAgo: 40, travellers: ['adult', 'adult', 'child', 'child'], plan: 'deposit', payments: [P(1, 'online', 3, 'submitted', 0.5)] },
    { tour: { personalized: 'Paris & Rome Romance', departsInDays: 75 }, madeDaysAgo: 2, travellers: ['adult', 'adult'], unnamed: 1, plan: 'three', payments: [] },
    // Customized tours booked (issue 27: every state of every machine has a demo record): one booked, one with its itinerary published.
    { tour: { customized: 'booked' }, madeDaysAgo: 0, travellers: [], plan: 'deposit', payments: [] },
    { tour: { customized: 'published' }, madeDaysAgo: 0, travellers: [], plan: 'deposit', payments: [] },
  ],
};

export const GLOBE_BOOKINGS: BookingSeed = {
  bookings: [
    { tour: { personalized: 'Lisbon & Porto by Train', departsInDays: -30 }, madeDaysAgo: 90, travellers: ['adult', 'adult'], plan: 'deposit', payments: [P(1, 'bank-transfer', 0), P(2, 'bank-transfer', 20)], verify: true, invoiceDaysAgo: 20 },
    { tour: { personalized: 'Lisbon & Porto by Train', departsInDays: 40 }, madeDaysAgo: 6, travellers: ['adult', 'child'], plan: 'deposit', payments: [P(1, 'card', 0, 'submitted')] },
  ],
};

/** By demo organization name (server/seed.ts DEMO_ORGS). */
export const BOOKING_SEEDS: Record<string, BookingSeed> = { 'Demo Travels': DEMO_BOOKINGS, 'Globe Trotters': GLOBE_BOOKINGS };

/** Who and when a demo seed acts as: the organization's today, its first member (the owner) and who verifies payments (finance). */
export interface SeedActors {
  today: string;
  auth: Pick<AuthContext, 'memberId' | 'role'>;
  actor: string;
}

/** Acts as the organization, exactly as its requests run (row-level security, its defaults), until `reset role`. */
export async function seedAsOrganization(tx: Tx, organizationId: string, now = new Date()): Promise<SeedActors> {
  await tx.execute(sql`select set_config('role', ${TENANT_ROLE}, true), set_config('app.org_id', ${organizationId}, true)`);
  const today = dateIn(now, await organizationTimeZone(tx));
  const staff = await tx.select({ id: members.id, email: members.email }).from(members);
  const actor = (staff.find((m) => m.email.startsWith('finance@')) ?? staff[0]).id;
  const auth = { memberId: staff[0].id, role: { id: '', name: 'Owner', isOwner: true, permissions: {}, visibility: { leads: 'all', bookings: 'all' } } } as Pick<AuthContext, 'memberId' | 'role'>;
  return { today, auth, actor };
}

/** The open leads with an email, oldest first: who the demo bookings are for. */
export async function openLeadsWithEmail(tx: Tx, limit: number): Promise<string[]> {
  const rows = await tx
    .select({ id: leads.id })
    .from(leads)
    .where(and(inArray(leads.status, OPEN_LEAD_STATES), isNotNull(leads.email)))
    .orderBy(asc(leads.createdAt), asc(leads.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function seedBookings(tx: Tx, organizationId: string, seed: BookingSeed, now = new Date()): Promise<void> {
  const actors = await seedAsOrganization(tx, organizationId, now);
  const open = await openLeadsWithEmail(tx, seed.bookings.length);
  for (const [i, spec] of seed.bookings.entries()) await seedBooking(tx, actors, open[i], spec, i);
  await tx.execute(sql`reset role`);
}

const COMPANIONS = ['Layla', 'Omar', 'Sofia', 'Noah', 'Yara', 'Adam', 'Mila', 'Karim'];

/** The demo's travellers: the lead first, then companions sharing the lead's family name. */
const companionName = (leadName: string, i: number, n: number) =>
  i === 0 ? leadName : `${COMPANIONS[(n + i) % COMPANIONS.length]} ${leadName.trim().split(/\s+/).at(-1)}`;

/**
 * One demo booking for a lead, through the API's functions: made `madeDaysAgo`, its payments
 * submitted and verified or failed on their days, verified, completed and invoiced once its trip is
 * over. `n` numbers its payments' references.
 */
export async function seedBooking(tx: Tx, actors: SeedActors, leadId: string, spec: BookingSpec, n = 0): Promise<string> {
  if ('customized' in spec.tour) return seedCustomizedBooking(tx, actors, spec, spec.tour.customized, n);
  return seedTourBooking(tx, actors, leadId, spec as BookingSpec & { tour: { personalized: string; departsInDays: number } | { departure: string } }, n);
}

/** A sent customized tour still to leave booked for its lead, as the wizard books it: the version sent, its party, its total; then published when said. */
async function seedCustomizedBooking(tx: Tx, { today, auth, actor }: SeedActors, spec: BookingSpec, outcome: 'booked' | 'published', n: number): Promise<string> {
  const made = addDays(today, -spec.madeDaysAgo);
  const [sent] = await tx
    .select({ id: customizedTours.id, leadId: customizedTours.leadId, version: customizedTours.version, name: leads.name })
    .from(customizedTours)
    .innerJoin(leads, eq(leads.id, customizedTours.leadId))
    .where(and(eq(customizedTours.status, 'sent'), gt(customizedTours.departure, made)))
    .orderBy(asc(customizedTours.departure), asc(customizedTours.id))
    .limit(1);
  if (!sent) throw new Error('demo bookings: no sent customized tour still to leave');
  const { tour } = await tourVersion(tx, sent.id, sent.version);
  const travellers: TravellerKind[] = [...Array<TravellerKind>(tour.adults).fill('adult'), ...Array<TravellerKind>(tour.children).fill('child'), ...Array<TravellerKind>(tour.infants).fill('infant')];
  const installments = depositPlan({ total: tour.totals.sell, today: made, departure: tour.departure, balanceDaysBefore: 30, depositBasisPoints: 3_000 });
  const id = await createBooking(
    tx,
    auth,
    {
      tourType: 'customized',
      tourId: sent.id,
      tourVersion: sent.version,
      leadId: sent.leadId,
      pax: travellers.length,
      travellers: travellers.map((type, i) => ({ type, name: companionName(sent.name, i, n) })),
      installments,
    },
    made,
  );
  if (outcome === 'published') await publishTour(tx, sent.id, actor);
  return id;
}

async function seedTourBooking(
  tx: Tx,
  { today, auth, actor }: SeedActors,
  leadId: string,
  spec: BookingSpec & { tour: { personalized: string; departsInDays: number } | { departure: string } },
  n: number,
): Promise<string> {
  const made = addDays(today, -spec.madeDaysAgo);
  const [lead] = await tx.select({ name: leads.name }).from(leads).where(eq(leads.id, leadId));
  const tour = 'personalized' in spec.tour
    ? { tourType: 'personalized' as const, tourId: await idOf(tx, personalizedTours, spec.tour.personalized), departure: addDays(today, spec.tour.departsInDays) }
    : { tourType: 'group' as const, tourId: await idOf(tx, groupTours, spec.tour.departure) };
  const [priced] = 'personalized' in spec.tour
    ? await tx.select({ adult: personalizedTours.priceAdult, child: personalizedTours.priceChild, infant: personalizedTours.priceInfant }).from(personalizedTours).where(eq(personalizedTours.id, tour.tourId))
    : await tx.select({ adult: groupTours.priceAdult, child: groupTours.priceChild, infant: groupTours.priceInfant, departure: groupTours.departure }).from(groupTours).where(eq(groupTours.id, tour.tourId));
  const total = spec.travellers.reduce((sum, t) => sum + priced[t], 0);
  const departure = tour.departure ?? (priced as unknown as { departure: string }).departure;
  const basis = { total, today: made, departure, balanceDaysBefore: 30 };
  const installments = spec.plan === 'deposit' ? depositPlan({ ...basis, depositBasisPoints: 3_000 }) : equalPlan({ ...basis, parts: 3 });
  const id = await createBooking(
    tx,
    auth,
    {
      ...tour,
      leadId,
      ...(spec.language ? { language: spec.language } : {}),
      pax: spec.travellers.length,
      travellers: spec.travellers.map((type, i) => ({ type, name: i < spec.travellers.length - (spec.unnamed ?? 0) ? companionName(lead.name, i, n) : null })),
      installments,
    },
    made,
  );
  await tx.update(bookings).set({ createdAt: `${made}T09:00:00.000Z`, updatedAt: `${made}T09:00:00.000Z` }).where(eq(bookings.id, id));

  for (const p of spec.payments) {
    const due = installments[p.installment - 1];
    const paidOn = addDays(made, p.after);
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
    const payment = await submitPayment(
      tx,
      booking,
      {
        amount: p.amount ?? Math.round(due.amount * (p.share ?? 1)),
        paymentMethod: p.method,
        paidOn,
        reference: p.method === 'cash' || p.method === 'credit-note' ? null : `REF-${1000 + n * 10 + p.installment}`,
        ...(p.creditNoteId ? { creditNoteId: p.creditNoteId } : {}),
      },
      { actorId: booking.convertedBy, today: paidOn, notify: p.outcome === 'submitted' },
    );
    // A credit note pays at once (submitPayment verifies it).
    if (p.outcome === 'verified' && p.method !== 'credit-note') await decidePayment(tx, payment.id, { type: 'VERIFY' }, actor);
    if (p.outcome === 'failed') await decidePayment(tx, payment.id, { type: 'FAIL', reason: 'Cheque returned unpaid by the bank' }, actor);
  }
  if (spec.verify) {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
    await applyBookingEvent(tx, booking, { type: 'VERIFY' }, actor);
  }
  const [after] = await tx.select().from(bookings).where(eq(bookings.id, id));
  if (after.status === 'verified' && after.arrival < today) {
    await completeBooking(tx, id, spec.invoiceDaysAgo === undefined ? today : addDays(today, -spec.invoiceDaysAgo));
    if (spec.invoiceDaysAgo !== undefined) {
      const [completed] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
      await generateInvoice(tx, completed, actor, addDays(today, -spec.invoiceDaysAgo));
    }
  }
  return id;
}

async function idOf(tx: Tx, table: typeof personalizedTours | typeof groupTours, title: string): Promise<string> {
  const [row] = await tx.select({ id: table.id }).from(table).where(eq(table.title, title));
  if (!row) throw new Error(`demo bookings: no tour ${title}`);
  return row.id;
}
