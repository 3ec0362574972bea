import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHART_OF_ACCOUNTS } from '../../src/api/finance/contract';
import type { Agent } from '../support/agent';
import { startTestServer, type TestServer } from '../support/server';
import { checksum, checksumQuery } from '../support/db-checksum';
import { orgId } from '../support/reads';

/**
 * The money kit over HTTP and in the database itself: the chart every organization has, other
 * income and opening balances through the journal, Idempotency-Key, and the rules PostgreSQL holds
 * whoever writes (a balanced entry of two lines or more, posted entries never change, a reversal once).
 */
let s: TestServer;
let owner: Agent;
let finance: Agent;
let sales: Agent;
let globe: Agent;
let fingerprint: string;
let demoOrg: string;
let globeOrg: string;

const balanceOf = async (agent: Agent, key: string) => (await agent.get('/api/account/chart')).body.data.find((a: { key: string }) => a.key === key).balance as number;
const count = async (table: string, org = demoOrg) => (await s.sql<{ n: number }>(`select count(*)::int as n from ${table} where organization_id = $1`, [org]))[0].n;
const keyed = (key: string) => ({ 'Idempotency-Key': key });
const income = (over: Record<string, unknown> = {}) => ({ amount: 12_345, date: '2031-03-15', paymentMethod: 'bank-transfer', description: 'Commission from a partner', ...over });

