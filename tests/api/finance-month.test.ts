import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../server/db/client';
import { runOneJob } from '../../server/jobs/queue';
import { jobHandlers } from '../../server/registry';
import type { Agent } from '../support/agent';
import { orgId } from '../support/bookings';
import { checksum, checksumQuery } from '../support/db-checksum';
import { newVendor } from '../support/operations';
import { startTestServer, type TestServer } from '../support/server';
import { keyed } from '../support/agent';

/**
 * The month of money (issue 28) over HTTP: the seed's statement and summary, budget targets,
 * expenses with receipts, salaries, recurring expenses, the journal exported for hledger and
 * beancount, and receivables and payables by age. The clock stands at the end of 2033 so every
 * movement here is in months of its own, after the demo's.
 */
let s: TestServer;
let owner: Agent;
let finance: Agent;
let sales: Agent;
let globe: Agent;
let demoOrg: string;
let fingerprint: string;

const TODAY = '2033-12-20';
const income = (date: string, amount: number, paymentMethod = 'bank-transfer', description = 'Commission') =>
  finance.post('/api/budget/income', { amount, date, paymentMethod, description }, keyed());
const expense = (body: Record<string, unknown>) => finance.post('/api/expenses', { category: 'rent', amount: 50_000, date: '2033-03-05', paymentMethod: 'bank-transfer', description: 'Office rent', ...body }, keyed());
const statement = (query = '') => finance.get(`/api/account/statement${query}`);

beforeAll(async () => {
  s = await startTestServer();
  s.clock.set(`${TODAY}T08:00:00Z`);
  [owner, finance, sales, globe] = await s.logins('owner@demo.travel', 'finance@demo.travel', 'sales@demo.travel', 'owner@globe.travel');
  demoOrg = await orgId(s);
  fingerprint = await checksumQuery(s);
});
afterAll(() => s.close());

