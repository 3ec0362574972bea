import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MONEY } from '../../src/domain/money';
import type { Agent } from '../support/agent';
import { NOW, adults, newDeparture, newLead, orgId } from '../support/bookings';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Amounts and totals past what JavaScript counts exactly (issue 26). Each amount is bounded in
 * the contract; a booking priced beyond it is a 400, not a 500; and every total is added up
 * exactly: answered when it is exact (2^53 − 1 included), refused (422 TOTAL_TOO_LARGE) rather
 * than answered rounded — the probe saw 2^53 + 1 come back as 2^53 in the chart, the receipt
 * stats and the operations board.
 */
let s: TestServer;
let owner: Agent;
let org: string;
const EXACT = 2n ** 53n - 1n; // 9007199254740991, the largest total answered
const BEYOND = 2n ** 53n + 1n; // 9007199254740993, which JavaScript reads as …992

beforeAll(async () => {
  s = await startTestServer();
  s.clock.set(NOW);
  owner = await s.login('owner@demo.travel');
  org = await orgId(s);
});
afterAll(() => s?.close());

/** Sets one row's amount so that the organization's total of `column` over `where` is `total` (the other rows as they are). */
async function makeTotal(table: string, column: string, where: string, id: string, total: bigint) {
  const [{ others }] = await s.sql<{ others: string }>(`select coalesce(sum(${column}), 0)::text as others from ${table} where organization_id = $1 and ${where} and id <> $2`, [org, id]);
  await s.sql(`update ${table} set ${column} = $2::bigint where id = $1`, [id, (total - BigInt(others)).toString()]);
}

describe('each amount is bounded', () => {
  it(`refuses an amount above ${MAX_MONEY} minor units with the bound, and takes the bound itself`, async () => {
    const over = await owner.post('/api/budget/income', { amount: MAX_MONEY + 1, date: '2031-03-09', paymentMethod: 'cash', description: 'Too much' });
    expect(over.status).toBe(400);
    expect(over.body.issues[0]).toMatchObject({ path: 'amount', code: 'tooLarge', params: { max: MAX_MONEY } });
    const price = await owner.post('/api/group-tours', { title: 'Priced too high', departure: '2031-06-01', arrival: '2031-06-03', capacity: 10, minimumToRun: 1, pricePerPerson: { adult: Number.MAX_SAFE_INTEGER, child: 0, infant: 0 } });
    expect(price.status).toBe(400);
    expect(price.body.issues[0]).toMatchObject({ path: 'pricePerPerson.adult', code: 'tooLarge', params: { max: MAX_MONEY } });
    // The most per person books, and the total stays exact.
    const tour = await newDeparture(owner, { prices: { adult: MAX_MONEY, child: 0, infant: 0 } });
    const booking = await owner.post('/api/bookings', {
      tourType: 'group',
      tourId: tour,
      leadId: await newLead(owner),
      pax: 2,
      travellers: adults(2),
      installments: [{ dueDate: '2031-03-10', amount: MAX_MONEY }, { dueDate: '2031-04-10', amount: MAX_MONEY }],
    });
    expect(booking.status, JSON.stringify(booking.body)).toBe(201);
    expect(booking.body.data.grandTotal).toBe(MAX_MONEY * 2);
  });

  it('answers a booking priced beyond what can be counted exactly (a price stored before the bound) 400 naming the travellers, not 500', async () => {
    const tour = await newDeparture(owner);
    await s.sql('update group_tours set price_adult = $2::bigint where id = $1', [tour, String(Number.MAX_SAFE_INTEGER)]);
    const lead = await newLead(owner);
    const res = await owner.post('/api/bookings', { tourType: 'group', tourId: tour, leadId: lead, pax: 2, travellers: adults(2), installments: [{ dueDate: '2031-03-10', amount: 1 }] });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.issues[0]).toMatchObject({ path: 'travellers', code: 'tooLarge' });
    expect(await s.sql('select 1 from bookings where lead_id = $1', [lead])).toEqual([]);
  });
});