/** Raw SQL in one transaction on its own connection, as the superuser or (`tenant`) as the API's role for an organization. */
async function rawTransaction(statements: string[], tenant?: string): Promise<void> {
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

beforeAll(async () => {
  s = await startTestServer();
  // Money is never dated after today: the organizations' today is after every date these tests record.
  s.clock.set('2033-06-30T08:00:00Z');
  [owner, finance, sales, globe] = await s.logins('owner@demo.travel', 'finance@demo.travel', 'sales@demo.travel', 'owner@globe.travel');
  fingerprint = await checksumQuery(s);
  demoOrg = await orgId(s, 'Demo Travels');
  globeOrg = await orgId(s, 'Globe Trotters');
});
afterAll(() => s.close());

/** What the demo bookings' verified payments brought in, by method (server/bookings/seed.ts; a credit note's from server/cancellations/seed.ts). */
async function bookingPayments(organization: string): Promise<Record<'cash' | 'bank-transfer' | 'card' | 'cheque' | 'online' | 'credit-note', number>> {
  const rows = await s.sql<{ method: string; n: string }>(
    `select p.payment_method as method, sum(p.amount) as n from booking_payments p join organizations o on o.id = p.organization_id where o.name = $1 and p.status = 'verified' group by 1`,
    [organization],
  );
  const by = { cash: 0, 'bank-transfer': 0, card: 0, cheque: 0, online: 0, 'credit-note': 0 };
  for (const r of rows) by[r.method as keyof typeof by] = Number(r.n);
  return by;
}

/** What the demo operations paid vendors (server/operations/seed.ts), by method: money out of those accounts into vendor costs. */
async function vendorPayments(organization: string): Promise<Record<'cash' | 'bank-transfer' | 'card' | 'cheque' | 'online', number>> {
  const rows = await s.sql<{ method: string; n: string }>(
    `select p.payment_method as method, sum(p.amount) as n from operation_payments p join organizations o on o.id = p.organization_id where o.name = $1 group by 1`,
    [organization],
  );
  const by = { cash: 0, 'bank-transfer': 0, card: 0, cheque: 0, online: 0 };
  for (const r of rows) by[r.method as keyof typeof by] = Number(r.n);
  return by;
}

describe('the chart of accounts', () => {
  it('is the same for every organization, as the contract describes it', async () => {
    for (const org of [demoOrg, globeOrg]) {
      const rows = await s.sql(
        `select key, code, type, normal_side as "normalSide", payment_method as "paymentMethod" from accounts where organization_id = $1 order by code`,
        [org],
      );
      expect(rows).toEqual(CHART_OF_ACCOUNTS.map((a) => ({ ...a })));
    }
  });

  it('comes with every new organization, whoever inserts it', async () => {
    const [org] = await s.sql<{ id: string }>(`insert into organizations (name, secret_hash, secret_hint) values ('Fresh Tours', 'x', 'x') returning id`);
    expect(await count('accounts', org.id)).toBe(CHART_OF_ACCOUNTS.length);
    await s.sql('delete from organizations where id = $1', [org.id]);
  });

  it('shows finance each account with its balance on its normal side, in the organization currency', async () => {
    const res = await finance.get('/api/account/chart');
    expect(res.status).toBe(200);
    const byKey = Object.fromEntries(res.body.data.map((a: { key: string }) => [a.key, a]));
    expect(res.body.data.map((a: { code: string }) => a.code)).toEqual(CHART_OF_ACCOUNTS.map((a) => a.code));
    // The seed: 250,000.00 in the bank and 12,500.00 cash to start, then other income, the demo bookings' verified payments, and the demo operations' payments to vendors.
    const bookings = await bookingPayments('Demo Travels');
    const vendors = await vendorPayments('Demo Travels');
    expect(Object.values(vendors).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    // The demo cancellations (server/cancellations/seed.ts): what was kept, what became credit notes, what of them paid a later trip and what expired unused, the refunds paid back.
    const [cancelled] = await s.sql<{ kept: number; credit: number; used: number; expired: number; refunded: number }>(
      `select (select coalesce(sum(kept_amount), 0)::int from booking_cancellations where organization_id = $1 and status = 'approved') as kept,
              (select coalesce(sum(amount), 0)::int from credit_notes where organization_id = $1) as credit,
              (select coalesce(sum(amount), 0)::int from credit_note_redemptions where organization_id = $1) as used,
              (select coalesce(sum(amount - used_amount), 0)::int from credit_notes where organization_id = $1 and status = 'expired') as expired,
              (select coalesce(sum(amount), 0)::int from refunds where organization_id = $1 and status = 'refunded' and payment_method = 'bank-transfer') as refunded`,
      [demoOrg],
    );
    expect(cancelled.kept * cancelled.credit * cancelled.used * cancelled.expired * cancelled.refunded).toBeGreaterThan(0);
    expect(bookings['credit-note']).toBe(cancelled.used);
    expect(byKey['money:bank-transfer']).toMatchObject({ currency: 'USD', type: 'asset', normalSide: 'debit', balance: 25_000_000 + 185_000 + 4_217 + bookings['bank-transfer'] - vendors['bank-transfer'] - cancelled.refunded });
    expect(byKey['money:cash'].balance).toBe(1_250_000 + 45_000 + bookings.cash - vendors.cash);
    expect(byKey['money:card'].balance).toBe(32_000 + bookings.card - vendors.card);
    // Revenue is recognised when a trip completes: its revenue and what was paid to vendors for it
    // leave the deposits and prepayments for tour revenue and vendor costs (docs/finance.md).
    const [completed] = await s.sql<{ revenue: string; costs: string }>(
      `select coalesce(sum(revenue), 0) as revenue, coalesce(sum(vouchers_cost + expenses_cost), 0) as costs from booking_operations where organization_id = $1 and status = 'completed'`,
      [demoOrg],
    );
    expect(Number(completed.revenue)).toBeGreaterThan(0);
    expect(byKey['tour-revenue'].balance).toBe(Number(completed.revenue));
    expect(byKey['vendor-costs'].balance).toBe(Number(completed.costs));
    expect(byKey['vendor-prepayments'].balance + byKey['vendor-costs'].balance).toBe(Object.values(vendors).reduce((a, b) => a + b, 0));
    expect(byKey['customer-deposits'].balance - byKey['accounts-receivable'].balance).toBe(
      Object.values(bookings).reduce((a, b) => a + b, 0) - Number(completed.revenue) - cancelled.kept - cancelled.credit - cancelled.refunded,
    );
    // What an expired note left became income (its breakage).
    expect(byKey['cancellation-income'].balance).toBe(cancelled.kept + cancelled.expired);
    expect(byKey['credit-notes'].balance).toBe(cancelled.credit - cancelled.used - cancelled.expired);
    expect(byKey['opening-balance'].balance).toBe(26_250_000);
    expect(byKey['other-income'].balance).toBe(185_000 + 4_217 + 32_000 + 45_000);
    const debits = res.body.data.reduce((n: number, a: { totalDebit: number }) => n + a.totalDebit, 0);
    const credits = res.body.data.reduce((n: number, a: { totalCredit: number }) => n + a.totalCredit, 0);
    expect(debits).toBe(credits);
  });

  it('reads balances as of a day', async () => {
    const res = await finance.get('/api/account/chart?asOf=1999-12-31');
    expect(res.body.data.every((a: { balance: number }) => a.balance === 0)).toBe(true);
    expect((await finance.get('/api/account/chart?asOf=1999-02-30')).body.issues[0].path).toBe('asOf');
  });

  it('is another organization\'s own', async () => {
    const res = await globe.get('/api/account/chart');
    const bookings = await bookingPayments('Globe Trotters');
    expect(res.body.data.find((a: { key: string }) => a.key === 'money:bank-transfer')).toMatchObject({ currency: 'EUR', balance: 8_000_000 + 27_500 + bookings['bank-transfer'] });
  });

  it('is not for sales', async () => {
    expect((await sales.get('/api/account/chart')).status).toBe(403);
    expect((await sales.get('/api/account/journal')).status).toBe(403);
    expect((await sales.post('/api/budget/income', income())).status).toBe(403);
  });
});

describe('POST /budget/income', () => {
  it('records other income: a numbered receipt and one entry, money account ← other income', async () => {
    const bankBefore = await balanceOf(finance, 'money:bank-transfer');
    const res = await finance.post('/api/budget/income', income({ description: '  Supplier rebate  ' }));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ amount: 12_345, currency: 'USD', paymentMethod: 'bank-transfer', date: '2031-03-15', description: 'Supplier rebate' });
    expect(res.body.data.number).toMatch(/^RCT-2031-\d{4}$/);
    expect(await balanceOf(finance, 'money:bank-transfer')).toBe(bankBefore + 12_345);

    const journal = await finance.get('/api/account/journal?sourceType=other-income&limit=1');
    const [entry] = journal.body.data;
    expect(entry).toMatchObject({
      _id: res.body.data.entryId,
      date: '2031-03-15',
      currency: 'USD',
      sourceType: 'other-income',
      sourceId: res.body.data._id,
      reference: res.body.data.number,
      memo: 'Supplier rebate',
      postedBy: { name: 'Fatima Finance' },
      total: 12_345,
      reversedByEntryId: null,
      lines: [
        { accountKey: 'money:bank-transfer', accountCode: '1020', debit: 12_345, credit: 0 },
        { accountKey: 'other-income', accountCode: '4900', debit: 0, credit: 12_345 },
      ],
    });
  });

  it('numbers receipts per year, consecutively', async () => {
    const numbers: string[] = [];
    for (const date of ['2032-01-02', '2032-06-30', '2033-01-01', '2032-12-31']) numbers.push((await finance.post('/api/budget/income', income({ date }))).body.data.number);
    expect(numbers).toEqual(['RCT-2032-0001', 'RCT-2032-0002', 'RCT-2033-0001', 'RCT-2032-0003']);
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const before = await checksum(s, fingerprint);
    const cases: [Record<string, unknown>, string][] = [
      [income({ amount: 0 }), 'amount'],
      [income({ amount: -5 }), 'amount'],
      [income({ amount: 10.5 }), 'amount'],
      [income({ amount: '100' }), 'amount'],
      [income({ date: '2031-02-30' }), 'date'],
      [income({ paymentMethod: 'barter' }), 'paymentMethod'],
      [income({ description: '   ' }), 'description'],
      [income({ description: 'a\u0000b' }), 'description'],
      [income({ extra: 1 }), 'extra'],
    ];
    for (const [body, field] of cases) {
      const res = await finance.post('/api/budget/income', body, keyed(`bad-${field}-${Math.random()}`));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(field);
    }
    const badKey = await finance.post('/api/budget/income', income(), { 'Idempotency-Key': 'with space' });
    expect(badKey.status).toBe(400);
    expect(badKey.body.issues[0].path).toBe('Idempotency-Key');
    expect(await checksum(s, fingerprint)).toBe(before);
  });
});

