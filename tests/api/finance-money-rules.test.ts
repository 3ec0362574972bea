import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newIdempotencyKey } from '../../src/api/common/idempotency';
import type { Agent } from '../support/agent';
import { NOW, PRICES, TODAY, book, day, groupBooking, newDeparture, newLead, pay, verify } from '../support/bookings';
import { checksumQuery, refusedUnchanged } from '../support/db-checksum';
import { unbalancedEntries } from '../support/money-checks';
import { addVoucher, confirmVoucher, newVendor, operationOf, payVoucher, verifiedBooking, voucherBody } from '../support/operations';
import { startTestServer, type TestServer } from '../support/server';
import { keyed } from '../support/agent';

/**
 * Money accounts that never go below zero (issue 28; docs/finance.md, "An account below zero"): an
 * organization chooses the accounts (`PUT /account/money-rules`); any movement out of a chosen one
 * that would leave it below zero on its date or later is refused by the database (409
 * `ACCOUNT_WOULD_GO_NEGATIVE`, naming the account, what it holds and the amount), whoever posts it;
 * twenty payments at once never take it below zero. Accounts not chosen may go negative, as before.
 */
let s: TestServer;
let finance: Agent;
let sales: Agent;
let owner: Agent;
let fingerprint: string;

beforeAll(async () => {
  s = await startTestServer();
  s.clock.set(NOW);
  [finance, sales, owner] = await s.logins('finance@demo.travel', 'sales@demo.travel', 'owner@demo.travel');
  fingerprint = await checksumQuery(s);
});
afterAll(() => s.close());

type Method = 'cash' | 'bank-transfer' | 'card' | 'cheque' | 'online';
const chart = async () => (await finance.get('/api/account/chart')).body.data as { key: string; balance: number; neverBelowZero: boolean; paymentMethod: string | null }[];
const balanceOf = async (method: Method) => (await chart()).find((a) => a.key === `money:${method}`)!.balance;
const expense = (paymentMethod: Method, amount: number, over: Record<string, unknown> = {}) =>
  finance.post('/api/expenses', { category: 'other', amount, date: TODAY, paymentMethod, description: 'Stationery', ...over }, keyed());
