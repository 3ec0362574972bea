import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationPaths } from '../../src/api/operations/contract';
import type { Agent } from '../support/agent';
import { NOW, newDeparture } from '../support/bookings';
import { addVoucher, confirmVoucher, newVendor, operationOf, payVoucher, verifiedBooking, voucherBody } from '../support/operations';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Vendors' money under pressure: twenty payments that together exceed a voucher's cost, twenty
 * completions of one operation, the same keyed payment twenty times, and random runs of voucher
 * payments checked against what must always hold (voucher paid amounts, vendor transactions and
 * the journal agree; nothing is paid beyond a cost).
 */
let s: TestServer;
let owner: Agent;
let ops: Agent;
let departure: string;

beforeAll(async () => {
  s = await startTestServer();
  s.clock.set(NOW);
  [owner, ops] = await s.logins('owner@demo.travel', 'ops@demo.travel');
  departure = await newDeparture(owner, { capacity: 1000 });
});
afterAll(() => s?.close());

const times = <T>(n: number, f: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => f(i)));

async function voucherOnNewOperation(cost: number) {
  const booking = await verifiedBooking(owner, { departure });
  const op = await operationOf(ops, booking._id);
  const vendor = await newVendor(owner);
  const voucher = await addVoucher(ops, op._id, voucherBody(booking, vendor, { cost }));
  return { booking, op, vendor, voucher };
}

describe('the same request many times at once', () => {
  it('20 payments of 7 000 on a voucher of 100 000: 14 paid, 6 refused, never more than the cost', async () => {
    const { op, vendor, voucher } = await voucherOnNewOperation(100_000);
    const answers = await times(20, () => payVoucher(ops, op._id, voucher._id, 7_000));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(14);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.every((a) => a.status === 409 && a.body.code === 'PAYMENT_EXCEEDS_OWED')).toBe(true);
    expect(await s.sql('select paid_amount::int as paid from vouchers where id = $1', [voucher._id])).toEqual([{ paid: 98_000 }]);
    expect(await s.sql(`select count(*)::int as n, sum(amount)::int as total from vendor_transactions where vendor_id = $1`, [vendor])).toEqual([{ n: 14, total: 98_000 }]);
    expect(await s.sql(`select count(*)::int as n from journal_entries where source_type = 'voucher-payment' and source_id in (select id from operation_payments where voucher_id = $1)`, [voucher._id])).toEqual([{ n: 14 }]);
  });

  it('20 mark-completed at once: one completion, 19 refusals', async () => {
    const { op, voucher } = await voucherOnNewOperation(10_000);
    await confirmVoucher(ops, op._id, voucher._id);
    expect((await ops.post(`/api${operationPaths.sendVouchers(op._id)}`, {})).status).toBe(200);
    expect((await payVoucher(ops, op._id, voucher._id, 10_000)).status).toBe(201);
    const answers = await times(20, () => ops.put(`/api${operationPaths.markCompleted(op._id)}`, {}));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.message)).toEqual(Array(19).fill('Only a pending operation can be completed; this one is completed'));
    expect(await s.sql(`select status from booking_operations where id = $1`, [op._id])).toEqual([{ status: 'completed' }]);
  });

  it('20 identical keyed payments: one payment, the same answer twenty times', async () => {
    const { op, voucher } = await voucherOnNewOperation(50_000);
    const answers = await times(20, () => payVoucher(ops, op._id, voucher._id, 5_000, `twenty-${voucher._id}`));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(19);
    expect(await s.sql('select count(*)::int as n from operation_payments where voucher_id = $1', [voucher._id])).toEqual([{ n: 1 }]);
  });

  it('the database refuses a paid amount above the cost, whatever writes it', async () => {
    const { op, voucher } = await voucherOnNewOperation(1_000);
    await expect(s.sql('update vouchers set paid_amount = 1001 where id = $1', [voucher._id])).rejects.toThrow(/vouchers_amounts_ck/);
    expect((await payVoucher(ops, op._id, voucher._id, 500)).status).toBe(201);
    await expect(s.sql('update operation_payments set amount = 2000 where voucher_id = $1', [voucher._id])).rejects.toThrow(/never changes/);
    await expect(s.sql('delete from operation_payments where voucher_id = $1', [voucher._id])).rejects.toThrow(/never changes/);
  });
});

