import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentMachine } from '../../src/machines/payment-machine';
import { restingStates, transitionsOf } from '../../src/machines/workflow';
import type { Agent } from '../support/agent';
import { NOW, book, fail, groupBooking, newDeparture, newLead, orgId, pay, verify } from '../support/bookings';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The bookings' money rules the database holds (server/db/migrations/0019_booking_rules.sql, the
 * payment guard as 0029_machine_states.sql left it; docs/database-rules.md), proven with raw SQL as
 * the superuser, so no code path of the server is between the write and the rule.
 */
let s: TestServer;
let owner: Agent;
let org: string;
let departure: string;

beforeAll(async () => {
  s = await startTestServer();
  s.clock.set(NOW);
  owner = await s.login('owner@demo.travel');
  org = await orgId(s);
  departure = await newDeparture(owner, { capacity: 100 });
});
afterAll(() => s?.close());

/** The statements in one transaction, committed (deferred rules are judged then); the error as thrown. */
async function raw(statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: s.databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    for (const text of statements) await client.query(text);
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}

const newBooking = async () => book(owner, groupBooking(departure, await newLead(owner)));
const submitted = async (bookingId: string, amount = 1_000): Promise<string> => (await pay(owner, bookingId, amount)).body.data._id;
async function verified(bookingId: string, amount = 1_000): Promise<string> {
  const id = await submitted(bookingId, amount);
  expect((await verify(owner, bookingId, id)).status).toBe(200);
  return id;
}
const allocation = (paymentId: string, installmentId: string, amount: number) =>
  `insert into payment_allocations (organization_id, payment_id, installment_id, amount) values ('${org}', '${paymentId}', '${installmentId}', ${amount})`;

describe('the database refuses, whoever writes', () => {
  it('a plan that does not sum to the grand total, at commit (booking_plan_balanced)', async () => {
    const b = await newBooking();
    await expect(raw([`update booking_installments set amount = amount + 1 where id = '${b.installments[0]._id}'`])).rejects.toThrow(/the installments sum to/);
    await expect(raw([`delete from booking_installments where id = '${b.installments[1]._id}'`])).rejects.toThrow(/the installments sum to/);
    await expect(raw([`update bookings set grand_total = grand_total + 1 where id = '${b._id}'`])).rejects.toThrow(/the installments sum to/);
    // Moving money between installments keeps the sum.
    await raw([
      `update booking_installments set amount = amount + 1 where id = '${b.installments[0]._id}'`,
      `update booking_installments set amount = amount - 1 where id = '${b.installments[1]._id}'`,
    ]);
  });

  it('an allocation to another booking (payment_allocation_apply), of a payment not verified, or not exactly what a verified one paid (payment_allocated)', async () => {
    const [b, other] = [await newBooking(), await newBooking()];
    const open = await submitted(b._id);
    await expect(raw([allocation(open, other.installments[0]._id, 100)])).rejects.toThrow(/cannot pay an installment of another booking/);
    await expect(raw([allocation(open, b.installments[0]._id, 100)])).rejects.toThrow(/is allocated 100/);
    const paid = await verified(b._id);
    await expect(raw([allocation(paid, b.installments[1]._id, 1)])).rejects.toThrow(/is allocated 1001/);
    // What the trigger moved is what verified payments paid.
    const [row] = await s.sql<{ paid: string; allocated: string }>(
      `select b.paid_amount::text as paid, (select sum(a.amount) from payment_allocations a join booking_payments p on p.id = a.payment_id where p.booking_id = b.id)::text as allocated from bookings b where b.id = $1`,
      [b._id],
    );
    expect(row).toEqual({ paid: '1000', allocated: '1000' });
  });

  it('a change of a payment’s state the payment machine does not make, of its amount, method or date, and its deletion (booking_payment_guard)', async () => {
    const b = await newBooking();
    const failed = await submitted(b._id);
    expect((await fail(owner, b._id, failed)).status).toBe(200);
    const rows: Record<string, string> = { submitted: await submitted(b._id), verified: await verified(b._id), failed };
    const machineMakes = new Set(transitionsOf(paymentMachine).map((t) => `${t.from} → ${t.to}`));
    const states = restingStates(paymentMachine).map((r) => r.state);
    for (const from of states) {
      for (const to of states) {
        const code = await raw([`update booking_payments set status = '${to}' where id = '${rows[from]}'`]).then(
          () => 'written',
          (e: { code?: string }) => e.code,
        );
        // The guard lets through what the machine makes (the row's own CHECKs then ask for a receipt or a reason).
        expect(code === '55000', `${from} → ${to}: ${code}`).toBe(!machineMakes.has(`${from} → ${to}`));
      }
    }
    await expect(raw([`update booking_payments set amount = amount + 1 where id = '${rows.submitted}'`])).rejects.toThrow(/nor change its amount, method or date/);
    await expect(raw([`update booking_payments set paid_on = paid_on - 1 where id = '${rows.submitted}'`])).rejects.toThrow(/nor change its amount, method or date/);
    await expect(raw([`delete from booking_payments where id = '${rows.failed}'`])).rejects.toThrow(/a payment is never deleted/);
  });

  it('any change to an allocation or an issued invoice (booking_record_immutable)', async () => {
    const b = await newBooking();
    const paid = await verified(b._id);
    await expect(raw([`update payment_allocations set amount = amount where payment_id = '${paid}'`])).rejects.toThrow(/never changes once written/);
    await expect(raw([`delete from payment_allocations where payment_id = '${paid}'`])).rejects.toThrow(/never changes once written/);
    await expect(raw(['truncate payment_allocations cascade'])).rejects.toThrow(/never changes once written/);
    const [invoice] = await s.sql<{ id: string }>(`select id from booking_invoices where organization_id = $1 limit 1`, [org]);
    expect(invoice, 'the demo data has an issued invoice').toBeDefined();
    await expect(raw([`update booking_invoices set due_date = due_date + 1 where id = '${invoice.id}'`])).rejects.toThrow(/never changes once written/);
    await expect(raw([`delete from booking_invoices where id = '${invoice.id}'`])).rejects.toThrow(/never changes once written/);
  });

  it('a paid amount written directly, or starting above zero (booking_paid_amount_guard, booking_paid_amount_start)', async () => {
    const b = await newBooking();
    await expect(raw([`update bookings set paid_amount = paid_amount + 1 where id = '${b._id}'`])).rejects.toThrow(/is kept from the allocations/);
    await expect(raw([`update booking_installments set paid_amount = paid_amount + 1 where id = '${b.installments[0]._id}'`])).rejects.toThrow(/is kept from the allocations/);
    await expect(
      raw([`insert into booking_installments (organization_id, booking_id, position, due_date, amount, paid_amount) values ('${org}', '${b._id}', 9, '2031-12-01', 100, 1)`]),
    ).rejects.toThrow(/starts at 0/);
  });
});
