import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newIdempotencyKey } from '../../src/api/common/idempotency';
import { queueCall, type QueueInputs } from '../../src/api/work-queue/calls';
import { WORK_QUEUE_PAGE_SIZE, type WorkQueueItem, type WorkQueueKind } from '../../src/api/work-queue/contract';
import type { MyDayCard } from '../../src/api/dashboard/contract';
import type { Agent } from '../support/agent';
import { NOW, PRICES, TODAY, book, day, groupBooking, newDeparture, newLead, orgId, pay, verify } from '../support/bookings';
import { addVoucher, newVendor, operationOf, verifiedBooking, voucherBody } from '../support/operations';
import { startTestServer, type TestServer } from '../support/server';
import { runBookingDay } from '../../server/bookings/jobs';
import { memberId } from '../support/reads';

/**
 * GET /work-queue (issue 30, docs/work-queue.md) over HTTP on the real database: each kind is there
 * exactly while its record's machine waits for the person, its actions replayed through the same
 * calls the screen sends (src/api/work-queue/calls.ts) leave it, permissions and own visibility
 * decide whose queue holds what, and the filters and pages are the database's.
 */
let s: TestServer;
let owner: Agent;
let sales: Agent;
let ops: Agent;
let finance: Agent;
let globe: Agent;
const id: Record<string, string> = {};

interface Answer {
  data: WorkQueueItem[];
  meta: { currentPage: number; limit: number; totalItems: number; totalPages: number };
  stats: { byKind: Partial<Record<WorkQueueKind, number>>; total: number; overdue: number; dueToday: number };
}

