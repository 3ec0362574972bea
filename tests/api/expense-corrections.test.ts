import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../support/agent';
import { orgId } from '../support/bookings';
import { checksum, checksumQuery } from '../support/db-checksum';
import { hledgerRefuses, unbalancedEntries } from '../support/money-checks';
import { newVendor } from '../support/operations';
import { startTestServer, type TestServer } from '../support/server';
import { keyed } from '../support/agent';

/**
 * Expenses corrected and reversed (issue 28; docs/finance.md, "Correcting an expense"): never by
 * rewriting what was posted — a reversing entry undoes the expense, a correction records the expense
 * as it should have been beside it, in one transaction; a closed month is never touched.
 */
let s: TestServer;
let finance: Agent;
let sales: Agent;
let demoOrg: string;
let fingerprint: string;
const TODAY = '2034-02-20';

beforeAll(async () => {
  s = await startTestServer();
  s.clock.set(`${TODAY}T08:00:00Z`);
  [finance, sales] = await s.logins('finance@demo.travel', 'sales@demo.travel');
  demoOrg = await orgId(s);
  fingerprint = await checksumQuery(s);
});
afterAll(() => s.close());

const record = async (body: Record<string, unknown> = {}) => {
  const res = await finance.post('/api/expenses', { category: 'rent', amount: 50_000, date: '2034-02-05', paymentMethod: 'bank-transfer', description: 'Office rent', ...body }, keyed());
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { _id: string; entryId: string; amount: number; category: string; date: string; paymentMethod: string; description: string; vendor: { _id: string } | null };
};
const reverse = (id: string, body: Record<string, unknown> = { reason: 'Paid twice' }) => finance.post(`/api/expenses/${id}/reverse`, body, keyed());
const correct = (id: string, body: Record<string, unknown>) => finance.post(`/api/expenses/${id}/correct`, body, keyed());
/** What an account holds from the expenses' and their reversals' lines (debit − credit). */
const expenseAccount = async (key: string) =>
  Number(
    (
      await s.sql<{ n: string }>(
        `select coalesce(sum(l.debit - l.credit), 0)::text as n from journal_lines l join accounts a on a.id = l.account_id join journal_entries e on e.id = l.entry_id
         where a.organization_id = $1 and a.key = $2 and e.source_type = 'expense'`,
        [demoOrg, key],
      )
    )[0].n,
  );

describe('an expense reversed', () => {
  it('is undone by a reversing entry on its own date, with the reason; it stays listed, marked; the books balance and pass hledger', async () => {
    const vendor = await newVendor(await s.login('owner@demo.travel'));
    const before = await expenseAccount('expense:marketing');
    const x = await record({ category: 'marketing', amount: 12_345, description: 'Flyers', vendorId: vendor });
    expect(await expenseAccount('expense:marketing')).toBe(before + 12_345);
    const res = await reverse(x._id, { reason: '  Paid by the agency, not us  ' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ _id: x._id, amount: 12_345, reversal: { date: '2034-02-05', reason: 'Paid by the agency, not us', by: { name: expect.any(String) }, correctedBy: null }, corrects: null });
    // The posted entry is untouched; a new one reverses it, line for line.
    const [entry] = await s.sql<{ reverses_entry_id: string; memo: string; date: string }>(`select reverses_entry_id, memo, date::text as date from journal_entries where id = $1`, [res.body.data.reversal.entryId]);
    expect(entry).toEqual({ reverses_entry_id: x.entryId, memo: 'Reversal: Paid by the agency, not us', date: '2034-02-05' });
    expect(await expenseAccount('expense:marketing')).toBe(before);
    // The vendor's outgoing transaction is given back with an incoming one.
    const moves = await s.sql<{ direction: string; amount: string }>(`select direction, amount::text as amount from vendor_transactions where linked_type = 'expense' and linked_id = $1 order by direction`, [x._id]);
    expect(moves).toEqual([{ direction: 'incoming', amount: '12345' }, { direction: 'outgoing', amount: '12345' }]);
    expect((await finance.get(`/api/expenses/${x._id}`)).body.data.reversal.reason).toBe('Paid by the agency, not us');
    const listed = (await finance.get('/api/expenses?search=Flyers')).body.data;
    expect(listed.map((e: { _id: string; reversal: unknown }) => [e._id, !!e.reversal])).toEqual([[x._id, true]]);
    expect(await unbalancedEntries(s.sql)).toEqual([]);
    expect(await hledgerRefuses(finance)).toEqual([]);
  });

  it('once, under 20 reversals at once: one succeeds, 19 get 409, one reversing entry', async () => {
    const x = await record({ description: 'Rent paid twice', amount: 777 });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => reverse(x._id, { reason: `Duplicate ${i}` })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === 'ALREADY_REVERSED')).toBe(true);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    expect(await s.sql(`select id from journal_entries where reverses_entry_id = $1`, [x.entryId])).toHaveLength(1);
    expect(await s.sql(`select id from expense_reversals where expense_id = $1`, [x._id])).toHaveLength(1);
    expect(await unbalancedEntries(s.sql)).toEqual([]);
  });

  it('refuses no reason, a salary, a sales agent and an unknown expense, writing nothing', async () => {
    const x = await record({ description: 'Kept', amount: 901 });
    const salaryOf = (await s.sql<{ id: string }>(`select id from members where email = 'lina@demo.travel'`))[0].id;
    const salary = await finance.post('/api/expenses/salary', { memberId: salaryOf, month: '2034-01', amount: 1_000, date: TODAY, paymentMethod: 'cash' }, keyed());
    expect(salary.status).toBe(201);
    const before = await checksum(s, fingerprint);
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 'ok', extra: 1 }]) {
      const res = await reverse(x._id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.issues.map((i: { path: string }) => i.path)).toEqual([Object.keys(body).includes('extra') ? 'extra' : 'reason']);
    }
    expect((await reverse(salary.body.data._id)).status).toBe(409);
    expect((await sales.post(`/api/expenses/${x._id}/reverse`, { reason: 'Mine' }, keyed())).status).toBe(403);
    expect((await reverse('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect(await checksum(s, fingerprint)).toBe(before);
  });
});

