import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { newIdempotencyKey } from '../../src/api/common/idempotency';
import { queueCall, type QueueInputs } from '../../src/api/work-queue/calls';
import type { WorkQueueItem, WorkQueueKind } from '../../src/api/work-queue/contract';
import type { Agent } from '../support/agent';
import { NOW, TODAY, book, groupBooking, newDeparture, newLead, pay } from '../support/bookings';
import { addVoucher, newVendor, operationOf, verifiedBooking, voucherBody } from '../support/operations';
import { startTestServer, type TestServer } from '../support/server';
import { statesAccepting } from '../../src/machines/workflow';
import { paymentMachine } from '../../src/machines/payment-machine';
import { bookingMachine } from '../../src/machines/booking-machine';
import { OPEN_LEAD_STATES } from '../../src/machines/lead-machine';
import { operationMachine } from '../../src/machines/operation-machine';
import { statesWithTag } from '../../src/machines/workflow';
import { addDays } from '../../src/domain/calendar';

/**
 * The work queue's property (issue 30): after random sequences of workflow events over leads,
 * bookings, payments, operations and cancellations, sent by several roles (owner, finance,
 * operations, a sales agent with his own visibility) through the calls the queue itself sends,
 *
 * - every person's queue holds exactly the records the definitions name, read here from the tables
 *   (payments waiting for verification, requests to decide, vouchers to confirm, send and pay, the
 *   sales agent's follow-ups), each with the state the table holds, and only records they may see;
 * - every item offers the events its record's facts allow (derived here from the rows), and every
 *   action offered is accepted when replayed (a step replays one at random, of any person);
 * - every event of the kind's machine that is not offered is refused (409 or 403), nothing written;
 * - the counts the database keeps for the queue (work_queue_totals, and the first open due day and
 *   travellers to name on bookings) equal a recount from the rows, and the queue's counts are them.
 *
 * A fixed seed in CI (WORK_QUEUE_PROPERTY_SEED=random, or a number, explores); modest runs and
 * steps, against the real server and database.
 */
const SEED = process.env.WORK_QUEUE_PROPERTY_SEED === 'random' ? Date.now() % 2 ** 31 : Number(process.env.WORK_QUEUE_PROPERTY_SEED ?? 7);
const RUNS = Number(process.env.WORK_QUEUE_PROPERTY_RUNS ?? 2);
const STEPS = Number(process.env.WORK_QUEUE_PROPERTY_STEPS ?? 10);

let s: TestServer;
const people: Record<'owner' | 'finance' | 'ops' | 'sales', Agent> = {} as never;
let salesId = '';

/** Every event a kind's machine may be sent from the queue, with inputs that pass validation (what is not offered must be refused). */
const KIND_EVENTS: Partial<Record<WorkQueueKind, [string, QueueInputs][]>> = {
  paymentToVerify: [['VERIFY', {}], ['FAIL', { reason: 'Property test' }]],
  bookingToVerify: [['VERIFY', {}]],
  voucherToConfirm: [['CONFIRM', { confirmationNumber: 'PT-1' }], ['VOID', {}]],
  voucherToSend: [['SEND', {}], ['VOID', {}]],
  voucherToPay: [['VOID', {}]],
  cancellationToDecide: [['APPROVE', { split: { totalRefundAmount: 0, sourceAccountAmount: 0, creditNoteAmount: 0, refundSource: null, validUntil: null } }], ['REJECT', { comment: 'Property test' }]],
  followUpDue: [['CONTACT', {}], ['QUALIFY', {}], ['QUOTE', {}], ['LOSE', { reason: 'Property test' }], ['REOPEN', {}]],
};

const INPUTS: Record<string, QueueInputs> = Object.fromEntries(Object.values(KIND_EVENTS).flatMap((list) => list!.map(([e, i]) => [e, i])));

