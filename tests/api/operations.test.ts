import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationDetailSchema, operationPaths, operationSchema, operationStatsSchema, prefillAnswerSchema } from '../../src/api/operations/contract';
import { addDays } from '../../src/domain/calendar';
import { listAnswerOf } from '../../src/api/common/schemas';
import { nextStepOf } from '../../src/machines/operation-machine';
import { queueCall } from '../../src/api/work-queue/calls';
import type { WorkQueueItem } from '../../src/api/work-queue/contract';
import type { Agent } from '../support/agent';
import { NOW, PRICES, TODAY, day } from '../support/bookings';
import { checksum, checksumQuery, refusedUnchanged as refused } from '../support/db-checksum';
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
  [owner, ops, sales, globe] = await s.logins('owner@demo.travel', 'ops@demo.travel', 'sales@demo.travel', 'owner@globe.travel');
  fingerprint = await checksumQuery(s);
});
afterAll(() => s?.close());

const refusedUnchanged = (status: number, send: () => Promise<{ status: number; body: any }>) => refused(s, fingerprint, status, send);

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
    expect(op.travellers).toEqual(['Amira Haddad', 'Ben Okafor']);
    expect(op.profit).toEqual({ revenue: booking.grandTotal, refunds: 0, vouchers: 0, expenses: 0, totalExpense: 0, profit: booking.grandTotal, paidOut: 0, plannedCost: null, plannedProfit: null });
    const byId = await ops.get(`/api${operationPaths.byId(op._id)}`);
    expect(byId.body).toEqual(res.body);
    expect(await s.sql('select count(*)::int as n from booking_operations where booking_id = $1', [booking._id])).toEqual([{ n: 1 }]);
  });
});

describe('POST /booking-operations/{operationId}/vouchers', () => {
  it('adds a draft voucher: no number yet, its cost in the operation’s cost, the member takes the trip in hand', async () => {
    const booking = await verifiedBooking(owner);
    const op = await operationOf(ops, booking._id);
    const vendor = await newVendor(owner);
    const res = await ops.post(`/api${operationPaths.vouchers(op._id)}`, voucherBody(booking, vendor));
    expect(res.status).toBe(201);
    const after = detailOk(res.body);
    expect(after.vouchers).toHaveLength(1);
    expect(after.vouchers[0]).toMatchObject({ status: 'draft', number: null, serviceType: 'hotels', cost: 80_000, paid: 0, owed: 80_000, pax: 2, confirmationNumber: null, vendor: { _id: vendor, isActive: true } });
    expect(after.profit).toMatchObject({ vouchers: 80_000, totalExpense: 80_000, profit: booking.grandTotal - 80_000 });
    expect(after.nextStep).toBe('confirmVouchers');
    expect(after.missing).toEqual([{ kind: 'voucher', _id: after.vouchers[0]._id, label: expect.stringContaining('hotels'), needs: ['confirm', 'send', 'pay'], owed: 80_000 }]);
    expect(after.assignedTo?.name).toBe('Oskar Ops');
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const booking = await verifiedBooking(owner);
    const op = await operationOf(ops, booking._id);
    const vendor = await newVendor(owner);
    const path = `/api${operationPaths.vouchers(op._id)}`;
    const cases: [Record<string, unknown>, string][] = [
      [{ cost: -1 }, 'cost'],
      [{ cost: 1.5 }, 'cost'],
      [{ serviceType: 'cruise' }, 'serviceType'],
      [{ pax: 0 }, 'pax'],
      [{ serviceStartDate: day(-400) }, 'serviceStartDate'],
      [{ serviceEndDate: day(400) }, 'serviceEndDate'],
      [{ serviceStartDate: booking.arrival, serviceEndDate: booking.departure }, 'serviceEndDate'],
      [{ vendorId: 'not-an-id' }, 'vendorId'],
      [{ price: 10 }, 'price'],
    ];
    for (const [change, field] of cases) {
      const body = await refusedUnchanged(400, () => ops.post(path, voucherBody(booking, vendor, change)));
      expect(body.issues.map((i: { path: string }) => i.path), JSON.stringify(change)).toContain(field);
    }
    const outside = await refusedUnchanged(400, () => ops.post(path, voucherBody(booking, vendor, { serviceStartDate: day(-1) })));
    expect(outside.message).toBe(`serviceStartDate must be within the trip (${booking.departure} to ${booking.arrival})`);
  });

  it('refuses an inactive vendor, one without the service (409 naming it), another organization’s (404)', async () => {
    const booking = await verifiedBooking(owner);
    const op = await operationOf(ops, booking._id);
    const path = `/api${operationPaths.vouchers(op._id)}`;
    const inactive = await newVendor(owner, { isActive: false, name: 'Sleepy Hotels' });
    const flightsOnly = await newVendor(owner, { services: ['flights'], name: 'Only Flights' });
    const foreign = await newVendor(globe);
    const a = await refusedUnchanged(409, () => ops.post(path, voucherBody(booking, inactive)));
    expect(a).toMatchObject({ code: 'VENDOR_NOT_BOOKABLE', message: 'Sleepy Hotels is inactive: activate it or choose another vendor' });
    const b = await refusedUnchanged(409, () => ops.post(path, voucherBody(booking, flightsOnly)));
    expect(b).toMatchObject({ code: 'VENDOR_SERVICE_MISMATCH', message: 'Only Flights does not offer hotels (it offers flights)' });
    const c = await refusedUnchanged(404, () => ops.post(path, voucherBody(booking, foreign)));
    expect(c).toMatchObject({ code: 'NOT_FOUND', message: 'Vendor not found' });
  });

  it('is 403 to a role without the operations module and 404 to another organization', async () => {
    const booking = await verifiedBooking(owner);
    const op = await operationOf(ops, booking._id);
    const vendor = await newVendor(owner);
    const forbidden = await refusedUnchanged(403, () => sales.post(`/api${operationPaths.vouchers(op._id)}`, voucherBody(booking, vendor)));
    expect(forbidden.message).toBe('You do not have the permission operations.create');
    const globeVendor = await newVendor(globe);
    await refusedUnchanged(404, () => globe.post(`/api${operationPaths.vouchers(op._id)}`, voucherBody(booking, globeVendor)));
    expect((await globe.get(`/api${operationPaths.byId(op._id)}`)).status).toBe(404);
    expect((await globe.get(`/api${operationPaths.byBooking(booking._id)}`)).status).toBe(404);
    expect((await sales.get('/api/booking-operations')).status).toBe(403);
  });
});

