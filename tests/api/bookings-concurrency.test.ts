import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBookingDay } from '../../server/bookings/jobs';
import type { Agent } from '../support/agent';
import { NOW, TODAY, adults, book, day, fail, groupBooking, newDeparture, newLead, orgId, pay, verify } from '../support/bookings';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Money under pressure: the same click twenty times, fifty customers for ten seats, invoices from two
 * servers at once, and random runs of payments, verifications and failures checked against what
 * must always hold (allocations equal verified payments, nothing owed below zero, the journal balanced).
 */
let s: TestServer;
let owner: Agent;
let finance: Agent;
let org: string;

beforeAll(async () => {
  s = await startTestServer();
  s.clock.set(NOW);
  [owner, finance] = await s.logins('owner@demo.travel', 'finance@demo.travel');
  org = await orgId(s);
});
afterAll(() => s?.close());

const times = <T>(n: number, f: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => f(i)));

describe('the same request many times at once', () => {
  it('20 verifies of one payment: one succeeds, 19 get 409; one journal entry, one receipt number', async () => {
    const b = await book(owner, groupBooking(await newDeparture(owner), await newLead(owner)));
    const p = (await pay(owner, b._id, 90_000)).body.data;
    const answers = await times(20, () => verify(finance, b._id, p._id));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.message)).toEqual(Array(19).fill('A verified payment cannot be verified'));
    expect(await s.sql('select id from journal_entries where source_id = $1', [p._id])).toHaveLength(1);
    const [row] = await s.sql<{ receipt_number: string }>('select receipt_number from booking_payments where id = $1', [p._id]);
    expect(await s.sql('select 1 from booking_payments where receipt_number = $1', [row.receipt_number])).toHaveLength(1);
    expect(await s.sql<{ n: string }>('select sum(amount)::text as n from payment_allocations where payment_id = $1', [p._id])).toEqual([{ n: '90000' }]);
  });

  it('20 verifies of 20 payments of one booking at once: every one allocated against what the others left', async () => {
    const b = await book(owner, groupBooking(await newDeparture(owner), await newLead(owner), { installments: [{ dueDate: TODAY, amount: 100_000 }, { dueDate: day(5), amount: 200_000 }] }));
    const payments = [];
    for (let i = 0; i < 20; i++) payments.push((await pay(owner, b._id, 15_000)).body.data);
    const answers = await Promise.all(payments.map((p) => verify(finance, b._id, p._id)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const [installments] = await s.sql<{ paid: string }>(`select string_agg(paid_amount::text, ',' order by position) as paid from booking_installments where booking_id = $1`, [b._id]);
    expect(installments.paid).toBe('100000,200000');
    const numbers = answers.map((a) => a.body.data.receiptNumber).sort();
    expect(new Set(numbers).size).toBe(20);
  });

  it('20 identical keyed payment POSTs: one payment, the same answer twenty times', async () => {
    const b = await book(owner, groupBooking(await newDeparture(owner), await newLead(owner)));
    const key = { 'Idempotency-Key': `twenty-${b._id}` };
    const answers = await times(20, () => pay(owner, b._id, 33_000, {}, key));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(19);
    expect(await s.sql('select 1 from booking_payments where booking_id = $1', [b._id])).toHaveLength(1);
  });

  it('50 bookings at once on a 10-seat departure: 10 made, 40 refused, never more seats than the capacity', async () => {
    const tour = await newDeparture(owner, { capacity: 10 });
    const leads: string[] = [];
    for (let i = 0; i < 50; i++) leads.push(await newLead(owner, `Seat race ${i}`));
    const answers = await Promise.all(leads.map((lead) => owner.post('/api/bookings', { ...groupBooking(tour, lead, { pax: 1 }), travellers: adults(1) })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(40);
    expect(refused.every((a) => a.status === 409 && a.body.code === 'SEATS_UNAVAILABLE')).toBe(true);
    expect(await s.sql('select seats_taken from group_tours where id = $1', [tour])).toEqual([{ seats_taken: 10 }]);
    expect(await s.sql<{ n: string }>('select count(*)::text as n from bookings where tour_id = $1', [tour])).toEqual([{ n: '10' }]);
    // A refused booking wins no lead.
    const won = await s.sql<{ n: string }>(`select count(*)::text as n from leads where id = any($1::uuid[]) and status = 'won'`, [leads]);
    expect(won).toEqual([{ n: '10' }]);
  });
});

describe('invoices from two servers at once', () => {
  it('take gapless numbers in one series; refusals in between take none', async () => {
    const other = await s.instance();
    try {
      const financeThere = await other.login('finance@demo.travel');
      const tour = await newDeparture(owner, { inDays: 1, nights: 1, capacity: 100 });
      const completed: string[] = [];
      for (let i = 0; i < 12; i++) {
        const b = await book(owner, groupBooking(tour, await newLead(owner), { installments: [{ dueDate: TODAY, amount: 300_000 }] }));
        await verify(finance, b._id, (await pay(owner, b._id, 300_000)).body.data._id);
        expect((await owner.put(`/api/bookings/${b._id}/verify`, {})).status).toBe(200);
        completed.push(b._id);
      }
      const notCompleted = await book(owner, groupBooking(tour, await newLead(owner), { installments: [{ dueDate: TODAY, amount: 300_000 }] }));
      s.clock.set(`${day(3)}T08:00:00Z`);
      await s.database.withTenant(org, (tx) => runBookingDay(tx, s.clock));
      const [series] = await s.sql<{ last: number | null }>(`select max(last) as last from number_series where organization_id = $1 and doc_type = 'invoice' and year = 2031`, [org]);
      const start = series.last ?? 0;
      const requests = [...completed, notCompleted._id, ...completed.slice(0, 3)].map((id, i) => (i % 2 ? financeThere : finance).post('/api/booking-invoices/generate', { bookingId: id }));
      const answers = await Promise.all(requests);
      const issued = answers.filter((a) => a.status === 201).map((a) => Number(a.body.data.number.slice(-4)));
      expect(issued.sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => start + i + 1));
      expect(answers.filter((a) => a.status === 409)).toHaveLength(4);
      expect(await s.sql(`select 1 from booking_invoices where booking_id = $1`, [notCompleted._id])).toEqual([]);
    } finally {
      s.clock.set(NOW);
      await other.close();
    }
  });
});

describe('random payments, verifications and failures (fast-check)', () => {
  type Op = { kind: 'pay'; share: number; method: 'cash' | 'card' | 'cheque' } | { kind: 'verify' | 'fail'; pick: number };
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ kind: fc.constant('pay' as const), share: fc.double({ min: 0.01, max: 1.3, noNaN: true }), method: fc.constantFrom('cash' as const, 'card' as const, 'cheque' as const) }),
    fc.record({ kind: fc.constantFrom('verify' as const, 'fail' as const), pick: fc.nat(20) }),
  );
  const plan = fc.array(fc.integer({ min: 1, max: 90_000 }), { minLength: 1, maxLength: 4 });

  it('keeps allocations equal to verified payments, every balance at or above zero, the journal balanced', async () => {
    await fc.assert(
      fc.asyncProperty(plan, fc.array(op, { minLength: 1, maxLength: 12 }), async (amounts, ops) => {
        const total = amounts.reduce((a, b) => a + b, 0);
        const tour = await newDeparture(owner, { capacity: 5, prices: { adult: total, child: total, infant: total } });
        const b = await book(owner, {
          tourType: 'group',
          tourId: tour,
          leadId: await newLead(owner),
          pax: 1,
          travellers: adults(1),
          installments: amounts.map((amount, i) => ({ dueDate: day(i), amount })),
        });
        const model = { verified: 0, pending: [] as { id: string; amount: number }[] };
        for (const o of ops) {
          if (o.kind === 'pay') {
            const open = total - model.verified - model.pending.reduce((a, p) => a + p.amount, 0);
            const amount = Math.max(1, Math.round(total * o.share));
            const res = await pay(owner, b._id, amount, { paymentMethod: o.method });
            if (amount <= open) {
              expect(res.status, JSON.stringify(res.body)).toBe(201);
              model.pending.push({ id: res.body.data._id, amount });
            } else {
              expect(res.status).toBe(409);
              expect(res.body.params).toEqual({ open, amount, currency: 'USD', money: ['open', 'amount'] });
            }
          } else if (model.pending.length) {
            const [p] = model.pending.splice(o.pick % model.pending.length, 1);
            const res = o.kind === 'verify' ? await verify(finance, b._id, p.id) : await fail(finance, b._id, p.id, 'Random failure');
            expect(res.status).toBe(200);
            if (o.kind === 'verify') model.verified += p.amount;
          }
        }
        await expectMoneyHolds(b._id, model.verified);
      }),
      { numRuns: 12 },
    );
  });
});

