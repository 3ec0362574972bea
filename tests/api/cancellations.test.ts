import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newIdempotencyKey } from '../../src/api/common/idempotency';
import { operationPaths } from '../../src/api/operations/contract';
import { connect } from '../../server/db/client';
import { runOneJob } from '../../server/jobs/queue';
import { jobHandlers } from '../../server/registry';
import type { Agent } from '../support/agent';
import { NOW, PRICES, TODAY, book, day, groupBooking, newDeparture, newLead, orgId, pay, verify } from '../support/bookings';
import { addVoucher, confirmVoucher, newVendor, operationOf, payVoucher, voucherBody } from '../support/operations';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Cancellations (issue 29, SPEC workflow 4) through the real server on its own database: the quote
 * from the policy the booking was sold under, one open request per booking, the decision that
 * cancels the trip and splits the refund between money back and a credit note in one transaction,
 * the refund processed, credit notes paying a later trip of the same customer until used up or
 * expired, vendors' refunds; and the books an accountant's tool accepts after all of it.
 */
let s: TestServer;
let owner: Agent;
let sales: Agent;
let finance: Agent;
let ops: Agent;
let demoOrg: string;

beforeAll(async () => {
  s = await startTestServer();
  s.clock.set(NOW);
  [owner, sales, finance, ops] = await s.logins('owner@demo.travel', 'sales@demo.travel', 'finance@demo.travel', 'ops@demo.travel');
  demoOrg = await orgId(s);
});
afterAll(() => s.close());
afterEach(() => s.clock.set(NOW));

const TOTAL = 2 * PRICES.adult;
const DEPOSIT = Math.round(TOTAL * 0.3);

/** A booking of the sales agent's on a departure `inDays` ahead, its deposit paid and verified; `verified` also verifies the booking (its operation opens). */
async function paidBooking(o: { inDays?: number; email?: string; verified?: boolean; departure?: string } = {}) {
  const lead = await newLead(sales, undefined, o.email ? { email: o.email } : {});
  const departure = o.departure ?? (await newDeparture(owner, { inDays: o.inDays ?? 60, capacity: 10 }));
  const booking = await book(sales, groupBooking(departure, lead, { pax: 2 }));
  const deposit = await pay(owner, booking._id, DEPOSIT);
  expect(deposit.status, JSON.stringify(deposit.body)).toBe(201);
  expect((await verify(finance, booking._id, deposit.body.data._id)).status).toBe(200);
  if (o.verified) expect((await owner.put(`/api/bookings/${booking._id}/verify`, {})).status).toBe(200);
  return { ...booking, leadId: lead, departureId: departure };
}

const request = (agent: Agent, bookingId: string, extra: Record<string, unknown> = {}) =>
  agent.post('/api/booking-cancellations/cancel', { bookingId, reason: 'The customer broke a leg', ...extra });