describe('the account statement', () => {
  it('answers the seed’s shape: a month’s opening, money in and out and closing, its rows and the month in meta', async () => {
    expect((await income('2033-01-10', 10_000, 'cash')).status).toBe(201);
    expect((await income('2033-01-12', 25_000)).status).toBe(201);
    expect((await expense({ date: '2033-01-15', amount: 7_000 })).status).toBe(201);
    const res = await statement('?month=2033-01');
    expect(res.status).toBe(200);
    const { summary, transactions, meta } = res.body;
    expect(meta).toEqual({ month: '2033-01', currentPage: 1, limit: 50, totalItems: 3, totalPages: 1 });
    expect(summary).toMatchObject({ month: '2033-01', currency: 'USD', incoming: 35_000, outgoing: 7_000, pending: { count: 0, amount: 0 } });
    expect(summary.closingBalance).toBe(summary.openingBalance + 35_000 - 7_000);
    expect(transactions.map((t: { date: string; type: string; amount: number; paymentMethod: string; status: string; linkedTo: { type: string } }) => [t.date, t.type, t.amount, t.paymentMethod, t.status, t.linkedTo.type])).toEqual([
      ['2033-01-10', 'incoming', 10_000, 'cash', 'posted', 'other-income'],
      ['2033-01-12', 'incoming', 25_000, 'bank-transfer', 'posted', 'other-income'],
      ['2033-01-15', 'outgoing', 7_000, 'bank-transfer', 'posted', 'expense'],
    ]);
    expect(transactions[0].linkedTo.ref).toMatch(/^RCT-2033-\d{4}$/);
  });

  it('filters as the seed does: one account, type, amounts, linked record, days, search; pending payments apart from the balances', async () => {
    const cash = (await statement('?month=2033-01&paymentMethod=cash')).body;
    expect(cash.transactions.map((t: { amount: number }) => t.amount)).toEqual([10_000]);
    expect(cash.summary).toMatchObject({ incoming: 10_000, outgoing: 0 });
    expect((await statement('?month=2033-01&type=outgoing')).body.transactions).toHaveLength(1);
    expect((await statement('?month=2033-01&minAmount=8000&maxAmount=20000')).body.transactions.map((t: { amount: number }) => t.amount)).toEqual([10_000]);
    expect((await statement('?month=2033-01&linkedToType=expense')).body.transactions.map((t: { amount: number }) => t.amount)).toEqual([7_000]);
    expect((await statement('?month=2033-01&dateRange[from]=2033-01-11&dateRange[to]=2033-01-13')).body.transactions.map((t: { amount: number }) => t.amount)).toEqual([25_000]);
    expect((await statement('?month=2033-01&search=office')).body.transactions).toHaveLength(1);
    // The filters narrow the rows; the balances stay the month's for the accounts chosen.
    expect((await statement('?month=2033-01&type=outgoing')).body.summary.incoming).toBe(35_000);

    // A payment submitted and not yet verified is pending: listed, never in the balances.
    const [booking] = await s.sql<{ id: string }>(`select id from bookings where organization_id = $1 and status in ('pendingVerification', 'verified') and paid_amount < grand_total limit 1`, [demoOrg]);
    const before = (await statement()).body.summary;
    const submitted = await owner.post(`/api/bookings/${booking.id}/payment`, { amount: 1_234, paymentMethod: 'cash', paidOn: TODAY }, keyed());
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
    const after = (await statement()).body;
    expect(after.summary).toMatchObject({ openingBalance: before.openingBalance, incoming: before.incoming, pending: { count: before.pending.count + 1, amount: before.pending.amount + 1_234 } });
    expect(after.transactions.find((t: { _id: string }) => t._id === submitted.body.data._id)).toMatchObject({ status: 'pending', type: 'incoming', amount: 1_234, linkedTo: { type: 'booking-payment', parentId: booking.id } });
    expect((await statement('?status=posted')).body.transactions.some((t: { status: string }) => t.status === 'pending')).toBe(false);
  });

  it('refuses a month that is not one, an amount range backwards, a method not in the list; 403 to a sales agent', async () => {
    for (const [query, field] of [
      ['?month=2033-13', 'month'],
      ['?month=1899-12', 'month'],
      ['?minAmount=500&maxAmount=100', 'maxAmount'],
      ['?paymentMethod=gold', 'paymentMethod'],
      ['?minAmount=-1', 'minAmount'],
    ]) {
      const res = await statement(query);
      expect(res.status, query).toBe(400);
      expect(res.body.issues.some((i: { path: string }) => i.path.split('.')[0] === field), JSON.stringify(res.body.issues)).toBe(true);
    }
    expect((await sales.get('/api/account/statement')).status).toBe(403);
    expect((await sales.get('/api/account/summary')).status).toBe(403);
  });

  it('closes each month at the next one’s opening, and keeps its totals equal to a recount, over random postings (fast-check)', async () => {
    const months = ['2033-04', '2033-05', '2033-06'];
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({ month: fc.constantFrom(...months), day: fc.integer({ min: 1, max: 28 }), amount: fc.integer({ min: 1, max: 500_000 }), method: fc.constantFrom('cash', 'bank-transfer', 'card'), out: fc.boolean() }),
          { minLength: 1, maxLength: 6 },
        ),
        async (moves) => {
          for (const m of moves) {
            const date = `${m.month}-${String(m.day).padStart(2, '0')}`;
            const res = m.out ? await expense({ date, amount: m.amount, paymentMethod: m.method, category: 'utilities' }) : await income(date, m.amount, m.method);
            expect(res.status, JSON.stringify(res.body)).toBe(201);
          }
          for (const method of ['', '&paymentMethod=cash']) {
            const sums = await Promise.all(months.map(async (month) => (await statement(`?month=${month}${method}`)).body.summary));
            for (const [i, sm] of sums.entries()) {
              expect(sm.closingBalance).toBe(sm.openingBalance + sm.incoming - sm.outgoing);
              if (i > 0) expect(sm.openingBalance).toBe(sums[i - 1].closingBalance);
            }
          }
          const drift = await s.sql(`
            select t.account_id, t.month, t.source_type from ledger_totals t
            full join (select l.account_id, date_trunc('month', e.date)::date as month, e.source_type, sum(l.debit) as debit, sum(l.credit) as credit, count(*) as lines
                       from journal_lines l join journal_entries e on e.id = l.entry_id group by 1, 2, 3) r
              on r.account_id = t.account_id and r.month = t.month and r.source_type = t.source_type
            where r.account_id is null or t.account_id is null or r.debit <> t.debit or r.credit <> t.credit or r.lines <> t.lines`);
          expect(drift).toEqual([]);
        },
      ),
      { numRuns: 5, seed: Number(process.env.FC_SEED ?? Date.now() % 2 ** 31) },
    );
    // The kept totals are the journal's trigger's: no one writes them by hand.
    await expect(s.sql('update ledger_totals set debit = debit + 1')).rejects.toThrow(/journal keeps them/);
  });
});

