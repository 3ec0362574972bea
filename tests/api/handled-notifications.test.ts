import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAsServer } from '../../server/db/roles';
import { runOneJob } from '../../server/jobs/queue';
import { jobHandlers } from '../../server/registry';
import type { Agent } from '../support/agent';
import { NOW, book, fail, groupBooking, newDeparture, newLead, pay, verify } from '../support/bookings';
import { decideCancellation, requestedCancellation } from '../support/cancellations';
import { startTestServer, type TestServer } from '../support/server';

/**
 * A notification that asks for work leaves every recipient's bell once the work is done, by
 * whoever did it (issue 27): a payment to verify when it is verified or failed, a cancellation to
 * decide when it is decided, a follow-up due when it is answered. Another record's stay unread.
 */
let s: TestServer;
let owner: Agent;
let finance: Agent;
let ops: Agent;
let sales: Agent;
let tour: string;

beforeAll(async () => {
  s = await startTestServer();
  s.clock.set(NOW);
  [owner, finance, ops, sales] = await s.logins('owner@demo.travel', 'finance@demo.travel', 'ops@demo.travel', 'sales@demo.travel');
  tour = await newDeparture(owner, { capacity: 40 });
});
afterAll(() => s?.close());

/** The unread notifications in a member's bell that open `link`. */
const inBell = async (agent: Agent, link: string) => {
  const res = await agent.get('/api/notifications/unread?limit=100');
  expect(res.status).toBe(200);
  return res.body.data.filter((n: { link: string }) => n.link === link);
};

/** Who was told about `link`, and whether each has it unread still. */
const told = (link: string) =>
  s.sql<{ email: string; unread: boolean }>(`select m.email, n.read_at is null as unread from notifications n join members m on m.id = n.member_id where n.link = $1 order by m.email`, [link]);

const paymentLink = (id: string) => `/work-queue?record=${id}&kind=paymentToVerify`;

describe('a payment to verify', () => {
  /** A payment recorded by operations (who may not verify): the owner and finance are told. */
  async function submitted() {
    const b = await book(owner, groupBooking(tour, await newLead(owner)));
    const p = await pay(ops, b._id, 50_000);
    expect(p.status, JSON.stringify(p.body)).toBe(201);
    return { booking: b._id as string, payment: p.body.data._id as string };
  }

  it('leaves both verifiers’ bells when one verifies it; another payment’s stay', async () => {
    const one = await submitted();
    const other = await submitted();
    for (const agent of [owner, finance]) {
      expect(await inBell(agent, paymentLink(one.payment))).toHaveLength(1);
      expect(await inBell(agent, paymentLink(other.payment))).toHaveLength(1);
    }
    expect(await told(paymentLink(one.payment))).toEqual([
      { email: 'finance@demo.travel', unread: true },
      { email: 'owner@demo.travel', unread: true },
    ]);

    expect((await verify(finance, one.booking, one.payment)).status).toBe(200);
    for (const agent of [owner, finance]) {
      expect(await inBell(agent, paymentLink(one.payment))).toEqual([]);
      expect(await inBell(agent, paymentLink(other.payment))).toHaveLength(1);
    }
    expect(await told(paymentLink(one.payment))).toEqual([
      { email: 'finance@demo.travel', unread: false },
      { email: 'owner@demo.travel', unread: false },
    ]);
    expect((await told(paymentLink(other.payment))).map((n) => n.unread)).toEqual([true, true]);
  });

  it('leaves both bells when one fails it', async () => {
    const one = await submitted();
    const other = await submitted();
    expect((await fail(owner, one.booking, one.payment)).status).toBe(200);
    for (const agent of [owner, finance]) {
      expect(await inBell(agent, paymentLink(one.payment))).toEqual([]);
      expect(await inBell(agent, paymentLink(other.payment))).toHaveLength(1);
    }
    expect((await told(paymentLink(one.payment))).map((n) => n.unread)).toEqual([false, false]);
    expect((await told(paymentLink(other.payment))).map((n) => n.unread)).toEqual([true, true]);
  });

  it('stays when the decision is refused (nothing was decided)', async () => {
    const one = await submitted();
    // A failure needs its reason: 400, the payment still waits, and so do its notifications.
    const refused = await finance.put(`/api/bookings/${one.booking}/payment/${one.payment}/fail`, { reason: ' ' });
    expect(refused.status).toBe(400);
    expect(refused.body.issues[0]).toMatchObject({ path: 'reason' });
    expect((await told(paymentLink(one.payment))).map((n) => n.unread)).toEqual([true, true]);
  });
});

