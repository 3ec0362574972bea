import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationDetailSchema, operationPaths, operationSchema, operationStatsSchema } from '../../src/api/operations/contract';
import { listAnswerOf } from '../../src/api/common/schemas';
import { nextStepOf } from '../../src/machines/operation-machine';
import type { Agent } from '../support/agent';
import { NOW, TODAY, day } from '../support/bookings';
import { checksum, checksumQuery } from '../support/db-checksum';
import { addVoucher, confirmVoucher, newPricedPackage, newVendor, operationOf, payExpense, payVoucher, verifiedBooking, voucherBody } from '../support/operations';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The operations' calls over HTTP (seed: Booking operations): what each answers (checked against
 * the contract's schemas), what bad input and other organizations get (400 naming the field and
 * writing nothing, 404), what a role without the operations module gets (403), and what the
 * machines and the money rules refuse (409). The organization's day is fixed by the test clock.
 */
let s: TestServer;
let owner: Agent;
let ops: Agent;
let sales: Agent;
let globe: Agent;
let fingerprint: string;

beforeAll(async () => {
  s = await startTestServer();
  s.clock.set(NOW);
  [owner, ops, sales, globe] = await Promise.all(['owner@demo.travel', 'ops@demo.travel', 'sales@demo.travel', 'owner@globe.travel'].map((e) => s.login(e)));
  fingerprint = await checksumQuery(s);
});
afterAll(() => s?.close());

async function refusedUnchanged(status: number, send: () => Promise<{ status: number; body: any }>) {
  const before = await checksum(s, fingerprint);
  const res = await send();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(await checksum(s, fingerprint)).toBe(before);
  return res.body;
}

const detailOk = (body: unknown) => {
  const parsed = v.safeParse(v.object({ data: operationDetailSchema }), body);
  expect(parsed.issues?.map((i) => `${i.path?.map((p) => p.key).join('.')}: ${i.message}`) ?? []).toEqual([]);
  return (body as { data: v.InferOutput<typeof operationDetailSchema> }).data;
};

describe('the operation of a verified booking', () => {
  it('is opened by VERIFY, once, pending, with the booking summary and nothing to do but add vouchers', async () => {
    const booking = await verifiedBooking(owner);
    const res = await ops.get(`/api${operationPaths.byBooking(booking._id)}`);
    expect(res.status).toBe(200);
    const op = detailOk(res.body);
    expect(op).toMatchObject({ bookingId: booking._id, status: 'pending', nextStep: 'addVouchers', vouchersSent: false, vouchers: [], additionalExpenses: [], missing: [] });
    expect(op.booking).toMatchObject({ _id: booking._id, ref: booking.ref, departure: booking.departure, arrival: booking.arrival, pax: 2, grandTotal: booking.grandTotal });
    expect(op.travellers).toEqual(['Traveller 1', 'Traveller 2']);
    expect(op.profit).toEqual({ revenue: booking.grandTotal, refunds: 0, vouchers: 0, expenses: 0, totalExpense: 0, profit: booking.grandTotal, paidOut: 0, plannedCost: null, plannedProfit: null });
    const byId = await ops.get(`/api${operationPaths.byId(op._id)}`);
    expect(byId.body).toEqual(res.body);
    expect(await s.sql('select count(*)::int as n from booking_operations where booking_id = $1', [booking._id])).toEqual([{ n: 1 }]);
  });
});