describe('the account summary and the budget', () => {
  it('sets a month’s targets once, changes them, and refuses bad ones or a closed month', async () => {
    const create = await finance.post('/api/budget/target/income', { month: '2033-08', amount: 100_000 });
    expect(create.status).toBe(201);
    expect(create.body.data).toMatchObject({ month: '2033-08', kind: 'income', category: null, amount: 100_000, currency: 'USD' });
    const twice = await finance.post('/api/budget/target/income', { month: '2033-08', amount: 5 });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('TARGET_EXISTS');
    expect((await finance.put('/api/budget/target/income', { month: '2033-08', amount: 120_000 })).body.data.amount).toBe(120_000);
    expect((await finance.put('/api/budget/target/income', { month: '2033-09', amount: 1 })).status).toBe(404);
    expect((await finance.post('/api/budget/target/expense', { month: '2033-08', amount: 60_000 })).status).toBe(201);
    expect((await finance.post('/api/budget/target/expense', { month: '2033-08', amount: 20_000, category: 'rent' })).status).toBe(201);
    for (const [body, field] of [
      [{ month: '2033-08', amount: -1 }, 'amount'],
      [{ month: '2033-8', amount: 1 }, 'month'],
      [{ month: '2033-08', amount: 1.5 }, 'amount'],
      [{ month: '2033-08', amount: 1, category: 'yachts' }, 'category'],
    ] as const) {
      const res = await finance.post('/api/budget/target/expense', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.issues[0].path).toBe(field);
    }
    const targets = (await finance.get('/api/budget/target?month=2033-08')).body.data;
    expect(targets).toMatchObject({ month: '2033-08', income: { amount: 120_000 }, expense: { amount: 60_000 }, expenseByCategory: [{ category: 'rent', amount: 20_000 }] });
    expect((await finance.put('/api/account/lock-date', { lockedThrough: '2033-07-31' })).status).toBe(200);
    expect((await finance.post('/api/budget/target/income', { month: '2033-07', amount: 1 })).body.code).toBe('PERIOD_LOCKED');
    expect((await owner.put('/api/account/lock-date', { lockedThrough: null, reason: 'Tests go on' })).status).toBe(200);
  });

  it('reads the month on the cash basis against its targets, and the twelve months ending with it', async () => {
    expect((await income('2033-08-03', 90_000)).status).toBe(201);
    expect((await expense({ date: '2033-08-04', amount: 25_000, category: 'rent' })).status).toBe(201);
    expect((await expense({ date: '2033-08-05', amount: 15_000, category: 'marketing' })).status).toBe(201);
    const res = await finance.get('/api/account/summary?month=2033-08');
    expect(res.status).toBe(200);
    const { summary, budget, months } = res.body;
    expect(summary).toMatchObject({ month: '2033-08', currency: 'USD', income: { total: 90_000, bySource: { 'other-income': 90_000, 'booking-payment': 0 } }, vendorCosts: 0, refunds: 0, profit: 90_000 - 40_000 });
    expect(summary.expenses).toMatchObject({ total: 40_000, byCategory: { rent: 25_000, marketing: 15_000, salary: 0 } });
    expect(budget).toEqual({
      income: { target: 120_000, actual: 90_000, achievement: 7_500 },
      expense: { target: 60_000, actual: 40_000, achievement: 6_667, byCategory: [{ category: 'rent', target: 20_000, actual: 25_000, achievement: 12_500 }] },
    });
    expect(months.map((m: { month: string }) => m.month)).toEqual(['2032-09', '2032-10', '2032-11', '2032-12', '2033-01', '2033-02', '2033-03', '2033-04', '2033-05', '2033-06', '2033-07', '2033-08']);
    expect(months.at(-1)).toMatchObject({ profit: 50_000, incomeTarget: 120_000, expenseTarget: 60_000 });
    expect(months.find((m: { month: string }) => m.month === '2033-01')).toMatchObject({ income: { total: 35_000 }, expenses: { total: 7_000 } });
  });
});