describe('Idempotency-Key', () => {
  it('20 identical keyed requests at once take effect once and all answer the first result', async () => {
    const before = await count('other_incomes');
    const key = `twenty-${Date.now()}`;
    const body = income({ amount: 777, description: 'Twenty at once' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => finance.post('/api/budget/income', body, keyed(key))));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(19);
    expect(await count('other_incomes')).toBe(before + 1);
    expect((await s.sql(`select 1 from journal_entries where memo = 'Twenty at once'`)).length).toBe(1);
  });

  it('answers the first result to a later repeat, and 422 to the key with another body', async () => {
    const key = `repeat-${Date.now()}`;
    const first = await finance.post('/api/budget/income', income({ amount: 500 }), keyed(key));
    const again = await owner.post('/api/budget/income', { description: 'Commission from a partner', paymentMethod: 'bank-transfer', date: '2031-03-15', amount: 500 }, keyed(key));
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const other = await finance.post('/api/budget/income', income({ amount: 501 }), keyed(key));
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(other.body.issues[0].path).toBe('Idempotency-Key');
    const elsewhere = await finance.post('/api/account/opening-balances', { date: '2031-01-01', balances: [{ paymentMethod: 'cash', amount: 1 }] }, keyed(key));
    expect(elsewhere.status).toBe(422);
  });

  it('keeps answers 24 hours: an older key is a new request', async () => {
    const key = `old-${Date.now()}`;
    const first = await finance.post('/api/budget/income', income({ amount: 901 }), keyed(key));
    await s.sql(`update idempotency_keys set created_at = now() - interval '25 hours' where key = $1`, [key]);
    const later = await finance.post('/api/budget/income', income({ amount: 901 }), keyed(key));
    expect(later.status).toBe(201);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(later.body.data._id).not.toBe(first.body.data._id);
  });

  it('is per organization: the same key elsewhere is another request', async () => {
    const key = `shared-${Date.now()}`;
    const demo = await finance.post('/api/budget/income', income({ amount: 300 }), keyed(key));
    const other = await globe.post('/api/budget/income', income({ amount: 300 }), keyed(key));
    expect(other.status).toBe(201);
    expect(other.headers.get('idempotent-replayed')).toBeNull();
    expect(other.body.data.currency).toBe('EUR');
    expect(other.body.data._id).not.toBe(demo.body.data._id);
  });

  it('keeps no answer for a refused request: the retry runs again', async () => {
    const key = `refused-${Date.now()}`;
    const body = { date: '2031-01-01', balances: [{ paymentMethod: 'cash', amount: 100 }] };
    expect((await finance.post('/api/account/opening-balances', body, keyed(key))).status).toBe(409);
    expect(await s.sql('select 1 from idempotency_keys where key = $1', [key])).toHaveLength(0);
  });

  it('is pruned by the hourly housekeeping after 24 hours', async () => {
    const { maintenanceJobs, PRUNE_JOB } = await import('../../server/jobs/maintenance');
    const key = `prune-${Date.now()}`;
    await finance.post('/api/budget/income', income({ amount: 902 }), keyed(key));
    await s.sql(`update idempotency_keys set created_at = now() - interval '25 hours' where key = $1`, [key]);
    await s.database.db.transaction((tx) => maintenanceJobs[PRUNE_JOB]({ tx, orgId: null, payload: {}, clock: s.clock }));
    expect(await s.sql('select 1 from idempotency_keys where key = $1', [key])).toHaveLength(0);
  });
});