async function send(agent: Agent, item: WorkQueueItem, event: string, inputs: QueueInputs) {
  const call = queueCall(item, event, inputs);
  expect(call, `a call for ${event}`).toBeDefined();
  return agent.request(call!.method, `/api${call!.path}`, call!.body, { 'Idempotency-Key': newIdempotencyKey() });
}

async function queueOf(agent: Agent, kinds: WorkQueueKind[]): Promise<WorkQueueItem[]> {
  const res = await agent.get(`/api/work-queue?limit=200&${kinds.map((k) => `kind=${k}`).join('&')}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.meta.totalItems, 'one page holds the test’s records').toBeLessThanOrEqual(200);
  return res.body.data;
}

/** The bookings this test made: only their records are compared (the demo's own work is in the queues too). */
const ours: string[] = [];
const column = async (query: string, params: unknown[] = []) => (await s.sql<{ id: string }>(query, params)).map((r) => r.id).sort();

/** The booking an item's record belongs to. */
async function bookingOf(item: WorkQueueItem): Promise<string | null> {
  const q: Partial<Record<string, string>> = {
    payment: 'select booking_id as id from booking_payments where id = $1',
    cancellation: 'select booking_id as id from booking_cancellations where id = $1',
    voucher: 'select o.booking_id as id from vouchers v join booking_operations o on o.id = v.operation_id where v.id = $1',
    booking: 'select id from bookings where id = $1',
  };
  const sql = q[item.record.type];
  return sql ? ((await s.sql<{ id: string }>(sql, [item.record._id]))[0]?.id ?? null) : null;
}

/** What the definitions name for a person, read from the tables, over this test's bookings. */
async function expected(who: keyof typeof people) {
  const own = who === 'sales' ? `and b.converted_by = '${salesId}'` : '';
  const mine = [ours];
  const money = who === 'owner' || who === 'finance';
  const ops = who === 'owner' || who === 'ops';
  return {
    paymentToVerify: money ? await column(`select p.id from booking_payments p join bookings b on b.id = p.booking_id where p.status = 'submitted' and b.id = any($1::uuid[])`, mine) : [],
    cancellationToDecide: money ? await column(`select c.id from booking_cancellations c join bookings b on b.id = c.booking_id where c.status = 'requested' and b.id = any($1::uuid[])`, mine) : [],
    voucherToConfirm: ops
      ? await column(`select v.id from vouchers v join booking_operations o on o.id = v.operation_id join bookings b on b.id = o.booking_id where v.status = 'draft' and o.status = 'pending' and b.id = any($1::uuid[]) ${own}`, mine)
      : [],
    voucherToSend: ops
      ? await column(`select v.id from vouchers v join booking_operations o on o.id = v.operation_id join bookings b on b.id = o.booking_id where v.status = 'confirmed' and o.status = 'pending' and b.id = any($1::uuid[]) ${own}`, mine)
      : [],
  };
}

/**
 * The events an item must offer, from its record's row: a submitted payment is verified or failed;
 * a request is approved only while nothing of its booking waits for verification; a draft voucher is
 * confirmed or voided, a confirmed one sent (its vendor has an email) or voided. Undefined for kinds
 * this test does not derive.
 */
async function actionsFromRecords(item: WorkQueueItem): Promise<string[] | undefined> {
  if (item.kind === 'paymentToVerify') return ['VERIFY', 'FAIL'];
  if (item.kind === 'cancellationToDecide') {
    const [{ pending }] = await s.sql<{ pending: number }>(
      `select count(*)::int as pending from booking_payments p join booking_cancellations c on c.booking_id = p.booking_id where c.id = $1 and p.status = 'submitted'`,
      [item.record._id],
    );
    return pending ? ['REJECT'] : ['APPROVE', 'REJECT'];
  }
  if (item.kind === 'voucherToConfirm') return ['CONFIRM', 'VOID'];
  if (item.kind === 'voucherToSend') {
    const [{ email }] = await s.sql<{ email: string | null }>('select e.email from vouchers v join vendors e on e.id = v.vendor_id where v.id = $1', [item.record._id]);
    return email ? ['SEND', 'VOID'] : ['VOID'];
  }
  if (item.kind === 'voucherToPay') return ['PAY', 'VOID'];
  return undefined;
}

const KINDS: WorkQueueKind[] = ['paymentToVerify', 'cancellationToDecide', 'voucherToConfirm', 'voucherToSend', 'voucherToPay', 'bookingToVerify'];

const literals = (states: readonly string[]) => states.map((x) => `'${x}'`).join(', ');

/**
 * The kinds the database counts as records change (work_queue_totals, docs/work-queue.md "Counts"),
 * counted again here from the rows on the machines' states (not the triggers' literals), per
 * organization and seller; and the facts it keeps on bookings for the queue's index ranges (the
 * first open due day, the travellers to name) recomputed from their rows.
 */
async function keptMatchesRecount() {
  const kept = await s.sql<{ org: string; kind: string; seller: string | null; day: string | null; n: number }>(
    `select organization_id::text as org, kind, seller::text as seller, day::text as day, sum(n)::int as n from work_queue_totals group by 1, 2, 3, 4 having sum(n) <> 0 order by 1, 2, 3, 4`,
  );
  // Operations with nothing missing (the COMPLETE guard on the kept counts): complete whatever the
  // day when something is booked and no vendor services are left unbooked, else once the trip is over.
  const unbooked = `(voucher_count = 0 and coalesce(planned_cost, 0) > 0)`;
  const completable = `status in (${literals(statesAccepting(operationMachine, 'COMPLETE'))}) and draft_count = 0 and unsent_count = 0 and unpaid_count = 0`;
  const counted = await s.sql<{ org: string; kind: string; seller: string | null; day: string | null; n: number }>(
    `select * from (
       select p.organization_id::text as org, 'paymentToVerify' as kind, b.converted_by::text as seller, p.paid_on::text as day, count(*)::int as n
       from booking_payments p join bookings b on b.id = p.booking_id where p.status in (${literals(statesAccepting(paymentMachine, 'VERIFY'))}) group by 1, 2, 3, 4
       union all
       select organization_id::text, 'bookingToInvoice', converted_by::text, arrival::text, count(*)::int from bookings where status in (${literals(statesAccepting(bookingMachine, 'INVOICE'))}) group by 1, 2, 3, 4
       union all
       select organization_id::text, 'installmentOverdue:past', converted_by::text, first_open_due::text, count(*)::int from bookings
       where status in (${literals(statesWithTag(bookingMachine, 'collecting'))}) and first_open_due is not null group by 1, 2, 3, 4
       union all
       select organization_id::text, case when voucher_count + expense_count > 0 and not ${unbooked} then 'operationToComplete' else 'operationToComplete:past' end,
         converted_by::text, arrival::text, count(*)::int from booking_operations where ${completable} group by 1, 2, 3, 4
       union all
       select organization_id::text, 'leadToAssign', null, null, count(*)::int from leads where assigned_to is null and status in (${literals(OPEN_LEAD_STATES)}) group by 1, 2, 3, 4
     ) c order by 1, 2, 3, 4`,
  );
  expect(kept, 'work_queue_totals equal a recount').toEqual(counted);
  const drifted = await s.sql<{ id: string }>(
    `select b.id from bookings b
     where b.first_open_due is distinct from (select min(i.due_date) from booking_installments i where i.booking_id = b.id and i.paid_amount < i.amount)
        or b.travellers_to_name <> (select count(*) filter (where t.name is null) + greatest(0, b.pax - count(*)) from booking_travellers t where t.booking_id = b.id)`,
  );
  expect(drifted, 'bookings whose first open due day or travellers to name are not their rows’').toEqual([]);
  // A follow-up is in the queue when open, on an open lead, and its lead's earliest open one for its assignee.
  const misplaced = await s.sql<{ id: string }>(
    `select f.id from follow_ups f join leads l on l.id = f.lead_id
     where f.in_queue is distinct from (f.responded_at is null and l.status in (${literals(OPEN_LEAD_STATES)})
       and not exists (select 1 from follow_ups g where g.lead_id = f.lead_id and g.responded_at is null
         and g.assignee_id is not distinct from f.assignee_id and (g.due_at, g.id) < (f.due_at, f.id)))`,
  );
  expect(misplaced, 'follow-ups whose place in the queue is not their rows’').toEqual([]);
  // What the queue answers is the kept count: the owner's, every seller's; the sales agent's, his own.
  const [org] = await s.sql<{ id: string }>(`select organization_id::text as id from members where id = $1`, [salesId]);
  for (const who of ['owner', 'sales'] as const) {
    const stats = (await people[who].get('/api/work-queue/counts')).body.data as { byKind: Partial<Record<WorkQueueKind, number>> };
    for (const kind of ['paymentToVerify', 'bookingToInvoice', 'leadToAssign'] as const) {
      if (stats.byKind[kind] === undefined) continue;
      const rows = counted.filter((c) => c.org === org.id && c.kind === kind && (who === 'owner' || c.seller === salesId));
      expect(stats.byKind[kind], `${who}: ${kind} counted`).toBe(rows.reduce((a, c) => a + c.n, 0));
    }
  }
  // The counts kept per day (and the follow-ups' kept facts) are the rows the queue walks, today and
  // on a later day (the clock moves items to overdue, and in: operations once their trip is over).
  for (const day of [TODAY, addDays(TODAY, 45)]) {
    s.clock.set(`${day}T08:00:00Z`);
    try {
      for (const who of Object.keys(people) as (keyof typeof people)[]) await countsAreRows(who, day);
    } finally {
      s.clock.set(NOW);
    }
  }
}

/** The kinds whose counts the database keeps (per day, or as facts on the rows), each counted against the rows its page walks. */
const KEPT_KINDS: WorkQueueKind[] = ['paymentToVerify', 'bookingToInvoice', 'installmentOverdue', 'operationToComplete', 'leadToAssign', 'followUpDue'];

async function countsAreRows(who: keyof typeof people, day: string) {
  for (const kind of KEPT_KINDS) {
    const res = await people[who].get(`/api/work-queue?limit=200&kind=${kind}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const items = res.body.data as WorkQueueItem[];
    const stats = res.body.stats as { total: number; overdue: number; dueToday: number };
    expect(items.length, `${who} on ${day}: ${kind} on one page`).toBeLessThan(200);
    const today = items.filter((i) => !i.overdue && (i.due?.length === 10 ? i.due === day : i.due !== null && i.due < `${addDays(day, 1)}T00:00:00.000Z`));
    expect([stats.total, stats.overdue], `${who} on ${day}: ${kind} counted (total, overdue) as its rows`).toEqual([items.length, items.filter((i) => i.overdue).length]);
    if (kind !== 'followUpDue' && kind !== 'leadToAssign') expect(stats.dueToday, `${who} on ${day}: ${kind} due today`).toBe(today.length);
  }
}