const income = (paymentMethod: Method, amount: number) => finance.post('/api/budget/income', { amount, date: TODAY, paymentMethod, description: 'Top-up' }, keyed());
const choose = async (...methods: Method[]) => {
  const res = await finance.put('/api/account/money-rules', { neverBelowZero: methods });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
/** Brings an account to exactly `amount` with other income or an expense (the rule off while it does). */
async function holds(method: Method, amount: number) {
  const now = await balanceOf(method);
  if (now < amount) expect((await income(method, amount - now)).status).toBe(201);
  if (now > amount) expect((await expense(method, now - amount, { description: 'Emptied for the test' })).status).toBe(201);
  expect(await balanceOf(method)).toBe(amount);
}

describe('the setting', () => {
  it('is none by default: every money account may go negative, and the chart says so', async () => {
    expect((await finance.get('/api/account/money-rules')).body.data).toEqual({ neverBelowZero: [] });
    expect((await chart()).every((a) => a.neverBelowZero === false)).toBe(true);
    await holds('online', 0);
    const res = await expense('online', 5_000, { description: 'Overdrawn on purpose' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await balanceOf('online')).toBe(-5_000);
    await holds('online', 0);
  });

  it('names accounts by payment method, in the chart order; the chart marks them; 400 for an unknown or repeated one, 403 without account.update', async () => {
    expect(await choose('cheque', 'cash')).toEqual({ neverBelowZero: ['cash', 'cheque'] });
    const marked = (await chart()).filter((a) => a.neverBelowZero).map((a) => a.key);
    expect(marked).toEqual(['money:cash', 'money:cheque']);
    for (const [body, path] of [
      [{ neverBelowZero: ['cash', 'credit-note'] }, 'neverBelowZero.1'],
      [{ neverBelowZero: ['cash', 'cash'] }, 'neverBelowZero'],
      [{ neverBelowZero: 'cash' }, 'neverBelowZero'],
      [{}, 'neverBelowZero'],
    ] as const) {
      const res = await finance.put('/api/account/money-rules', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.issues.map((i: { path: string }) => i.path)).toEqual([path]);
    }
    expect((await sales.put('/api/account/money-rules', { neverBelowZero: [] })).status).toBe(403);
    expect((await sales.get('/api/account/money-rules')).status).toBe(403);
    expect((await finance.get('/api/account/money-rules')).body.data).toEqual({ neverBelowZero: ['cash', 'cheque'] });
    expect(await choose()).toEqual({ neverBelowZero: [] });
  });
});

describe('a chosen account', () => {
  it('refuses an expense that would take it below zero: 409 naming the account, what it holds and the amount, nothing written; up to zero is fine', async () => {
    await holds('cheque', 30_000);
    await choose('cheque');
    const body = await refusedUnchanged(s, fingerprint, 409, () => expense('cheque', 30_001));
    expect(body).toMatchObject({
      code: 'ACCOUNT_WOULD_GO_NEGATIVE',
      params: { account: 'cheque', balance: 30_000, amount: 30_001, date: TODAY, currency: 'USD', money: ['balance', 'amount'] },
    });
    expect(body.message).toContain('USD 300.00');
    expect((await expense('cheque', 30_000)).status).toBe(201);
    expect(await balanceOf('cheque')).toBe(0);
    // Another account is not chosen: it still may go negative.
    await holds('online', 0);
    expect((await expense('online', 100)).status).toBe(201);
    await holds('online', 0);
    await choose();
  });

  it('judges the day and every later one: a back-dated payment that the later balance cannot carry is refused', async () => {
    await holds('cheque', 0);
    await choose('cheque');
    expect((await finance.post('/api/budget/income', { amount: 10_000, date: day(-5), paymentMethod: 'cheque', description: 'Early' }, keyed())).status).toBe(201);
    expect((await expense('cheque', 8_000, { date: day(-1) })).status).toBe(201);
    // On day −3 the account held 10 000, but two days later 8 000 left it: 2 000 is all there is to spare.
    const body = await refusedUnchanged(s, fingerprint, 409, () => expense('cheque', 2_001, { date: day(-3) }));
    expect(body.params).toMatchObject({ balance: 2_000, amount: 2_001, date: day(-3) });
    expect((await expense('cheque', 2_000, { date: day(-3) })).status).toBe(201);
    expect(await balanceOf('cheque')).toBe(0);
    await choose();
  });

  it('refuses a salary, a vendor payment and the reversal of money that came in, when they would take it below zero', async () => {
    await holds('cheque', 1_000);
    const top = await income('cheque', 50_000);
    expect((await expense('cheque', 50_000)).status).toBe(201); // spent what came in
    await choose('cheque');
    // The income's reversal would take its money out again.
    const reversal = await refusedUnchanged(s, fingerprint, 409, () => finance.post(`/api/account/journal/${top.body.data.entryId}/reverse`, { date: TODAY, memo: 'Never came' }, keyed()));
    expect(reversal).toMatchObject({ code: 'ACCOUNT_WOULD_GO_NEGATIVE', params: { account: 'cheque', balance: 1_000, amount: 50_000 } });
    const lina = (await s.sql<{ id: string }>(`select id from members where email = 'lina@demo.travel'`))[0].id;
    const salary = await refusedUnchanged(s, fingerprint, 409, () => finance.post('/api/expenses/salary', { memberId: lina, month: '2031-02', amount: 1_001, date: TODAY, paymentMethod: 'cheque' }, keyed()));
    expect(salary.code).toBe('ACCOUNT_WOULD_GO_NEGATIVE');
    const booking = await verifiedBooking(owner);
    const op = await operationOf(owner, booking._id);
    const voucher = await addVoucher(owner, op._id, voucherBody(booking, await newVendor(owner), { cost: 5_000 }));
    expect((await confirmVoucher(owner, op._id, voucher._id)).status).toBe(200);
    const vendor = await refusedUnchanged(s, fingerprint, 409, () => payVoucher(owner, op._id, voucher._id, 1_001, newIdempotencyKey(), { paymentMethod: 'cheque' }));
    expect(vendor).toMatchObject({ code: 'ACCOUNT_WOULD_GO_NEGATIVE', params: { account: 'cheque', balance: 1_000, amount: 1_001 } });
    expect((await payVoucher(owner, op._id, voucher._id, 1_000, newIdempotencyKey(), { paymentMethod: 'cheque' })).status).toBe(201);
    expect(await balanceOf('cheque')).toBe(0);
    await choose();
  });

  it('refuses processing a refund out of it when it holds too little; the refund waits, and goes once the money is in', async () => {
    const deposit = Math.round(2 * PRICES.adult * 0.3);
    const booking = await book(sales, groupBooking(await newDeparture(owner, { inDays: 60, capacity: 10 }), await newLead(sales), { pax: 2 }));
    const paid = await pay(owner, booking._id, deposit);
    expect((await verify(finance, booking._id, paid.body.data._id)).status).toBe(200);
    const cancellation = await sales.post('/api/booking-cancellations/cancel', { bookingId: booking._id, reason: 'Changed plans' });
    expect(cancellation.status, JSON.stringify(cancellation.body)).toBe(201);
    const approved = await owner.patch(
      `/api/booking-cancellations/${cancellation.body.data._id}/status`,
      { status: 'approved', totalRefundAmount: deposit, refundSource: 'money:cheque', sourceAccountAmount: deposit, creditNoteAmount: 0 },
      keyed(),
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const refund = approved.body.data.refund._id;
    await holds('cheque', 100);
    await choose('cheque');
    const body = await refusedUnchanged(s, fingerprint, 409, () => finance.put(`/api/refunds/${refund}/process`, { refundedOn: TODAY }));
    expect(body).toMatchObject({ code: 'ACCOUNT_WOULD_GO_NEGATIVE', params: { account: 'cheque', balance: 100, amount: deposit } });
    expect((await income('cheque', deposit)).status).toBe(201);
    const processed = await finance.put(`/api/refunds/${refund}/process`, { refundedOn: TODAY });
    expect(processed.status, JSON.stringify(processed.body)).toBe(200);
    expect(await balanceOf('cheque')).toBe(100);
    await choose();
  });

  it('20 payments at once against a balance covering 6 of them: 6 paid, 14 refused, never below zero', async () => {
    await holds('card', 10_000);
    await choose('card');
    // Across every category: payments of one category would queue on their expense account's kept total anyway; the account's own lock must do it.
    const categories = ['rent', 'utilities', 'marketing', 'travel', 'software', 'other'];
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => expense('card', 1_500, { category: categories[i % categories.length], description: `Parallel ${i}` })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(6);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.map((a) => a.body.code)).toEqual(Array(14).fill('ACCOUNT_WOULD_GO_NEGATIVE'));
    expect(refused.every((a) => a.body.params.balance === 1_000)).toBe(true);
    expect(await balanceOf('card')).toBe(1_000);
    expect(await unbalancedEntries(s.sql)).toEqual([]);
    await choose();
  });

  it('queues a second payment behind the first one’s transaction (the account’s row lock), which it then counts: refused', async () => {
    await holds('cheque', 1_000);
    await choose('cheque');
    const entry = (amount: number) => `
      with org as (select id, currency from organizations where name = 'Demo Travels'),
      e as (insert into journal_entries (organization_id, date, currency, memo, source_type) select id, '${TODAY}', currency, 'raw-race', 'other-income' from org returning id, organization_id, currency)
      insert into journal_lines (organization_id, entry_id, account_id, debit, credit, currency)
      select e.organization_id, e.id, a.id, case when a.key = 'other-income' then ${amount} else 0 end, case when a.key = 'money:cheque' then ${amount} else 0 end, e.currency
      from e join accounts a on a.organization_id = e.organization_id and a.key in ('other-income', 'money:cheque')`;
    const [first, second] = [new pg.Client({ connectionString: s.databaseUrl }), new pg.Client({ connectionString: s.databaseUrl })];
    await Promise.all([first.connect(), second.connect()]);
    try {
      await first.query('begin');
      await first.query(entry(700));
      await second.query('begin');
      let settled = false;
      const late = second.query(entry(700)).finally(() => (settled = true));
      late.catch(() => undefined);
      // The second waits on the first's lock (without it, it would pass at once: the first is not committed).
      await expect.poll(async () => (await s.sql<{ n: number }>(`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like '%raw-race%'`))[0].n).toBe(1);
      expect(settled).toBe(false);
      await first.query('commit');
      await expect(late).rejects.toThrow(/below zero/);
      await second.query('rollback');
    } finally {
      await Promise.all([first.end(), second.end()]);
    }
    expect(await balanceOf('cheque')).toBe(300);
    await choose();
  });

  it('holds whoever writes: a raw entry taking the account below zero is refused by the database', async () => {
    await holds('cheque', 0);
    await choose('cheque');
    await expect(
      s.sql(`
        with org as (select id, currency from organizations where name = 'Demo Travels'),
        e as (insert into journal_entries (organization_id, date, currency, memo, source_type) select id, '${TODAY}', currency, 'raw', 'other-income' from org returning id, organization_id, currency)
        insert into journal_lines (organization_id, entry_id, account_id, debit, credit, currency)
        select e.organization_id, e.id, a.id, case when a.key = 'other-income' then 1 else 0 end, case when a.key = 'money:cheque' then 1 else 0 end, e.currency
        from e join accounts a on a.organization_id = e.organization_id and a.key in ('other-income', 'money:cheque')`),
    ).rejects.toThrow(/below zero/);
    await choose();
  });
});
