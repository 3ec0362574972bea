import { asc, eq, sql } from 'drizzle-orm';
import type { VendorService } from '../../src/api/vendors/contract';
import type { PaymentMethod } from '../../src/api/finance/contract';
import { addDays, dateIn } from '../../src/domain/calendar';
import { members } from '../auth/schema';
import { bookings } from '../bookings';
import { TENANT_ROLE, type Tx } from '../db/client';
import { organizationTimeZone } from '../db/clock';
import { sendRecordDocument } from '../documents';
import { vendors } from '../vendors';
import { applyEventTo } from '../workflow/apply-event';
import { voucherDocument } from './documents';
import { additionalExpenses, bookingOperations, vouchers } from './schema';
import { completeOperation, insertVoucher, recordVendorPayment, voucherWorkflow } from './workflow';

/**
 * Vouchers on the demo bookings' operations (opened by their VERIFY in server/bookings/seed.ts), made
 * through the same functions as the API so the journal, the vendor transactions and the sends are
 * what real use leaves: trips that took place are completed (vouchers sent and paid), the next ones
 * are at every step of the board (drafts to confirm, confirmed to send, sent and partly paid).
 */
/** `void`: drafted, then voided (a service replaced before it was confirmed). */
type Step = 'draft' | 'confirmed' | 'sent' | 'paid' | 'half-paid' | 'void';
interface VoucherSpec {
  service: VendorService;
  vendor: string;
  /** Share of the booking's grand total it costs (basis points). */
  costBasisPoints: number;
  step: Step;
  description: string;
}
interface OperationSpec {
  /** Which verified booking (by departure order, 0 = soonest). */
  booking: number;
  vouchers: VoucherSpec[];
  expense?: { description: string; category: string; basisPoints: number; paid: boolean };
  complete?: true;
}

const V = (service: VendorService, vendor: string, costBasisPoints: number, step: Step, description: string): VoucherSpec => ({ service, vendor, costBasisPoints, step, description });

export const DEMO_OPERATIONS: OperationSpec[] = [
  {
    booking: 0,
    vouchers: [V('hotels', 'Jumeirah Beach Hotel', 4_000, 'paid', 'Deluxe room, breakfast'), V('transfers', 'Desert Limousine Transfers', 400, 'paid', 'Airport transfers both ways')],
    expense: { description: 'Guide tips', category: 'tips', basisPoints: 100, paid: true },
    complete: true,
  },
  { booking: 1, vouchers: [V('hotels', 'Oman Land Partners', 4_500, 'paid', 'Beach villa, half board'), V('activities', 'Arabian Adventures', 600, 'paid', 'Desert safari')], complete: true },
  { booking: 2, vouchers: [V('land-part', 'Oman Land Partners', 5_000, 'half-paid', 'Land arrangements, 7 nights')], expense: { description: 'Wadi entrance tickets', category: 'tickets', basisPoints: 150, paid: false } },
  { booking: 3, vouchers: [V('land-part', 'Nile Journeys DMC', 4_000, 'sent', 'Safari land package')] },
  { booking: 4, vouchers: [V('land-part', 'Arabian Adventures', 3_500, 'confirmed', 'Game drives'), V('transfers', 'Gulf Coaches', 300, 'draft', 'Coach transfers')] },
  { booking: 5, vouchers: [V('hotels', 'Rotana Hotels Abu Dhabi', 3_000, 'draft', 'Two nights on arrival'), V('transfers', 'Gulf Coaches', 300, 'void', 'Minibus transfers, replaced by a private car')] },
];