describe('PUT /booking-operations/{operationId}/voucher/{voucherId}', () => {
  it('changes a draft’s fields; CONFIRM needs the confirmation number and numbers the voucher from the series; VOID keeps the number', async () => {
    const booking = await verifiedBooking(owner);
    const op = await operationOf(ops, booking._id);
    const vendor = await newVendor(owner);
    const v1 = await addVoucher(ops, op._id, voucherBody(booking, vendor));
    const path = `/api${operationPaths.voucher(op._id, v1._id)}`;
    const edited = detailOk((await ops.put(path, { cost: 90_000, description: 'Upgraded rooms' })).body);
    expect(edited.vouchers[0]).toMatchObject({ cost: 90_000, description: 'Upgraded rooms', status: 'draft' });

    const refused = await refusedUnchanged(409, () => ops.put(path, { status: 'confirmed' }));
    expect(refused).toMatchObject({ code: 'TRANSITION_NOT_ALLOWED', message: 'The vendor’s confirmation number is required to confirm a voucher' });

    const confirmed = detailOk((await ops.put(path, { status: 'confirmed', confirmationNumber: 'ATL-7781' })).body);
    expect(confirmed.vouchers[0]).toMatchObject({ status: 'confirmed', confirmationNumber: 'ATL-7781', number: `VCH-${booking.departure.slice(0, 4)}-0001` });
    expect(confirmed.nextStep).toBe('sendVouchers');

    const locked = await refusedUnchanged(409, () => ops.put(path, { cost: 1 }));
    expect(locked.code).toBe('VOUCHER_NOT_EDITABLE');
    await refusedUnchanged(409, () => ops.put(path, { status: 'confirmed', confirmationNumber: 'X' }));

    const voided = detailOk((await ops.put(path, { status: 'void' })).body);
    expect(voided.vouchers[0]).toMatchObject({ status: 'void', number: confirmed.vouchers[0].number, owed: 0 });
    expect(voided.profit.vouchers).toBe(0);
    expect(voided.nextStep).toBe('addVouchers');
    const again = await refusedUnchanged(409, () => ops.put(path, { status: 'void' }));
    expect(again.message).toBe('This voucher is void already');

    // The next confirmation takes the next number: the series has no gap and reuses none.
    const v2 = await addVoucher(ops, op._id, voucherBody(booking, vendor));
    const second = detailOk((await confirmVoucher(ops, op._id, v2._id)).body);
    expect(second.vouchers.find((x) => x._id === v2._id)!.number).toBe(`VCH-${booking.departure.slice(0, 4)}-0002`);
  });

  it('refuses bad input (400 naming the field), another operation’s voucher (404), a foreign organization (404)', async () => {
    const booking = await verifiedBooking(owner);
    const op = await operationOf(ops, booking._id);
    const other = await operationOf(ops, (await verifiedBooking(owner))._id);
    const vendor = await newVendor(owner);
    const v1 = await addVoucher(ops, op._id, voucherBody(booking, vendor));
    const path = `/api${operationPaths.voucher(op._id, v1._id)}`;
    expect((await refusedUnchanged(400, () => ops.put(path, {}))).issues[0].code).toBe('noChange');
    expect((await refusedUnchanged(400, () => ops.put(path, { status: 'sent' }))).issues[0].path).toBe('status');
    expect((await refusedUnchanged(400, () => ops.put(path, { serviceEndDate: day(400) }))).issues[0].path).toBe('serviceEndDate');
    await refusedUnchanged(404, () => ops.put(`/api${operationPaths.voucher(other._id, v1._id)}`, { cost: 1 }));
    await refusedUnchanged(404, () => globe.put(path, { cost: 1 }));
    await refusedUnchanged(403, () => sales.put(path, { cost: 1 }));
  });
});

