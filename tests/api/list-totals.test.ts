import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newIdempotencyKey } from '../../src/api/common/idempotency';
import { operationPaths } from '../../src/api/operations/contract';
import { runBookingDay } from '../../server/bookings/jobs';
import type { Agent } from '../support/agent';
import { NOW, TODAY, adults, day, fail, newLead, newPackage, orgId, pay, verify } from '../support/bookings';
import { newVendor } from '../support/operations';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The lists' kept totals (issue 32, migration …_list_totals_rules.sql) against recounts: random
 * sequences of what staff do through the API (bookings, payments verified and failed, operations'
 * vouchers, expenses and payments, completions and invoices, expenses, cancellations approved with
 * money back and credit notes, refunds processed, credit notes paying the customer's next trip), with raw SQL changes the
 * API does not make (a departure moved, a booking credited to another member, an operation
 * cancelled), then every kept total compared with a recount of the rows, and every list's stats
 * read from the totals compared with the same stats read from the rows (a filter that selects
 * everything but sends the list to its rows). Twenty payments at once: none waits for another's
 * totals, none fails, and the totals stay exact.
 */
let s: TestServer;
let owner: Agent;
let finance: Agent;
let org: string;
let packageId: string;
let vendorId: string;
let members: string[];

beforeAll(async () => {
  s = await startTestServer();
  s.clock.set(NOW);
  [owner, finance] = await s.logins('owner@demo.travel', 'finance@demo.travel');
  org = await orgId(s);
  packageId = await newPackage(owner, { nights: 3, prices: { adult: 100_000, child: 50_000, infant: 5_000 } });
  vendorId = await newVendor(owner);
  members = (await s.sql<{ id: string }>('select id from members where organization_id = $1 order by email', [org])).map((r) => r.id);
});
afterAll(() => s?.close());

const METHODS = ['cash', 'bank-transfer', 'card', 'cheque', 'online'] as const;
const ok = (res: { status: number; body: unknown }, ...expected: number[]) => {
  expect(expected, `${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
  return res.status < 300;
};

// ---------- what staff do ----------

type Action =
  | { kind: 'book'; inDays: number; pax: number }
  | { kind: 'pay'; pick: number; share: number; method: number; daysAgo: number }
  | { kind: 'verify' | 'fail'; pick: number }
  | { kind: 'verifyBooking'; pick: number }
  | { kind: 'voucher'; pick: number; cost: number }
  | { kind: 'confirm' | 'void'; pick: number }
  | { kind: 'payVoucher'; pick: number; share: number }
  | { kind: 'opExpense'; pick: number; amount: number; paid: boolean }
  | { kind: 'complete'; pick: number; daysAgo: number }
  | { kind: 'invoice'; pick: number }
  | { kind: 'expense'; daysAgo: number; amount: number; method: number; category: number; withVendor: boolean }
  | { kind: 'moveDeparture'; pick: number; days: number }
  | { kind: 'credit'; pick: number; member: number }
  | { kind: 'cancelOperation'; pick: number }
  | { kind: 'cancel'; pick: number; share: number; money: number }
  | { kind: 'refund'; pick: number }
  | { kind: 'payWithCredit'; pick: number; share: number; inDays: number };

const pick = fc.nat(1000);
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('book' as const), inDays: fc.integer({ min: 2, max: 200 }), pax: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('pay' as const), pick, share: fc.integer({ min: 1, max: 100 }), method: fc.nat(4), daysAgo: fc.integer({ min: 0, max: 90 }) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('verify' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('fail' as const), pick }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('verifyBooking' as const), pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('voucher' as const), pick, cost: fc.integer({ min: 0, max: 90_000 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom('confirm' as const, 'void' as const), pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('payVoucher' as const), pick, share: fc.integer({ min: 1, max: 100 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('opExpense' as const), pick, amount: fc.integer({ min: 1, max: 20_000 }), paid: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('complete' as const), pick, daysAgo: fc.integer({ min: 1, max: 60 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('invoice' as const), pick }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('expense' as const), daysAgo: fc.integer({ min: 0, max: 70 }), amount: fc.integer({ min: 1, max: 90_000 }), method: fc.nat(4), category: fc.nat(6), withVendor: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('moveDeparture' as const), pick, days: fc.integer({ min: -120, max: 120 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('credit' as const), pick, member: fc.nat(20) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancelOperation' as const), pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick, share: fc.integer({ min: 0, max: 100 }), money: fc.integer({ min: 0, max: 100 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('refund' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('payWithCredit' as const), pick, share: fc.integer({ min: 1, max: 100 }), inDays: fc.integer({ min: 10, max: 200 }) }) },
);

const of = <T>(list: T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);

async function rowsOf<T extends Record<string, unknown>>(text: string, values: unknown[] = []) {
  return s.sql<T>(text, values);
}
const bookingsOf = (where: string) => rowsOf<{ id: string; grand_total: string; paid_amount: string; pax: number; departure: string; arrival: string }>(
  `select id, grand_total, paid_amount, pax, departure::text, arrival::text from bookings where organization_id = $1 and customer_name like 'Totals lead%' and ${where} order by number`,
  [org],
);
const operationsOf = (where = 'true') =>
  rowsOf<{ id: string; booking_id: string }>(
    `select o.id, o.booking_id from booking_operations o join bookings b on b.id = o.booking_id where o.organization_id = $1 and b.customer_name like 'Totals lead%' and ${where} order by b.number`,
    [org],
  );

async function run(a: Action): Promise<void> {
  switch (a.kind) {
    case 'book': {
      const total = a.pax * 100_000;
      const deposit = Math.round(total * 0.3);
      const lead = await newLead(owner, `Totals lead ${Math.random().toString(36).slice(2)}`);
      const res = await owner.post('/api/bookings', {
        tourType: 'personalized',
        tourId: packageId,
        leadId: lead,
        departure: day(a.inDays),
        pax: a.pax,
        travellers: adults(a.pax),
        installments: [
          { dueDate: TODAY, amount: deposit },
          { dueDate: day(a.inDays - 1), amount: total - deposit },
        ],
      });
      ok(res, 201);
      return;
    }
    case 'pay': {
      const b = of(await bookingsOf(`status in ('pendingVerification', 'verified', 'completed', 'invoiced')`), a.pick);
      if (!b) return;
      const pending = Number((await rowsOf<{ n: string }>(`select coalesce(sum(amount), 0) as n from booking_payments where booking_id = $1 and status = 'submitted'`, [b.id]))[0].n);
      const open = Number(b.grand_total) - Number(b.paid_amount) - pending;
      if (open <= 0) return;
      const amount = Math.max(1, Math.floor((open * a.share) / 100));
      ok(await pay(owner, b.id, amount, { paymentMethod: METHODS[a.method], paidOn: day(-a.daysAgo) }, { 'Idempotency-Key': newIdempotencyKey() }), 201, 409);
      return;
    }
    case 'verify':
    case 'fail': {
      const p = of(await rowsOf<{ id: string; booking_id: string }>(`select p.id, p.booking_id from booking_payments p where p.organization_id = $1 and p.status = 'submitted' order by p.created_at, p.id`, [org]), a.pick);
      if (!p) return;
      ok(await (a.kind === 'verify' ? verify(finance, p.booking_id, p.id) : fail(finance, p.booking_id, p.id)), 200, 409);
      return;
    }
    case 'verifyBooking': {
      const b = of(await bookingsOf(`status = 'pendingVerification'`), a.pick);
      if (b) ok(await owner.put(`/api/bookings/${b.id}/verify`, {}), 200, 409);
      return;
    }
    case 'voucher': {
      const op = of(await operationsOf(`o.status = 'pending'`), a.pick);
      if (!op) return;
      const [b] = await rowsOf<{ departure: string; arrival: string; pax: number }>(`select departure::text, arrival::text, pax from bookings where id = $1`, [op.booking_id]);
      const res = await owner.post(`/api${operationPaths.vouchers(op.id)}`, {
        serviceType: 'hotels',
        vendorId,
        serviceStartDate: b.departure,
        serviceEndDate: b.arrival,
        description: 'Rooms',
        pax: b.pax,
        cost: a.cost,
      });
      ok(res, 201, 400, 409);
      return;
    }
    case 'confirm':
    case 'void': {
      const v = of(await rowsOf<{ id: string; operation_id: string }>(`select id, operation_id from vouchers where organization_id = $1 and status = $2 order by created_at, id`, [org, a.kind === 'confirm' ? 'draft' : 'confirmed']), a.pick);
      if (!v) return;
      const body = a.kind === 'confirm' ? { status: 'confirmed', confirmationNumber: `CNF-${Math.random().toString(36).slice(2, 8)}` } : { status: 'void' };
      ok(await owner.put(`/api${operationPaths.voucher(v.operation_id, v.id)}`, body), 200, 409);
      return;
    }
    case 'payVoucher': {
      const v = of(await rowsOf<{ id: string; operation_id: string; owed: string }>(`select id, operation_id, cost - paid_amount as owed from vouchers where organization_id = $1 and status <> 'void' and paid_amount < cost order by created_at, id`, [org]), a.pick);
      if (!v) return;
      const amount = Math.max(1, Math.floor((Number(v.owed) * a.share) / 100));
      ok(await owner.post(`/api${operationPaths.voucherPayment(v.operation_id, v.id)}`, { amount, paymentMethod: 'bank-transfer', paidOn: TODAY }, { 'Idempotency-Key': newIdempotencyKey() }), 201, 409);
      return;
    }
    case 'opExpense': {
      const op = of(await operationsOf(`o.status = 'pending'`), a.pick);
      if (!op) return;
      const res = await owner.post(`/api${operationPaths.expenses(op.id)}`, { description: 'Guide', category: 'guide', amount: a.amount, vendorId });
      if (!ok(res, 201, 409) || !a.paid) return;
      const expense = res.body.data.additionalExpenses.at(-1);
      ok(await owner.post(`/api${operationPaths.expensePayment(op.id, expense._id)}`, { amount: expense.amount, paymentMethod: 'cash', paidOn: TODAY }, { 'Idempotency-Key': newIdempotencyKey() }), 201, 409);
      return;
    }
    case 'complete': {
      // The trip took place: its dates moved into the past (raw SQL), then the day's job completes it.
      const b = of(await bookingsOf(`status = 'verified'`), a.pick);
      if (!b) return;
      await s.sql(`update bookings set departure = $2::date - 3, arrival = $2::date where id = $1`, [b.id, day(-a.daysAgo)]);
      await s.database.withTenant(org, (tx) => runBookingDay(tx, s.clock));
      return;
    }
    case 'invoice': {
      const b = of(await bookingsOf(`status = 'completed'`), a.pick);
      if (b) ok(await finance.post('/api/booking-invoices/generate', { bookingId: b.id }), 201, 409);
      return;
    }
    case 'expense': {
      const categories = ['rent', 'utilities', 'marketing', 'travel', 'software', 'other'];
      const body = { category: categories[a.category % categories.length], amount: a.amount, date: day(-a.daysAgo), paymentMethod: METHODS[a.method], description: 'Totals expense', ...(a.withVendor ? { vendorId } : {}) };
      ok(await finance.post('/api/expenses', body, { 'Idempotency-Key': newIdempotencyKey() }), 201);
      return;
    }
    case 'moveDeparture': {
      const b = of(await bookingsOf('true'), a.pick);
      if (b) await s.sql(`update bookings set departure = departure + $2::int, arrival = arrival + $2::int where id = $1`, [b.id, a.days]);
      return;
    }
    case 'credit': {
      const b = of(await bookingsOf('true'), a.pick);
      if (b) await s.sql(`update bookings set converted_by = $2 where id = $1`, [b.id, a.member % 5 === 0 ? null : of(members, a.member)]);
      return;
    }
    case 'cancel': {
      // A cancellation requested and approved (issue 29): the booking and its operation cancelled, the refund split between money back and a credit note.
      const b = of(await bookingsOf(`status in ('pendingVerification', 'verified', 'completed')`), a.pick);
      if (!b) return;
      const requested = await owner.post('/api/booking-cancellations/cancel', { bookingId: b.id, reason: 'Totals: the customer cannot travel' });
      if (!ok(requested, 201, 409)) return;
      const quote = await owner.get(`/api/bookings/${b.id}/cancellation-quote`);
      ok(quote, 200);
      const total = Math.floor((quote.body.data.refundable * a.share) / 100);
      const money = Math.floor((total * a.money) / 100);
      const split = { totalRefundAmount: total, sourceAccountAmount: money, creditNoteAmount: total - money, ...(money > 0 ? { refundSource: 'money:bank-transfer' } : {}), ...(total - money > 0 ? { validUntil: day(365) } : {}) };
      ok(await owner.patch(`/api/booking-cancellations/${requested.body.data._id}/status`, { status: 'approved', comments: 'Totals', ...split }, { 'Idempotency-Key': newIdempotencyKey() }), 200, 409);
      return;
    }
    case 'refund': {
      const r = of(await rowsOf<{ id: string }>(`select id from refunds where organization_id = $1 and status = 'pending' order by created_at, id`, [org]), a.pick);
      if (r) ok(await finance.put(`/api/refunds/${r.id}/process`, { refundedOn: TODAY }), 200, 409);
      return;
    }
    case 'payWithCredit': {
      // The customer of a cancelled trip books again (a new lead with the same email: the same contact) and pays with the credit note.
      const note = of(
        await rowsOf<{ id: string; email: string; remaining: string }>(
          `select n.id, l.email, n.amount - n.used_amount as remaining from credit_notes n join leads l on l.id = n.lead_id
           where n.organization_id = $1 and n.status = 'issued' and n.amount > n.used_amount and n.valid_until >= $2::date and l.name like 'Totals lead%' and l.email is not null
           order by n.created_at, n.id`,
          [org, TODAY],
        ),
        a.pick,
      );
      if (!note) return;
      const lead = await newLead(owner, `Totals lead ${Math.random().toString(36).slice(2)}`, { email: note.email });
      const booked = await owner.post('/api/bookings', { tourType: 'personalized', tourId: packageId, leadId: lead, departure: day(a.inDays), pax: 1, travellers: adults(1), installments: [{ dueDate: day(a.inDays - 1), amount: 100_000 }] });
      if (!ok(booked, 201)) return;
      const amount = Math.max(1, Math.floor((Math.min(Number(note.remaining), 100_000) * a.share) / 100));
      ok(await pay(owner, booked.body.data._id, amount, { paymentMethod: 'credit-note', creditNoteId: note.id, reference: null, paidOn: TODAY }, { 'Idempotency-Key': newIdempotencyKey() }), 201);
      return;
    }
    case 'cancelOperation': {
      const op = of(await operationsOf(`o.status = 'pending'`), a.pick);
      if (op) await s.sql(`update booking_operations set status = 'canceled', canceled_at = now() where id = $1`, [op.id]);
      return;
    }
  }
}

// ---------- the totals and their recounts ----------

/** Each kept table's groups (rows of one group summed) and the same groups counted from the rows; zero groups left out. */
const RECOUNTS: Record<string, { kept: string; recount: string }> = {
  booking_totals: {
    kept: `select organization_id, departure_month, status, tour_type, sum(n) as n from booking_totals group by 1, 2, 3, 4`,
    recount: `select organization_id, date_trunc('month', departure)::date as departure_month, status, tour_type, count(*) as n from bookings group by 1, 2, 3, 4`,
  },
  receipt_totals: {
    kept: `select organization_id, month, status, payment_method, sum(n) as n, sum(amount) as amount from receipt_totals group by 1, 2, 3, 4`,
    recount: `select organization_id, date_trunc('month', paid_on)::date as month, status, payment_method, count(*) as n, sum(amount) as amount from booking_payments group by 1, 2, 3, 4`,
  },
  invoice_totals: {
    kept: `select organization_id, issued_month, due_month, settled, sum(n) as n, sum(total) as total, sum(paid) as paid from invoice_totals group by 1, 2, 3, 4`,
    recount: `select i.organization_id, date_trunc('month', i.issued_on)::date as issued_month, date_trunc('month', i.due_date)::date as due_month,
                     b.grand_total - b.paid_amount <= 0 as settled, count(*) as n, sum(i.total) as total, sum(least(b.paid_amount, i.total)) as paid
              from booking_invoices i join bookings b on b.id = i.booking_id group by 1, 2, 3, 4`,
  },
  invoice_due_day_totals: {
    kept: `select organization_id, due_day, issued_month, sum(n) as n, sum(total) as total, sum(paid) as paid from invoice_due_day_totals group by 1, 2, 3`,
    recount: `select i.organization_id, i.due_date as due_day, date_trunc('month', i.issued_on)::date as issued_month,
                     count(*) as n, sum(i.total) as total, sum(least(b.paid_amount, i.total)) as paid
              from booking_invoices i join bookings b on b.id = i.booking_id where b.grand_total - b.paid_amount > 0 group by 1, 2, 3`,
  },
  operation_totals: {
    kept: `select organization_id, departure_month, status, voucher_count, draft_count, unsent_count, expense_count, unpaid_count, sum(n) as n, sum(revenue) as revenue, sum(expense) as expense
           from operation_totals group by 1, 2, 3, 4, 5, 6, 7, 8`,
    recount: `select o.organization_id, date_trunc('month', b.departure)::date as departure_month, o.status, (o.voucher_count > 0)::int as voucher_count, (o.draft_count > 0)::int as draft_count,
                     (o.unsent_count > 0)::int as unsent_count, (o.expense_count > 0)::int as expense_count, (o.unpaid_count > 0)::int as unpaid_count,
                     count(*) as n, sum(o.revenue) as revenue, sum(o.vouchers_cost + o.expenses_cost) as expense
              from booking_operations o join bookings b on b.id = o.booking_id group by 1, 2, 3, 4, 5, 6, 7, 8`,
  },
  operation_member_totals: {
    kept: `select organization_id, member_id, status, voucher_count, draft_count, unsent_count, expense_count, unpaid_count, sum(n) as n, sum(revenue) as revenue, sum(expense) as expense
           from operation_member_totals group by 1, 2, 3, 4, 5, 6, 7, 8`,
    // Written apart from the migration's recount: an operation once for its assignee and once for its seller, once when the same.
    recount: `select o.organization_id, m.member_id, o.status, (o.voucher_count > 0)::int as voucher_count, (o.draft_count > 0)::int as draft_count,
                     (o.unsent_count > 0)::int as unsent_count, (o.expense_count > 0)::int as expense_count, (o.unpaid_count > 0)::int as unpaid_count,
                     count(*) as n, sum(o.revenue) as revenue, sum(o.vouchers_cost + o.expenses_cost) as expense
              from booking_operations o join bookings b on b.id = o.booking_id
              join lateral (select o.assigned_to as member_id where o.assigned_to is not null
                            union select b.converted_by where b.converted_by is not null) m on true
              group by 1, 2, 3, 4, 5, 6, 7, 8`,
  },
  vendor_transaction_totals: {
    kept: `select organization_id, vendor_id, month, direction, status, sum(n) as n, sum(amount) as amount from vendor_transaction_totals group by 1, 2, 3, 4, 5`,
    recount: `select organization_id, vendor_id, date_trunc('month', date)::date as month, direction, status, count(*) as n, sum(amount) as amount from vendor_transactions group by 1, 2, 3, 4, 5`,
  },
  expense_totals: {
    kept: `select organization_id, month, category, payment_method, sum(n) as n from expense_totals group by 1, 2, 3, 4`,
    recount: `select organization_id, date_trunc('month', date)::date as month, category, payment_method, count(*) as n from expenses group by 1, 2, 3, 4`,
  },
};

async function groups(query: string): Promise<string[]> {
  const rows = await s.sql(`select to_jsonb(g) as g from (${query}) g`);
  return rows
    .map((r) => r.g as Record<string, unknown>)
    .filter((g) => Object.entries(g).some(([k, x]) => ['n', 'amount', 'total', 'paid', 'revenue', 'expense'].includes(k) && Number(x) !== 0))
    .map((g) => JSON.stringify(Object.fromEntries(Object.entries(g).map(([k, x]) => [k, typeof x === 'number' ? String(x) : x]))))
    .sort();
}

async function expectTotalsEqualRecounts() {
  for (const [table, { kept, recount }] of Object.entries(RECOUNTS)) {
    expect(await groups(kept), table).toEqual(await groups(recount));
  }
}

/** A list's stats (and total) from the kept totals, and from its rows (a filter that keeps every row but the totals do not know). */
async function expectStatsFromTotalsEqualRows() {
  const both = async (path: string, kept: string, rows: string) => {
    const [a, b] = await Promise.all([owner.get(`${path}?${kept}`), owner.get(`${path}?${[kept, rows].filter(Boolean).join('&')}`)]);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    expect({ stats: a.body.stats, total: a.body.meta.totalItems }, `${path}?${kept}`).toEqual({ stats: b.body.stats, total: b.body.meta.totalItems });
  };
  const all = 'createdAt[from]=2000-01-01';
  for (const kept of ['', 'status=verified,failed', `paymentMethod=card,cash&dateRange[from]=${day(-40)}&dateRange[to]=${day(-3)}`, 'paymentMethod=credit-note,bank-transfer', `isVerified=false&dateRange[from]=${day(-70)}`, `dateRange[to]=${day(-25)}`]) {
    await both('/api/payment-receipts', kept, 'minAmount=0');
  }
  for (const kept of ['', 'status=overdue', 'status=paid,pending']) await both('/api/booking-invoices', kept, 'issuedOn[from]=2000-01-01');
  for (const kept of ['', 'operationStatus=pending', `departure[from]=${day(-50)}&departure[to]=${day(75)}&vouchersSent=false`, 'nextStep=confirmVouchers,payVendors,addVouchers', 'needsMe=true']) {
    const [a, b] = await Promise.all([owner.get(`/api/booking-operations?${kept}`), owner.get(`/api/booking-operations?${[kept, all].filter(Boolean).join('&')}`)]);
    expect({ stats: a.body.stats, total: a.body.meta.totalItems }, `operations ${kept}`).toEqual({ stats: b.body.stats, total: b.body.meta.totalItems });
  }
  for (const kept of ['limit=1', 'limit=1&tourStatus=verified,completed', `limit=1&tourType=personalized&departure[from]=${day(-30)}&departure[to]=${day(100)}`]) {
    await both('/api/bookings', kept, all);
  }
  await both('/api/bookings/completed', 'limit=1', all);
  for (const kept of ['limit=1', `limit=1&category=rent,other&date[from]=${day(-45)}`, `limit=1&paymentMethod=cash&date[to]=${day(-10)}`]) await both('/api/expenses', kept, 'minAmount=1');
}

describe('the lists’ kept totals', () => {
  it('equal a recount after random sequences of what staff do (fast-check), and the stats read from them equal the stats read from the rows', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 20, maxLength: 60 }), async (actions) => {
        for (const a of actions) await run(a);
        s.clock.set(NOW);
        await expectTotalsEqualRecounts();
        await expectStatsFromTotalsEqualRows();
      }),
      { numRuns: 8, seed: Number(process.env.FC_SEED ?? Date.now() % 2 ** 31), endOnFailure: true },
    );
    // Some of each was made.
    const [made] = await s.sql<Record<string, number>>(`select
      (select count(*)::int from booking_payments where status = 'verified') as verified,
      (select count(*)::int from booking_operations) as operations,
      (select count(*)::int from vouchers) as vouchers,
      (select count(*)::int from booking_cancellations where status = 'approved') as cancelled`);
    expect(made.verified).toBeGreaterThan(0);
    expect(made.cancelled).toBeGreaterThan(0);
    expect(made.operations).toBeGreaterThan(0);
  }, 300_000);

  it('never makes writers wait for each other: twenty payments and verifications at once in one month and method, all taken, totals exact', async () => {
    const lead = () => newLead(owner, `Totals lead ${Math.random().toString(36).slice(2)}`);
    const leads = await Promise.all(Array.from({ length: 20 }, lead));
    const made = await Promise.all(
      leads.map(async (leadId) => {
        const res = await owner.post('/api/bookings', {
          tourType: 'personalized',
          tourId: packageId,
          leadId,
          departure: day(30),
          pax: 1,
          travellers: adults(1),
          installments: [{ dueDate: TODAY, amount: 100_000 }],
        });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        return res.body.data._id as string;
      }),
    );
    const paid = await Promise.all(made.map((id) => pay(owner, id, 100_000, { paymentMethod: 'card', paidOn: TODAY })));
    expect(paid.map((r) => r.status)).toEqual(made.map(() => 201));
    const verified = await Promise.all(made.map((id, i) => verify(finance, id, paid[i].body.data._id)));
    expect(verified.map((r) => r.status)).toEqual(made.map(() => 200));
    const booked = await Promise.all(made.map((id) => owner.put(`/api/bookings/${id}/verify`, {})));
    expect(booked.map((r) => r.status)).toEqual(made.map(() => 200));
    await expectTotalsEqualRecounts();
    // A group holds about as many rows as writers at once, folded again by the next writer.
    const [{ rows }] = await s.sql<{ rows: number }>(`select count(*)::int as rows from receipt_totals where organization_id = $1 and month = $2::date and status = 'verified' and payment_method = 'card'`, [org, `${TODAY.slice(0, 7)}-01`]);
    expect(rows).toBeLessThanOrEqual(21);
    expect(rows).toBeGreaterThanOrEqual(1);
  });

  it('are the triggers’ alone: the tenant role reads them and cannot write them', async () => {
    for (const table of Object.keys(RECOUNTS)) {
      const [grants] = await s.sql<{ select: boolean; insert: boolean; update: boolean; delete: boolean }>(
        `select has_table_privilege('travel_tenant', $1, 'select') as select, has_table_privilege('travel_tenant', $1, 'insert') as insert,
                has_table_privilege('travel_tenant', $1, 'update') as update, has_table_privilege('travel_tenant', $1, 'delete') as delete`,
        [table],
      );
      expect(grants, table).toEqual({ select: true, insert: false, update: false, delete: false });
    }
    const [fold] = await s.sql<{ execute: boolean }>(`select has_function_privilege('travel_tenant', 'receipt_totals_add(uuid, date, text, text, int, bigint)', 'execute') as execute`);
    expect(fold.execute).toBe(false);
  });
});