/** What must hold of a booking's money whatever happened to it. */
async function expectMoneyHolds(bookingId: string, verified: number) {
  const [b] = await s.sql<{ grand_total: string; paid_amount: string }>('select grand_total, paid_amount from bookings where id = $1', [bookingId]);
  expect(Number(b.paid_amount)).toBe(verified);
  expect(Number(b.grand_total) - Number(b.paid_amount)).toBeGreaterThanOrEqual(0);
  const [sums] = await s.sql<{ allocated: string; verified: string; installments: string }>(
    `select (select coalesce(sum(a.amount), 0) from payment_allocations a join booking_payments p on p.id = a.payment_id where p.booking_id = $1)::text as allocated,
            (select coalesce(sum(amount), 0) from booking_payments where booking_id = $1 and status = 'verified')::text as verified,
            (select coalesce(sum(paid_amount), 0) from booking_installments where booking_id = $1)::text as installments`,
    [bookingId],
  );
  expect(sums).toEqual({ allocated: String(verified), verified: String(verified), installments: String(verified) });
  const over = await s.sql(`select 1 from booking_installments i where booking_id = $1 and (paid_amount > amount or paid_amount <> (select coalesce(sum(amount), 0) from payment_allocations where installment_id = i.id))`, [bookingId]);
  expect(over).toEqual([]);
  // Oldest due first: an installment is paid into only when every earlier-due one is full.
  const rows = await s.sql<{ amount: string; paid: string }>('select amount, paid_amount as paid from booking_installments where booking_id = $1 order by due_date, position', [bookingId]);
  const firstOpen = rows.findIndex((r) => Number(r.paid) < Number(r.amount));
  if (firstOpen >= 0) expect(rows.slice(firstOpen + 1).every((r) => Number(r.paid) === 0)).toBe(true);
  const journal = await s.sql<{ debits: string; credits: string; deposits: string; entries: string; receipts: string }>(
    `select coalesce(sum(l.debit), 0)::text as debits, coalesce(sum(l.credit), 0)::text as credits,
            coalesce(sum(l.credit) filter (where a.key = 'customer-deposits'), 0)::text as deposits,
            count(distinct e.id)::text as entries,
            (select count(*) from booking_payments where booking_id = $1 and status = 'verified' and receipt_number is not null)::text as receipts
     from journal_entries e join journal_lines l on l.entry_id = e.id join accounts a on a.id = l.account_id
     where e.source_type = 'booking-payment' and e.source_id in (select id from booking_payments where booking_id = $1)`,
    [bookingId],
  );
  expect(journal[0].debits).toBe(journal[0].credits);
  expect(journal[0].deposits).toBe(String(verified));
  expect(journal[0].entries).toBe(journal[0].receipts);
}