export async function seedOperations(tx: Tx, organizationId: string, specs: OperationSpec[], now = new Date()): Promise<void> {
  if (!specs.length) return;
  await tx.execute(sql`select set_config('role', ${TENANT_ROLE}, true), set_config('app.org_id', ${organizationId}, true)`);
  const today = dateIn(now, await organizationTimeZone(tx));
  const staff = await tx.select({ id: members.id, email: members.email }).from(members);
  const actor = (staff.find((m) => m.email.startsWith('ops@')) ?? staff[0]).id;
  const ops = await tx
    .select({ op: bookingOperations, booking: bookings })
    .from(bookingOperations)
    .innerJoin(bookings, eq(bookings.id, bookingOperations.bookingId))
    .orderBy(asc(bookings.departure), asc(bookings.id));
  const vendorId = async (name: string) => (await tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.name, name)))[0].id;
  let n = 0;
  for (const spec of specs) {
    const found = ops[spec.booking];
    if (!found) continue;
    const { booking } = found;
    const op = found.op;
    // Paid the week before departure, or today for a trip still to come.
    const paidOn = booking.departure < today ? addDays(booking.departure, -7) : today;
    const pay = async (target: Parameters<typeof recordVendorPayment>[3], amount: number, method: PaymentMethod) =>
      recordVendorPayment(tx, op, booking, target, { amount, paymentMethod: method, paidOn, reference: `OUT-${2000 + ++n}` }, { actorId: actor, today });
    for (const v of spec.vouchers) {
      const cost = Math.round((booking.grandTotal * v.costBasisPoints) / 10_000);
      let row = await insertVoucher(
        tx,
        op,
        { serviceType: v.service, vendorId: await vendorId(v.vendor), serviceStartDate: booking.departure, serviceEndDate: booking.arrival, description: v.description, pax: booking.pax, cost },
        actor,
      );
      if (v.step === 'void') {
        await applyEventTo(tx, voucherWorkflow, row, { type: 'VOID' }, undefined, { actorId: actor });
        continue;
      }
      if (v.step !== 'draft') {
        await applyEventTo(tx, voucherWorkflow, row, { type: 'CONFIRM', confirmationNumber: `CF-${1000 + n++}` }, undefined, { actorId: actor });
        [row] = await tx.select().from(vouchers).where(eq(vouchers.id, row.id));
      }
      if (v.step === 'sent' || v.step === 'paid' || v.step === 'half-paid') {
        const [vendor] = await tx.select({ email: vendors.email }).from(vendors).where(eq(vendors.id, row.vendorId));
        const send = await sendRecordDocument(tx, await voucherDocument(tx, op, row), { to: [vendor.email!], cc: [], lang: 'en', attachments: [], sentBy: actor });
        [row] = await tx.update(vouchers).set({ sentAt: send.createdAt, sentTo: vendor.email, sendId: send._id }).where(eq(vouchers.id, row.id)).returning();
        await applyEventTo(tx, voucherWorkflow, row, { type: 'SEND' }, undefined, { actorId: actor });
        [row] = await tx.select().from(vouchers).where(eq(vouchers.id, row.id));
      }
      if (v.step === 'paid' || v.step === 'half-paid') await pay({ kind: 'voucher', row, label: row.number! }, v.step === 'paid' ? cost : Math.round(cost / 2), 'bank-transfer');
    }
    if (spec.expense) {
      const amount = Math.round((booking.grandTotal * spec.expense.basisPoints) / 10_000);
      const [expense] = await tx
        .insert(additionalExpenses)
        .values({ operationId: op.id, description: spec.expense.description, category: spec.expense.category, amount, currency: op.currency, date: paidOn, createdBy: actor })
        .returning();
      if (spec.expense.paid) await pay({ kind: 'expense', row: expense, label: expense.description }, amount, 'cash');
    }
    if (spec.complete) {
      const [locked] = await tx.select().from(bookingOperations).where(eq(bookingOperations.id, op.id)).for('update');
      await completeOperation(tx, locked, actor, { today, now });
    }
  }
  await tx.execute(sql`reset role`);
}

/** By demo organization name (server/seed.ts DEMO_ORGS). */
export const OPERATION_SEEDS: Record<string, OperationSpec[]> = { 'Demo Travels': DEMO_OPERATIONS, 'Globe Trotters': [] };