describe('POST …/voucher/{voucherId}/payment', () => {
  it('pays partly then wholly: one journal entry each (vendor costs ← money account), one vendor transaction each', async () => {
    const booking = await verifiedBooking(owner);
    const op = await operationOf(ops, booking._id);
    const vendor = await newVendor(owner);
    const v1 = await addVoucher(ops, op._id, voucherBody(booking, vendor, { cost: 50_000 }));
    const first = await payVoucher(ops, op._id, v1._id, 20_000);
    expect(first.status).toBe(201);
    const after = detailOk(first.body);
    expect(after.vouchers[0]).toMatchObject({ paid: 20_000, owed: 30_000 });
    expect(after.vouchers[0].payments).toHaveLength(1);
    expect(after.profit.paidOut).toBe(20_000);
    const [entry] = await s.sql<{ source_type: string; lines: string }>(
      `select e.source_type, string_agg(a.key || ':' || l.debit || ':' || l.credit, ',' order by a.key) as lines
       from journal_entries e join journal_lines l on l.entry_id = e.id join accounts a on a.id = l.account_id where e.id = $1 group by e.id`,
      [after.vouchers[0].payments[0].journalEntryId],
    );
    expect(entry).toEqual({ source_type: 'voucher-payment', lines: 'money:bank-transfer:0:20000,vendor-prepayments:20000:0' });

    const over = await refusedUnchanged(409, () => payVoucher(ops, op._id, v1._id, 30_001));
    expect(over).toMatchObject({ code: 'PAYMENT_EXCEEDS_OWED', params: { owed: 30_000, amount: 30_001, currency: 'USD', money: ['owed', 'amount'] } });
    expect(over.message).toMatch(/\(USD 300\.00\)$/);
    expect((await payVoucher(ops, op._id, v1._id, 30_000)).status).toBe(201);

    const txns = await owner.get(`/api/vendors/${vendor}/transactions`);
    expect(txns.body.stats).toMatchObject({ totalOutgoing: 50_000, totalPaid: 50_000, totalIncoming: 0, count: 2 });
    expect(txns.body.data.map((t: { direction: string; status: string; linkedType: string }) => [t.direction, t.status, t.linkedType])).toEqual([
      ['outgoing', 'paid', 'voucher-payment'],
      ['outgoing', 'paid', 'voucher-payment'],
    ]);
    await refusedUnchanged(409, () => payVoucher(ops, op._id, v1._id, 1));
  });

  it('keeps a paid draft’s cost at or above what was paid, and its vendor (409, nothing changed)', async () => {
    const booking = await verifiedBooking(owner);
    const op = await operationOf(ops, booking._id);
    const vendor = await newVendor(owner);
    const v1 = await addVoucher(ops, op._id, voucherBody(booking, vendor, { cost: 40_000 }));
    expect((await payVoucher(ops, op._id, v1._id, 25_000)).status).toBe(201);
    const lower = await refusedUnchanged(409, () => ops.put(`/api${operationPaths.voucher(op._id, v1._id)}`, { cost: 24_999 }));
    expect(lower).toMatchObject({ code: 'BELOW_PAID', message: 'The cost cannot be less than what was paid on it (USD 250.00)', params: { paid: 25_000, amount: 24_999 } });
    const other = await newVendor(owner);
    await refusedUnchanged(409, () => ops.put(`/api${operationPaths.voucher(op._id, v1._id)}`, { vendorId: other }));
    const res = await ops.put(`/api${operationPaths.voucher(op._id, v1._id)}`, { cost: 25_000 });
    expect(res.status).toBe(200);
    expect(detailOk(res.body).vouchers[0]).toMatchObject({ cost: 25_000, paid: 25_000, owed: 0 });
  });

  it('refuses a void voucher (409), bad input (400), a payment dated after today (400), another organization (404)', async () => {
    const booking = await verifiedBooking(owner);
    const op = await operationOf(ops, booking._id);
    const vendor = await newVendor(owner);
    const v1 = await addVoucher(ops, op._id, voucherBody(booking, vendor));
    expect((await refusedUnchanged(400, () => payVoucher(ops, op._id, v1._id, 0))).issues[0].path).toBe('amount');
    expect((await refusedUnchanged(400, () => payVoucher(ops, op._id, v1._id, 10, undefined, { paymentMethod: 'barter' }))).issues[0].path).toBe('paymentMethod');
    expect((await refusedUnchanged(400, () => payVoucher(ops, op._id, v1._id, 10, undefined, { paidOn: day(1) }))).issues[0].path).toBe('paidOn');
    expect((await refusedUnchanged(400, () => payVoucher(ops, op._id, v1._id, 10, undefined, { paidOn: '1900-01-01' }))).issues[0]).toMatchObject({ path: 'paidOn', code: 'beforeBooksStart' });
    await refusedUnchanged(404, () => payVoucher(globe, op._id, v1._id, 10));
    await refusedUnchanged(403, () => payVoucher(sales, op._id, v1._id, 10));
    await ops.put(`/api${operationPaths.voucher(op._id, v1._id)}`, { status: 'void' });
    const fingerprintAfterVoid = await checksum(s, fingerprint);
    const res = await payVoucher(ops, op._id, v1._id, 10);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('VOUCHER_NOT_PAYABLE');
    expect(await checksum(s, fingerprint)).toBe(fingerprintAfterVoid);
  });

  it('answers the first result again for the same Idempotency-Key', async () => {
    const booking = await verifiedBooking(owner);
    const op = await operationOf(ops, booking._id);
    const v1 = await addVoucher(ops, op._id, voucherBody(booking, await newVendor(owner)));
    const first = await payVoucher(ops, op._id, v1._id, 1_000, 'pay-once-key');
    const second = await payVoucher(ops, op._id, v1._id, 1_000, 'pay-once-key');
    expect(second.status).toBe(201);
    expect(second.headers.get('Idempotent-Replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(detailOk((await ops.get(`/api${operationPaths.byId(op._id)}`)).body).vouchers[0].paid).toBe(1_000);
  });
});

describe('additional expenses', () => {
  it('are added, changed, paid (journal entry; a vendor transaction when they name a vendor), and count in the profit', async () => {
    const booking = await verifiedBooking(owner);
    const op = await operationOf(ops, booking._id);
    const vendor = await newVendor(owner);
    const added = await ops.post(`/api${operationPaths.expenses(op._id)}`, { description: 'Museum tickets', category: 'tickets', amount: 12_000, vendorId: vendor });
    expect(added.status).toBe(201);
    const e = detailOk(added.body).additionalExpenses[0];
    expect(e).toMatchObject({ description: 'Museum tickets', category: 'tickets', amount: 12_000, paid: 0, owed: 12_000, date: TODAY, vendor: { _id: vendor } });
    const changed = detailOk((await ops.put(`/api${operationPaths.expense(op._id, e._id)}`, { amount: 10_000 })).body);
    expect(changed.profit).toMatchObject({ expenses: 10_000, totalExpense: 10_000, profit: booking.grandTotal - 10_000 });
    expect(changed.missing).toEqual([{ kind: 'expense', _id: e._id, label: 'Museum tickets', needs: ['pay'], owed: 10_000 }]);
    expect(changed.nextStep).toBe('payVendors');
    expect((await refusedUnchanged(409, () => payExpense(ops, op._id, e._id, 10_001))).code).toBe('PAYMENT_EXCEEDS_OWED');
    const paid = await payExpense(ops, op._id, e._id, 10_000);
    expect(paid.status).toBe(201);
    const after = detailOk(paid.body);
    expect(after.additionalExpenses[0]).toMatchObject({ paid: 10_000, owed: 0 });
    expect(after.nextStep).toBe('complete');
    const [row] = await s.sql(`select source_type from journal_entries where id = $1`, [after.additionalExpenses[0].payments[0].journalEntryId]);
    expect(row).toEqual({ source_type: 'expense-payment' });
    expect((await owner.get(`/api/vendors/${vendor}/transactions`)).body.stats).toMatchObject({ totalOutgoing: 10_000, count: 1 });
    expect((await refusedUnchanged(409, () => ops.put(`/api${operationPaths.expense(op._id, e._id)}`, { amount: 9_999 }))).code).toBe('BELOW_PAID');
  });

  it('refuse bad input (400 naming the field) and other organizations (404)', async () => {
    const booking = await verifiedBooking(owner);
    const op = await operationOf(ops, booking._id);
    const path = `/api${operationPaths.expenses(op._id)}`;
    expect((await refusedUnchanged(400, () => ops.post(path, { description: '', category: 'tips', amount: 1 }))).issues[0].path).toBe('description');
    expect((await refusedUnchanged(400, () => ops.post(path, { description: 'Tips', category: 'bribes', amount: 1 }))).issues[0].path).toBe('category');
    expect((await refusedUnchanged(400, () => ops.post(path, { description: 'Tips', category: 'tips', amount: -5 }))).issues[0].path).toBe('amount');
    await refusedUnchanged(404, () => ops.post(path, { description: 'Tips', category: 'tips', amount: 5, vendorId: '00000000-0000-4000-8000-000000000000' }));
    await refusedUnchanged(404, () => globe.post(path, { description: 'Tips', category: 'tips', amount: 5 }));
    await refusedUnchanged(403, () => sales.post(path, { description: 'Tips', category: 'tips', amount: 5 }));
  });

  it('name only an active vendor; one deactivated after it was named stays on the expense', async () => {
    const booking = await verifiedBooking(owner);
    const op = await operationOf(ops, booking._id);
    const path = `/api${operationPaths.expenses(op._id)}`;
    const sleepy = await newVendor(owner, { isActive: false, name: 'Sleepy Guides' });
    const refused = await refusedUnchanged(409, () => ops.post(path, { description: 'Guide', category: 'guide', amount: 5_000, vendorId: sleepy }));
    expect(refused).toMatchObject({ code: 'VENDOR_NOT_BOOKABLE', message: 'Sleepy Guides is inactive: activate it or choose another vendor' });
    const awake = await newVendor(owner, { name: 'Awake Guides' });
    const e = detailOk((await ops.post(path, { description: 'Guide', category: 'guide', amount: 5_000, vendorId: awake })).body).additionalExpenses[0];
    expect((await refusedUnchanged(409, () => ops.put(`/api${operationPaths.expense(op._id, e._id)}`, { vendorId: sleepy }))).code).toBe('VENDOR_NOT_BOOKABLE');
    expect((await owner.put(`/api/vendors/${awake}`, { isActive: false })).status).toBe(200);
    const kept = await ops.put(`/api${operationPaths.expense(op._id, e._id)}`, { vendorId: awake, amount: 4_000 });
    expect(kept.status).toBe(200);
    expect(detailOk(kept.body).additionalExpenses[0]).toMatchObject({ amount: 4_000, vendor: { _id: awake, name: 'Awake Guides' } });
  });
});

describe('send vouchers, then mark completed', () => {
  it('refuses completion naming each missing voucher and expense; names vendors without email before sending anything; sends, pays, completes', async () => {
    const booking = await verifiedBooking(owner);
    const op = await operationOf(ops, booking._id);
    const hotel = await newVendor(owner, { name: 'Palm Rooms' });
    const noMail = await newVendor(owner, { name: 'Silent Transfers', services: ['transfers'], email: null });
    const v1 = await addVoucher(ops, op._id, voucherBody(booking, hotel, { cost: 40_000 }));
    const v2 = await addVoucher(ops, op._id, voucherBody(booking, noMail, { serviceType: 'transfers', cost: 5_000 }));
    const expense = detailOk((await ops.post(`/api${operationPaths.expenses(op._id)}`, { description: 'Guide tips', category: 'tips', amount: 2_000 })).body).additionalExpenses[0];

    const refused = await refusedUnchanged(409, () => ops.put(`/api${operationPaths.markCompleted(op._id)}`, {}));
    expect(refused.code).toBe('OPERATION_INCOMPLETE');
    expect(refused.params.voucherIds.sort()).toEqual([v1._id, v2._id].sort());
    expect(refused.params.expenseIds).toEqual([expense._id]);
    expect(refused.message).toContain('voucher hotels (Palm Rooms) (not confirmed, not sent, not paid)');
    expect(refused.message).toContain('expense Guide tips (not paid)');

    expect((await refusedUnchanged(409, () => ops.post(`/api${operationPaths.sendVouchers(op._id)}`, {}))).code).toBe('NOTHING_TO_SEND');
    await confirmVoucher(ops, op._id, v1._id);
    await confirmVoucher(ops, op._id, v2._id);
    const noEmail = await refusedUnchanged(409, () => ops.post(`/api${operationPaths.sendVouchers(op._id)}`, {}));
    expect(noEmail).toMatchObject({ code: 'VENDOR_EMAIL_MISSING', params: { vendors: ['Silent Transfers'] } });

    await owner.put(`/api/vendors/${noMail}`, { email: 'dispatch@silent.example' });
    const sent = await ops.post(`/api${operationPaths.sendVouchers(op._id)}`, { language: 'ae' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const afterSend = detailOk(sent.body);
    expect(afterSend.vouchers.map((x) => x.status)).toEqual(['sent', 'sent']);
    expect(afterSend.vouchersSent).toBe(true);
    expect(afterSend.nextStep).toBe('payVendors');
    const sends = await s.sql<{ record_id: string; to: string[]; document: string; language: string }>(`select record_id, "to", document, language from document_sends where record_type = 'voucher' order by record_label`);
    expect(sends.filter((x) => [v1._id, v2._id].includes(x.record_id))).toHaveLength(2);
    expect(sends.find((x) => x.record_id === v2._id)).toMatchObject({ to: ['dispatch@silent.example'], document: 'vendor-voucher', language: 'ae' });

    await payVoucher(ops, op._id, v1._id, 40_000);
    await payVoucher(ops, op._id, v2._id, 5_000);
    const still = await refusedUnchanged(409, () => ops.put(`/api${operationPaths.markCompleted(op._id)}`, {}));
    expect(still.params).toMatchObject({ voucherIds: [], expenseIds: [expense._id] });
    await payExpense(ops, op._id, expense._id, 2_000);
    const done = await ops.put(`/api${operationPaths.markCompleted(op._id)}`, {});
    expect(done.status).toBe(200);
    const completed = detailOk(done.body);
    expect(completed).toMatchObject({ status: 'completed', nextStep: 'done', missing: [] });
    expect(completed.completedAt).not.toBeNull();
    expect(completed.profit).toMatchObject({ revenue: booking.grandTotal, vouchers: 45_000, expenses: 2_000, totalExpense: 47_000, profit: booking.grandTotal - 47_000, paidOut: 47_000 });
    const twice = await refusedUnchanged(409, () => ops.put(`/api${operationPaths.markCompleted(op._id)}`, {}));
    expect(twice).toMatchObject({ code: 'TRANSITION_NOT_ALLOWED', message: 'Only a pending operation can be completed; this one is completed' });
    expect((await refusedUnchanged(409, () => ops.post(`/api${operationPaths.vouchers(op._id)}`, voucherBody(booking, hotel)))).code).toBe('OPERATION_CLOSED');
  });

  it('renders a voucher’s PDF in a language (a customer-safe document: the renderer refuses cost keys in its data)', async () => {
    const booking = await verifiedBooking(owner);
    const op = await operationOf(ops, booking._id);
    const v1 = await addVoucher(ops, op._id, voucherBody(booking, await newVendor(owner)));
    await confirmVoucher(ops, op._id, v1._id, 'PDF-CONF-1');
    for (const lang of ['en', 'ae', 'ja']) {
      const res = await ops.get(`/api${operationPaths.voucherPdf(op._id, v1._id)}?lang=${lang}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(String(res.body).startsWith('%PDF')).toBe(true);
    }
    expect((await ops.get(`/api${operationPaths.voucherPdf(op._id, v1._id)}?lang=xx`)).status).toBe(400);
    expect((await globe.get(`/api${operationPaths.voucherPdf(op._id, v1._id)}`)).status).toBe(404);
  });
});

describe('vouchers from the tour', () => {
  it('prefills one draft per priced line with a vendor, once, with the planned cost beside the actual', async () => {
    const hotel = await newVendor(owner, { services: ['hotels'] });
    const safari = await newVendor(owner, { services: ['activities'] });
    const pkg = await newPricedPackage(owner, [
      { kind: 'hotels', vendorId: hotel, unitCost: 30_000, quantity: 4 },
      { kind: 'activities', vendorId: safari, unitCost: 7_500, quantity: 2 },
      { kind: 'transfers', vendorId: null, unitCost: 5_000 },
    ]);
    const booking = await verifiedBooking(owner, { packageId: pkg });
    const op = await operationOf(ops, booking._id);
    expect(op.profit).toMatchObject({ plannedCost: 120_000 + 15_000 + 5_000, plannedProfit: booking.grandTotal - 140_000 });
    const res = await ops.post(`/api${operationPaths.prefill(op._id)}`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const filled = detailOk(res.body);
    expect(filled.vouchers.map((x) => [x.serviceType, x.vendor._id, x.cost, x.status, x.tourLineId, x.pax]).sort()).toEqual(
      [
        ['activities', safari, 15_000, 'draft', '2', 2],
        ['hotels', hotel, 120_000, 'draft', '1', 2],
      ].sort(),
    );
    for (const x of filled.vouchers) expect([x.serviceStartDate, x.serviceEndDate]).toEqual([booking.departure, booking.arrival]);
    const again = detailOk((await ops.post(`/api${operationPaths.prefill(op._id)}`, {})).body);
    expect(again.vouchers).toHaveLength(2);

    const group = await verifiedBooking(owner);
    const groupOp = await operationOf(ops, group._id);
    expect((await refusedUnchanged(409, () => ops.post(`/api${operationPaths.prefill(groupOp._id)}`, {}))).code).toBe('NOTHING_TO_PREFILL');
  });
});

describe('mark completed: the vendor services the tour plans', () => {
  /** A package whose priced lines cost something (one names its vendor, one does not): its operation plans vendor services. */
  async function plannedTrip() {
    const hotel = await newVendor(owner, { services: ['hotels'] });
    const pkg = await newPricedPackage(owner, [
      { kind: 'hotels', vendorId: hotel, unitCost: 30_000, quantity: 4 },
      { kind: 'transfers', vendorId: null, unitCost: 5_000 },
    ]);
    const booking = await verifiedBooking(owner, { packageId: pkg });
    return { booking, hotel, op: detailOk((await ops.get(`/api${operationPaths.byBooking(booking._id)}`)).body) };
  }
  const complete = (agent: Agent, id: string, body: unknown = {}) => agent.put(`/api${operationPaths.markCompleted(id)}`, body);

  it('refuses an operation with no voucher whose tour plans services, naming why; completes with a "no vendor services" reason, kept', async () => {
    const { op, booking } = await plannedTrip();
    expect(op.profit.plannedCost).toBe(125_000);
    expect(op.missing).toEqual([{ kind: 'services', _id: op._id, label: 'vendor services', needs: ['book'], owed: 0 }]);
    expect(op).toMatchObject({ nextStep: 'addVouchers', noVendorServices: null, completedBy: null });

    const refused = await refusedUnchanged(409, () => complete(ops, op._id));
    expect(refused).toMatchObject({ code: 'OPERATION_INCOMPLETE', params: { services: [op._id], voucherIds: [], expenseIds: [] } });
    expect(refused.message).toBe('The operation cannot be completed yet: vendor services (none booked: the tour plans them; add their vouchers, or complete with a "no vendor services" reason)');

    // Bad input: 400 naming the field, nothing written.
    for (const [body, field] of [
      [{ noVendorServices: { reason: '   ' } }, 'noVendorServices.reason'],
      [{ noVendorServices: { reason: 'x'.repeat(501) } }, 'noVendorServices.reason'],
      [{ noVendorServices: {} }, 'noVendorServices.reason'],
      [{ noVendorServices: { reason: 'ok', extra: 1 } }, 'noVendorServices.extra'],
      [{ reason: 'at the wrong place' }, 'reason'],
    ] as const) {
      const bad = await refusedUnchanged(400, () => complete(ops, op._id, body));
      expect(bad.issues?.map((i: { path: string }) => i.path) ?? [], JSON.stringify(bad)).toContain(field);
    }
    const reason = { noVendorServices: { reason: 'The customer booked the lodge and the transfers himself' } };
    // Another organization's operation is not there; a role without operations.update may not.
    await refusedUnchanged(404, () => complete(globe, op._id, reason));
    await refusedUnchanged(403, () => complete(sales, op._id, reason));

    // The reason answers for the services only: an unpaid expense still stops the completion.
    const expense = detailOk((await ops.post(`/api${operationPaths.expenses(op._id)}`, { description: 'Park fees', category: 'tickets', amount: 3_000 })).body).additionalExpenses[0];
    const unpaid = await refusedUnchanged(409, () => complete(ops, op._id, reason));
    expect(unpaid).toMatchObject({ code: 'OPERATION_INCOMPLETE', message: 'The operation cannot be completed yet: expense Park fees (not paid)', params: { services: [], expenseIds: [expense._id] } });
    expect((await payExpense(ops, op._id, expense._id, 3_000)).status).toBe(201);

    const done = await complete(ops, op._id, { noVendorServices: { reason: '  The customer booked the lodge and the transfers himself  ' } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const completed = detailOk(done.body);
    expect(completed).toMatchObject({ status: 'completed', nextStep: 'done', missing: [], noVendorServices: { reason: 'The customer booked the lodge and the transfers himself' }, completedBy: { name: 'Oskar Ops' } });
    expect(completed.profit).toMatchObject({ revenue: booking.grandTotal, totalExpense: 3_000, profit: booking.grandTotal - 3_000 });
    expect(await s.sql('select status, no_vendor_services_reason from booking_operations where id = $1', [op._id])).toEqual([{ status: 'completed', no_vendor_services_reason: 'The customer booked the lodge and the transfers himself' }]);
    expect(detailOk((await ops.get(`/api${operationPaths.byId(op._id)}`)).body).noVendorServices).toEqual({ reason: 'The customer booked the lodge and the transfers himself' });
  });

  it('refuses "no vendor services" on an operation that has a voucher; a void one books nothing', async () => {
    const { op, booking, hotel } = await plannedTrip();
    const voucher = await addVoucher(ops, op._id, voucherBody(booking, hotel, { cost: 120_000 }));
    expect(detailOk((await ops.get(`/api${operationPaths.byId(op._id)}`)).body).missing.map((m) => m.kind)).toEqual(['voucher']);
    const booked = await refusedUnchanged(409, () => complete(ops, op._id, { noVendorServices: { reason: 'Self-booked' } }));
    expect(booked).toMatchObject({ code: 'VENDOR_SERVICES_BOOKED', message: 'Vendor services are booked on this operation (1 voucher): complete it without "no vendor services"', params: { vouchers: 1 } });
    // The database keeps a reason to completed operations with no voucher, whatever writes it.
    await expect(s.sql('update booking_operations set no_vendor_services_reason = $2 where id = $1', [op._id, 'Self-booked'])).rejects.toThrow(/booking_operations_no_vendor_services_ck/);

    const voided = detailOk((await ops.put(`/api${operationPaths.voucher(op._id, voucher._id)}`, { status: 'void' })).body);
    expect(voided.missing).toEqual([{ kind: 'services', _id: op._id, label: 'vendor services', needs: ['book'], owed: 0 }]);
    expect((await refusedUnchanged(409, () => complete(ops, op._id))).params.services).toEqual([op._id]);
    expect((await complete(ops, op._id, { noVendorServices: { reason: 'The lodge closed; the customer travelled on his own' } })).status).toBe(200);
  });

  it('the work queue offers such a trip only once it is over, asking the reason', async () => {
    const { op, booking } = await plannedTrip();
    const items = async () => (await ops.get(`/api/work-queue?record=${op._id}&kind=operationToComplete`)).body.data as WorkQueueItem[];
    expect(await items()).toEqual([]);
    s.clock.set(`${addDays(booking.arrival, 1)}T08:00:00Z`);
    try {
      const [item] = await items();
      expect(item).toMatchObject({ kind: 'operationToComplete', reason: { code: 'operationNoVendorServices' }, actions: [{ event: 'COMPLETE', input: 'reason', main: true }] });
      const without = queueCall(item, 'COMPLETE')!;
      expect((await refusedUnchanged(409, () => ops.request(without.method, `/api${without.path}`, without.body))).code).toBe('OPERATION_INCOMPLETE');
      const call = queueCall(item, 'COMPLETE', { reason: 'Nothing was needed from vendors' })!;
      expect((await ops.request(call.method, `/api${call.path}`, call.body)).status).toBe(200);
      expect(await items()).toEqual([]);
    } finally {
      s.clock.set(NOW);
    }
  });
});

describe('vouchers from the tour, one per vendor and service (issue 27)', () => {
  /** A published Dubai package of `nights`, its days at the demo's hotels, with these lines. */
  async function dubaiPackage(days: { hotel?: 0 | 1 }[], lines: Record<string, unknown>[]) {
    const [place] = await s.sql<{ id: string; region: string }>(`select d.id, d.region_id as region from destinations d join organizations o on o.id = d.organization_id where o.name = 'Demo Travels' and d.name = 'Dubai'`);
    const hotels = await s.sql<{ id: string; room: string }>(`select id, room_types->0->>'name' as room from hotels where destination_id = $1 order by name limit 2`, [place!.id]);
    const res = await owner.post('/api/personalized-tours', {
      title: `Dubai stays ${Math.random().toString(36).slice(2, 8)}`,
      totalNights: days.length - 1,
      regions: [place!.region],
      destinations: [place!.id],
      days: days.map((d, i) => ({ dayNumber: i + 1, destinationId: place!.id, ...(d.hotel === undefined ? {} : { hotelId: hotels[d.hotel]!.id, roomType: hotels[d.hotel]!.room }) })),
      pricePerPerson: PRICES,
      isPublished: true,
      lines: lines.map((l) => ({ quantity: 1, unit: 'per-unit', ...l, ...(l.hotel === undefined ? {} : { hotelId: hotels[l.hotel as number]!.id, roomType: hotels[l.hotel as number]!.room, hotel: undefined }) })),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data._id as string;
  }

  it('merges the nights of one hotel vendor into a stay from check-in to check-out, splits at a gap, merges one vendor’s activities, and answers the lines without a vendor to assign; a second run adds nothing', async () => {
    const atlantis = await newVendor(owner, { services: ['hotels'], name: `Stays ${Math.random().toString(36).slice(2, 8)}` });
    const adventures = await newVendor(owner, { services: ['activities'] });
    // Nights 1–2 at hotel A, night 3 nowhere, night 4 at hotel B (one vendor for both), day 5 home.
    const pkg = await dubaiPackage(
      [{ hotel: 0 }, { hotel: 0 }, {}, { hotel: 1 }, {}],
      [
        { kind: 'hotels', dayNumber: 1, description: 'Hotel A, 2 nights', hotel: 0, vendorId: atlantis, quantity: 2, unit: 'per-room-night', unitCost: 30_000 },
        { kind: 'hotels', dayNumber: 2, description: 'Extra bed', vendorId: atlantis, unitCost: 4_000 },
        { kind: 'hotels', dayNumber: 4, description: 'Hotel B', hotel: 1, vendorId: atlantis, quantity: 1, unit: 'per-room-night', unitCost: 25_000 },
        { kind: 'activities', dayNumber: 2, description: 'Desert safari', vendorId: adventures, unitCost: 7_500, quantity: 2, unit: 'per-person' },
        { kind: 'activities', dayNumber: 4, description: 'Dhow cruise', vendorId: adventures, unitCost: 5_000, quantity: 2, unit: 'per-person' },
        { kind: 'transfers', description: 'Airport transfers', vendorId: null, unitCost: 6_000, quantity: 2 },
        { kind: 'fee', description: 'Service fee', vendorId: null, unitCost: 0, markupType: 'amount', markup: 5_000 },
      ],
    );
    const booking = await verifiedBooking(owner, { packageId: pkg });
    const op = await operationOf(ops, booking._id);
    const d = (n: number) => addDays(booking.departure, n);
    const res = await ops.post(`/api${operationPaths.prefill(op._id)}`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const parsed = v.safeParse(prefillAnswerSchema, res.body);
    expect(parsed.issues ?? []).toEqual([]);
    const filled = res.body.data as v.InferOutput<typeof operationDetailSchema>;
    const rows = filled.vouchers.map((x) => [x.serviceType, x.vendor._id, x.serviceStartDate, x.serviceEndDate, x.tourLineId, x.cost, x.description, x.status]);
    expect(rows.sort()).toEqual(
      [
        // A party of two is one room: 2 nights × 30 000 + the extra bed on night 2, check-in day 1, check-out day 3.
        ['hotels', atlantis, d(0), d(2), '1,2', 64_000, 'Hotel A, 2 nights; Extra bed', 'draft'],
        ['hotels', atlantis, d(3), d(4), '3', 25_000, 'Hotel B', 'draft'],
        ['activities', adventures, d(1), d(3), '4,5', 25_000, 'Desert safari; Dhow cruise', 'draft'],
      ].sort(),
    );
    expect(res.body.toAssign).toEqual([{ tourLineId: '6', serviceType: 'transfers', description: 'Airport transfers', serviceStartDate: booking.departure, serviceEndDate: booking.arrival, cost: 12_000 }]);

    // Again: every line with a vendor is booked, nothing is added; the line to assign is still named.
    const again = await ops.post(`/api${operationPaths.prefill(op._id)}`, {});
    expect(again.status).toBe(201);
    expect(again.body.data.vouchers).toHaveLength(3);
    expect(again.body.toAssign.map((l: { tourLineId: string }) => l.tourLineId)).toEqual(['6']);

    // A void voucher gives its lines back: the next run books them again, merged as before.
    const stay = filled.vouchers.find((x) => x.tourLineId === '1,2')!;
    expect((await ops.put(`/api${operationPaths.voucher(op._id, stay._id)}`, { status: 'void' })).status).toBe(200);
    const refilled = await ops.post(`/api${operationPaths.prefill(op._id)}`, {});
    expect(refilled.body.data.vouchers.filter((x: { tourLineId: string; status: string }) => x.tourLineId === '1,2').map((x: { status: string }) => x.status).sort()).toEqual(['draft', 'void']);
  });

  it('refuses a tour whose lines name no vendor (409 NOTHING_TO_PREFILL naming the lines to assign) and one naming an inactive vendor (409, nothing written)', async () => {
    const pkg = await newPricedPackage(owner, [
      { kind: 'hotels', vendorId: null, unitCost: 30_000, description: 'Beach hotel' },
      { kind: 'transfers', vendorId: null, unitCost: 5_000, description: 'Transfers' },
    ]);
    const op = await operationOf(ops, (await verifiedBooking(owner, { packageId: pkg }))._id);
    const none = await refusedUnchanged(409, () => ops.post(`/api${operationPaths.prefill(op._id)}`, {}));
    expect(none).toMatchObject({ code: 'NOTHING_TO_PREFILL', params: { lines: ['Beach hotel', 'Transfers'] } });
    expect(none.message).toBe("None of the tour's priced lines names a vendor: name them in the tour or add the vouchers by hand (Beach hotel; Transfers)");

    const sleepy = await newVendor(owner, { services: ['hotels'], name: `Sleepy ${Math.random().toString(36).slice(2, 8)}` });
    const awake = await newVendor(owner, { services: ['transfers'] });
    const withSleepy = await newPricedPackage(owner, [
      { kind: 'transfers', vendorId: awake, unitCost: 5_000 },
      { kind: 'hotels', vendorId: sleepy, unitCost: 30_000 },
    ]);
    const op2 = await operationOf(ops, (await verifiedBooking(owner, { packageId: withSleepy }))._id);
    expect((await owner.put(`/api/vendors/${sleepy}`, { isActive: false })).status).toBe(200);
    const inactive = await refusedUnchanged(409, () => ops.post(`/api${operationPaths.prefill(op2._id)}`, {}));
    expect(inactive.code).toBe('VENDOR_NOT_BOOKABLE');
  });
});

describe('the demo’s operations filled from their tours (issue 27)', () => {
  it('make a handful of drafts: one per vendor and service, a hotel vendor’s nights as one stay, never one per night', async () => {
    const pending = await s.sql<{ id: string; lines: number }>(
      `select o.id, (select count(*)::int from jsonb_array_elements(b.tour_snapshot->'lines') e where e->'vendor' <> 'null'::jsonb and e->>'kind' not in ('fee', 'discount')) as lines
       from booking_operations o join bookings b on b.id = o.booking_id join organizations g on g.id = o.organization_id
       where g.name = 'Demo Travels' and o.status = 'pending' and b.tour_type = 'personalized'`,
    );
    const filled = [];
    for (const op of pending) {
      const res = await owner.post(`/api${operationPaths.prefill(op.id)}`, {});
      if (res.status === 409) continue; // its lines name no vendor, or one is inactive: nothing written
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const drafts = (res.body.data.vouchers as { status: string; tourLineId: string | null; serviceType: string; vendor: { _id: string }; serviceStartDate: string; serviceEndDate: string }[]).filter((x) => x.tourLineId && x.status === 'draft');
      filled.push({ lines: op.lines, drafts: drafts.length });
      for (const a of drafts) {
        for (const b of drafts) {
          if (a === b || a.vendor._id !== b.vendor._id || a.serviceType !== b.serviceType) continue;
          // Two drafts of one vendor and service are stays with a gap between them.
          expect(a.serviceType).toBe('hotels');
          expect(a.serviceEndDate < b.serviceStartDate || b.serviceEndDate < a.serviceStartDate).toBe(true);
        }
      }
    }
    expect(filled.length).toBeGreaterThan(0);
    for (const f of filled) expect(f.drafts).toBeLessThanOrEqual(f.lines);
    // The demo's packages visit a few activities with one vendor: fewer drafts than lines overall.
    expect(filled.reduce((n, f) => n + f.drafts, 0)).toBeLessThan(filled.reduce((n, f) => n + f.lines, 0));
  });
});

describe('GET /booking-operations', () => {
  it('answers the board: pending trips first, departing soonest first, the seed’s filters in SQL, the seven stats over the filter', async () => {
    const res = await ops.get('/api/booking-operations?limit=200');
    expect(res.status).toBe(200);
    const parsed = v.safeParse(listAnswerOf(operationSchema, operationStatsSchema), res.body);
    expect(parsed.success, JSON.stringify(parsed.issues?.[0])).toBe(true);
    const rows = res.body.data as v.InferOutput<typeof operationSchema>[];
    expect(rows.length).toBeGreaterThan(5);
    // The work first: every pending trip before the closed ones, each group departing soonest first.
    const open = rows.findIndex((r) => r.status !== 'pending');
    expect(open).toBeGreaterThan(0);
    expect(rows.slice(open).every((r) => r.status !== 'pending')).toBe(true);
    const departures = rows.map((r) => r.booking.departure);
    const inOrder = (list: string[]) => expect(list).toEqual([...list].sort());
    inOrder(departures.slice(0, open));
    inOrder(departures.slice(open));
    const stats = res.body.stats;
    expect(stats.total).toBe(rows.length);
    expect(stats.completed + stats.pending + stats.canceled).toBe(stats.total);
    expect(stats.totalRevenue).toBe(rows.reduce((n, r) => n + r.profit.revenue, 0));
    expect(stats.totalExpense).toBe(rows.reduce((n, r) => n + r.profit.totalExpense, 0));
    expect(stats.totalProfit).toBe(stats.totalRevenue - stats.totalExpense);
    for (const r of rows) expect(r.nextStep).toBe(nextStepOf({ status: r.status, ...r.progress }));

    for (const status of ['pending', 'completed'] as const) {
      const f = await ops.get(`/api/booking-operations?operationStatus=${status}&limit=200`);
      expect(f.body.data.every((r: { status: string }) => r.status === status)).toBe(true);
      expect(f.body.stats.total).toBe(rows.filter((r) => r.status === status).length);
    }
    for (const step of ['addVouchers', 'confirmVouchers', 'payVendors', 'complete', 'done']) {
      const f = await ops.get(`/api/booking-operations?nextStep=${step}&limit=200`);
      expect(f.body.data.map((r: { _id: string }) => r._id).sort(), step).toEqual(rows.filter((r) => r.nextStep === step).map((r) => r._id).sort());
    }
    const sent = await ops.get('/api/booking-operations?vouchersSent=true&limit=200');
    expect(sent.body.data.map((r: { _id: string }) => r._id).sort()).toEqual(rows.filter((r) => r.vouchersSent).map((r) => r._id).sort());
    const first = rows[0];
    const byDeparture = await ops.get(`/api/booking-operations?departure[from]=${first.booking.departure}&departure[to]=${first.booking.departure}&limit=200`);
    const sameDay = rows.filter((r) => r.booking.departure === first.booking.departure);
    expect(byDeparture.body.data.map((r: { _id: string }) => r._id)).toEqual(sameDay.map((r) => r._id));
    // Stats joined to the bookings (a booking filter) add up the same figures as the rows.
    expect(byDeparture.body.stats).toMatchObject({ total: sameDay.length, totalRevenue: sameDay.reduce((n, r) => n + r.profit.revenue, 0), totalExpense: sameDay.reduce((n, r) => n + r.profit.totalExpense, 0) });
    const desc = await ops.get('/api/booking-operations?sortOrder=desc&limit=200');
    expect(desc.body.data.map((r: { booking: { departure: string } }) => r.booking.departure)).toEqual([...departures.slice(0, open).reverse(), ...departures.slice(open).reverse()]);
    expect((await ops.get('/api/booking-operations?operationStatus=open')).status).toBe(400);
    expect((await ops.get('/api/booking-operations?vouchersSent=maybe')).body.issues[0].path).toBe('vouchersSent');
  });

  it('"needs me": pending trips the caller sold or took in hand', async () => {
    const mine = await ops.get('/api/booking-operations?needsMe=true&limit=200');
    const all = (await ops.get('/api/booking-operations?limit=200')).body.data as v.InferOutput<typeof operationSchema>[];
    const [me] = await s.sql<{ id: string }>(`select id from members where email = 'ops@demo.travel'`);
    const expected = all.filter((r) => r.status === 'pending' && (r.assignedTo?._id === me.id || r.booking.convertedBy?._id === me.id)).map((r) => r._id);
    expect(expected.length).toBeGreaterThan(0);
    expect(mine.body.data.map((r: { _id: string }) => r._id).sort()).toEqual(expected.sort());
    expect(mine.body.stats).toMatchObject({ total: expected.length, pending: expected.length, completed: 0 });
    const globeList = await globe.get('/api/booking-operations?limit=200');
    expect(globeList.body.data.some((r: { _id: string }) => expected.includes(r._id))).toBe(false);
  });
});