async function requested(bookingId: string) {
  const res = await request(sales, bookingId);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

const decide = (agent: Agent, id: string, body: Record<string, unknown>, key = newIdempotencyKey()) =>
  agent.patch(`/api/booking-cancellations/${id}/status`, body, { 'Idempotency-Key': key });

const half = (n: number) => Math.floor(n / 2);
const approveHalf = (paid: number, validUntil = day(365)) => ({
  status: 'approved',
  comments: 'Half back, half for the next trip',
  totalRefundAmount: paid,
  refundSource: 'money:bank-transfer',
  sourceAccountAmount: half(paid),
  creditNoteAmount: paid - half(paid),
  validUntil,
});

/** The lines of a journal entry by account key. */
async function entryLines(entryId: string) {
  return s.sql<{ key: string; debit: number; credit: number }>(
    `select a.key, l.debit::int as debit, l.credit::int as credit from journal_lines l join accounts a on a.id = l.account_id where l.entry_id = $1 order by a.key, l.debit`,
    [entryId],
  );
}
const balanced = (lines: { debit: number; credit: number }[]) => lines.reduce((n, l) => n + l.debit - l.credit, 0) === 0;
const cancellationEntry = async (id: string) => (await s.sql<{ entry_id: string }>('select entry_id from booking_cancellations where id = $1', [id]))[0].entry_id;
const writes = async () =>
  (
    await s.sql<{ n: string }>(
      `select (select count(*) from journal_entries)::text || '/' || (select count(*) from refunds) || '/' || (select count(*) from credit_notes) || '/' || (select count(*) from credit_note_redemptions) || '/' || (select count(*) from booking_cancellations where status <> 'requested') as n`,
    )
  )[0].n;

describe('the quote', () => {
  it("follows the tier of the days left, from the policy the booking was sold under, and shows the vendors' side", async () => {
    const b = await paidBooking({ inDays: 60, verified: true });
    const quote = await sales.get(`/api/bookings/${b._id}/cancellation-quote`);
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body.data).toMatchObject({ paid: DEPOSIT, fee: TOTAL / 10, refundable: DEPOSIT - TOTAL / 10, tier: { daysBeforeDeparture: 60, feeBasisPoints: 1_000 }, daysBeforeDeparture: 60, asOf: TODAY, vendorSide: [] });

    // The organization's policy changes: this booking keeps the one it was sold under, a new one takes the new one.
    const policy = await owner.put('/api/configurations/cancellations', { tiers: [{ daysBeforeDeparture: 0, feeBasisPoints: 2_000 }], flatFee: 5_000 });
    expect(policy.status, JSON.stringify(policy.body)).toBe(200);
    try {
      expect((await sales.get(`/api/bookings/${b._id}/cancellation-quote`)).body.data.fee).toBe(TOTAL / 10);
      const later = await paidBooking({ inDays: 60 });
      expect((await sales.get(`/api/bookings/${later._id}/cancellation-quote`)).body.data).toMatchObject({ fee: TOTAL / 5 + 5_000, tier: { daysBeforeDeparture: 0, feeBasisPoints: 2_000 }, flatFee: 5_000 });
    } finally {
      await owner.put('/api/configurations/cancellations', {});
    }

    // A month on, 29 days before departure: the 14-day tier's half of the total is more than was paid.
    s.clock.set(`${day(31)}T08:00:00Z`);
    expect((await sales.get(`/api/bookings/${b._id}/cancellation-quote`)).body.data).toMatchObject({ daysBeforeDeparture: 29, fee: TOTAL / 2, refundable: 0, kept: DEPOSIT });
    s.clock.set(NOW);

    // Operations enters what the hotel gives back if the trip is cancelled, within the voucher's cost.
    const op = await operationOf(ops, b._id);
    const vendor = await newVendor(ops);
    const voucher = await addVoucher(ops, op._id, voucherBody(b, vendor, { cost: 80_000 }));
    expect((await confirmVoucher(ops, op._id, voucher._id)).status).toBe(200);
    expect((await payVoucher(ops, op._id, voucher._id, 50_000)).status).toBe(201);
    const tooMuch = await ops.put(`/api${operationPaths.voucher(op._id, voucher._id)}`, { vendorRefundExpected: 80_001 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.issues[0]).toMatchObject({ path: 'vendorRefundExpected', code: 'tooLarge' });
    const set = await ops.put(`/api${operationPaths.voucher(op._id, voucher._id)}`, { vendorRefundExpected: 20_000 });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data.vouchers[0]).toMatchObject({ vendorRefundExpected: 20_000, vendorRefunded: 0 });
    const withVendors = (await owner.get(`/api/bookings/${b._id}/cancellation-quote`)).body.data;
    expect(withVendors.vendorSide).toEqual([{ voucherId: voucher._id, number: expect.stringMatching(/^VCH-/), vendor: expect.any(String), paid: 50_000, refundExpected: 20_000, loss: 30_000 }]);
    expect(withVendors).toMatchObject({ vendorPaid: 50_000, vendorRefundExpected: 20_000, costToOrganization: 30_000 - TOTAL / 10 });
  });

  it('is 404 for a booking of another organization or one the seller may not see', async () => {
    const b = await paidBooking();
    const globe = await s.login('owner@globe.travel');
    expect((await globe.get(`/api/bookings/${b._id}/cancellation-quote`)).status).toBe(404);
    const lina = await s.login('lina@demo.travel');
    expect((await lina.get(`/api/bookings/${b._id}/cancellation-quote`)).status).toBe(404);
    expect((await request(lina, b._id)).status).toBe(404);
  });
});