describe('an expense corrected', () => {
  const as = (x: Awaited<ReturnType<typeof record>>) => ({ category: x.category, amount: x.amount, date: x.date, paymentMethod: x.paymentMethod, description: x.description });

  it('is reversed and recorded again as it should have been, in one go: amount and category move, the books balance and pass hledger', async () => {
    const rent = await expenseAccount('expense:rent');
    const software = await expenseAccount('expense:software');
    const x = await record({ amount: 40_000, description: 'Design tool' });
    const res = await correct(x._id, { ...as(x), category: 'software', amount: 4_000, date: '2034-02-06', reason: 'Typed one zero too many, wrong category' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const fixed = res.body.data;
    expect(fixed).toMatchObject({ category: 'software', amount: 4_000, date: '2034-02-06', description: 'Design tool', corrects: x._id, reversal: null });
    expect(fixed._id).not.toBe(x._id);
    const old = (await finance.get(`/api/expenses/${x._id}`)).body.data;
    expect(old).toMatchObject({ amount: 40_000, category: 'rent', reversal: { reason: 'Typed one zero too many, wrong category', correctedBy: fixed._id, date: '2034-02-05' } });
    expect(await expenseAccount('expense:rent')).toBe(rent);
    expect(await expenseAccount('expense:software')).toBe(software + 4_000);
    // The old expense's posted lines are exactly as they were.
    const lines = await s.sql<{ debit: string; credit: string }>(`select debit::text, credit::text from journal_lines where entry_id = $1 order by debit desc`, [x.entryId]);
    expect(lines).toEqual([{ debit: '40000', credit: '0' }, { debit: '0', credit: '40000' }]);
    // A correction is itself corrected no more than once: the old one is reversed.
    expect((await correct(x._id, { ...as(x), amount: 5, reason: 'Again' })).body.code).toBe('ALREADY_REVERSED');
    expect(await unbalancedEntries(s.sql)).toEqual([]);
    expect(await hledgerRefuses(finance)).toEqual([]);
  });

  it('refuses a correction that changes nothing, a bad amount, a future date or no reason: 400 naming the field, nothing written', async () => {
    const x = await record({ amount: 3_333, description: 'Paper' });
    const before = await checksum(s, fingerprint);
    for (const [body, field] of [
      [{ ...as(x), reason: 'Nothing to change' }, 'amount'],
      [{ ...as(x), amount: -5, reason: 'Negative' }, 'amount'],
      [{ ...as(x), amount: 1.5, reason: 'Fraction' }, 'amount'],
      [{ ...as(x), date: '2034-03-01', reason: 'Future' }, 'date'],
      [{ ...as(x), amount: 3_334 }, 'reason'],
      [{ ...as(x), category: 'salary', reason: 'Salary' }, 'category'],
    ] as const) {
      const res = await correct(x._id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.issues.map((i: { path: string }) => i.path), JSON.stringify(res.body)).toEqual([field]);
    }
    expect(await checksum(s, fingerprint)).toBe(before);
  });

  it('in a closed month: a correction dated there is 409 PERIOD_LOCKED; a reversal is posted today, the closed month untouched', async () => {
    const x = await record({ amount: 2_000, date: '2034-01-10', description: 'January cleaning' });
    const y = await record({ amount: 2_500, date: '2034-01-11', description: 'January plants' });
    expect((await finance.put('/api/account/lock-date', { lockedThrough: '2034-01-31' })).status).toBe(200);
    try {
      const before = await checksum(s, fingerprint);
      const refused = await correct(x._id, { ...as(x), amount: 2_200, reason: 'Wrong amount' });
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('PERIOD_LOCKED');
      expect(await checksum(s, fingerprint)).toBe(before);
      // Recorded again in the open month, and the January one reversed today.
      const moved = await correct(x._id, { ...as(x), amount: 2_200, date: '2034-02-10', reason: 'Wrong amount' });
      expect(moved.status, JSON.stringify(moved.body)).toBe(201);
      expect((await finance.get(`/api/expenses/${x._id}`)).body.data.reversal.date).toBe(TODAY);
      const reversed = await reverse(y._id, { reason: 'Never happened' });
      expect(reversed.body.data.reversal.date).toBe(TODAY);
      expect(await s.sql(`select id from journal_entries where organization_id = $1 and date between '2034-01-01' and '2034-01-31' and reverses_entry_id is not null`, [demoOrg])).toEqual([]);
    } finally {
      const owner = await s.login('owner@demo.travel');
      expect((await owner.put('/api/account/lock-date', { lockedThrough: null, reason: 'Tests go on' })).status).toBe(200);
    }
    expect(await unbalancedEntries(s.sql)).toEqual([]);
    expect(await hledgerRefuses(finance)).toEqual([]);
  });
});

describe('a salary reversed and corrected (the expense code, for salaries)', () => {
  const memberOf = async (email: string) => (await s.sql<{ id: string }>(`select id from members where email = $1`, [email]))[0].id;
  const paySalary = (memberId: string, month: string, body: Record<string, unknown> = {}) =>
    finance.post('/api/expenses/salary', { memberId, month, amount: 250_000, date: TODAY, paymentMethod: 'bank-transfer', ...body }, keyed());
  const reverseSalary = (id: string, body: Record<string, unknown> = { reason: 'Paid to the wrong account' }) => finance.post(`/api/expenses/salary/${id}/reverse`, body, keyed());
  const correctSalary = (id: string, body: Record<string, unknown>) => finance.post(`/api/expenses/salary/${id}/correct`, body, keyed());
  const paidOf = async (memberId: string, month: string) =>
    ((await finance.get(`/api/salaries?month=${month}`)).body.data.rows as { member: { _id: string }; paid: { _id: string; amount: number } | null }[]).find((r) => r.member._id === memberId)!.paid;

  it('a reversal frees the month: paid again once, a third payment 409 SALARY_PAID; the books balance and pass hledger', async () => {
    const member = await memberOf('lina@demo.travel');
    const before = await expenseAccount('expense:salary');
    const first = await paySalary(member, '2033-11');
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const res = await reverseSalary(first.body.data._id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ _id: first.body.data._id, category: 'salary', reversal: { reason: 'Paid to the wrong account', date: TODAY, correctedBy: null } });
    expect(await paidOf(member, '2033-11')).toBeNull();
    expect((await reverseSalary(first.body.data._id)).body.code).toBe('ALREADY_REVERSED');
    const again = await paySalary(member, '2033-11', { amount: 240_000 });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect((await paidOf(member, '2033-11'))!._id).toBe(again.body.data._id);
    const third = await paySalary(member, '2033-11');
    expect(third.status).toBe(409);
    expect(third.body.code).toBe('SALARY_PAID');
    // The run skips the month too.
    expect((await finance.put(`/api/salaries/${member}`, { amount: 250_000 })).status).toBe(200);
    const run = await finance.post('/api/expenses/salary/run', { month: '2033-11', date: TODAY, paymentMethod: 'cash' }, keyed());
    expect(run.body.data.skipped).toContainEqual({ member: { _id: member, name: expect.any(String) }, reason: 'alreadyPaid' });
    expect(await s.sql(`select id from expenses where member_id = $1 and salary_month = '2033-11-01' and id <> all($2::uuid[])`, [member, [first.body.data._id, again.body.data._id]])).toEqual([]);
    // The database numbers them (expenses_salary_attempt()): the second stands beside the reversed first.
    expect(await s.sql(`select salary_attempt as n from expenses where member_id = $1 and salary_month = '2033-11-01' order by salary_attempt`, [member])).toEqual([{ n: 0 }, { n: 1 }]);
    expect(await expenseAccount('expense:salary')).toBe(before); // salaries are their own source, not 'expense'
    expect(await unbalancedEntries(s.sql)).toEqual([]);
    expect(await hledgerRefuses(finance)).toEqual([]);
  });

  it('corrected: the same member and month paid as it should have been, the old one reversed; then the month is paid', async () => {
    const member = await memberOf('lina@demo.travel');
    const x = (await paySalary(member, '2033-12', { amount: 300_000 })).body.data;
    const res = await correctSalary(x._id, { amount: 260_000, date: TODAY, paymentMethod: 'cash', reason: 'Wrong amount and method' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ category: 'salary', amount: 260_000, paymentMethod: 'cash', member: { _id: member }, salaryMonth: '2033-12', corrects: x._id, reversal: null });
    const old = (await finance.get(`/api/expenses/${x._id}`)).body.data;
    expect(old.reversal).toMatchObject({ reason: 'Wrong amount and method', correctedBy: res.body.data._id });
    expect((await paidOf(member, '2033-12'))!._id).toBe(res.body.data._id);
    expect((await paySalary(member, '2033-12')).body.code).toBe('SALARY_PAID');
    const [{ n }] = await s.sql<{ n: string }>(
      `select coalesce(sum(l.debit - l.credit), 0)::text as n from journal_lines l join journal_entries e on e.id = l.entry_id join accounts a on a.id = l.account_id
       where a.key = 'expense:salary' and e.source_id = any($1::uuid[])`,
      [[x._id, res.body.data._id]],
    );
    expect(Number(n)).toBe(260_000);
    expect(await unbalancedEntries(s.sql)).toEqual([]);
  });

  it('20 corrections at once: one, the others 409 ALREADY_REVERSED; one standing salary for the month', async () => {
    const member = await memberOf('lina@demo.travel');
    const x = (await paySalary(member, '2033-10', { amount: 100_000 })).body.data;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => correctSalary(x._id, { amount: 100_000 + i + 1, date: TODAY, paymentMethod: 'cash', reason: `Fix ${i}` })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.code)).toEqual(Array(19).fill('ALREADY_REVERSED'));
    const standing = await s.sql(`select x.id from expenses x where x.member_id = $1 and x.salary_month = '2033-10-01' and not exists (select 1 from expense_reversals r where r.expense_id = x.id)`, [member]);
    expect(standing).toHaveLength(1);
  });

  it('refuses no reason, nothing changed, an expense, a sales agent and an unknown id, writing nothing', async () => {
    const member = await memberOf('lina@demo.travel');
    const x = (await paySalary(member, '2033-08', { amount: 123_400 })).body.data;
    const rent = await record({ amount: 999, description: 'Not a salary' });
    const before = await checksum(s, fingerprint);
    expect((await reverseSalary(x._id, { reason: ' ' })).body.issues.map((i: { path: string }) => i.path)).toEqual(['reason']);
    const same = await correctSalary(x._id, { amount: 123_400, date: TODAY, paymentMethod: 'bank-transfer', reason: 'Same' });
    expect(same.status).toBe(400);
    expect(same.body.issues[0]).toMatchObject({ path: 'amount', code: 'noChange' });
    expect((await correctSalary(x._id, { amount: 0, date: TODAY, paymentMethod: 'cash', reason: 'Zero' })).body.issues[0].path).toBe('amount');
    expect((await reverseSalary(rent._id)).status).toBe(404);
    expect((await reverse(x._id)).body.code).toBe('NOT_REVERSIBLE_BY_HAND');
    expect((await sales.post(`/api/expenses/salary/${x._id}/reverse`, { reason: 'Mine' }, keyed())).status).toBe(403);
    expect((await reverseSalary('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect(await checksum(s, fingerprint)).toBe(before);
  });
});