/** The step's invariants, for every person. */
async function check() {
  await keptMatchesRecount();
  for (const who of Object.keys(people) as (keyof typeof people)[]) {
    const agent = people[who];
    const all = await queueOf(agent, KINDS);
    const items: WorkQueueItem[] = [];
    for (const item of all) {
      const booking = await bookingOf(item);
      // Own visibility: the sales agent's queue never holds another seller's booking's work.
      if (who === 'sales' && booking) {
        const [b] = await s.sql<{ seller: string }>('select converted_by as seller from bookings where id = $1', [booking]);
        expect(b.seller, `sales sees ${item.kind} of another seller's booking`).toBe(salesId);
      }
      if (booking && ours.includes(booking)) items.push(item);
    }
    const want = await expected(who);
    for (const kind of Object.keys(want) as (keyof typeof want)[]) {
      expect(items.filter((i) => i.kind === kind).map((i) => i.record._id).sort(), `${who}: ${kind}`).toEqual(want[kind]);
    }
    for (const item of items) {
      // The state each item shows is the table's.
      const table = { payment: 'booking_payments', voucher: 'vouchers', cancellation: 'booking_cancellations', booking: 'bookings' }[item.record.type as 'payment'];
      const [row] = await s.sql<{ status: string }>(`select status from ${table} where id = $1`, [item.record._id]);
      expect(row?.status, `${item.kind} ${item.record._id}`).toBe(item.state);
      // The actions are what the record's facts allow, read from the tables (not from the machine).
      const facts = await actionsFromRecords(item);
      if (facts) expect(item.actions.map((a) => a.event), `${who}: actions of ${item.kind} ${item.record._id}`).toEqual(facts);
      // Every event of the kind not offered is refused (409 or 403): nothing is written.
      for (const [event, inputs] of KIND_EVENTS[item.kind] ?? []) {
        if (item.actions.some((a) => a.event === event)) continue;
        const res = await send(agent, item, event, inputs);
        expect([403, 409], `${who}: ${event} on ${item.kind} ${item.record._id} not offered → ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
      }
    }
  }
}

let n = 0;
/** A sales agent's booking with its deposit recorded (submitted), his customer named WQP n. */
async function newBooking() {
  n += 1;
  const lead = await newLead(people.sales, `WQP Customer ${n}`);
  const departure = await newDeparture(people.owner, { inDays: 60, capacity: 10, title: `WQP Group ${n}` });
  const booking = await book(people.sales, groupBooking(departure, lead, { pax: 2 }));
  expect((await pay(people.owner, booking._id, booking.installments[0].amount)).status).toBe(201);
  ours.push(booking._id);
  return booking._id as string;
}

type Step =
  | { type: 'book' }
  | { type: 'pay'; pick: number }
  | { type: 'cancel'; pick: number }
  | { type: 'trip' }
  | { type: 'act'; who: keyof typeof people; pick: number; action: number }
  | { type: 'lead'; op: number; pick: number; days: number };

const step = fc.oneof(
  fc.constant<Step>({ type: 'book' }),
  fc.record({ type: fc.constant('pay' as const), pick: fc.nat() }),
  fc.record({ type: fc.constant('cancel' as const), pick: fc.nat() }),
  fc.constant<Step>({ type: 'trip' }),
  fc.record({ type: fc.constant('act' as const), who: fc.constantFrom('owner', 'finance', 'ops', 'sales' as const), pick: fc.nat(), action: fc.nat() }),
  fc.record({ type: fc.constant('act' as const), who: fc.constantFrom('owner', 'finance', 'ops', 'sales' as const), pick: fc.nat(), action: fc.nat() }),
  fc.record({ type: fc.constant('lead' as const), op: fc.nat(), pick: fc.nat(), days: fc.integer({ min: -3, max: 3 }) }),
);

/** The sales agent's leads this test made: their follow-ups move the queue's kept places (follow_ups.in_queue). */
const leadsOf: string[] = [];
const dueIn = (days: number) => new Date(Date.parse(NOW) + days * 86_400_000 + 3_600_000).toISOString();

/** A lead's step: a new lead with a follow-up, another follow-up, the earliest open one answered, or the lead lost and reopened. */
async function leadStep(st: { op: number; pick: number; days: number }) {
  const sales = people.sales;
  if (!leadsOf.length || st.op % 4 === 0) {
    const res = await sales.post('/api/leads', { name: `Property lead ${leadsOf.length}`, email: `property-${leadsOf.length}-${Date.now()}@example.com`, followUp: dueIn(st.days) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    leadsOf.push(res.body.data._id);
    return;
  }
  const lead = leadsOf[st.pick % leadsOf.length];
  if (st.op % 4 === 1) {
    const res = await sales.post(`/api/leads/${lead}/followup`, { dueAt: dueIn(st.days), note: '' });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
  } else if (st.op % 4 === 2) {
    const { followUps } = (await sales.get(`/api/leads/${lead}`)).body.data as { followUps: { _id: string; response: unknown }[] };
    const open = followUps.filter((f) => !f.response);
    if (open.length) {
      const res = await sales.post(`/api/leads/${lead}/followup/response`, { followUpId: open[st.pick % open.length]._id, outcome: 'no-answer', note: '' });
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
    }
  } else {
    const { status } = (await sales.get(`/api/leads/${lead}`)).body.data as { status: string };
    const res = await sales.put(`/api/leads/${lead}/status`, status === 'lost' ? { status: 'reopened' } : { status: 'lost', reason: 'Property test' });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
  }
}

async function run(steps: Step[]) {
  const bookings: string[] = [];
  for (const st of steps) {
    if (st.type === 'book') bookings.push(await newBooking());
    else if (st.type === 'pay' && bookings.length) {
      await pay(people.owner, bookings[st.pick % bookings.length], 1_000);
    } else if (st.type === 'cancel' && bookings.length) {
      // Refused (409) when one is open already or the booking is cancelled: a step like any other.
      await people.sales.post('/api/booking-cancellations/cancel', { bookingId: bookings[st.pick % bookings.length], reason: 'Property test' });
    } else if (st.type === 'trip') {
      // The owner's trip (the sales agent must not see its vouchers' work).
      const booking = await verifiedBooking(people.owner);
      ours.push(booking._id);
      const op = await operationOf(people.owner, booking._id);
      await addVoucher(people.ops, op._id, voucherBody(booking, await newVendor(people.ops)));
    } else if (st.type === 'lead') {
      await leadStep(st);
    } else if (st.type === 'act') {
      const agent = people[st.who];
      const offered = (await queueOf(agent, KINDS)).filter((i) => i.actions.length);
      const items: WorkQueueItem[] = [];
      for (const i of offered) if (ours.includes((await bookingOf(i)) ?? '')) items.push(i);
      if (!items.length) {
        await check();
        continue;
      }
      const item = items[st.pick % items.length];
      const action = item.actions[st.action % item.actions.length];
      const inputs: QueueInputs =
        action.event === 'PAY' ? { payment: { amount: Number(item.reason.params.owed), paymentMethod: 'bank-transfer', paidOn: TODAY, reference: '', notes: '' } } : (INPUTS[action.event] ?? {});
      const res = await send(agent, item, action.event, inputs);
      expect(res.status, `${st.who}: offered ${action.event} on ${item.kind} ${item.record._id} → ${JSON.stringify(res.body)}`).toBeLessThan(300);
    }
    await check();
  }
}

beforeAll(async () => {
  s = await startTestServer();
  s.clock.set(NOW);
  for (const [who, email] of [['owner', 'owner@demo.travel'], ['finance', 'finance@demo.travel'], ['ops', 'ops@demo.travel'], ['sales', 'sales@demo.travel']] as const) people[who] = await s.login(email);
  salesId = (await s.sql<{ id: string }>(`select id from members where email = 'sales@demo.travel'`))[0].id;
});
afterAll(() => s.close());

describe('the work queue against random workflow events', () => {
  it('holds what the definitions name, offers what the server accepts and nothing it refuses', async () => {
    console.log(`work-queue property: seed ${SEED}, ${RUNS} runs of ${STEPS} steps (replay: WORK_QUEUE_PROPERTY_SEED=${SEED})`);
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: STEPS, maxLength: STEPS }), (steps) => run(steps)),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  }, 240_000);
});