describe('opening balances and reversals', () => {
  it('shows the opening balances in force, and refuses a second set while they stand', async () => {
    const res = await finance.get('/api/account/opening-balances');
    expect(res.body.data).toMatchObject({ currency: 'USD', balances: [{ paymentMethod: 'cash', amount: 1_250_000 }, { paymentMethod: 'bank-transfer', amount: 25_000_000 }] });
    const again = await finance.post('/api/account/opening-balances', { date: '2031-01-01', balances: [{ paymentMethod: 'cash', amount: 100 }] });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('OPENING_BALANCES_RECORDED');
  });

  it('refuses opening balances that say nothing or name a method twice', async () => {
    for (const balances of [[], [{ paymentMethod: 'cash', amount: 0 }], [{ paymentMethod: 'cash', amount: 1 }, { paymentMethod: 'cash', amount: 2 }]]) {
      const res = await finance.post('/api/account/opening-balances', { date: '2031-01-01', balances });
      expect(res.status).toBe(400);
      expect(res.body.issues[0].path).toBe('balances');
    }
  });

  it('reverses an entry once; then new opening balances may be recorded', async () => {
    const entryId = (await finance.get('/api/account/opening-balances')).body.data.entryId;
    const cashBefore = await balanceOf(finance, 'money:cash');
    const reversals = await Promise.all(Array.from({ length: 5 }, () => finance.post(`/api/account/journal/${entryId}/reverse`, { date: '2031-01-01', memo: 'Wrong cash count' })));
    expect(reversals.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(reversals.filter((r) => r.status === 409).every((r) => r.body.code === 'ALREADY_REVERSED')).toBe(true);
    const reversal = reversals.find((r) => r.status === 201)!.body.data;
    expect(await balanceOf(finance, 'money:cash')).toBe(cashBefore - 1_250_000);
    expect((await finance.get('/api/account/opening-balances')).body.data).toBeNull();

    const reversed = (await finance.get('/api/account/journal?sourceType=opening-balance&sortOrder=asc')).body.data;
    expect(reversed.map((e: { _id: string; reversedByEntryId: string | null; reversesEntryId: string | null }) => [e._id, e.reversedByEntryId, e.reversesEntryId])).toEqual([
      [entryId, reversal.entryId, null],
      [reversal.entryId, null, entryId],
    ]);
    const ofReversal = await finance.post(`/api/account/journal/${reversal.entryId}/reverse`, { date: '2031-01-01' });
    expect(ofReversal.status).toBe(409);
    expect(ofReversal.body.code).toBe('REVERSAL_OF_REVERSAL');

    const recorded = await finance.post('/api/account/opening-balances', { date: '2031-01-01', balances: [{ paymentMethod: 'cash', amount: 1_300_000 }] });
    expect(recorded.status).toBe(201);
    expect(await balanceOf(finance, 'money:cash')).toBe(cashBefore - 1_250_000 + 1_300_000);
  });

  it('reverses by hand only what finance posts itself, and only its own organization\'s', async () => {
    const entry = (await finance.get('/api/account/journal?sourceType=other-income&limit=1')).body.data[0];
    expect((await globe.post(`/api/account/journal/${entry._id}/reverse`, { date: '2031-01-01' })).status).toBe(404);
    expect((await sales.post(`/api/account/journal/${entry._id}/reverse`, { date: '2031-01-01' })).status).toBe(403);
    await s.database.withTenant(demoOrg, async (tx) => {
      const { postEntry } = await import('../../server/finance/journal');
      await postEntry(tx, { date: '2031-05-05', source: { type: 'refund' }, memo: 'A refund', lines: [{ account: 'credit-notes', debit: 10 }, { account: 'money:cash', credit: 10 }] });
    });
    const refund = (await finance.get('/api/account/journal?sourceType=refund')).body.data[0];
    const res = await finance.post(`/api/account/journal/${refund._id}/reverse`, { date: '2031-05-06' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('NOT_REVERSIBLE_BY_HAND');
  });
});

describe('GET /account/journal', () => {
  it('pages with the list shape and filters by date, source and account', async () => {
    const all = await finance.get('/api/account/journal?limit=2');
    expect(all.status).toBe(200);
    expect(all.body.meta).toMatchObject({ currentPage: 1, limit: 2 });
    expect(all.body.meta.totalItems).toBeGreaterThan(5);
    const dates: string[] = (await finance.get('/api/account/journal?limit=200')).body.data.map((e: { date: string }) => e.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const march = await finance.get('/api/account/journal?date[from]=2031-03-01&date[to]=2031-03-31&limit=200');
    expect(march.body.data.length).toBeGreaterThan(0);
    expect(march.body.data.every((e: { date: string }) => e.date.startsWith('2031-03'))).toBe(true);
    const card = await finance.get('/api/account/journal?account=money:card&sourceType=other-income');
    expect(card.body.data.map((e: { memo: string }) => e.memo)).toEqual(['Referral fee, TravelSafe Insurance']);
    const searched = await finance.get('/api/account/journal?search=RCT-2033');
    expect(searched.body.data.map((e: { reference: string }) => e.reference)).toEqual(['RCT-2033-0001']);
    expect((await finance.get('/api/account/journal?account=money:gold')).body.issues[0].path).toBe('account');
    expect((await finance.get('/api/account/journal?sourceType=gift')).body.issues[0].path).toBe('sourceType.0');
  });

  it('shows another organization none of it', async () => {
    const memos: string[] = (await globe.get('/api/account/journal?limit=200')).body.data.map((e: { memo: string | null }) => e.memo);
    expect(memos).not.toContain('Supplier rebate');
    expect((await globe.get('/api/account/journal?limit=200')).body.data.every((e: { currency: string }) => e.currency === 'EUR')).toBe(true);
  });
});

describe('the dates of money (issue 26)', () => {
  const TODAY = '2033-06-30';
  const refused = async (res: { status: number; body: { issues?: { path: string; code: string; params: Record<string, unknown> }[] } }, path: string, code: string) => {
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.issues?.[0]).toMatchObject({ path, code });
    return res.body.issues![0];
  };

  it('takes income for yesterday and today, never for tomorrow, 1900 or before the books start', async () => {
    const before = await checksum(s, fingerprint);
    await refused(await finance.post('/api/budget/income', income({ date: '2033-07-01' })), 'date', 'inFuture');
    await refused(await finance.post('/api/budget/income', income({ date: '2033-07-07' })), 'date', 'inFuture');
    const [{ start }] = await s.sql<{ start: string }>(`select settings->>'booksStart' as start from configurations where organization_id = $1 and module = 'finance'`, [demoOrg]);
    const early = await refused(await finance.post('/api/budget/income', income({ date: '1900-01-01' })), 'date', 'beforeBooksStart');
    expect(early.params).toEqual({ booksStart: start });
    expect(await s.sql(`select 1 from number_series where year = 1900`)).toEqual([]);
    expect(await checksum(s, fingerprint)).toBe(before);
    expect((await finance.post('/api/budget/income', income({ date: '2033-06-29' }))).status).toBe(201);
    expect((await finance.post('/api/budget/income', income({ date: TODAY }))).status).toBe(201);
  });

  it('follows the books start the organization sets; the day it was created without one', async () => {
    expect((await owner.put('/api/configurations/finance', { booksStart: '2033-01-01' })).status).toBe(200);
    await refused(await finance.post('/api/budget/income', income({ date: '2032-12-31' })), 'date', 'beforeBooksStart');
    await refused(await finance.post('/api/account/opening-balances', { date: '2032-12-31', balances: [{ paymentMethod: 'cash', amount: 1 }] }), 'date', 'beforeBooksStart');
    expect((await finance.post('/api/budget/income', income({ date: '2033-01-01' }))).status).toBe(201);
    // Emptied, the books start the day the organization was created.
    expect((await owner.put('/api/configurations/finance', { booksStart: null })).body.data.settings).toEqual({ booksStart: '' });
    const [{ created }] = await s.sql<{ created: string }>(`select to_char(created_at at time zone time_zone, 'YYYY-MM-DD') as created from organizations where id = $1`, [demoOrg]);
    const dayBefore = new Date(Date.parse(`${created}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect((await refused(await finance.post('/api/budget/income', income({ date: dayBefore })), 'date', 'beforeBooksStart')).params).toEqual({ booksStart: created });
    expect((await finance.post('/api/budget/income', income({ date: created }))).status).toBe(201);
    await refused(await owner.put('/api/configurations/finance', { booksStart: '1899-12-31' }), 'booksStart', 'dateOutOfRange');
  });

  it('dates a reversal on or after its entry, and not after today', async () => {
    const entry = (await finance.post('/api/budget/income', income({ date: '2033-06-01' }))).body.data.entryId;
    const early = await refused(await finance.post(`/api/account/journal/${entry}/reverse`, { date: '2033-05-31' }), 'date', 'dateOrder');
    expect(early.params).toEqual({ after: 'entry', date: '2033-06-01' });
    await refused(await finance.post(`/api/account/journal/${entry}/reverse`, { date: '2007-06-01' }), 'date', 'dateOrder');
    await refused(await finance.post(`/api/account/journal/${entry}/reverse`, { date: '2033-07-01' }), 'date', 'inFuture');
    expect(await s.sql('select 1 from journal_entries where reverses_entry_id = $1', [entry])).toEqual([]);
    expect((await finance.post(`/api/account/journal/${entry}/reverse`, { date: '2033-06-01' })).status).toBe(201);
  });
});

describe('the database refuses, whoever writes', () => {
  const accountId = async (key: string, org = demoOrg) => (await s.sql<{ id: string }>('select id from accounts where organization_id = $1 and key = $2', [org, key]))[0].id;
  const entryInsert = (id: string, org: string) =>
    `insert into journal_entries (id, organization_id, date, currency, source_type) values ('${id}', '${org}', '2031-07-01', 'USD', 'other-income')`;
  const lineInsert = (entry: string, account: string, debit: number, credit: number, org = demoOrg, currency = 'USD') =>
    `insert into journal_lines (organization_id, entry_id, account_id, debit, credit, currency) values ('${org}', '${entry}', '${account}', ${debit}, ${credit}, '${currency}')`;

  it('an unbalanced entry, at commit (as the superuser and as the API role)', async () => {
    const [cash, other] = [await accountId('money:cash'), await accountId('other-income')];
    const id = crypto.randomUUID();
    await expect(rawTransaction([entryInsert(id, demoOrg), lineInsert(id, cash, 100, 0), lineInsert(id, other, 0, 99)])).rejects.toThrow(/unbalanced/);
    await expect(rawTransaction([entryInsert(id, demoOrg), lineInsert(id, cash, 100, 0), lineInsert(id, other, 0, 99)], demoOrg)).rejects.toThrow(/unbalanced/);
    // Balanced later in the same transaction is fine: the check waits for commit.
    await rawTransaction([entryInsert(id, demoOrg), lineInsert(id, cash, 100, 0), lineInsert(id, other, 0, 60), lineInsert(id, other, 0, 40)], demoOrg);
    expect(await s.sql('select 1 from journal_lines where entry_id = $1', [id])).toHaveLength(3);
  });

  it('an entry of one line, or of none', async () => {
    const cash = await accountId('money:cash');
    const one = crypto.randomUUID();
    await expect(rawTransaction([entryInsert(one, demoOrg), lineInsert(one, cash, 100, 0)])).rejects.toThrow(/at least two/);
    await expect(rawTransaction([entryInsert(one, demoOrg)])).rejects.toThrow(/at least two/);
    // Lines added to a posted entry later are refused, even a balanced pair (which would change its month).
    const posted = (await s.sql<{ id: string }>('select id from journal_entries where organization_id = $1 limit 1', [demoOrg]))[0].id;
    const other = await accountId('other-income');
    await expect(rawTransaction([lineInsert(posted, cash, 5, 0)])).rejects.toThrow(/posted by another transaction/);
    await expect(rawTransaction([lineInsert(posted, cash, 5, 0), lineInsert(posted, other, 0, 5)])).rejects.toThrow(/posted by another transaction/);
    await expect(rawTransaction([lineInsert(posted, cash, 5, 0), lineInsert(posted, other, 0, 5)], demoOrg)).rejects.toThrow(/posted by another transaction/);
  });

  it('a line with both sides, no side, a negative amount, another currency or another organization\'s account', async () => {
    const [cash, other] = [await accountId('money:cash'), await accountId('other-income')];
    const id = crypto.randomUUID();
    await expect(rawTransaction([entryInsert(id, demoOrg), lineInsert(id, cash, 100, 100), lineInsert(id, other, 0, 0)])).rejects.toThrow(/journal_lines_amounts_ck/);
    await expect(rawTransaction([entryInsert(id, demoOrg), lineInsert(id, cash, -100, 0), lineInsert(id, other, -100, 0)])).rejects.toThrow(/journal_lines_amounts_ck/);
    await expect(rawTransaction([entryInsert(id, demoOrg), lineInsert(id, cash, 100, 0), lineInsert(id, other, 0, 100, demoOrg, 'EUR')])).rejects.toThrow(/mixes currencies/);
    const globeCash = await accountId('money:cash', globeOrg);
    await expect(rawTransaction([entryInsert(id, demoOrg), lineInsert(id, globeCash, 100, 0), lineInsert(id, other, 0, 100)])).rejects.toThrow(/journal_lines_account_fk/);
  });

  it('any change to a posted entry, line or receipt', async () => {
    const [entry] = await s.sql<{ id: string }>('select id from journal_entries where organization_id = $1 limit 1', [demoOrg]);
    for (const statement of [
      `update journal_entries set memo = 'changed' where id = '${entry.id}'`,
      `delete from journal_entries where id = '${entry.id}'`,
      `update journal_lines set debit = debit + 1 where entry_id = '${entry.id}' and debit > 0`,
      `delete from journal_lines where entry_id = '${entry.id}'`,
      `update other_incomes set amount = 1`,
      `delete from other_incomes`,
      'truncate journal_lines',
      'truncate journal_entries cascade',
    ]) {
      await expect(rawTransaction([statement]), statement).rejects.toThrow(/refused/);
    }
    // The API's own role may not even try: it holds no privilege to change a posted entry.
    await expect(rawTransaction([`update journal_entries set memo = 'changed' where id = '${entry.id}'`], demoOrg)).rejects.toThrow(/permission denied/);
    await expect(rawTransaction([`update journal_lines set debit = debit + 1 where entry_id = '${entry.id}' and debit > 0`], demoOrg)).rejects.toThrow(/permission denied/);
  });

  it('a second reversal, or the reversal of a reversal', async () => {
    const [cash, other] = [await accountId('money:cash'), await accountId('other-income')];
    const original = crypto.randomUUID();
    await rawTransaction([entryInsert(original, demoOrg), lineInsert(original, cash, 10, 0), lineInsert(original, other, 0, 10)]);
    const reversal = (id: string, of: string) => [
      `insert into journal_entries (id, organization_id, date, currency, source_type, reverses_entry_id) values ('${id}', '${demoOrg}', '2031-07-02', 'USD', 'other-income', '${of}')`,
      lineInsert(id, other, 10, 0),
      lineInsert(id, cash, 0, 10),
    ];
    const first = crypto.randomUUID();
    await rawTransaction(reversal(first, original));
    await expect(rawTransaction(reversal(crypto.randomUUID(), original))).rejects.toThrow(/journal_entries_reverses_uq/);
    await expect(rawTransaction(reversal(crypto.randomUUID(), first))).rejects.toThrow(/itself a reversal/);
  });

  it('but an organization deleted takes its books along', async () => {
    const [org] = await s.sql<{ id: string }>(`insert into organizations (name, secret_hash, secret_hint) values ('Short Lived', 'x', 'x') returning id`);
    const [cash, other] = [await accountId('money:cash', org.id), await accountId('other-income', org.id)];
    const id = crypto.randomUUID();
    await rawTransaction([
      `insert into journal_entries (id, organization_id, date, currency, source_type) values ('${id}', '${org.id}', '2031-07-01', 'USD', 'other-income')`,
      lineInsert(id, cash, 10, 0, org.id),
      lineInsert(id, other, 0, 10, org.id),
    ]);
    await s.sql('delete from organizations where id = $1', [org.id]);
    expect(await s.sql('select 1 from journal_entries where organization_id = $1', [org.id])).toHaveLength(0);
  });
});
