import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newIdempotencyKey } from '../../src/api/common/idempotency';
import { operationPaths } from '../../src/api/operations/contract';
import type { Agent } from '../support/agent';
import { NOW, TODAY, book, day, groupBooking, newDeparture, newLead, orgId, pay, verify } from '../support/bookings';
import { addVoucher, confirmVoucher, newVendor, operationOf, payVoucher, verifiedBooking, voucherBody } from '../support/operations';
import { pdfText } from '../support/pdf';
import { startTestServer, type TestServer } from '../support/server';
import { usd } from '../support/reads';

/**
 * The ledger an independent audit could not trust (issue 28, "Ledger first"), now held by the
 * database: a currency fixed once money is recorded, lines written only with their entry, the API's
 * role unable to rewrite money or the number series, receipts stating the balance in the order money
 * was allocated, revenue recognised when a trip completes, and closed periods.
 */
let s: TestServer;
let owner: Agent;
let finance: Agent;
let ops: Agent;
let demoOrg: string;

beforeAll(async () => {
  s = await startTestServer();
  s.clock.set(NOW);
  [owner, finance, ops] = await s.logins('owner@demo.travel', 'finance@demo.travel', 'ops@demo.travel');
  demoOrg = await orgId(s);
});
afterAll(() => s.close());
afterEach(async () => {
  s.clock.set(NOW);
  await s.sql('update organizations set books_locked_through = null where id = $1', [demoOrg]);
});