describe('every total is exact, or refused', () => {
  /** The answer's text, where a rounded number would show as …992. */
  const raw = async (path: string) => {
    const res = await fetch(s.url + path, { headers: { Cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    return { status: res.status, text: await res.text() };
  };

  it('the receipt stats', async () => {
    // Payments never change their amount: new ones, written as PostgreSQL allows any writer to.
    const [booking] = await s.sql<{ id: string }>(`select id from bookings where organization_id = $1 order by id limit 1`, [org]);
    const [{ others }] = await s.sql<{ others: string }>(`select coalesce(sum(amount), 0)::text as others from booking_payments where organization_id = $1 and status <> 'failed'`, [org]);
    const add = (amount: bigint) =>
      s.sql(`insert into booking_payments (organization_id, booking_id, amount, currency, payment_method, paid_on) values ($1, $2, $3::bigint, 'USD', 'cash', '2031-03-01')`, [org, booking.id, amount.toString()]);
    await add(EXACT - BigInt(others));
    const exact = await raw('/api/payment-receipts?limit=1');
    expect(exact.status).toBe(200);
    expect(exact.text).toContain(`"totalAmount":${EXACT}`);
    await add(2n);
    const beyond = await owner.get('/api/payment-receipts?limit=1');
    expect(beyond.status).toBe(422);
    expect(beyond.body.code).toBe('TOTAL_TOO_LARGE');
  });

  it('the operations board', async () => {
    const [op] = await s.sql<{ id: string }>(`select id from booking_operations where organization_id = $1 order by id limit 1`, [org]);
    await makeTotal('booking_operations', 'revenue', 'true', op.id, EXACT);
    const exact = await raw('/api/booking-operations?limit=1');
    expect(exact.status).toBe(200);
    expect(exact.text).toContain(`"totalRevenue":${EXACT}`);
    await makeTotal('booking_operations', 'revenue', 'true', op.id, BEYOND);
    const beyond = await owner.get('/api/booking-operations?limit=1');
    expect(beyond.status).toBe(422);
    expect(beyond.body.code).toBe('TOTAL_TOO_LARGE');
    await makeTotal('booking_operations', 'revenue', 'true', op.id, 10_000_000n);
  });

  it('the chart of accounts', async () => {
    // Entries are immutable: two balanced ones, written as PostgreSQL allows any writer to.
    const accounts = await s.sql<{ id: string; key: string; debit: string }>(
      `select a.id, a.key, coalesce((select sum(l.debit) from journal_lines l where l.account_id = a.id), 0)::text as debit from accounts a where a.organization_id = $1 and a.key in ('money:cash', 'cancellation-income')`,
      [org],
    );
    const cash = accounts.find((a) => a.key === 'money:cash')!;
    const other = accounts.find((a) => a.key === 'cancellation-income')!;
    const post = async (amount: bigint) => {
      const id = crypto.randomUUID();
      await s.sql(
        `with e as (insert into journal_entries (id, organization_id, date, currency, source_type) values ($1, $2, '2031-03-01', 'USD', 'other-income') returning id)
         insert into journal_lines (organization_id, entry_id, account_id, debit, credit, currency)
         select $2, e.id, x.account, x.debit::bigint, x.credit::bigint, 'USD' from e, (values ($3::uuid, $5::text, '0'), ($4::uuid, '0', $5::text)) as x(account, debit, credit)`,
        [id, org, cash.id, other.id, amount.toString()],
      );
    };
    await post(EXACT - BigInt(cash.debit));
    const exact = await raw('/api/account/chart');
    expect(exact.status).toBe(200);
    expect(exact.text).toContain(`"totalDebit":${EXACT}`);
    await post(2n);
    const beyond = await owner.get('/api/account/chart');
    expect(beyond.status).toBe(422);
    expect(beyond.body.code).toBe('TOTAL_TOO_LARGE');
  });
});