async function queue(agent: Agent, query = ''): Promise<Answer> {
  const res = await agent.get(`/api/work-queue${query ? `?${query}` : ''}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
/** The person's items about one record (or its children). */
const about = async (agent: Agent, recordId: string, kind?: WorkQueueKind) => (await queue(agent, `record=${recordId}${kind ? `&kind=${kind}` : ''}`)).data;
const only = async (agent: Agent, recordId: string, kind: WorkQueueKind) => {
  const items = (await about(agent, recordId)).filter((i) => i.kind === kind);
  expect(items, `${kind} of ${recordId}`).toHaveLength(1);
  return items[0];
};
const events = (item: WorkQueueItem) => item.actions.map((a) => a.event);

/** Sends an item's action through the call the screen sends. */
async function act(agent: Agent, item: WorkQueueItem, event: string, inputs: QueueInputs = {}) {
  const call = queueCall(item, event, inputs);
  expect(call, `a call for ${event}`).toBeDefined();
  return agent.request(call!.method, `/api${call!.path}`, call!.body, { 'Idempotency-Key': newIdempotencyKey() });
}


beforeAll(async () => {
  s = await startTestServer();
  s.clock.set(NOW);
  [owner, sales, ops, finance, globe] = await s.logins('owner@demo.travel', 'sales@demo.travel', 'ops@demo.travel', 'finance@demo.travel', 'owner@globe.travel');
  id.sales = await memberId(s, 'sales@demo.travel');
  id.lina = await memberId(s, 'lina@demo.travel');
  id.globeOwner = await memberId(s, 'owner@globe.travel');
});
afterAll(() => s.close());
afterEach(() => s.clock.set(NOW));

/** A member of Demo Travels with a new role of these permissions (every lead and booking in sight), signed in. */
async function memberWithRole(name: string, email: string, permissions: Record<string, string[]>): Promise<Agent> {
  const role = await owner.post('/api/roles', { name, permissions, visibility: { leads: 'all', bookings: 'all' } });
  expect(role.status, JSON.stringify(role.body)).toBe(201);
  const member = await owner.post('/api/members', { name, email, department: 'finance', roleId: role.body.data._id, joiningDate: '2025-01-01', password: 'a-long-password-1' });
  expect(member.status, JSON.stringify(member.body)).toBe(201);
  return s.login(email, 'a-long-password-1');
}

/** A booking of the sales agent's: deposit due today, the balance in 30 days; its deposit recorded (submitted). */
async function bookedWithDeposit(o: { named?: boolean } = {}) {
  const lead = await newLead(sales);
  const departure = await newDeparture(owner, { inDays: 60, capacity: 10 });
  const booking = await book(sales, groupBooking(departure, lead, { pax: 2, named: o.named }));
  const deposit = await pay(owner, booking._id, booking.installments[0].amount);
  expect(deposit.status, JSON.stringify(deposit.body)).toBe(201);
  return { booking, paymentId: deposit.body.data._id as string };
}

describe('money to verify: finance clears it in place', () => {
  it('offers a submitted payment to those who approve, then the booking it makes ready; each leaves on its answer', async () => {
    const { booking, paymentId } = await bookedWithDeposit();
    const payment = await only(finance, booking._id, 'paymentToVerify');
    expect(payment).toMatchObject({
      record: { type: 'payment', _id: paymentId, ref: expect.stringMatching(/^BK-\d+$/), parent: { type: 'booking', _id: booking._id } },
      state: 'submitted',
      reason: { code: 'paymentToVerify', params: { amount: booking.installments[0].amount, method: 'bank-transfer' } },
      due: TODAY,
      priority: 'high',
      assignee: null,
    });
    expect(payment.actions).toEqual([
      { event: 'VERIFY', input: null, main: true },
      { event: 'FAIL', input: 'reason', main: false },
    ]);
    // Not ready to verify while its deposit is unverified: the booking machine's guard says no.
    expect((await about(finance, booking._id)).map((i) => i.kind)).toEqual(['paymentToVerify']);
    // The sales agent and operations do not approve money: the kind is not theirs at all.
    for (const agent of [sales, ops]) {
      const mine = await queue(agent, `record=${booking._id}`);
      expect(mine.data).toEqual([]);
      expect(mine.stats.byKind.paymentToVerify).toBeUndefined();
    }

    expect((await act(finance, payment, 'VERIFY')).status).toBe(200);
    const ready = await only(finance, booking._id, 'bookingToVerify');
    expect(ready).toMatchObject({ record: { type: 'booking', _id: booking._id }, state: 'pendingVerification', actions: [{ event: 'VERIFY', input: null, main: true }] });
    expect((await about(finance, booking._id)).map((i) => i.kind)).toEqual(['bookingToVerify']);
    // An event not offered any more is refused by the server.
    expect((await act(finance, payment, 'FAIL', { reason: 'Too late' })).status).toBe(409);

    expect((await act(finance, ready, 'VERIFY')).status).toBe(200);
    expect(await about(finance, booking._id, 'bookingToVerify')).toEqual([]);
  });

  it('does not offer a booking whose travellers are not all named, though its money is in', async () => {
    const { booking, paymentId } = await bookedWithDeposit({ named: false });
    expect((await verify(finance, booking._id, paymentId)).status).toBe(200);
    expect(await about(finance, booking._id)).toEqual([]);
    // The machine refuses it too.
    expect((await finance.put(`/api/bookings/${booking._id}/verify`, {})).status).toBe(409);
  });

  it('a failed payment leaves with its reason', async () => {
    const { booking } = await bookedWithDeposit();
    const payment = await only(finance, booking._id, 'paymentToVerify');
    expect((await act(finance, payment, 'FAIL')).status).toBe(400);
    expect((await act(finance, payment, 'FAIL', { reason: 'The transfer never arrived' })).status).toBe(200);
    expect(await about(finance, booking._id)).toEqual([]);
  });
});

describe('an installment overdue, on the clock', () => {
  it('shows once its day has passed, overdue; the reminder is sent from it by those who may send it, and it leaves', async () => {
    const { booking, paymentId } = await bookedWithDeposit();
    expect((await verify(finance, booking._id, paymentId)).status).toBe(200);
    expect(await about(owner, booking._id, 'installmentOverdue')).toEqual([]);
    s.clock.set(`${day(31)}T08:00:00Z`);
    const item = await only(finance, booking._id, 'installmentOverdue');
    expect(item).toMatchObject({ due: day(30), overdue: true, reason: { code: 'installmentOverdue', params: { count: 1, amount: booking.installments[1].amount } } });
    // The reminder is the booking's call, not a machine event: offered while the booking collects money.
    expect(item.actions).toEqual([{ event: 'REMIND', input: null, main: true }]);
    expect((await queue(owner, `record=${booking._id}`)).stats).toMatchObject({ overdue: 1, dueToday: 0 });
    // Due today is not overdue yet.
    s.clock.set(`${day(30)}T08:00:00Z`);
    expect(await about(owner, booking._id, 'installmentOverdue')).toEqual([]);
    s.clock.set(`${day(31)}T08:00:00Z`);

    // One who follows the money without updating bookings sees it with nothing to do on it: the call refuses him.
    const watcher = await memberWithRole('Receipts watcher', 'watcher@demo.travel', { dashboard: ['view'], bookings: ['view'], paymentReceipts: ['view'] });
    expect((await only(watcher, booking._id, 'installmentOverdue')).actions).toEqual([]);
    expect((await act(watcher, item, 'REMIND')).status).toBe(403);
    // A sales agent (no payment receipts) does not get the kind.
    expect((await queue(sales, 'kind=installmentOverdue')).stats.byKind.installmentOverdue).toBeUndefined();

    // Sent from the queue: the customer is reminded by hand (as from the booking), and the item leaves everyone's queue.
    const sent = await act(finance, item, 'REMIND');
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.data).toMatchObject({ to: expect.stringMatching(/@example\.com$/), balance: booking.grandTotal - booking.installments[0].amount });
    const reminders = await s.sql<{ stage: string; sent_by: string }>('select stage, sent_by from installment_reminders where booking_id = $1', [booking._id]);
    expect(reminders).toEqual([{ stage: 'manual', sent_by: await memberId(s, 'finance@demo.travel') }]);
    for (const agent of [finance, owner, watcher]) expect(await about(agent, booking._id, 'installmentOverdue')).toEqual([]);
  });

  it('names a customer without an email address and offers no reminder (the call would refuse it)', async () => {
    const lead = await newLead(sales, 'Queue No Email', { email: undefined, phone: '+44 7700 930001' });
    const departure = await newDeparture(owner, { inDays: 60, capacity: 10 });
    const booking = await book(sales, groupBooking(departure, lead, { pax: 2 }));
    const deposit = await pay(owner, booking._id, booking.installments[0].amount);
    expect((await verify(finance, booking._id, deposit.body.data._id)).status).toBe(200);
    s.clock.set(`${day(31)}T08:00:00Z`);
    const item = await only(finance, booking._id, 'installmentOverdue');
    expect(item).toMatchObject({ reason: { code: 'customerEmailMissing', params: { count: 1 } }, actions: [] });
    const refused = await act(finance, item, 'REMIND');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'CUSTOMER_EMAIL_MISSING' });
  });
});

describe('trips to invoice and invoices overdue', () => {
  it('offers a completed trip to invoice (the invoice is the INVOICE), then its invoice once past due while it owes', async () => {
    const { booking, paymentId } = await bookedWithDeposit();
    expect((await verify(finance, booking._id, paymentId)).status).toBe(200);
    expect((await owner.put(`/api/bookings/${booking._id}/verify`, {})).status).toBe(200);
    expect(await about(finance, booking._id, 'bookingToInvoice')).toEqual([]);
    // The daily job completes the trip the day after it is over.
    const org = await orgId(s);
    const after = day(70);
    s.clock.set(`${after}T08:00:00Z`);
    await s.database.withTenant(org, (tx) => runBookingDay(tx, s.clock));
    const toInvoice = await only(finance, booking._id, 'bookingToInvoice');
    expect(toInvoice).toMatchObject({ state: 'completed', actions: [{ event: 'INVOICE', input: null, main: true }] });
    // Operations neither invoices nor sees invoices' work.
    expect((await queue(ops, `record=${booking._id}&kind=bookingToInvoice`)).data).toEqual([]);
    const issued = await act(finance, toInvoice, 'INVOICE');
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    expect(await about(finance, booking._id, 'bookingToInvoice')).toEqual([]);
    expect(await about(finance, booking._id, 'invoiceOverdue')).toEqual([]);

    s.clock.set(`${day(200)}T08:00:00Z`);
    const overdue = await only(finance, booking._id, 'invoiceOverdue');
    expect(overdue).toMatchObject({ record: { type: 'invoice', _id: issued.body.data._id, ref: issued.body.data.number, parent: { _id: booking._id } }, overdue: true, actions: [] });
    expect(overdue.reason.params.amount).toBe(issued.body.data.balance);
  });
});

describe('operations: vouchers and trips', () => {
  it('confirms, sends and pays vouchers from the queue, names a vendor without an email, and completes the trip when nothing is missing', async () => {
    const booking = await verifiedBooking(owner);
    const op = await operationOf(owner, booking._id);
    const vendor = await newVendor(ops);
    const mute = await newVendor(ops, { email: null });
    const voucher = await addVoucher(ops, op._id, voucherBody(booking, vendor));
    const other = await addVoucher(ops, op._id, voucherBody(booking, mute, { cost: 10_000 }));

    const toConfirm = await only(ops, voucher._id, 'voucherToConfirm');
    expect(toConfirm).toMatchObject({ record: { type: 'voucher', parent: { type: 'operation', _id: op._id } }, state: 'draft', due: booking.departure });
    expect(toConfirm.actions).toEqual([
      { event: 'CONFIRM', input: 'confirmationNumber', main: true },
      { event: 'VOID', input: null, main: false },
    ]);
    // A sales agent does not work operations; finance does not update them.
    expect((await queue(sales, `record=${voucher._id}`)).data).toEqual([]);
    expect((await queue(finance, `record=${voucher._id}`)).data).toEqual([]);
    // A trip with a draft voucher is not ready to complete.
    expect(await about(ops, op._id, 'operationToComplete')).toEqual([]);

    // Without its number the machine's guard refuses the confirmation.
    expect((await act(ops, toConfirm, 'CONFIRM')).status).toBe(409);
    expect((await act(ops, toConfirm, 'CONFIRM', { confirmationNumber: 'HTL-5521' })).status).toBe(200);
    const toSend = await only(ops, voucher._id, 'voucherToSend');
    expect(toSend.actions.map((a) => a.event)).toEqual(['SEND', 'VOID']);

    expect((await act(ops, await only(ops, other._id, 'voucherToConfirm'), 'CONFIRM', { confirmationNumber: 'TRF-1' })).status).toBe(200);
    const mutes = await only(ops, other._id, 'voucherToSend');
    expect(mutes.reason).toMatchObject({ code: 'vendorEmailMissing' });
    expect(events(mutes)).toEqual(['VOID']);

    expect((await act(ops, toSend, 'SEND')).status).toBe(200);
    const toPay = await only(ops, voucher._id, 'voucherToPay');
    expect(toPay.reason.params).toMatchObject({ owed: 80_000 });
    // Paying is the vendor payment form, not a machine event: offered while the voucher is payable.
    expect(toPay.actions).toEqual([
      { event: 'PAY', input: 'vendorPayment', main: true },
      { event: 'VOID', input: null, main: false },
    ]);
    const payment = { paymentMethod: 'bank-transfer' as const, paidOn: TODAY, reference: '', notes: '' };
    expect((await act(ops, toPay, 'PAY', { payment: { ...payment, amount: 30_000 } })).status).toBe(201);
    expect((await only(ops, voucher._id, 'voucherToPay')).reason.params).toMatchObject({ owed: 50_000 });
    expect((await act(ops, toPay, 'PAY', { payment: { ...payment, amount: 50_000 } })).status).toBe(201);
    expect(await about(ops, voucher._id)).toEqual([]);

    expect((await act(ops, mutes, 'VOID')).status).toBe(200);
    const complete = await only(ops, op._id, 'operationToComplete');
    expect(complete.actions).toEqual([{ event: 'COMPLETE', input: null, main: true }]);
    // The board's "needs me" and the queue's operations items are the same members' (the owner sold it).
    const [whose] = await s.sql<{ id: string }>('select coalesce(o.assigned_to, b.converted_by) as id from booking_operations o join bookings b on b.id = o.booking_id where o.id = $1', [op._id]);
    expect(complete.assignee).toMatchObject({ _id: whose.id });
    expect((await act(ops, complete, 'COMPLETE')).status).toBe(200);
    expect(await about(ops, op._id)).toEqual([]);
  });
});

describe('cancellations, refunds and credit notes', () => {
  it('offers a request to those who decide, then the refund to process, and tells the seller of a credit note about to expire', async () => {
    const { booking, paymentId } = await bookedWithDeposit();
    expect((await verify(finance, booking._id, paymentId)).status).toBe(200);
    const paid = booking.installments[0].amount;
    const req = await sales.post('/api/booking-cancellations/cancel', { bookingId: booking._id, reason: 'The customer broke a leg' });
    expect(req.status, JSON.stringify(req.body)).toBe(201);

    const decide = await only(finance, req.body.data._id, 'cancellationToDecide');
    expect(decide.actions).toEqual([
      { event: 'APPROVE', input: 'split', main: true },
      { event: 'REJECT', input: 'comment', main: false },
    ]);
    // The agent asked; deciding is not theirs.
    expect((await queue(sales, `record=${req.body.data._id}`)).data).toEqual([]);

    const half = Math.floor(paid / 2);
    const approved = await act(finance, decide, 'APPROVE', {
      split: { totalRefundAmount: paid, sourceAccountAmount: half, creditNoteAmount: paid - half, refundSource: 'money:bank-transfer', validUntil: day(20) },
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(await about(finance, req.body.data._id, 'cancellationToDecide')).toEqual([]);

    const refund = (await about(finance, booking._id, 'refundToProcess'))[0];
    expect(refund).toMatchObject({ record: { type: 'refund' }, reason: { params: { amount: half } }, actions: [{ event: 'PROCESS', input: 'refundedOn', main: true }] });
    expect((await queue(sales, `record=${booking._id}&kind=refundToProcess`)).data).toEqual([]);

    // The credit note is valid 20 more days: its seller's, and within the warning.
    const note = (await about(sales, booking._id, 'creditNoteExpiring'))[0];
    expect(note).toMatchObject({ due: day(20), assignee: { _id: id.sales }, actions: [], reason: { params: { amount: paid - half } } });
    // Past its last day it is no longer a warning (the daily job expires it).
    s.clock.set(`${day(21)}T08:00:00Z`);
    expect(await about(sales, booking._id, 'creditNoteExpiring')).toEqual([]);
    s.clock.set(NOW);

    expect((await act(finance, refund, 'PROCESS', { refundedOn: TODAY })).status).toBe(200);
    expect(await about(finance, booking._id, 'refundToProcess')).toEqual([]);
  });
});

describe('a cancellation whose booking has money waiting for finance', () => {
  it('offers only REJECT and says why while a payment waits for verification; APPROVE comes back once it is verified', async () => {
    const { booking, paymentId } = await bookedWithDeposit();
    const req = await sales.post('/api/booking-cancellations/cancel', { bookingId: booking._id, reason: 'Plans changed' });
    expect(req.status, JSON.stringify(req.body)).toBe(201);
    const held = await only(finance, req.body.data._id, 'cancellationToDecide');
    expect(held.reason).toMatchObject({ code: 'cancellationPaymentsPending', params: { pending: booking.installments[0].amount } });
    expect(held.actions).toEqual([{ event: 'REJECT', input: 'comment', main: false }]);
    // What is not offered is refused, with the machine's reason and the server's code.
    const refused = await act(finance, held, 'APPROVE', { split: { totalRefundAmount: 0, sourceAccountAmount: 0, creditNoteAmount: 0, refundSource: null, validUntil: null } });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'PAYMENTS_PENDING' });

    expect((await verify(finance, booking._id, paymentId)).status).toBe(200);
    const ready = await only(finance, req.body.data._id, 'cancellationToDecide');
    expect(ready.reason.code).toBe('cancellationToDecide');
    expect(events(ready)).toEqual(['APPROVE', 'REJECT']);
  });
});

describe('departures and the budget', () => {
  it('names a departure of the coming weeks below its minimum to those who run group tours', async () => {
    const res = await owner.post('/api/group-tours', { title: 'Queue Short Group', departure: day(10), arrival: day(14), pricePerPerson: PRICES, capacity: 10, minimumToRun: 4 });
    expect(res.status).toBe(201);
    const item = await only(ops, res.body.data._id, 'departureShort');
    expect(item).toMatchObject({ record: { type: 'departure', ref: 'Queue Short Group' }, due: day(10), actions: [], reason: { params: { seatsTaken: 0, minimum: 4 } } });
    expect((await queue(sales, `record=${res.body.data._id}`)).data).toEqual([]);
  });

  it('names this month’s expenses over their target to finance, not before they are over', async () => {
    const month = TODAY.slice(0, 7);
    const target = await finance.post('/api/budget/target/expense', { month, amount: 40_000, category: 'rent' });
    expect(target.status, JSON.stringify(target.body)).toBe(201);
    expect(await about(finance, target.body.data._id)).toEqual([]);
    const spent = await finance.post('/api/expenses', { category: 'rent', amount: 50_000, date: TODAY, paymentMethod: 'bank-transfer', description: 'Office rent' }, { 'Idempotency-Key': newIdempotencyKey() });
    expect(spent.status, JSON.stringify(spent.body)).toBe(201);
    const item = await only(finance, target.body.data._id, 'expenseOverBudget');
    expect(item).toMatchObject({ record: { type: 'budget', ref: month }, due: null, actions: [], reason: { params: { category: 'rent', target: 40_000, actual: 50_000 } } });
    expect((await queue(sales, `record=${target.body.data._id}`)).data).toEqual([]);
  });
});

describe('whose queue, and who may look at another’s', () => {
  it('gives a sales agent only his own follow-ups; leads to assign are for those who hand them out', async () => {
    const mine = await queue(sales, 'kind=followUpDue&limit=100');
    expect(mine.data.length).toBeGreaterThan(0);
    for (const item of mine.data) expect(item.assignee?._id).toBe(id.sales);
    expect(mine.stats.byKind.leadToAssign).toBeUndefined();
    expect((await queue(owner, 'kind=leadToAssign')).stats.byKind.leadToAssign).toBeGreaterThan(0);
    // A follow-up is its assignee's: the owner's own queue does not hold Samir's, but may ask for them.
    const owners = await queue(owner, 'kind=followUpDue&limit=100');
    expect(owners.data.every((i) => i.assignee?._id !== id.sales)).toBe(true);
    const samirs = await queue(owner, `kind=followUpDue&limit=100&assignee=${id.sales}`);
    expect(samirs.stats.total).toBe(mine.stats.total);
  });

  it('refuses another member’s queue to one who sees his own only (403), another organization’s member (404) and nonsense (400)', async () => {
    const res = await sales.get(`/api/work-queue?assignee=${id.lina}`);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'FORBIDDEN', params: { field: 'assignee' } });
    expect((await sales.get('/api/work-queue?assignee=me')).status).toBe(200);
    expect((await owner.get(`/api/work-queue?assignee=${id.globeOwner}`)).status).toBe(404);
    const bad = await owner.get('/api/work-queue?assignee=someone');
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0]).toMatchObject({ path: 'assignee' });
    const kind = await owner.get('/api/work-queue?kind=everything');
    expect(kind.status).toBe(400);
    expect(kind.body.issues[0].path).toMatch(/^kind/);
    expect((await s.agent().get('/api/work-queue')).status).toBe(401);
  });

  it('never shows another organization’s records', async () => {
    const { booking } = await bookedWithDeposit();
    expect((await queue(globe, `record=${booking._id}`)).data).toEqual([]);
    const demoIds = new Set((await queue(owner, 'limit=100')).data.map((i) => i.record._id));
    for (const item of (await queue(globe, 'limit=100')).data) expect(demoIds.has(item.record._id)).toBe(false);
  });
});

describe('filters, order and pages in the database', () => {
  it('sorts by due (the earliest first) then priority, pages of 50 by default, and counts what the filters leave', async () => {
    const all = await queue(owner);
    expect(all.meta).toMatchObject({ currentPage: 1, limit: WORK_QUEUE_PAGE_SIZE, totalItems: all.stats.total });
    expect(all.stats.total).toBe(Object.values(all.stats.byKind).reduce((a, b) => a + b, 0));
    const key = (i: WorkQueueItem) => [i.due === null ? '9' : new Date(i.due.length === 10 ? `${i.due}T00:00:00+04:00` : i.due).toISOString(), ['high', 'normal', 'low'].indexOf(i.priority)] as const;
    const keys = all.data.map(key);
    for (let i = 1; i < keys.length; i++) expect(keys[i - 1][0] < keys[i][0] || (keys[i - 1][0] === keys[i][0] && keys[i - 1][1] <= keys[i][1]), `item ${i}`).toBe(true);

    const first = await queue(owner, 'limit=5');
    const second = await queue(owner, 'limit=5&page=2');
    expect(first.data.map((i) => i.record._id + i.kind)).toEqual(all.data.slice(0, 5).map((i) => i.record._id + i.kind));
    expect(second.data.map((i) => i.record._id + i.kind)).toEqual(all.data.slice(5, 10).map((i) => i.record._id + i.kind));
    expect(second.meta).toMatchObject({ currentPage: 2, totalPages: Math.ceil(all.stats.total / 5) });

    const two = await queue(owner, 'kind=leadToAssign&kind=departureShort');
    expect(Object.keys(two.stats.byKind).sort()).toEqual(['departureShort', 'leadToAssign']);
    expect(two.data.every((i) => i.kind === 'leadToAssign' || i.kind === 'departureShort')).toBe(true);
    expect(two.stats.total).toBe(all.stats.byKind.leadToAssign! + all.stats.byKind.departureShort!);
  });

  it('keeps the due days asked for, in the organization’s days', async () => {
    const { booking } = await bookedWithDeposit();
    expect(await about(finance, booking._id)).toHaveLength(1);
    const within = await queue(finance, `record=${booking._id}&due[from]=${TODAY}&due[to]=${TODAY}`);
    expect(within.data).toHaveLength(1);
    expect((await queue(finance, `record=${booking._id}&due[from]=${day(1)}`)).data).toEqual([]);
    expect((await queue(finance, `record=${booking._id}&due[to]=${day(-1)}`)).data).toEqual([]);
    const upside = await finance.get(`/api/work-queue?due[from]=${TODAY}&due[to]=${day(-1)}`);
    expect(upside.status).toBe(400);
    expect(upside.body.issues[0].path).toBe('due.to');
  });
});

describe('My day reads the same definitions', () => {
  /** Every item of one kind in a person's queue, page after page, in the queue's order. */
  async function allOf(agent: Agent, kind: WorkQueueKind): Promise<WorkQueueItem[]> {
    const out: WorkQueueItem[] = [];
    for (let page = 1; ; page++) {
      const res = await queue(agent, `kind=${kind}&limit=200&page=${page}`);
      out.push(...res.data);
      if (page >= res.meta.totalPages) return out;
    }
  }
  const cardsOf = async (agent: Agent) => Object.fromEntries(((await agent.get('/api/dashboard/my-day')).body.data.cards as MyDayCard[]).map((c) => [c.key, c]));

  it('answers each request at its own instant, though the person’s statements are built once a day: a follow-up passes from due to missed', async () => {
    // The queue's statements are kept per person, filter and day, and run with the request's instant (server/work-queue/queue.ts).
    const inAnHour = new Date(Date.parse(NOW) + 60 * 60_000).toISOString();
    const lead = await newLead(sales, 'Queue Instant', { followUp: inAnHour });
    const seen = async () => {
      const answer = await queue(sales, `kind=followUpDue&record=${lead}`);
      return { items: answer.data.map((i) => [i.reason.code, i.overdue]), overdue: answer.stats.overdue, dueToday: answer.stats.dueToday };
    };
    expect(await seen()).toEqual({ items: [['followUpDue', false]], overdue: 0, dueToday: 1 });
    expect(await seen()).toEqual({ items: [['followUpDue', false]], overdue: 0, dueToday: 1 });
    s.clock.set(new Date(Date.parse(NOW) + 2 * 60 * 60_000).toISOString());
    expect(await seen()).toEqual({ items: [['followUpMissed', true]], overdue: 1, dueToday: 0 });
  });

  it('counts leads to assign as the queue does', async () => {
    const cards = await cardsOf(owner);
    const counts = (await owner.get('/api/work-queue/counts')).body.data;
    expect(cards.leadsToAssign.total).toBe(counts.byKind.leadToAssign);
  });

  it('shows the member’s follow-ups of the queue as its two cards, due today apart from missed, each what its list holds', async () => {
    const at = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString();
    // Samir's follow-ups: one due later today; one missed this morning on a lead where his next is
    // later today (the earliest of his open ones is what counts: missed); and his own later today on
    // a lead where Lina was given one that is missed (hers, not his: his is still to come).
    const later = await newLead(sales, 'Queue Day Later', { followUp: at(120) });
    const missed = await newLead(sales, 'Queue Day Missed', { followUp: at(-60) });
    expect((await sales.post(`/api/leads/${missed}/followup`, { dueAt: at(180) })).status).toBe(201);
    const shared = await newLead(sales, 'Queue Day Shared', { followUp: at(240) });
    expect((await owner.post(`/api/leads/${shared}/followup`, { dueAt: at(-30), assignee: id.lina })).status).toBe(201);

    const items = await allOf(sales, 'followUpDue');
    const dueToday = items.filter((i) => i.reason.code === 'followUpDue');
    const missedOnes = items.filter((i) => i.reason.code === 'followUpMissed');
    expect(dueToday.length + missedOnes.length).toBe(items.length);
    expect(dueToday.map((i) => i.record._id)).toEqual(expect.arrayContaining([later, shared]));
    expect(missedOnes.map((i) => i.record._id)).toContain(missed);
    expect(dueToday.map((i) => i.record._id)).not.toContain(missed);
    expect(missedOnes.map((i) => i.record._id)).not.toContain(shared);
    expect((await sales.get('/api/work-queue/counts')).body.data.byKind.followUpDue).toBe(items.length);

    const cards = await cardsOf(sales);
    for (const [card, of, type] of [
      [cards.followUps, dueToday, 'today'],
      [cards.missedFollowUps, missedOnes, 'missed'],
    ] as const) {
      // The card is the queue's items of that reason: the same count, its first five in the queue's order.
      expect(card.total, type).toBe(of.length);
      expect(card.items.map((i) => [i._id, i.at, i.status]), type).toEqual(of.slice(0, 5).map((i) => [i.record._id, i.due, type === 'missed' ? 'missed' : null]));
      // Its "See all": the leads list's view of his follow-ups holds the same leads.
      expect(of.length, 'one page of the list holds them').toBeLessThanOrEqual(200);
      const list = await sales.get(`/api/leads?followups[enabled]=true&followups[type]=${type}&followups[assignee]=${id.sales}&limit=200`);
      expect(list.status, JSON.stringify(list.body)).toBe(200);
      expect(list.body.meta.totalItems, type).toBe(of.length);
      expect((list.body.data as { _id: string }[]).map((l) => l._id).sort(), type).toEqual(of.map((i) => i.record._id).sort());
    }
    // Lina's missed follow-up is in her queue (asked for by one who sees every lead), and her list's.
    const linas = (await queue(owner, `kind=followUpDue&assignee=${id.lina}&limit=200`)).data.filter((i) => i.record._id === shared);
    expect(linas.map((i) => i.reason.code)).toEqual(['followUpMissed']);
    const linasList = await owner.get(`/api/leads?followups[enabled]=true&followups[type]=missed&followups[assignee]=${id.lina}&ids=${shared}`);
    expect(linasList.status, JSON.stringify(linasList.body)).toBe(200);
    expect(linasList.body.meta.totalItems).toBe(1);
  });
});