describe('notifications stored before they named their record', () => {
  it('get it from their link when the database is migrated, and those whose work was done are read', async () => {
    const b = await book(owner, groupBooking(tour, await newLead(owner)));
    const waiting = (await pay(ops, b._id, 20_000)).body.data._id as string;
    const decided = (await pay(ops, b._id, 30_000)).body.data._id as string;
    expect((await verify(finance, b._id, decided)).status).toBe(200);
    // As they were stored before the migration: no record, all unread.
    await s.sql(`update notifications set record_id = null, read_at = null where link = any($1)`, [[paymentLink(waiting), paymentLink(decided)]]);
    const dir = 'server/db/migrations';
    const file = fs.readdirSync(dir).find((f) => f.endsWith('_notification_records.sql'))!;
    // The migration's data statements (its column and index exist already).
    const updates = fs.readFileSync(path.join(dir, file), 'utf8').split('--> statement-breakpoint').filter((x) => /^\s*UPDATE/m.test(x));
    expect(updates).toHaveLength(3);
    for (const statement of updates) await s.sql(statement);
    const state = (link: string) => s.sql<{ record: string; unread: boolean }>(`select record_id as record, read_at is null as unread from notifications where link = $1`, [link]);
    expect(await state(paymentLink(waiting))).toEqual([
      { record: waiting, unread: true },
      { record: waiting, unread: true },
    ]);
    expect(await state(paymentLink(decided))).toEqual([
      { record: decided, unread: false },
      { record: decided, unread: false },
    ]);
  });
});

describe('a cancellation to decide', () => {
  it('leaves both approvers’ bells when one decides it; another request’s stay', async () => {
    const requested = async () => {
      const b = await book(sales, groupBooking(tour, await newLead(sales)));
      const deposit = await pay(owner, b._id, b.installments[0].amount);
      expect((await verify(finance, b._id, deposit.body.data._id)).status).toBe(200);
      return (await requestedCancellation(sales, b._id))._id;
    };
    const one = await requested();
    const other = await requested();
    const link = (id: string) => `/work-queue?record=${id}&kind=cancellationToDecide`;
    for (const agent of [owner, finance]) expect(await inBell(agent, link(one))).toHaveLength(1);

    const decided = await decideCancellation(finance, one, { status: 'rejected', comments: 'A change of dates is offered instead' });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    for (const agent of [owner, finance]) {
      expect(await inBell(agent, link(one))).toEqual([]);
      expect(await inBell(agent, link(other))).toHaveLength(1);
    }
    expect(await told(link(one))).toEqual([
      { email: 'finance@demo.travel', unread: false },
      { email: 'owner@demo.travel', unread: false },
    ]);
  });
});

describe('a follow-up due', () => {
  it('leaves the bell when it is answered; the lead’s other follow-up stays', async () => {
    // Follow-ups fall due on the real clock (the job queue's), as in tests/api/leads.test.ts.
    s.clock.set(new Date().toISOString());
    const lead = (await sales.post('/api/leads', { name: 'Answered Soon', email: `answered-${process.pid}@example.com` })).body.data;
    const ids: string[] = [];
    for (const note of ['First call', 'Second call']) {
      const res = await sales.post(`/api/leads/${lead._id}/followup`, { dueAt: new Date(Date.now() - 60_000).toISOString(), note });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids.push(res.body.data.followUps.find((f: { note: string }) => f.note === note)._id);
    }
    const worker = connectAsServer(s.appDatabaseUrl, 2);
    try {
      while (await runOneJob(worker, jobHandlers));
    } finally {
      await worker.close();
    }
    const due = () => s.sql<{ id: string; unread: boolean }>(`select record_id as id, read_at is null as unread from notifications where type = 'follow-up-due' and record_id = any($1) order by body`, [ids]);
    expect(await due()).toEqual([
      { id: ids[0], unread: true },
      { id: ids[1], unread: true },
    ]);
    expect(await inBell(sales, `/work-queue?record=${lead._id}&kind=followUpDue`)).toHaveLength(2);

    const answered = await sales.post(`/api/leads/${lead._id}/followup/response`, { followUpId: ids[0], outcome: 'no-answer' });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect(await due()).toEqual([
      { id: ids[0], unread: false },
      { id: ids[1], unread: true },
    ]);
    expect(await inBell(sales, `/work-queue?record=${lead._id}&kind=followUpDue`)).toHaveLength(1);
  });
});