describe('random voucher payments (fast-check)', () => {
  type Op = { voucher: number; share: number; method: 'cash' | 'card' | 'bank-transfer' };
  const payment: fc.Arbitrary<Op> = fc.record({ voucher: fc.nat(2), share: fc.double({ min: 0.01, max: 0.8, noNaN: true }), method: fc.constantFrom('cash' as const, 'card' as const, 'bank-transfer' as const) });
  const costs = fc.array(fc.integer({ min: 1, max: 200_000 }), { minLength: 1, maxLength: 3 });

  it('keeps voucher paid amounts, vendor transactions and the journal in agreement, never above a cost', async () => {
    const booking = await verifiedBooking(owner, { departure });
    const op = await operationOf(ops, booking._id);
    await fc.assert(
      fc.asyncProperty(costs, fc.array(payment, { minLength: 1, maxLength: 10 }), async (cs, payments) => {
        let accepted = 0;
        const vendor = await newVendor(owner);
        const vs: { id: string; cost: number; paid: number }[] = [];
        for (const cost of cs) vs.push({ id: (await addVoucher(ops, op._id, voucherBody(booking, vendor, { cost })))._id, cost, paid: 0 });
        for (const p of payments) {
          const v = vs[p.voucher % vs.length];
          const amount = Math.max(1, Math.round(v.cost * p.share));
          const res = await payVoucher(ops, op._id, v.id, amount, undefined, { paymentMethod: p.method });
          if (amount <= v.cost - v.paid) {
            expect(res.status, JSON.stringify(res.body)).toBe(201);
            v.paid += amount;
            accepted += 1;
          } else {
            expect(res.status).toBe(409);
            expect(res.body.params).toEqual({ owed: v.cost - v.paid, amount, currency: 'USD', money: ['owed', 'amount'] });
          }
        }
        const paid = vs.reduce((n, v) => n + v.paid, 0);
        const ids = vs.map((v) => v.id);
        const rows = await s.sql<{ id: string; paid: string }>('select id, paid_amount::text as paid from vouchers where id = any($1::uuid[])', [ids]);
        for (const v of vs) expect(rows.find((r) => r.id === v.id)?.paid).toBe(String(v.paid));
        const [sums] = await s.sql<{ payments: string; transactions: string; debits: string; credits: string; costs: string }>(
          `select (select coalesce(sum(amount), 0) from operation_payments where voucher_id = any($1::uuid[]))::text as payments,
                  (select coalesce(sum(t.amount), 0) from vendor_transactions t where t.vendor_id = $2 and t.direction = 'outgoing' and t.status = 'paid'
                     and t.linked_id in (select id from operation_payments where voucher_id = any($1::uuid[])))::text as transactions,
                  (select coalesce(sum(l.debit), 0) from journal_lines l join accounts a on a.id = l.account_id join journal_entries e on e.id = l.entry_id
                     where a.key = 'vendor-prepayments' and e.source_type = 'voucher-payment' and e.source_id in (select id from operation_payments where voucher_id = any($1::uuid[])))::text as debits,
                  (select coalesce(sum(l.credit), 0) from journal_lines l join accounts a on a.id = l.account_id join journal_entries e on e.id = l.entry_id
                     where a.key like 'money:%' and e.source_type = 'voucher-payment' and e.source_id in (select id from operation_payments where voucher_id = any($1::uuid[])))::text as credits,
                  (select count(*) from vouchers where id = any($1::uuid[]) and paid_amount > cost)::text as costs`,
          [ids, vendor],
        );
        expect(sums).toEqual({ payments: String(paid), transactions: String(paid), debits: String(paid), credits: String(paid), costs: '0' });
        const stats = (await owner.get(`/api/vendors/${vendor}/transactions`)).body.stats;
        expect(stats).toMatchObject({ totalOutgoing: paid, totalPaid: paid, totalIncoming: 0, totalPending: 0, count: accepted });
      }),
      { numRuns: 10 },
    );
    const detail = (await ops.get(`/api${operationPaths.byId(op._id)}`)).body.data;
    expect(detail.profit.paidOut).toBe(detail.vouchers.reduce((n: number, v: { paid: number }) => n + v.paid, 0));
  });
});