describe('a request', () => {
  it('is one open request per booking, whoever asks and however many times at once', async () => {
    const b = await paidBooking();
    const answers = await Promise.all(Array.from({ length: 20 }, () => request(sales, b._id)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(19).fill(409)]);
    const created = answers.find((a) => a.status === 201)!.body.data;
    expect(created).toMatchObject({ status: 'requested', booking: { _id: b._id, status: b.status }, reason: 'The customer broke a leg', quote: { paid: DEPOSIT }, currentQuote: { paid: DEPOSIT } });
    expect(answers.find((a) => a.status === 409)!.body).toMatchObject({ code: 'CANCELLATION_OPEN' });
    expect(await s.sql('select id from booking_cancellations where booking_id = $1', [b._id])).toHaveLength(1);

    // Whoever may decide hears of it; the one who asked does not.
    const heard = await s.sql<{ email: string }>(
      `select m.email from notifications n join members m on m.id = n.member_id where n.type = 'cancellation-requested' and n.link = $1 order by m.email`,
      [`/work-queue?record=${created._id}&kind=cancellationToDecide`],
    );
    expect(heard.map((h) => h.email)).toEqual(expect.arrayContaining(['finance@demo.travel', 'owner@demo.travel']));
    expect(heard.map((h) => h.email)).not.toContain('sales@demo.travel');

    // It is in the requested list, not the main one, and on the booking.
    const open = await owner.get(`/api/booking-cancellations/requests?search=${encodeURIComponent(b.customer.name)}`);
    expect(open.body.data.map((c: { _id: string }) => c._id)).toEqual([created._id]);
    expect(open.body.meta).toMatchObject({ limit: 50, totalItems: 1 });
    expect((await owner.get(`/api/booking-cancellations?search=${encodeURIComponent(b.customer.name)}`)).body.data).toEqual([]);
    expect((await owner.get(`/api/booking-cancellations/requests/${created._id}`)).status).toBe(200);
    expect((await sales.get(`/api/bookings/${b._id}/cancellations`)).body.data.map((c: { _id: string }) => c._id)).toEqual([created._id]);
  });

  it('is refused for bad input, a booking already cancelled, and a role that may not ask', async () => {
    const b = await paidBooking();
    const before = await s.sql('select count(*)::int as n from booking_cancellations');
    const noReason = await sales.post('/api/booking-cancellations/cancel', { bookingId: b._id });
    expect(noReason.status).toBe(400);
    expect(noReason.body.issues[0]).toMatchObject({ path: 'reason', code: 'required' });
    expect((await sales.post('/api/booking-cancellations/cancel', { bookingId: 'nope', reason: 'x' })).body.issues[0]).toMatchObject({ path: 'bookingId' });
    expect((await request(sales, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await request(ops, b._id)).status).toBe(403);
    expect(await s.sql('select count(*)::int as n from booking_cancellations')).toEqual(before);
  });
});

describe('the decision', () => {
  it('rejects with a comment only, once; the booking goes on and may be asked for again', async () => {
    const b = await paidBooking();
    const c = await requested(b._id);
    const bare = await decide(owner, c._id, { status: 'rejected' });
    expect(bare.status).toBe(400);
    expect(bare.body.issues[0]).toMatchObject({ path: 'comments', code: 'required' });
    expect((await decide(sales, c._id, { status: 'rejected', comments: 'No' })).status).toBe(403);
    const rejected = await decide(owner, c._id, { status: 'rejected', comments: 'Outside the policy: the trip goes ahead' });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.data).toMatchObject({ status: 'rejected', decidedBy: { name: expect.any(String) }, refund: null, creditNote: null });
    expect(rejected.body.data.comments.map((x: { kind: string }) => x.kind)).toEqual(['request', 'rejection']);
    const again = await decide(owner, c._id, approveHalf(DEPOSIT));
    expect(again.status).toBe(409);
    // It left the requested list for the main one.
    expect((await owner.get(`/api/booking-cancellations/requests/${c._id}`)).status).toBe(404);
    expect((await owner.get(`/api/booking-cancellations?search=${encodeURIComponent(b.customer.name)}`)).body.data.map((x: { _id: string }) => x._id)).toEqual([c._id]);
    expect((await owner.get(`/api/bookings/id/${b._id}`)).body.data.status).toBe(b.status);
    expect((await request(sales, b._id)).status).toBe(201);
  });

  it('refuses a split that does not hold, naming the field, and writes nothing', async () => {
    const b = await paidBooking();
    const c = await requested(b._id);
    const before = await writes();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...approveHalf(DEPOSIT), totalRefundAmount: DEPOSIT + 2, sourceAccountAmount: DEPOSIT + 2, creditNoteAmount: 0 }, 'totalRefundAmount', 'tooLarge'],
      [{ ...approveHalf(DEPOSIT), creditNoteAmount: 1 }, 'creditNoteAmount', 'splitMismatch'],
      [{ ...approveHalf(DEPOSIT), validUntil: TODAY }, 'validUntil', 'notInFuture'],
      [{ ...approveHalf(DEPOSIT), validUntil: undefined }, 'validUntil', 'required'],
      [{ ...approveHalf(DEPOSIT), refundSource: 'cancellation-income' }, 'refundSource', 'oneOf'],
      [{ ...approveHalf(DEPOSIT), refundSource: undefined }, 'refundSource', 'required'],
      [{ ...approveHalf(DEPOSIT), sourceAccountAmount: 1.5 }, 'sourceAccountAmount', 'notInteger'],
      [{ ...approveHalf(DEPOSIT), creditNoteAmount: -1 }, 'creditNoteAmount', 'tooSmall'],
      [{ status: 'approved' }, 'totalRefundAmount', 'required'],
    ];
    for (const [body, field, code] of cases) {
      const res = await decide(owner, c._id, body);
      expect(res.status, `${field}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.issues.map((i: { path: string }) => i.path), JSON.stringify(res.body)).toContain(field);
      expect(res.body.issues.find((i: { path: string }) => i.path === field).code, JSON.stringify(res.body)).toBe(code);
    }
    // What the approver read is no longer what was paid: read it again.
    const changed = await decide(owner, c._id, { ...approveHalf(DEPOSIT), quotedPaid: DEPOSIT - 1 });
    expect(changed.status).toBe(409);
    expect(changed.body).toMatchObject({ code: 'QUOTE_CHANGED', params: { paid: DEPOSIT } });
    expect(await writes()).toBe(before);
    // A payment waiting for verification: finance decides it first, the split would not know of it.
    const waiting = await pay(owner, b._id, 1_000);
    expect(waiting.status, JSON.stringify(waiting.body)).toBe(201);
    const pending = await decide(owner, c._id, approveHalf(DEPOSIT));
    expect(pending.status).toBe(409);
    expect(pending.body).toMatchObject({ code: 'PAYMENTS_PENDING', params: { pending: 1_000 } });
    expect(await writes()).toBe(before);
    expect((await owner.get(`/api/booking-cancellations/id/${c._id}`)).body.data.status).toBe('requested');
  });

  it('waits for the payments awaiting verification: one verified after the approval would be held by a cancelled booking', async () => {
    const b = await paidBooking();
    const c = await requested(b._id);
    const waiting = await pay(owner, b._id, 10_000);
    expect(waiting.status, JSON.stringify(waiting.body)).toBe(201);
    const before = await writes();
    const refused = await decide(owner, c._id, approveHalf(DEPOSIT));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'PAYMENTS_PENDING', params: { pending: 10_000 } });
    expect(await writes()).toBe(before);
    expect((await owner.get(`/api/booking-cancellations/id/${c._id}`)).body.data.status).toBe('requested');
    // Once finance has decided it (here: the cheque bounced), the approval goes through.
    expect((await owner.put(`/api/bookings/${b._id}/payment/${waiting.body.data._id}/fail`, { reason: 'The cheque bounced' })).status).toBe(200);
    expect((await decide(owner, c._id, approveHalf(DEPOSIT))).status).toBe(200);
  });

  it('approves once under 20 identical decisions: the trip cancelled, seats back, a refund to process, a numbered credit note, the books balanced', async () => {
    const b = await paidBooking({ inDays: 45, verified: true });
    const op = await operationOf(ops, b._id);
    const vendor = await newVendor(ops);
    const voucher = await addVoucher(ops, op._id, voucherBody(b, vendor, { cost: 60_000 }));
    expect((await confirmVoucher(ops, op._id, voucher._id)).status).toBe(200);
    expect((await payVoucher(ops, op._id, voucher._id, 40_000)).status).toBe(201);
    expect((await ops.put(`/api${operationPaths.voucher(op._id, voucher._id)}`, { vendorRefundExpected: 15_000 })).status).toBe(200);
    const seats = async () => (await owner.get(`/api/group-tours/id/${b.departureId}`)).body.data.seatsTaken;
    expect(await seats()).toBe(2);
    const c = await requested(b._id);
    const quote = (await owner.get(`/api/booking-cancellations/requests/${c._id}`)).body.data.currentQuote;
    // 45 days before: 30-day tier, a quarter of the total; the deposit is less, so nothing is refundable by the policy: the manager gives some back anyway.
    const refund = 20_000;
    const split = { ...approveHalf(refund), quotedPaid: quote.paid };

    const answers = await Promise.all(Array.from({ length: 20 }, () => decide(owner, c._id, split)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(19).fill(409)]);
    const done = answers.find((a) => a.status === 200)!.body.data;
    expect(done).toMatchObject({
      status: 'approved',
      refundType: 'partial',
      totalRefundAmount: refund,
      sourceAccountAmount: refund / 2,
      creditNoteAmount: refund / 2,
      refundSource: 'money:bank-transfer',
      keptAmount: DEPOSIT - refund,
      booking: { status: 'canceled' },
      refund: { status: 'pending', amount: refund / 2, refundedOn: null },
      creditNote: { number: expect.stringMatching(/^CN-2031-\d{4}$/), status: 'issued', amount: refund / 2, usedAmount: 0, validUntil: day(365) },
    });

    // The trip: operation cancelled, voucher void, seats back.
    const after = await operationOf(ops, b._id);
    expect(after.status).toBe('canceled');
    expect(after.vouchers[0].status).toBe('void');
    expect(await seats()).toBe(0);

    // One balanced entry: kept → cancellation income, the credit part → the notes' liability, the money back stays a deposit until paid out; the vendor side.
    const lines = await entryLines(await cancellationEntry(c._id));
    expect(balanced(lines)).toBe(true);
    expect(lines).toEqual(
      expect.arrayContaining([
        { key: 'customer-deposits', debit: DEPOSIT - refund + refund / 2, credit: 0 },
        { key: 'cancellation-income', debit: 0, credit: DEPOSIT - refund },
        { key: 'credit-notes', debit: 0, credit: refund / 2 },
        { key: 'vendor-costs', debit: 25_000, credit: 0 },
        { key: 'vendor-refunds-due', debit: 15_000, credit: 0 },
        { key: 'vendor-prepayments', debit: 0, credit: 40_000 },
      ]),
    );
    expect(await s.sql('select id from refunds where cancellation_id = $1', [c._id])).toHaveLength(1);
    expect(await s.sql('select id from credit_notes where cancellation_id = $1', [c._id])).toHaveLength(1);

    // Nothing more may be asked of a cancelled booking.
    const more = await request(sales, b._id);
    expect(more.status).toBe(409);
    expect(more.body.code).toBe('BOOKING_NOT_CANCELLABLE');
  });

  it('gives everything back as a full refund to the bank, with no credit note', async () => {
    const b = await paidBooking();
    const c = await requested(b._id);
    const res = await decide(owner, c._id, { status: 'approved', totalRefundAmount: DEPOSIT, refundSource: 'money:bank-transfer', sourceAccountAmount: DEPOSIT, creditNoteAmount: 0 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ refundType: 'full', keptAmount: 0, creditNote: null, refund: { amount: DEPOSIT }, validUntil: null });
  });
});

describe('a refund', () => {
  it('is processed by finance once, on a day within the books and not before the approval, out of the account chosen', async () => {
    const b = await paidBooking();
    const c = await requested(b._id);
    const approved = (await decide(owner, c._id, approveHalf(DEPOSIT))).body.data;
    const id = approved.refund._id;
    const listed = await finance.get('/api/refunds?status=pending');
    expect(listed.body.data.map((r: { _id: string }) => r._id)).toContain(id);
    expect(listed.body.meta.limit).toBe(50);

    expect((await sales.put(`/api/refunds/${id}/process`, { refundedOn: TODAY })).status).toBe(403);
    const early = await finance.put(`/api/refunds/${id}/process`, { refundedOn: day(-1) });
    expect(early.status).toBe(400);
    expect(early.body.issues[0]).toMatchObject({ path: 'refundedOn', code: 'dateOrder' });
    const future = await finance.put(`/api/refunds/${id}/process`, { refundedOn: day(1) });
    expect(future.status).toBe(400);
    expect(future.body.issues[0].path).toBe('refundedOn');

    const key = newIdempotencyKey();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => finance.put(`/api/refunds/${id}/process`, { refundedOn: TODAY, reference: 'OUT-77' }, i < 10 ? { 'Idempotency-Key': key } : {})));
    // The ten with one key are one request; of the others, every one is refused but none takes effect twice.
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    const [row] = await s.sql<{ status: string; entry_id: string; refunded_on: string }>(`select status, entry_id, refunded_on::text from refunds where id = $1`, [id]);
    expect(row).toMatchObject({ status: 'refunded', refunded_on: TODAY });
    expect(await entryLines(row.entry_id)).toEqual([
      { key: 'customer-deposits', debit: half(DEPOSIT), credit: 0 },
      { key: 'money:bank-transfer', debit: 0, credit: half(DEPOSIT) },
    ]);
    expect(await s.sql(`select id from journal_entries where source_type = 'refund' and source_id = $1`, [id])).toHaveLength(1);
    expect((await finance.get(`/api/booking-cancellations/id/${c._id}`)).body.data.refund).toMatchObject({ status: 'refunded', refundedOn: TODAY });
  });
});

describe('a credit note', () => {
  /** A cancelled booking of a customer (by email) with a credit note of `amount`, valid until `validUntil`. */
  async function creditNoteFor(email: string, amount: number, validUntil = day(200)) {
    const b = await paidBooking({ email });
    const c = await requested(b._id);
    const res = await decide(owner, c._id, { status: 'approved', totalRefundAmount: amount, creditNoteAmount: amount, sourceAccountAmount: 0, validUntil });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.creditNote as { _id: string; number: string };
  }
  /** A new booking of the customer (a new lead with the same email: the same contact). */
  async function nextBooking(email: string) {
    const lead = await newLead(sales, undefined, { email });
    return book(sales, groupBooking(await newDeparture(owner, { inDays: 90 }), lead, { pax: 2 }));
  }
  const payWithNote = (bookingId: string, creditNoteId: string, amount: number, paidOn = TODAY) =>
    pay(owner, bookingId, amount, { paymentMethod: 'credit-note', creditNoteId, reference: null, paidOn }, { 'Idempotency-Key': newIdempotencyKey() });

  it("pays the same customer's next booking several times until used up, never beyond its balance nor for another customer", async () => {
    const email = `returning-${Date.now()}@example.com`;
    const note = await creditNoteFor(email, 50_000);
    const next = await nextBooking(email);
    const listed = await sales.get(`/api/credit-notes?lead=${next.lead._id}&status=issued`);
    expect(listed.body.data.map((n: { _id: string }) => n._id)).toEqual([note._id]);

    const first = await payWithNote(next._id, note._id, 30_000);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data).toMatchObject({ status: 'verified', paymentMethod: 'credit-note', creditNote: { _id: note._id, number: note.number } });
    const entry = await s.sql<{ id: string }>(`select id from journal_entries where source_type = 'booking-payment' and source_id = $1`, [first.body.data._id]);
    expect(await entryLines(entry[0].id)).toEqual([
      { key: 'credit-notes', debit: 30_000, credit: 0 },
      { key: 'customer-deposits', debit: 0, credit: 30_000 },
    ]);

    const tooMuch = await payWithNote(next._id, note._id, 20_001);
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body).toMatchObject({ code: 'CREDIT_NOTE_INSUFFICIENT', message: `Credit note ${note.number} has USD 200.00 left`, params: { left: 20_000, money: ['left', 'amount'] } });
    const stranger = await book(sales, groupBooking(await newDeparture(owner, { inDays: 90 }), await newLead(sales), { pax: 1 }));
    const other = await payWithNote(stranger._id, note._id, 1_000);
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('CREDIT_NOTE_OTHER_CUSTOMER');
    const globe = await s.login('owner@globe.travel');
    expect((await globe.get(`/api/credit-notes/${note._id}`)).status).toBe(404);

    // Twenty at once for the rest: one takes it, the note is used up.
    const rest = await Promise.all(Array.from({ length: 20 }, () => payWithNote(next._id, note._id, 20_000)));
    expect(rest.map((r) => r.status).sort()).toEqual([201, ...Array(19).fill(409)]);
    const used = (await sales.get(`/api/credit-notes/${note._id}`)).body.data;
    expect(used).toMatchObject({ status: 'redeemed', usedAmount: 50_000, remaining: 0 });
    expect(used.redemptions.map((r: { amount: number }) => r.amount)).toEqual([30_000, 20_000]);

    // The database refuses a use beyond the balance whoever writes.
    const payment = first.body.data._id;
    await expect(s.sql(`insert into credit_note_redemptions (organization_id, credit_note_id, payment_id, amount, date) values ($1, $2, $3, 1, $4)`, [demoOrg, note._id, payment, TODAY])).rejects.toThrow();

    // That next booking is cancelled in turn: what it took from the note goes back to it.
    const c = await requested(next._id);
    const approved = await decide(owner, c._id, { status: 'approved', totalRefundAmount: 0, sourceAccountAmount: 0, creditNoteAmount: 0 });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect((await sales.get(`/api/credit-notes/${note._id}`)).body.data).toMatchObject({ status: 'issued', usedAmount: 0, remaining: 50_000 });
    const lines = await entryLines(await cancellationEntry(c._id));
    expect(lines).toEqual([
      { key: 'credit-notes', debit: 0, credit: 50_000 },
      { key: 'customer-deposits', debit: 50_000, credit: 0 },
    ]);
  });

  it('pays nothing after its last valid day, and the daily job expires what is left once, as income', async () => {
    const email = `expiring-${Date.now()}@example.com`;
    const note = await creditNoteFor(email, 40_000, day(30));
    const next = await nextBooking(email);
    expect((await payWithNote(next._id, note._id, 10_000)).status).toBe(201);
    s.clock.set(`${day(31)}T08:00:00Z`);
    const late = await payWithNote(next._id, note._id, 1_000, day(31));
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('CREDIT_NOTE_NOT_USABLE');

    // The day's job, run by two servers at once, twice.
    const other = connect(s.databaseUrl, 4);
    try {
      for (let round = 0; round < 2; round++) {
        await s.sql(`insert into jobs (org_id, kind, key, run_at) values ($1::uuid, 'cancellations-day', 'cancellations-day:' || $1::text, now()) on conflict (key) do update set run_at = now(), done_at = null`, [demoOrg]);
        await Promise.all([s.database, other, s.database, other].map(async (db) => {
          while (await runOneJob(db, jobHandlers, s.clock));
        }));
      }
    } finally {
      await other.close();
    }
    const expired = (await sales.get(`/api/credit-notes/${note._id}`)).body.data;
    expect(expired).toMatchObject({ status: 'expired', usedAmount: 10_000, remaining: 0 });
    const entries = await s.sql<{ id: string; date: string }>(`select id, date::text from journal_entries where source_type = 'credit-note' and source_id = $1`, [note._id]);
    expect(entries).toHaveLength(1);
    expect(entries[0].date).toBe(day(31));
    expect(await entryLines(entries[0].id)).toEqual([
      { key: 'cancellation-income', debit: 0, credit: 30_000 },
      { key: 'credit-notes', debit: 30_000, credit: 0 },
    ]);
  });
});

describe("a vendor's refund", () => {
  it('settles what the vendor was expected to give back for a void voucher, is an incoming vendor transaction, and never exceeds what was paid', async () => {
    const b = await paidBooking({ verified: true });
    const op = await operationOf(ops, b._id);
    const vendor = await newVendor(ops);
    const voucher = await addVoucher(ops, op._id, voucherBody(b, vendor, { cost: 60_000 }));
    expect((await confirmVoucher(ops, op._id, voucher._id)).status).toBe(200);
    expect((await payVoucher(ops, op._id, voucher._id, 40_000)).status).toBe(201);
    expect((await ops.put(`/api${operationPaths.voucher(op._id, voucher._id)}`, { vendorRefundExpected: 15_000 })).status).toBe(200);
    const refundBody = (amount: number) => ({ amount, paymentMethod: 'bank-transfer', receivedOn: TODAY, reference: 'HTL-RF-1' });
    const early = await ops.post(`/api${operationPaths.vendorRefund(op._id, voucher._id)}`, refundBody(1_000));
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('VOUCHER_NOT_VOID');

    const c = await requested(b._id);
    expect((await decide(owner, c._id, { status: 'approved', totalRefundAmount: 0, sourceAccountAmount: 0, creditNoteAmount: 0 })).status).toBe(200);
    const over = await ops.post(`/api${operationPaths.vendorRefund(op._id, voucher._id)}`, refundBody(40_001));
    expect(over.status).toBe(409);
    expect(over.body.code).toBe('VENDOR_REFUND_EXCEEDS_PAID');
    const key = newIdempotencyKey();
    const answers = await Promise.all(Array.from({ length: 20 }, () => ops.post(`/api${operationPaths.vendorRefund(op._id, voucher._id)}`, refundBody(18_000), { 'Idempotency-Key': key })));
    expect(answers.every((a) => a.status === 201)).toBe(true);
    expect(answers[0].body.data.vouchers[0]).toMatchObject({ status: 'void', vendorRefunded: 18_000 });
    const [refund] = await s.sql<{ entry_id: string }>('select entry_id from vendor_refunds where voucher_id = $1', [voucher._id]);
    expect(await entryLines(refund.entry_id)).toEqual([
      { key: 'money:bank-transfer', debit: 18_000, credit: 0 },
      { key: 'vendor-costs', debit: 0, credit: 3_000 },
      { key: 'vendor-refunds-due', debit: 0, credit: 15_000 },
    ]);
    const transactions = (await ops.get(`/api/vendors/${vendor}/transactions`)).body;
    expect(transactions.stats).toMatchObject({ totalIncoming: 18_000, totalOutgoing: 40_000 });
    expect(transactions.data.find((t: { direction: string }) => t.direction === 'incoming')).toMatchObject({ amount: 18_000, reference: 'HTL-RF-1' });
    // The rest of what was paid may still come back, no more.
    expect((await ops.post(`/api${operationPaths.vendorRefund(op._id, voucher._id)}`, refundBody(22_001))).status).toBe(409);
  });
});

describe('the books', () => {
  it("pass hledger's check after every path above, with no number missing from the credit notes' series", async () => {
    const res = await fetch(`${s.url}/api/account/journal/export?format=hledger`, { headers: { Cookie: [...finance.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    expect(res.status).toBe(200);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cancellations-')), 'books.journal');
    fs.writeFileSync(file, await res.text());
    execFileSync('hledger', ['-f', file, 'check']);
    const numbers = (await s.sql<{ number: string }>(`select number from credit_notes where organization_id = $1 and number like 'CN-2031-%' order by number`, [demoOrg])).map((n) => Number(n.number.slice(-4)));
    expect(numbers.length).toBeGreaterThan(3);
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0] + i));
    const unbalanced = await s.sql(`select entry_id from journal_lines group by entry_id having sum(debit) <> sum(credit)`);
    expect(unbalanced).toEqual([]);
  });
});