describe('expenses', () => {
  it('records one with its receipt: an entry of the category ← the money account, a vendor transaction, the file downloadable by staff', async () => {
    const vendor = await newVendor(owner, { services: ['others'] });
    const form = new FormData();
    for (const [k, v] of Object.entries({ category: 'software', amount: '12000', date: '2033-10-02', paymentMethod: 'card', description: 'Booking engine licence', vendorId: vendor })) form.set(k, v);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    form.set('receipt', new Blob([pdf], { type: 'application/pdf' }), 'licence\u202Efdp.exe');
    const res = await finance.request('POST', '/api/expenses', form, keyed());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const x = res.body.data;
    expect(x).toMatchObject({ category: 'software', amount: 12_000, paymentMethod: 'card', vendor: { _id: vendor }, receipt: { type: 'application/pdf' } });
    expect(x.receipt.name).not.toMatch(/[\u202a-\u202e]/);
    const lines = await s.sql<{ key: string; debit: string; credit: string }>(`select a.key, l.debit::text, l.credit::text from journal_lines l join accounts a on a.id = l.account_id where l.entry_id = $1 order by a.code`, [x.entryId]);
    expect(lines).toEqual([{ key: 'money:card', debit: '0', credit: '12000' }, { key: 'expense:software', debit: '12000', credit: '0' }]);
    expect((await owner.get(`/api/vendors/${vendor}/transactions`)).body.data).toHaveLength(1);
    const file = await fetch(`${s.url}/api/expenses/${x._id}/receipt`, { headers: { Cookie: [...finance.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
    expect((await globe.get(`/api/expenses/${x._id}`)).status).toBe(404);
  });

  it('refuses bad input naming the field, an inactive or foreign vendor, a salary here, a future date, and writes nothing', async () => {
    const globeVendor = await newVendor(globe);
    const inactive = await newVendor(owner, { isActive: false });
    const before = await checksum(s, fingerprint);
    for (const [body, status, field] of [
      [{ amount: 0 }, 400, 'amount'],
      [{ amount: 10.5 }, 400, 'amount'],
      [{ category: 'salary' }, 400, 'category'],
      [{ category: 'yachts' }, 400, 'category'],
      [{ paymentMethod: 'gold' }, 400, 'paymentMethod'],
      [{ date: '2033-02-30' }, 400, 'date'],
      [{ date: '2034-01-01' }, 400, 'date'],
      [{ description: '' }, 400, 'description'],
      [{ vendorId: globeVendor }, 404, undefined],
    ] as const) {
      const res = await expense(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (field) expect(res.body.issues[0].path).toBe(field);
    }
    expect((await expense({ vendorId: inactive })).body.code).toBe('VENDOR_NOT_BOOKABLE');
    expect(await checksum(s, fingerprint)).toBe(before);
  });

  it('lists them newest first with the seed’s filters and this month against last', async () => {
    expect((await expense({ date: '2033-12-01', amount: 30_000, category: 'utilities' })).status).toBe(201);
    expect((await expense({ date: '2033-11-03', amount: 20_000, category: 'utilities' })).status).toBe(201);
    const list = (await finance.get('/api/expenses?category=utilities&date[from]=2033-11-01')).body;
    expect(list.data.map((x: { amount: number }) => x.amount)).toEqual([30_000, 20_000]);
    expect(list.stats).toMatchObject({ month: '2033-12', thisMonth: { total: 30_000, byCategory: { utilities: 30_000 } }, lastMonth: { total: 20_000 }, change: 5_000 });
    expect((await finance.get('/api/expenses?minAmount=25000&maxAmount=35000&category=utilities&date[from]=2033-11-01')).body.data).toHaveLength(1);
    expect((await finance.get('/api/expenses?sortBy=amount&sortOrder=asc&limit=1')).body.meta.limit).toBe(1);
  });
});

describe('salaries', () => {
  const memberId = async (email: string) => (await s.sql<{ id: string }>('select id from members where email = $1', [email]))[0].id;

  it('pays a member once a month: twenty at once make one payment', async () => {
    const lina = await memberId('lina@demo.travel');
    const body = { memberId: lina, month: '2033-11', amount: 300_000, date: '2033-11-28', paymentMethod: 'bank-transfer' };
    const answers = await Promise.all(Array.from({ length: 20 }, () => finance.post('/api/expenses/salary', body, keyed())));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === 'SALARY_PAID')).toBe(true);
    const paid = await s.sql('select id from expenses where member_id = $1 and salary_month = $2', [lina, '2033-11-01']);
    expect(paid).toHaveLength(1);
  });

  it('pays the month for every member with a salary on record, skipping who is paid or has none; refuses a member who left', async () => {
    const [lina, marco, ops] = await Promise.all(['lina@demo.travel', 'marco@demo.travel', 'ops@demo.travel'].map(memberId));
    expect((await finance.put(`/api/salaries/${lina}`, { amount: 300_000 })).status).toBe(200);
    expect((await finance.put(`/api/salaries/${marco}`, { amount: 280_000 })).status).toBe(200);
    const run = await finance.post('/api/expenses/salary/run', { month: '2033-11', date: '2033-11-30', paymentMethod: 'bank-transfer' }, keyed());
    expect(run.status).toBe(200);
    expect(run.body.data.paid.map((x: { member: { _id: string }; amount: number }) => [x.member._id, x.amount])).toEqual([[marco, 280_000]]);
    expect(run.body.data.skipped).toContainEqual({ member: expect.objectContaining({ _id: lina }), reason: 'alreadyPaid' });
    expect(run.body.data.skipped).toContainEqual({ member: expect.objectContaining({ _id: ops }), reason: 'noSalary' });
    const month = (await finance.get('/api/salaries?month=2033-11')).body.data;
    expect(month.rows.find((r: { member: { _id: string } }) => r.member._id === marco)).toMatchObject({ rate: 280_000, paid: { amount: 280_000 } });

    await s.sql(`update members set employment_status = 'exited', exit_date = '2033-11-01' where id = $1`, [ops]);
    const gone = await finance.post('/api/expenses/salary', { memberId: ops, month: '2033-12', amount: 1, date: TODAY, paymentMethod: 'cash' }, keyed());
    expect(gone.status).toBe(409);
    expect(gone.body.code).toBe('MEMBER_NOT_ACTIVE');
  });

  it('answers a salary set on record with the month that was put, not the current one; without a month, this month', async () => {
    const lina = await memberId('lina@demo.travel');
    const put = await finance.put(`/api/salaries/${lina}`, { amount: 300_000, month: '2033-11' });
    expect(put.status).toBe(200);
    expect(put.body.data.month).toBe('2033-11');
    // November's payment of Lina (the first test) is in November's answer, which December's has not.
    expect(put.body.data.rows.find((r: { member: { _id: string } }) => r.member._id === lina)).toMatchObject({ rate: 300_000, paid: { amount: 300_000 } });
    const now = await finance.put(`/api/salaries/${lina}`, { amount: 300_000 });
    expect(now.body.data.month).toBe(TODAY.slice(0, 7));
    const bad = await finance.put(`/api/salaries/${lina}`, { amount: 310_000, month: '2033-13' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('month');
    expect((await s.sql<{ amount: string }>('select amount::text from salary_rates where member_id = $1', [lina]))[0].amount).toBe('300000');
  });

  it('are seen only with the salaries permission: a role without it sees no salary row, a sales agent no salaries at all', async () => {
    expect((await sales.get('/api/salaries')).status).toBe(403);
    expect((await sales.post('/api/expenses/salary/run', { month: '2033-11', date: '2033-11-30', paymentMethod: 'cash' })).status).toBe(403);
    const roles = (await owner.get('/api/roles')).body.data as { _id: string; name: string; permissions: Record<string, string[]> }[];
    const role = roles.find((r) => r.name === 'Finance')!;
    const { salaries: _, ...without } = role.permissions;
    expect((await owner.put('/api/roles', { _id: role._id, permissions: without })).status).toBe(200);
    try {
      const bookkeeper = await s.login('finance@demo.travel');
      const list = (await bookkeeper.get('/api/expenses?category=salary')).body;
      expect(list.data).toEqual([]);
      expect(list.stats.thisMonth.byCategory.salary).toBe(0);
      expect((await bookkeeper.get('/api/salaries')).status).toBe(403);
    } finally {
      await owner.put('/api/roles', { _id: role._id, permissions: role.permissions });
    }
  });
});

describe('recurring expenses', () => {
  it('are posted by the daily job once per month from their start, catching up after days down, however many servers run it', async () => {
    const created = await finance.post('/api/expenses/recurring', { category: 'rent', amount: 150_000, paymentMethod: 'bank-transfer', description: 'Office rent (recurring)', dayOfMonth: 5, startsOn: '2033-09-01' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data._id;
    await s.sql(`insert into jobs (org_id, kind, key, run_at) values ($1::uuid, 'finance-day', 'finance-day:' || $1::text, now()) on conflict (key) do update set run_at = now(), done_at = null`, [demoOrg]);
    const other = connect(s.databaseUrl, 4);
    try {
      await Promise.all([s.database, other, s.database, other].map(async (db) => {
        while (await runOneJob(db, jobHandlers, s.clock));
      }));
    } finally {
      await other.close();
    }
    const posted = await s.sql<{ period: string; date: string }>(`select period::text, date::text from expenses where recurring_id = $1 order by period`, [id]);
    expect(posted).toEqual([
      { period: '2033-09-01', date: '2033-09-05' },
      { period: '2033-10-01', date: '2033-10-05' },
      { period: '2033-11-01', date: '2033-11-05' },
      { period: '2033-12-01', date: '2033-12-05' },
    ]);
    expect((await finance.get('/api/expenses/recurring')).body.data.find((r: { _id: string }) => r._id === id)).toMatchObject({ lastPosted: '2033-12', active: true });
    expect((await finance.put(`/api/expenses/recurring/${id}`, { active: false })).body.data.active).toBe(false);
  });
});

describe('the journal exported', () => {
  const download = async (query: string) => {
    const res = await fetch(`${s.url}/api/account/journal/export${query}`, { headers: { Cookie: [...finance.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
  };
  const tmp = (name: string, text: string) => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'journal-')), name);
    fs.writeFileSync(file, text);
    return file;
  };

  it('passes hledger’s own check, with every account’s balance equal to the product’s', async () => {
    const { status, text } = await download('?format=hledger');
    expect(status).toBe(200);
    const file = tmp('books.journal', text);
    execFileSync('hledger', ['-f', file, 'check']);
    const chart = (await finance.get('/api/account/chart')).body.data as { key: string; type: string; totalDebit: number; totalCredit: number }[];
    const out = execFileSync('hledger', ['-f', file, 'balance', '--flat', '--no-total', '-O', 'csv'], { encoding: 'utf8' });
    const balances = new Map(out.trim().split('\n').slice(1).map((l) => l.replace(/"/g, '').split(',')).map(([acct, amt]) => [acct, amt]));
    for (const a of chart.filter((x) => x.totalDebit || x.totalCredit)) {
      const root = { asset: 'assets', liability: 'liabilities', equity: 'equity', income: 'income', expense: 'expenses' }[a.type];
      const net = a.totalDebit - a.totalCredit;
      const shown = balances.get(`${root}:${a.key}`) ?? '0';
      expect(Math.round(Number(shown.replace(/[^\d.-]/g, '')) * 100), `${a.key}: ${shown}`).toBe(net);
    }
  });

  it('passes bean-check; the CSV keeps a formula a spreadsheet would run as text', async () => {
    const bean = await download('?format=beancount');
    execFileSync('bean-check', [tmp('books.beancount', bean.text)]);
    expect((await income('2033-12-02', 100, 'cash', '=HYPERLINK("http://evil.example","x")')).status).toBe(201);
    const csv = await download('?format=csv&from=2033-12-01');
    expect(csv.type).toMatch(/text\/csv/);
    expect(csv.text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(csv.text.split('\r\n')[0]).toBe('Date,Entry,Reference,Source,Description,Account,Debit,Credit,Currency');
    expect((await download('?format=xml')).status).toBe(400);
    expect((await sales.get('/api/account/journal/export')).status).toBe(403);
  });
});

describe('receivables and payables', () => {
  it('age what customers owe by each installment’s due date, and what is owed to vendors by service date', async () => {
    const rec = await finance.get('/api/account/receivables?asOf=2033-12-20');
    expect(rec.status).toBe(200);
    const { totals, rows } = rec.body.data;
    const open = rows.reduce((n: number, r: { open: number }) => n + r.open, 0);
    expect(Object.values(totals as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(open);
    for (const r of rows) expect(Object.values(r.buckets as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(r.open);
    const [owed] = await s.sql<{ n: string }>(`select coalesce(sum(i.amount - i.paid_amount), 0)::text as n from booking_installments i join bookings b on b.id = i.booking_id where b.organization_id = $1 and b.status <> 'canceled'`, [demoOrg]);
    expect(open).toBe(Number(owed.n));
    const pay = (await finance.get('/api/account/payables')).body.data;
    expect(Object.values(pay.totals as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(pay.rows.reduce((n: number, r: { owed: number }) => n + r.owed, 0));
    const csv = await fetch(`${s.url}/api/account/receivables/export`, { headers: { Cookie: [...finance.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    expect((await csv.text()).split('\r\n')[0]).toBe('Booking,Customer,Booking total,Paid,Still owed,Oldest due date,Not yet due,1–30 days,31–60 days,61–90 days,Over 90 days,Currency');
  });
});
