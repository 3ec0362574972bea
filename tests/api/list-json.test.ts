import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingOperations } from '../../server/operations/schema';
import { bookingPayments, bookings } from '../../server/bookings/schema';
import { bookingContext, bookingDetail, installmentsOf, paymentsOf, selectBookings, toBookings, toInstallment, toTraveller, travellersOf } from '../../server/bookings/store';
import { invoiceOfBooking } from '../../server/bookings/invoices';
import { customizedTours } from '../../server/tours/schema';
import { selectTours, toTours } from '../../server/tours/store';
import { selectOperations, toOperations } from '../../server/operations/store';
import type { Tx } from '../../server/db/client';
import type { Agent } from '../support/agent';
import { NOW, TODAY, day, fail, orgId, pay, verify } from '../support/bookings';
import { addVoucher, newVendor, operationOf, verifiedBooking, voucherBody } from '../support/operations';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The lists PostgreSQL writes as JSON (`listPageJson`, docs/performance.md) against the TypeScript
 * mapping the rest of the product answers with (a record's page, its writes): for the same rows,
 * the same JSON, whatever the sort and the page.
 */
let s: TestServer;
let owner: Agent;
let org: string;

beforeAll(async () => {
  s = await startTestServer();
  s.clock.set(NOW);
  owner = await s.login('owner@demo.travel');
  org = await orgId(s);
});
afterAll(() => s?.close());

/** Each list call's rows against what `map` answers for the same ids, in the list's order. */
async function sameAsMapped(path: string, map: (tx: Tx, ids: string[]) => Promise<{ _id: string }[]>) {
  const res = await owner.get(path);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const listed = res.body.data as { _id: string }[];
  const ids = listed.map((r) => r._id);
  const mapped = await s.database.withTenant(org, (tx) => map(tx, ids));
  const byId = new Map(mapped.map((r) => [r._id, r]));
  expect(listed, path).toEqual(ids.map((id) => byId.get(id)));
  return listed.length;
}

describe('lists written by PostgreSQL', () => {
  it('the operations board answers what toOperations answers', async () => {
    const vendor = await newVendor(owner);
    for (let i = 0; i < 3; i++) {
      const booking = await verifiedBooking(owner);
      const op = await operationOf(owner, booking._id);
      if (i > 0) await addVoucher(owner, op._id, voucherBody(booking, vendor, { cost: 10_000 * i }));
    }
    const map = async (tx: Tx, ids: string[]) => toOperations(tx, await selectOperations(tx).where(inArray(bookingOperations.id, ids)));
    let rows = 0;
    for (const query of ['', '?sortBy=profit&sortOrder=desc', '?sortBy=arrival&limit=2&page=2', '?needsMe=true', '?operationStatus=pending&vouchersSent=false', '?search=BK']) {
      rows += await sameAsMapped(`/api/booking-operations${query}`, map);
    }
    expect(rows).toBeGreaterThan(5);
  });

  it('bookings, completed bookings, payment receipts and invoices answer what toBookings, a booking\'s payments and toInvoice answer', async () => {
    const made = await verifiedBooking(owner);
    await verify(owner, made._id, (await pay(owner, made._id, 1_000, { paymentMethod: 'card', paidOn: day(-40) })).body.data._id);
    await fail(owner, made._id, (await pay(owner, made._id, 2_000)).body.data._id);
    await pay(owner, made._id, 3_000);
    const mapBookings = async (tx: Tx, ids: string[]) => toBookings(tx, await selectBookings(tx).where(inArray(bookings.id, ids)));
    let rows = 0;
    for (const query of ['', '?sortBy=customerName&sortOrder=asc&limit=7&page=2', '?tourStatus=verified', '?search=BK']) rows += await sameAsMapped(`/api/bookings${query}`, mapBookings);
    rows += await sameAsMapped('/api/bookings/completed', mapBookings);
    // A receipt is its payment as the booking's page answers it, with the day paid and its booking.
    const mapReceipts = async (tx: Tx, ids: string[]) => {
      const found = await tx.select({ id: bookingPayments.id, number: bookings.number, customerName: bookings.customerName }).from(bookingPayments).innerJoin(bookings, eq(bookings.id, bookingPayments.bookingId)).where(inArray(bookingPayments.id, ids));
      const payments = await paymentsOf(tx, { paymentIds: ids });
      const booking = new Map(found.map((f) => [f.id, f]));
      return payments.map((p) => ({ ...p, date: p.paidOn, booking: { _id: p.bookingId, ref: `BK-${booking.get(p._id)!.number}`, customerName: booking.get(p._id)!.customerName } }));
    };
    for (const query of ['', '?sortBy=amount&sortOrder=asc', '?status=failed,submitted', `?dateRange[from]=${day(-60)}`]) rows += await sameAsMapped(`/api/payment-receipts${query}`, mapReceipts);
    const invoices = await owner.get('/api/booking-invoices?limit=100');
    expect(invoices.status).toBe(200);
    const expected = await s.database.withTenant(org, (tx) => Promise.all(invoices.body.data.map((inv: { bookingId: string }) => invoiceOfBooking(tx, inv.bookingId, TODAY))));
    expect(invoices.body.data).toEqual(expected);
    expect(rows + invoices.body.data.length).toBeGreaterThan(10);
  });

  it('a booking whole, written by PostgreSQL, answers what the row mappers answer', async () => {
    const made = await verifiedBooking(owner);
    await fail(owner, made._id, (await pay(owner, made._id, 2_000, { paymentMethod: 'cheque' })).body.data._id);
    await pay(owner, made._id, 3_000);
    const ids = (await s.sql<{ id: string }>(`select id from bookings where organization_id = $1 order by created_at desc limit 25`, [org])).map((r) => r.id);
    for (const id of ids) {
      await s.database.withTenant(org, async (tx) => {
        const detail = await bookingDetail(tx, id, TODAY);
        const [row] = await toBookings(tx, await selectBookings(tx).where(eq(bookings.id, id)));
        const travellers = (await travellersOf(tx, id)).map(toTraveller);
        const installments = (await installmentsOf(tx, id)).map((i) => toInstallment(i, TODAY));
        expect(detail).toMatchObject({ ...row, travellers, installments, payments: await paymentsOf(tx, { bookingIds: [id] }) });
        expect(detail.context).toEqual(await bookingContext(tx, { id, pax: row.pax, arrival: row.arrival }));
        expect(detail.pendingAmount).toBe(detail.payments.filter((p) => p.status === 'submitted').reduce((sum, p) => sum + p.amount, 0));
      });
    }
  });

  it('hotels and activities answer what their records answer, searched or not', async () => {
    for (const [path, item] of [
      ['/api/hotels', '/api/hotels/hotelId/'],
      ['/api/activities', '/api/activities/activityId/'],
    ]) {
      for (const query of ['', '?sortBy=createdAt&sortOrder=desc&limit=3&page=2', '?search=a']) {
        const res = await owner.get(`${path}${query}`);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.data.length, `${path}${query}`).toBeGreaterThan(0);
        for (const row of res.body.data) expect(row).toEqual((await owner.get(`${item}${row._id}`)).body.data);
      }
    }
  });

  it('customized tours answer what toTours answers', async () => {
    const map = async (tx: Tx, ids: string[]) => toTours(tx, await selectTours(tx).where(inArray(customizedTours.id, ids)));
    let rows = 0;
    for (const query of ['', '?sortBy=title&sortOrder=asc', '?status=draft&limit=2']) rows += await sameAsMapped(`/api/customized-tours${query}`, map);
    expect(rows).toBeGreaterThan(0);
  });
});
