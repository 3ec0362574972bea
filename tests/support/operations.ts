import { expect } from 'vitest';
import { newIdempotencyKey } from '../../src/api/common/idempotency';
import { operationPaths } from '../../src/api/operations/contract';
import type { Agent } from './agent';
import { PRICES, TODAY, adults, book, day, groupBooking, newDeparture, newLead, pay, verify } from './bookings';

/**
 * What the operations tests share: a verified booking (its operation opened by VERIFY), vendors,
 * vouchers and payments made through the API as staff make them. Money in minor units.
 */
let made = 0;
const unique = () => `${process.pid}-${++made}`;

/** A vendor of the caller's organization. */
export async function newVendor(agent: Agent, o: { services?: string[]; email?: string | null; isActive?: boolean; name?: string } = {}): Promise<string> {
  const res = await agent.post('/api/vendors', {
    name: o.name ?? `Vendor ${unique()}`,
    services: o.services ?? ['hotels', 'transfers', 'activities'],
    email: o.email === undefined ? `vendor-${unique()}@example.com` : o.email,
    isActive: o.isActive ?? true,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data._id;
}

/** A package whose priced lines name vendors: what "fill vouchers from the tour" reads. */
export async function newPricedPackage(agent: Agent, lines: { kind: string; vendorId: string | null; unitCost: number; quantity?: number; unit?: string; description?: string }[], nights = 4): Promise<string> {
  const res = await agent.post('/api/personalized-tours', {
    title: `Priced package ${unique()}`,
    totalNights: nights,
    pricePerPerson: PRICES,
    isPublished: true,
    lines: lines.map((l, i) => ({ kind: l.kind, description: l.description ?? `${l.kind} line ${i + 1}`, vendorId: l.vendorId, quantity: l.quantity ?? 1, unit: l.unit ?? 'per-unit', unitCost: l.unitCost })),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data._id;
}

/** A booking verified (deposit paid and verified, travellers named), answered whole; its operation exists. `installments`: a group booking's plan (its first is the deposit paid). */
export async function verifiedBooking(agent: Agent, o: { packageId?: string; departure?: string; pax?: number; installments?: { dueDate: string; amount: number }[] } = {}) {
  const pax = o.pax ?? 2;
  const lead = await newLead(agent);
  const body = o.packageId
    ? {
        tourType: 'personalized',
        tourId: o.packageId,
        departure: day(40),
        leadId: lead,
        pax,
        travellers: adults(pax),
        installments: [
          { dueDate: TODAY, amount: Math.round(pax * PRICES.adult * 0.3) },
          { dueDate: day(20), amount: pax * PRICES.adult - Math.round(pax * PRICES.adult * 0.3) },
        ],
      }
    : groupBooking(o.departure ?? (await newDeparture(agent, { capacity: 1000 })), lead, { pax, installments: o.installments });
  const booking = await book(agent, body);
  const deposit = await pay(agent, booking._id, booking.installments[0].amount);
  expect((await verify(agent, booking._id, deposit.body.data._id)).status).toBe(200);
  const verified = await agent.put(`/api/bookings/${booking._id}/verify`, {});
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return verified.body.data;
}

/** The operation of a verified booking. */
export async function operationOf(agent: Agent, bookingId: string) {
  const res = await agent.get(`/api${operationPaths.byBooking(bookingId)}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** A voucher body within the booking's trip. */
export const voucherBody = (booking: { departure: string; arrival: string; pax: number }, vendorId: string, extra: Record<string, unknown> = {}) => ({
  serviceType: 'hotels',
  vendorId,
  serviceStartDate: booking.departure,
  serviceEndDate: booking.arrival,
  description: 'Two double rooms, breakfast included',
  pax: booking.pax,
  cost: 80_000,
  ...extra,
});

/** Creates a draft voucher (201) and answers it. */
export async function addVoucher(agent: Agent, operationId: string, body: Record<string, unknown>) {
  const res = await agent.post(`/api${operationPaths.vouchers(operationId)}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.vouchers.at(-1);
}

export const confirmVoucher = (agent: Agent, operationId: string, voucherId: string, confirmationNumber = `CNF-${unique()}`) =>
  agent.put(`/api${operationPaths.voucher(operationId, voucherId)}`, { status: 'confirmed', confirmationNumber });

export const payVoucher = (agent: Agent, operationId: string, voucherId: string, amount: number, key = newIdempotencyKey(), extra: Record<string, unknown> = {}) =>
  agent.post(`/api${operationPaths.voucherPayment(operationId, voucherId)}`, { amount, paymentMethod: 'bank-transfer', paidOn: TODAY, reference: 'OUT-1', ...extra }, { 'Idempotency-Key': key });

export const payExpense = (agent: Agent, operationId: string, expenseId: string, amount: number, key = newIdempotencyKey()) =>
  agent.post(`/api${operationPaths.expensePayment(operationId, expenseId)}`, { amount, paymentMethod: 'cash', paidOn: TODAY }, { 'Idempotency-Key': key });