/** Raw SQL in one transaction on its own connection: as the superuser, or (`tenant`) as the API's own role for an organization. */
async function raw(statements: string[], tenant?: string): Promise<void> {
  const client = new pg.Client({ connectionString: s.databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    if (tenant) await client.query(`select set_config('role', 'travel_tenant', true), set_config('app.org_id', $1, true)`, [tenant]);
    for (const text of statements) await client.query(text);
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}

const accountId = async (key: string, org = demoOrg) => (await s.sql<{ id: string }>('select id from accounts where organization_id = $1 and key = $2', [org, key]))[0].id;
const income = (date: string, amount = 10_000) => finance.post('/api/budget/income', { amount, date, paymentMethod: 'cash', description: 'Commission' }, { 'Idempotency-Key': newIdempotencyKey() });

describe('the currency', () => {
  it('is fixed once money is recorded in it, by the database whoever writes', async () => {
    const [org] = await s.sql<{ id: string }>(`insert into organizations (name, secret_hash, secret_hint) values ('Currency Test ${crypto.randomUUID()}', 'x', 'x') returning id`);
    // Nothing recorded yet: a new organization chooses its currency freely.
    await raw([`update organizations set currency = 'EUR' where id = '${org.id}'`]);
    const entry = crypto.randomUUID();
    const [cash, other] = [await accountId('money:cash', org.id), await accountId('other-income', org.id)];
    await raw([
      `insert into journal_entries (id, organization_id, date, currency, source_type) values ('${entry}', '${org.id}', '2031-01-02', 'EUR', 'other-income')`,
      `insert into journal_lines (organization_id, entry_id, account_id, debit, credit, currency) values ('${org.id}', '${entry}', '${cash}', 500, 0, 'EUR'), ('${org.id}', '${entry}', '${other}', 0, 500, 'EUR')`,
    ]);
    await expect(raw([`update organizations set currency = 'JPY' where id = '${org.id}'`])).rejects.toThrow(/currency is fixed: journal_entries holds amounts in EUR/);
    await expect(raw([`update organizations set currency = 'JPY' where id = '${org.id}'`], org.id)).rejects.toThrow(/currency is fixed/);
    // The same currency again is no change.
    await raw([`update organizations set currency = 'EUR', name = name where id = '${org.id}'`]);
    await s.sql('delete from organizations where id = $1', [org.id]);
  });
});

describe('the API role', () => {
  it('cannot rewrite money, the chart or the series, nor lock its way around them', async () => {
    const [voucher] = await s.sql<{ id: string; status: string }>(`select id, status from vouchers where organization_id = $1 and status <> 'draft' limit 1`, [demoOrg]);
    for (const statement of [
      `update vendor_transactions set amount = amount + 1`,
      `delete from vendor_transactions`,
      `update vouchers set paid_amount = 0`,
      `update booking_operations set revenue = revenue + 1`,
      `update accounts set normal_side = 'credit' where key = 'money:cash'`,
      `delete from number_series`,
      `update number_series set last = 0`,
      `insert into number_series (doc_type, year, last) values ('receipt', 2040, 1)`,
      `update booking_payments set amount = 1`,
      `insert into document_numbers (doc_type, number) values ('receipt', 'RCT-2040-0001')`,
    ]) {
      await expect(raw([statement], demoOrg), statement).rejects.toThrow(/permission denied/);
    }
    // A confirmed voucher's cost is what the vendor confirmed.
    await expect(raw([`update vouchers set cost = cost + 1 where id = '${voucher.id}'`], demoOrg)).rejects.toThrow(/cost is fixed/);
    // The owner's own connection meets the triggers too.
    await expect(raw([`update accounts set normal_side = 'credit' where organization_id = '${demoOrg}' and key = 'money:cash'`])).rejects.toThrow(/chart of accounts never changes/);
    await expect(raw([`update vendor_transactions set amount = amount + 1 where organization_id = '${demoOrg}'`])).rejects.toThrow(/refused/);
  });

  it('never issues a number twice, even with the series row deleted behind its back', async () => {
    s.clock.set('2032-02-01T08:00:00Z');
    const first = await income('2032-02-01');
    expect(first.status).toBe(201);
    expect(first.body.data.number).toBe('RCT-2032-0001');
    await s.sql(`delete from number_series where organization_id = $1 and doc_type = 'receipt' and year = 2032`, [demoOrg]);
    s.clock.set('2032-02-02T08:00:00Z');
    const again = await income('2032-02-02');
    expect(again.status).toBe(409);
    expect(again.body.issues[0]).toMatchObject({ path: 'number', code: 'taken' });
    const numbers = await s.sql<{ number: string }>(`select number from other_incomes where organization_id = $1 and number like 'RCT-2032-%'`, [demoOrg]);
    expect(numbers.map((n) => n.number)).toEqual(['RCT-2032-0001']);
  });
});

describe('a receipt', () => {
  it('states the balance its payment left, in the order payments were allocated, when they are verified at once', async () => {
    const lead = await newLead(owner);
    const departure = await newDeparture(owner, { capacity: 50 });
    const booking = await book(owner, groupBooking(departure, lead, { pax: 2 }));
    const amounts = [1_000, 2_000, 3_000, 4_000, 5_000, 6_000, 7_000, 8_000];
    const payments: string[] = [];
    for (const a of amounts) payments.push((await pay(owner, booking._id, a)).body.data._id);
    const answers = await Promise.all(payments.map((id) => verify(finance, booking._id, id)));
    expect(answers.map((a) => a.status)).toEqual(amounts.map(() => 200));
    const rows = await s.sql<{ id: string; amount: string; seq: number }>(`select id, amount, verified_seq as seq from booking_payments where booking_id = $1 order by verified_seq`, [booking._id]);
    expect(rows.map((r) => r.seq)).toEqual(amounts.map((_, i) => i + 1));
    let paid = 0;
    for (const row of rows) {
      paid += Number(row.amount);
      const res = await fetch(`${s.url}/api/bookings/${booking._id}/payment-receipt/${row.id}/pdf?lang=en`, { headers: { Cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
      const text = pdfText(Buffer.from(await res.arrayBuffer())).replace(/[\u00a0\u202f]/g, ' ');
      expect(text, `receipt ${row.seq}`).toContain(usd(booking.grandTotal - paid));
    }
  });
});

describe('revenue', () => {
  it('is recognised when a trip completes: deposits and receivables to tour revenue, prepaid vendor costs to costs, so the ledger’s trip profit is the board’s', async () => {
    const booking = await verifiedBooking(owner);
    const op = await operationOf(ops, booking._id);
    const vendor = await newVendor(owner);
    const v = await addVoucher(ops, op._id, voucherBody(booking, vendor, { cost: 30_000 }));
    await confirmVoucher(ops, op._id, v._id);
    expect((await ops.post(`/api${operationPaths.sendVouchers(op._id)}`, {})).status).toBe(200);
    expect((await payVoucher(ops, op._id, v._id, 30_000)).status).toBe(201);
    const done = await ops.put(`/api${operationPaths.markCompleted(op._id)}`, {});
    expect(done.status, JSON.stringify(done.body)).toBe(200);

    const lines = await s.sql<{ key: string; debit: string; credit: string; date: string }>(
      `select a.key, l.debit, l.credit, e.date::text from journal_entries e join journal_lines l on l.entry_id = e.id join accounts a on a.id = l.account_id
       where e.source_type = 'revenue-recognition' and e.source_id = $1 order by a.code`,
      [booking._id],
    );
    const deposit = booking.paidAmount ?? booking.payments.filter((p: { status: string }) => p.status === 'verified').reduce((n: number, p: { amount: number }) => n + p.amount, 0);
    expect(lines.map((l) => [l.key, Number(l.debit), Number(l.credit)])).toEqual([
      ['accounts-receivable', booking.grandTotal - deposit, 0],
      ['vendor-prepayments', 0, 30_000],
      ['customer-deposits', deposit, 0],
      ['tour-revenue', 0, booking.grandTotal],
      ['vendor-costs', 30_000, 0],
    ]);
    expect(new Set(lines.map((l) => l.date))).toEqual(new Set([TODAY]));

    // The customer pays the rest after the trip: it settles the receivable, not a deposit.
    const rest = await pay(owner, booking._id, booking.grandTotal - deposit);
    expect((await verify(finance, booking._id, rest.body.data._id)).status).toBe(200);
    const [settled] = await s.sql<{ receivable: string; deposits: string }>(
      `select sum(l.credit) filter (where a.key = 'accounts-receivable')::text as receivable, coalesce(sum(l.credit) filter (where a.key = 'customer-deposits'), 0)::text as deposits
       from journal_entries e join journal_lines l on l.entry_id = e.id join accounts a on a.id = l.account_id where e.source_id = $1`,
      [rest.body.data._id],
    );
    expect(settled).toEqual({ receivable: String(booking.grandTotal - deposit), deposits: '0' });

    // The month's trip profit in the ledger equals the operations board's for the trips completed in it.
    const [ledger] = await s.sql<{ profit: string }>(
      `select coalesce(sum(case when a.key = 'tour-revenue' then l.credit - l.debit when a.key = 'vendor-costs' then l.credit - l.debit end), 0)::text as profit
       from journal_entries e join journal_lines l on l.entry_id = e.id join accounts a on a.id = l.account_id
       where e.organization_id = $1 and to_char(e.date, 'YYYY-MM') = $2`,
      [demoOrg, TODAY.slice(0, 7)],
    );
    const [board] = await s.sql<{ profit: string }>(
      `select coalesce(sum(revenue - vouchers_cost - expenses_cost), 0)::text as profit from booking_operations
       where organization_id = $1 and status = 'completed' and to_char(completed_at at time zone 'Asia/Dubai', 'YYYY-MM') = $2`,
      [demoOrg, TODAY.slice(0, 7)],
    );
    expect(Number(ledger.profit)).toBe(Number(board.profit));
    expect(Number(board.profit)).toBe(booking.grandTotal - 30_000);
  });
});

describe('closed periods', () => {
  it('finance closes the books through a day: nothing is recorded or posted on or before it, whoever writes', async () => {
    expect((await finance.put('/api/account/lock-date', { lockedThrough: day(1) })).body.issues[0]).toMatchObject({ path: 'lockedThrough', code: 'inFuture' });
    const closed = await finance.put('/api/account/lock-date', { lockedThrough: day(-10) });
    expect(closed.status).toBe(200);
    expect(closed.body.data).toMatchObject({ lockedThrough: day(-10), history: [{ lockedThrough: day(-10), previous: null, changedBy: { name: expect.any(String) } }] });

    const before = await s.sql<{ n: number }>('select count(*)::int as n from journal_entries where organization_id = $1', [demoOrg]);
    const refused = await income(day(-10));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'PERIOD_LOCKED', params: { lockedThrough: day(-10), date: day(-10) } });
    expect((await income(day(-9))).status).toBe(201);
    const lead = await newLead(owner);
    const booking = await book(owner, groupBooking(await newDeparture(owner), lead, { pax: 1 }));
    expect((await pay(owner, booking._id, 1_000, { paidOn: day(-20) })).body.code).toBe('PERIOD_LOCKED');
    const [entry] = await s.sql<{ id: string }>(`select id from journal_entries where organization_id = $1 and source_type = 'other-income' order by created_at desc limit 1`, [demoOrg]);
    expect((await finance.post(`/api/account/journal/${entry.id}/reverse`, { date: day(-11) }, { 'Idempotency-Key': newIdempotencyKey() })).body.code).toBe('PERIOD_LOCKED');
    const after = await s.sql<{ n: number }>('select count(*)::int as n from journal_entries where organization_id = $1', [demoOrg]);
    expect(after[0].n).toBe(before[0].n + 1);
    // The database's own rule, for raw SQL.
    const [cash, other] = [await accountId('money:cash'), await accountId('other-income')];
    const id = crypto.randomUUID();
    await expect(
      raw([
        `insert into journal_entries (id, organization_id, date, currency, source_type) values ('${id}', '${demoOrg}', '${day(-30)}', 'USD', 'other-income')`,
        `insert into journal_lines (organization_id, entry_id, account_id, debit, credit, currency) values ('${demoOrg}', '${id}', '${cash}', 1, 0, 'USD'), ('${demoOrg}', '${id}', '${other}', 0, 1, 'USD')`,
      ]),
    ).rejects.toThrow(/books are closed/);
  });

  it('reopening needs the approve permission and a reason, and every move is recorded', async () => {
    expect((await finance.put('/api/account/lock-date', { lockedThrough: day(-5) })).status).toBe(200);
    const roles = (await owner.get('/api/roles')).body.data as { _id: string; name: string; permissions: Record<string, string[]> }[];
    const role = roles.find((r) => r.name === 'Finance')!;
    const without = { ...role.permissions, account: role.permissions.account.filter((a) => a !== 'approve') };
    expect((await owner.put('/api/roles', { _id: role._id, permissions: without })).status).toBe(200);
    try {
      const finance2 = await s.login('finance@demo.travel');
      const denied = await finance2.put('/api/account/lock-date', { lockedThrough: null, reason: 'A late invoice' });
      expect(denied.status).toBe(403);
      expect((await finance2.put('/api/account/lock-date', { lockedThrough: day(-2) })).status).toBe(200);
    } finally {
      expect((await owner.put('/api/roles', { _id: role._id, permissions: role.permissions })).status).toBe(200);
    }
    const noReason = await owner.put('/api/account/lock-date', { lockedThrough: day(-20) });
    expect(noReason.body.issues[0]).toMatchObject({ path: 'reason', code: 'required' });
    const reopened = await owner.put('/api/account/lock-date', { lockedThrough: null, reason: 'A supplier invoice arrived late' });
    expect(reopened.status).toBe(200);
    expect(reopened.body.data.lockedThrough).toBeNull();
    expect(reopened.body.data.history.slice(0, 3).map((h: { lockedThrough: string | null; previous: string | null; reason: string | null }) => [h.lockedThrough, h.previous, h.reason])).toEqual([
      [null, day(-2), 'A supplier invoice arrived late'],
      [day(-2), day(-5), null],
      [day(-5), null, null],
    ]);
    expect((await ops.get('/api/account/lock-date')).status).toBe(403);
  });
});
