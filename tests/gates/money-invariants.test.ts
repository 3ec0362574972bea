import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUND_SOURCES, cancellationEndpoints } from '../../src/api/cancellations/contract';
import { newIdempotencyKey } from '../../src/api/common/idempotency';
import { creditEndpoints } from '../../src/api/finance/credit/contract';
import { operationPaths } from '../../src/api/operations/contract';
import { addDays } from '../../src/domain/calendar';
import { BOOKING_DAY_JOB } from '../../server/bookings/jobs';
import { CANCELLATIONS_DAY_JOB } from '../../server/cancellations';
import { connect, type Database } from '../../server/db/client';
import { Agent, type Answer } from '../support/agent';
import { NOW, PRICES, adults, orgId } from '../support/bookings';
import { runDayJob } from '../support/day-jobs';
import { bookingMoneyProblems, creditNoteProblems, halfWritten, hledgerRefuses, seatProblems, seriesGaps, unbalancedEntries } from '../support/money-checks';
import { startTestServer, type TestServer } from '../support/server';
import { spawnServer, type SpawnedServer } from '../support/spawn-server';
import { TEST_PASSWORD } from '../support/db-url';

/**
 * The money-invariant gate (issue 29; docs/cancellations.md, "The money-invariant gate"): random
 * sequences of what staff do with money — bookings of a few customers created, paid by every method
 * (credit notes included), payments verified and failed, cancellations requested, approved with a
 * random split between money back and a credit note, or rejected, refunds processed, vendors paid
 * and their refunds recorded, trips completed and invoiced, days passing (credit notes expiring) —
 * run against two instances of the API on one database, the actions of a step in parallel, one
 * instance SIGKILLed in the middle of a step and started again. After every step every invariant of
 * tests/support/money-checks.ts holds, and every write the API acknowledged is there.
 *
 * Replay a failure with MONEY_GATE_SEED=<the seed printed> (and MONEY_GATE_RUNS, MONEY_GATE_STEPS).
 */

// A fresh seed each run (CI explores a new one every time), printed first; MONEY_GATE_SEED=<n> replays one.
const SEED = process.env.MONEY_GATE_SEED && process.env.MONEY_GATE_SEED !== 'random' ? Number(process.env.MONEY_GATE_SEED) : Date.now() % 2 ** 31;
if (!Number.isSafeInteger(SEED)) throw new Error(`MONEY_GATE_SEED must be a whole number, not ${process.env.MONEY_GATE_SEED}`);
const RUNS = Number(process.env.MONEY_GATE_RUNS ?? 3);
const STEPS = Number(process.env.MONEY_GATE_STEPS ?? 16);
/** What fast-check may spend on the runs: past it, it stops starting new ones (the gate must fit CI's two minutes). */
const BUDGET_MS = 75_000;
const CUSTOMERS = 3;
const CARD = 'owner@demo.travel';
const B_NAME = 'money-gate-b';

let s: TestServer;
let org: string;
let second: Database;
/** Instance A: the test's own server; instance B: a process of its own, the one killed. */
let a: Agent;
let b: { server: SpawnedServer; agent: Agent } | null = null;
let today = NOW.slice(0, 10);

function hledgerPresent(): boolean {
  try {
    execFileSync('hledger', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Sets the day of both instances (and of the jobs the test runs). */
async function setDay(day: string) {
  today = day;
  s.clock.set(`${day}T08:00:00Z`);
  if (b) await tellClock(b.server, `${day}T08:00:00Z`);
}

function tellClock(server: SpawnedServer, at: string) {
  return new Promise<void>((resolve, reject) => {
    const onMessage = (m: { clock?: string }) => {
      if (m?.clock === 'set') {
        server.proc.off('message', onMessage);
        resolve();
      }
    };
    server.proc.on('message', onMessage);
    if (!server.proc.send({ clock: at })) reject(new Error('instance B took no clock'));
  });
}

async function startB() {
  // Its connections are named, so the test sees when one of them waits inside a transaction.
  const url = new URL(s.appDatabaseUrl);
  url.searchParams.set('application_name', B_NAME);
  const server = await spawnServer({ DATABASE_URL: url.toString(), NODE_ENV: 'test' }, { entry: 'tests/support/clock-server.ts', ipc: true });
  await tellClock(server, `${today}T08:00:00Z`);
  const agent = new Agent(server.url);
  const res = await agent.post('/api/auth/login', { email: CARD, password: TEST_PASSWORD });
  if (res.status !== 200) throw new Error(`login on instance B: ${res.status} ${JSON.stringify(res.body)}\n${server.output()}`);
  b = { server, agent };
}

beforeAll(async () => {
  if (!hledgerPresent()) return;
  s = await startTestServer();
  s.clock.set(NOW);
  org = await orgId(s);
  a = await s.login(CARD);
  second = connect(s.databaseUrl, 2);
  await startB();
}, 90_000);

afterAll(async () => {
  if (b) {
    b.server.proc.kill('SIGKILL');
    await b.server.exited;
  }
  await second?.close();
  await s?.close();
});

// ---------- the model: what the sequence made, and what the API acknowledged ----------

interface World {
  departures: { id: string; date: string }[];
  bookings: { id: string; customer: number }[];
  /** Checks of acknowledged writes: each a query answering one row `{ ok: boolean }`. */
  acknowledged: { what: string; sql: string; values: unknown[] }[];
  /** The requests lost with instance B, kept with their Idempotency-Key to try again on A. */
  lost: { what: string; send: (agent: Agent) => Promise<Answer>; ack?: (res: Answer) => void }[];
  serverErrors: string[];
  counts: Record<string, number>;
}

const email = (run: number, c: number) => `money-gate-${process.pid}-${run}-${c}@example.com`;

/** One action: its kind, on which instance, and the numbers it picks its target and amounts with. */
interface Action {
  kind: Kind;
  on: 0 | 1;
  pick: number;
  f1: number;
  f2: number;
  method: number;
}
const KINDS = [
  'create',
  'create',
  'pay',
  'pay',
  'payCredit',
  'payCredit',
  'verifyPayment',
  'verifyPayment',
  'verifyPayment',
  'failPayment',
  'verifyBooking',
  'request',
  'approve',
  'approve',
  'reject',
  'processRefund',
  'payVendor',
  'payVendor',
  'vendorRefund',
  'complete',
  'invoice',
  'day',
] as const;
type Kind = (typeof KINDS)[number];
const METHODS = ['bank-transfer', 'cash', 'card', 'cheque', 'online'] as const;

const actionArb: fc.Arbitrary<Action> = fc.record({
  kind: fc.constantFrom(...KINDS),
  on: fc.constantFrom(0 as const, 1 as const),
  pick: fc.nat(1_000),
  f1: fc.integer({ min: 0, max: 100 }),
  f2: fc.integer({ min: 0, max: 100 }),
  method: fc.nat(METHODS.length - 1),
});
/** A sequence: steps of one to three actions sent at once, and the step in which instance B is killed. */
const sequenceArb = fc.record({
  steps: fc.array(fc.array(actionArb, { minLength: 1, maxLength: 3 }), { minLength: STEPS, maxLength: STEPS }),
  killAt: fc.integer({ min: 1, max: STEPS - 2 }),
});

const pickOf = <T>(xs: T[], n: number): T | undefined => (xs.length ? xs[n % xs.length] : undefined);
const share = (total: number, percent: number) => Math.floor((total * percent) / 100);

async function rows<T extends Record<string, unknown>>(text: string, values: unknown[] = []) {
  return s.sql<T>(text, values);
}

/** One of the rows a query answers, chosen by `pick` (undefined when there is none). */
async function pickRow<T extends Record<string, unknown>>(text: string, values: unknown[], pick: number): Promise<T | undefined> {
  return pickOf(await rows<T>(text, values), pick);
}

/** What an action answers when it finds nothing to act on: the action it needs first is done instead. */
const NOTHING = '∅ ';
const NEEDS: Partial<Record<Kind, Kind>> = {
  pay: 'create',
  payCredit: 'approve',
  verifyPayment: 'pay',
  failPayment: 'pay',
  verifyBooking: 'create',
  request: 'create',
  approve: 'request',
  reject: 'request',
  processRefund: 'approve',
  payVendor: 'create',
  vendorRefund: 'approve',
  complete: 'payVendor',
  invoice: 'day',
};

/** Performs an action, or the one it needs first when it finds nothing to act on (up to four deep). */
async function act(w: World, run: number, action: Action, agent: Agent, onB: boolean): Promise<string> {
  let kind = action.kind;
  for (let depth = 0; ; depth++) {
    // Falling back to a booking made, it is one verified at once (what most actions need).
    const done = await perform(w, run, { ...action, kind, method: depth ? 1 : action.method }, agent, onB);
    if (!done.startsWith(NOTHING) || !NEEDS[kind] || depth === 4) return done;
    kind = NEEDS[kind]!;
  }
}

/**
 * Performs one action through `agent`; the targets are read from the database as it is (so what a
 * killed instance may have written is used too). Answers what it did, for the log.
 */
async function perform(w: World, run: number, act: Action, agent: Agent, onB: boolean): Promise<string> {
  const ids = w.bookings.map((x) => x.id);
  // The bookings still open (not cancelled, not invoiced), oldest first: what most actions act on.
  const live = (await rows<{ id: string }>(`select id from bookings where id = any($1::uuid[]) and status not in ('canceled', 'invoiced') order by created_at, id`, [ids])).map((r) => r.id);
  const send = async (what: string, request: (agent: Agent) => Promise<Answer>, ack?: (res: Answer) => void, keyed = false): Promise<string> => {
    let res: Answer;
    try {
      res = await request(agent);
    } catch (e) {
      if (!onB) throw e;
      // Instance B died with the request in flight: not acknowledged; a keyed one is tried again on A.
      if (keyed) w.lost.push({ what, send: request, ack });
      return `${what}: lost with B`;
    }
    w.counts[`${what.split(' ')[0]} ${res.status}`] = (w.counts[`${what.split(' ')[0]} ${res.status}`] ?? 0) + 1;
    if (res.status >= 500) w.serverErrors.push(`${what} on ${onB ? 'B' : 'A'}: ${res.status} ${JSON.stringify(res.body)}`);
    else if (res.status < 300) ack?.(res);
    return `${what}: ${res.status}${res.status >= 400 ? ` ${res.body?.code ?? ''}` : ''}`;
  };
  const ackRow = (what: string, sql: string, values: unknown[]) => w.acknowledged.push({ what, sql, values });

  switch (act.kind) {
    case 'create': {
      const customer = act.pick % CUSTOMERS;
      const departure = pickOf(w.departures, act.f1)!;
      const pax = 1 + (act.f2 % 3);
      const deposit = Math.round(pax * PRICES.adult * 0.3);
      const lead = await a.post('/api/leads', { name: `Gate customer ${run}-${customer}`, email: email(run, customer) });
      if (lead.status !== 201) return `lead: ${lead.status}`;
      const total = pax * PRICES.adult;
      const body = { tourType: 'group', tourId: departure.id, leadId: lead.body.data._id, pax, travellers: adults(pax), installments: [{ dueDate: today, amount: deposit }, { dueDate: departure.date > today ? departure.date : today, amount: total - deposit }] };
      let created: string | null = null;
      const made = await send(`create booking (${pax} on ${departure.date})`, (x) => x.post('/api/bookings', body), (res) => {
        created = res.body.data._id;
        w.bookings.push({ id: res.body.data._id, customer });
        ackRow('booking created', 'select count(*) = 1 as ok from bookings where id = $1', [res.body.data._id]);
      });
      if (!created || act.method % 2 === 0) return made;
      // A customer at the counter: the deposit paid and checked and the booking verified at once (its trip opens).
      const id: string = created;
      const key = newIdempotencyKey();
      const paid: string[] = [];
      const payment = { amount: deposit, paymentMethod: METHODS[act.f1 % METHODS.length], paidOn: today, reference: 'GATE-DEPOSIT' };
      let paymentId: string | null = null;
      paid.push(await send('pay deposit', (x) => x.post(`/api/bookings/${id}/payment`, payment, { 'Idempotency-Key': key }), (res) => {
        paymentId = res.body.data._id;
        ackRow('deposit recorded', 'select count(*) = 1 as ok from booking_payments where id = $1', [res.body.data._id]);
      }, true));
      if (paymentId) {
        const pid: string = paymentId;
        paid.push(await send('verify deposit', (x) => x.put(`/api/bookings/${id}/payment/${pid}/verify`, {}), () =>
          ackRow('deposit verified', `select count(*) = 1 as ok from booking_payments where id = $1 and status = 'verified'`, [pid])));
        paid.push(await send('verify booking', (x) => x.put(`/api/bookings/${id}/verify`, {}), () =>
          ackRow('booking verified', `select count(*) = 1 as ok from bookings b join booking_operations o on o.booking_id = b.id where b.id = $1 and b.status <> 'pendingVerification'`, [id])));
      }
      return [made, ...paid].join(', ');
    }
    case 'pay': {
      const id = pickOf(live, act.pick);
      if (!id) return NOTHING + 'pay: no booking';
      const [due] = await rows<{ due: string }>(`select (grand_total - paid_amount)::text as due from bookings where id = $1`, [id]);
      // The deposit exactly, or a share of what is due, or now and then more than is due (refused).
      const left = Number(due?.due ?? 0);
      const amount = act.f1 > 95 ? left + 1 : act.f1 < 30 ? Math.max(1, Math.min(left, Math.round(left * 0.3))) : Math.max(1, share(left, act.f1));
      const key = newIdempotencyKey();
      const body = { amount, paymentMethod: METHODS[act.method], paidOn: today, reference: `GATE-${act.pick}` };
      return send(`pay ${amount} by ${METHODS[act.method]}`, (x) => x.post(`/api/bookings/${id}/payment`, body, { 'Idempotency-Key': key }), (res) =>
        ackRow('payment recorded', 'select count(*) = 1 as ok from booking_payments where id = $1', [res.body.data._id]), true);
    }
    case 'payCredit': {
      // A note of this run (mostly one still issued), paying a booking of its customer — now and
      // then another customer's booking (refused), or more than it has left (refused).
      const notes = await rows<{ id: string; left: string; status: string; email: string }>(
        `select n.id, (n.amount - n.used_amount)::text as left, n.status, coalesce(c.email, l.email) as email from credit_notes n
         join bookings b on b.id = n.booking_id join leads l on l.id = b.lead_id left join contacts c on c.id = l.contact_id
         where n.booking_id = any($1::uuid[]) order by n.created_at, n.id`,
        [ids],
      );
      const issued = notes.filter((n) => n.status === 'issued');
      const note = pickOf(act.f2 < 80 && issued.length ? issued : notes, act.pick);
      if (!note) return NOTHING + 'pay by credit note: no note';
      const customer = Array.from({ length: CUSTOMERS }, (_, c) => c).find((c) => email(run, c) === note.email)!;
      const ownLive = w.bookings.filter((x) => x.customer === customer && live.includes(x.id));
      let booking = act.f2 < 90 ? pickOf(ownLive, act.pick) : w.bookings.find((x) => x.id === pickOf(live, act.pick));
      let made = '';
      if (!booking) {
        // The customer books again, to pay with the note.
        made = `${await perform(w, run, { ...act, kind: 'create', pick: customer, method: 0 }, agent, onB)}, `;
        booking = w.bookings.filter((x) => x.customer === customer).at(-1);
        if (!booking) return `${made}no booking to pay`;
      }
      const amount = act.f1 > 92 ? Number(note.left) + 1 : Math.max(1, share(Number(note.left), act.f1 < 20 ? 100 : act.f1));
      const key = newIdempotencyKey();
      const body = { amount, paymentMethod: 'credit-note', creditNoteId: note.id, paidOn: today, reference: null };
      const target = booking.id;
      return made + (await send(`pay ${amount} by credit note (${note.status}, ${note.left} left)`, (x) => x.post(`/api/bookings/${target}/payment`, body, { 'Idempotency-Key': key }), (res) =>
        ackRow('credit-note payment verified', `select count(*) = 1 as ok from booking_payments where id = $1 and status = 'verified'`, [res.body.data._id]), true));
    }
    case 'verifyPayment':
    case 'failPayment': {
      const p = await pickRow<{ id: string; booking_id: string }>(
        `select p.id, p.booking_id from booking_payments p where p.booking_id = any($1::uuid[]) and p.status = 'submitted' order by p.created_at, p.id`,
        [ids],
        act.pick,
      );
      if (!p) return NOTHING + `${act.kind}: none submitted`;
      return act.kind === 'verifyPayment'
        ? send('verify payment', (x) => x.put(`/api/bookings/${p.booking_id}/payment/${p.id}/verify`, {}), () =>
            ackRow('payment verified', `select count(*) = 1 as ok from booking_payments where id = $1 and status = 'verified'`, [p.id]))
        : send('fail payment', (x) => x.put(`/api/bookings/${p.booking_id}/payment/${p.id}/fail`, { reason: 'The cheque bounced' }), () =>
            ackRow('payment failed', `select count(*) = 1 as ok from booking_payments where id = $1 and status = 'failed'`, [p.id]));
    }
    case 'verifyBooking': {
      const pending = await pickRow<{ id: string }>(`select id from bookings where id = any($1::uuid[]) and status = 'pendingVerification' order by created_at, id`, [ids], act.pick);
      const id = pending?.id;
      if (!id) return NOTHING + 'verify booking: none';
      return send('verify booking', (x) => x.put(`/api/bookings/${id}/verify`, {}), () =>
        ackRow('booking verified', `select count(*) = 1 as ok from bookings b join booking_operations o on o.booking_id = b.id where b.id = $1 and b.status <> 'pendingVerification'`, [id]));
    }
    case 'request': {
      const id = pickOf(live, act.pick);
      if (!id) return NOTHING + 'request: none';
      return send('request cancellation', (x) => x.post(`/api${cancellationEndpoints.request.pattern}`, { bookingId: id, reason: 'The money gate' }), (res) =>
        ackRow('cancellation requested', 'select count(*) = 1 as ok from booking_cancellations where id = $1', [res.body.data._id]));
    }
    case 'approve':
    case 'reject': {
      const c = await pickRow<{ id: string; booking_id: string }>(
        `select id, booking_id from booking_cancellations where booking_id = any($1::uuid[]) and status = 'requested' order by created_at, id`,
        [ids],
        act.pick,
      );
      if (!c) return NOTHING + `${act.kind}: no request`;
      const key = newIdempotencyKey();
      if (act.kind === 'reject') {
        return send('reject cancellation', (x) => x.patch(`/api${cancellationEndpoints.status.url({ id: c.id })}`, { status: 'rejected', comments: 'Not this time' }, { 'Idempotency-Key': key }), () =>
          ackRow('cancellation rejected', `select count(*) = 1 as ok from booking_cancellations where id = $1 and status = 'rejected'`, [c.id]), true);
      }
      if (act.method % 2 === 0) {
        // Finance first decides what still awaits verification (an approval waits for it: 409 PAYMENTS_PENDING).
        const waiting = await rows<{ id: string }>(`select id from booking_payments where booking_id = $1 and status = 'submitted'`, [c.booking_id]);
        for (const p of waiting) {
          await send('verify payment', (x) => x.put(`/api/bookings/${c.booking_id}/payment/${p.id}/verify`, {}), () =>
            ackRow('payment verified', `select count(*) = 1 as ok from booking_payments where id = $1 and status = 'verified'`, [p.id]));
        }
      }
      const quote = await a.get(`/api${cancellationEndpoints.quote.url({ id: c.booking_id })}`);
      if (quote.status !== 200) return `approve: quote ${quote.status}`;
      const paid = quote.body.data.paid as number;
      const total = act.f1 > 95 ? paid : share(paid, act.f1);
      const credit = share(total, act.f2);
      const body = {
        status: 'approved',
        comments: 'The money gate',
        totalRefundAmount: total,
        sourceAccountAmount: total - credit,
        creditNoteAmount: credit,
        ...(total - credit > 0 ? { refundSource: REFUND_SOURCES[act.method % REFUND_SOURCES.length] } : {}),
        ...(credit > 0 ? { validUntil: addDays(today, 1 + (act.pick % 3)) } : {}),
      };
      return send(`approve ${total - credit} back + ${credit} credit of ${paid}`, (x) => x.patch(`/api${cancellationEndpoints.status.url({ id: c.id })}`, body, { 'Idempotency-Key': key }), () =>
        ackRow('cancellation approved', `select count(*) = 1 as ok from booking_cancellations c join bookings b on b.id = c.booking_id where c.id = $1 and c.status = 'approved' and b.status = 'canceled'`, [c.id]), true);
    }
    case 'processRefund': {
      const r = await pickRow<{ id: string }>(`select id from refunds where booking_id = any($1::uuid[]) and status = 'pending' order by created_at, id`, [ids], act.pick);
      if (!r) return NOTHING + 'process refund: none pending';
      return send('process refund', (x) => x.put(`/api${creditEndpoints.process.url({ id: r.id })}`, { refundedOn: today, reference: 'GATE-RF' }), () =>
        ackRow('refund processed', `select count(*) = 1 as ok from refunds where id = $1 and status = 'refunded'`, [r.id]));
    }
    case 'payVendor': {
      const op = await pickRow<{ id: string; departure: string; arrival: string; pax: number }>(
        `select o.id, b.departure::text, b.arrival::text, b.pax from booking_operations o join bookings b on b.id = o.booking_id
         where o.booking_id = any($1::uuid[]) and o.status = 'pending' order by o.created_at, o.id`,
        [ids],
        act.pick,
      );
      if (!op) return NOTHING + 'pay vendor: no open trip';
      const cost = 10_000 + 500 * act.f1;
      const vendor = await a.post('/api/vendors', { name: `Gate vendor ${run}-${act.pick}`, services: ['hotels'], email: `vendor-${act.pick}@example.com`, isActive: true });
      if (vendor.status !== 201) return `vendor: ${vendor.status}`;
      const added = await a.post(`/api${operationPaths.vouchers(op.id)}`, { serviceType: 'hotels', vendorId: vendor.body.data._id, serviceStartDate: op.departure, serviceEndDate: op.arrival, description: 'Rooms', pax: op.pax, cost });
      if (added.status !== 201) return `voucher: ${added.status} ${added.body?.code ?? ''}`;
      const voucher = added.body.data.vouchers.at(-1)._id as string;
      const confirmed = await a.put(`/api${operationPaths.voucher(op.id, voucher)}`, { status: 'confirmed', confirmationNumber: `CNF-${act.pick}` });
      if (confirmed.status !== 200) return `confirm voucher: ${confirmed.status} ${confirmed.body?.code ?? ''}`;
      await a.put(`/api${operationPaths.voucher(op.id, voucher)}`, { vendorRefundExpected: share(cost, act.f2) });
      await a.post(`/api${operationPaths.sendVouchers(op.id)}`, {});
      const amount = act.method % 2 ? cost : Math.max(1, share(cost, act.f2));
      const key = newIdempotencyKey();
      const body = { amount, paymentMethod: 'bank-transfer', paidOn: today, reference: 'GATE-OUT' };
      return send(`pay vendor ${amount} of ${cost}`, (x) => x.post(`/api${operationPaths.voucherPayment(op.id, voucher)}`, body, { 'Idempotency-Key': key }), () =>
        ackRow('vendor paid', `select count(*) >= 1 as ok from operation_payments where operation_id = $1`, [op.id]), true);
    }
    case 'vendorRefund': {
      const v = await pickRow<{ id: string; operation_id: string; left: string }>(
        `select v.id, v.operation_id, (v.paid_amount - v.vendor_refunded)::text as left from vouchers v join booking_operations o on o.id = v.operation_id
         where o.booking_id = any($1::uuid[]) and v.status = 'void' and v.paid_amount > v.vendor_refunded order by v.created_at, v.id`,
        [ids],
        act.pick,
      );
      if (!v) return NOTHING + 'vendor refund: none due';
      const amount = act.f1 > 90 ? Number(v.left) + 1 : Math.max(1, share(Number(v.left), act.f1));
      const key = newIdempotencyKey();
      const body = { amount, paymentMethod: METHODS[act.method], receivedOn: today, reference: 'GATE-VRF' };
      const [{ before }] = await rows<{ before: number }>('select count(*)::int as before from vendor_refunds where voucher_id = $1', [v.id]);
      return send(`vendor refund ${amount} of ${v.left}`, (x) => x.post(`/api${operationPaths.vendorRefund(v.operation_id, v.id)}`, body, { 'Idempotency-Key': key }), () =>
        ackRow('vendor refund recorded', `select count(*) > $2 as ok from vendor_refunds where voucher_id = $1`, [v.id, before]), true);
    }
    case 'complete': {
      const op = await pickRow<{ id: string }>(`select id from booking_operations where booking_id = any($1::uuid[]) and status = 'pending' order by created_at, id`, [ids], act.pick);
      if (!op) return NOTHING + 'complete: no open trip';
      return send('complete trip', (x) => x.put(`/api${operationPaths.markCompleted(op.id)}`, {}), () =>
        ackRow('trip completed', `select count(*) = 1 as ok from booking_operations where id = $1 and status = 'completed'`, [op.id]));
    }
    case 'invoice': {
      const bk = await pickRow<{ id: string }>(`select id from bookings where id = any($1::uuid[]) and status = 'completed' order by created_at, id`, [ids], act.pick);
      if (!bk) return NOTHING + 'invoice: no completed booking';
      return send('invoice', (x) => x.post('/api/booking-invoices/generate', { bookingId: bk.id }), (res) =>
        ackRow('invoice issued', 'select count(*) = 1 as ok from booking_invoices where id = $1', [res.body.data._id]));
    }
    case 'day': {
      // Days pass (the test's, not the action's instance): trips arrived complete, credit notes past their day expire.
      await setDay(addDays(today, 1 + (act.f1 % 3)));
      const errors = [];
      for (const job of [BOOKING_DAY_JOB, CANCELLATIONS_DAY_JOB]) {
        const failed = await runDayJob(s, org, job, s.clock, [s.database, second]);
        if (failed) errors.push(`${job}: ${failed}`);
      }
      if (errors.length) w.serverErrors.push(...errors);
      return `day ${today}${errors.length ? ` (${errors.join('; ')})` : ''}`;
    }
  }
}

/** `s.sql`, saying how long each query took when MONEY_GATE_LOG is set. */
const timed: TestServer['sql'] = async (text, values) => {
  const started = Date.now();
  if (process.env.MONEY_GATE_LOG) process.stderr.write(`    query ${text.trim().slice(0, 70).replace(/\s+/g, ' ')}\n`);
  try {
    return await s.sql(text, values);
  } finally {
    if (process.env.MONEY_GATE_LOG) process.stderr.write(`    ${Date.now() - started} ms\n`);
  }
};

/** Every invariant, and every acknowledged write: the list of what is broken. */
async function brokenNow(w: World): Promise<string[]> {
  const ids = w.bookings.map((x) => x.id);
  const checks: [string, () => Promise<string[]>][] = [
    ['balanced', () => unbalancedEntries(s.sql)],
    ['hledger', () => hledgerRefuses(a)],
    ['bookings', () => bookingMoneyProblems(s.sql, ids)],
    ['credit notes', () => creditNoteProblems(s.sql)],
    ['seats', () => seatProblems(s.sql, w.departures.map((d) => d.id))],
    ['series', () => seriesGaps(s.sql)],
    ['half-written', () => halfWritten(timed)],
  ];
  const broken: string[] = [];
  for (const [name, check] of checks) {
    if (process.env.MONEY_GATE_LOG) process.stderr.write(`  check ${name}\n`);
    broken.push(...(await check()));
  }
  broken.push(...w.serverErrors);
  for (const ack of w.acknowledged) {
    const [row] = await s.sql<{ ok: boolean }>(ack.sql, ack.values);
    if (!row?.ok) broken.push(`acknowledged, not there: ${ack.what} (${JSON.stringify(ack.values)})`);
  }
  return broken;
}

let runs = 0;
const counts: Record<string, number> = {};

describe('the money-invariant gate', () => {
  it('holds through random sequences on two instances, one killed mid-sequence', async () => {
    if (!hledgerPresent()) {
      throw new Error('hledger is not installed: the money-invariant gate checks the exported journal with `hledger check` (.ci/run installs it: apt-get install hledger)');
    }
    console.log(`money-invariant gate: seed ${SEED}, ${RUNS} runs of ${STEPS} steps (replay: MONEY_GATE_SEED=${SEED})`);
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(sequenceArb, async ({ steps, killAt }) => {
        const run = ++runs;
        const w: World = { departures: [], bookings: [], acknowledged: [], lost: [], serverErrors: [], counts };
        const log: string[] = [];
        // MONEY_GATE_LOG=1 writes each step as it ends (a run that hangs shows where).
        const push = log.push.bind(log);
        log.push = (...lines: string[]) => {
          if (process.env.MONEY_GATE_LOG) process.stderr.write(`${lines.join('\n')}\n`);
          return push(...lines);
        };
        // Small departures (sold out now and then), two soon (their trips complete as days pass), one later.
        for (const [inDays, capacity] of [[1, 6], [6, 8], [40, 12]]) {
          const departure = addDays(today, inDays);
          const res = await a.post('/api/group-tours', { title: `Gate departure ${run}-${inDays}`, departure, arrival: addDays(departure, 1), pricePerPerson: PRICES, capacity, minimumToRun: 1 });
          expect(res.status, JSON.stringify(res.body)).toBe(201);
          w.departures.push({ id: res.body.data._id, date: departure });
        }
        for (const [i, step] of steps.entries()) {
          const killing = i === killAt && b;
          let sent: Promise<string>[];
          let how = '';
          if (killing) {
            // Instance B dies inside a transaction: the test holds the run's bookings and departures
            // locked, sends the step (and a payment) to B, and kills B once one of its connections waits
            // on those locks (or, if none ever does, once the step is over).
            const locker = new pg.Client({ connectionString: s.databaseUrl });
            await locker.connect();
            try {
              const watch = setTimeout(() => {
                void s.sql(`select pid, application_name, state, wait_event_type, wait_event, left(query, 160) as query, now() - xact_start as age from pg_stat_activity where datname = current_database() and state <> 'idle'`).then((r) => process.stderr.write(`the locks wait:\n${JSON.stringify(r, null, 1)}\n`));
              }, 8_000);
              await locker.query('begin');
              await locker.query('select id from bookings where id = any($1::uuid[]) for update', [w.bookings.map((x) => x.id)]);
              await locker.query('select id from group_tours where id = any($1::uuid[]) for update', [w.departures.map((d) => d.id)]);
              clearTimeout(watch);
              const extra: Action = { kind: 'pay', on: 1, pick: i, f1: 50, f2: 0, method: 0 };
              sent = [...step, extra].map((x) => act(w, run, x, b!.agent, true));
              let settled = false;
              void Promise.allSettled(sent).then(() => (settled = true));
              // Never more than this: a step whose requests neither wait on the locks nor end (none
              // should) would otherwise hold the gate until CI's time-out.
              const giveUp = Date.now() + 15_000;
              for (;;) {
                // Also stop when only others wait (a day's job of this step, run by the test): they wait on the locks until they go.
                // Read on the raw pool, never on the locker: inside a transaction pg_stat_activity is a
                // snapshot taken at its first read, so the locker would never see B start waiting.
                const [{ waiting, others }] = await s.sql<{ waiting: number; others: number }>(
                  `select count(*) filter (where application_name = $1)::int as waiting, count(*) filter (where application_name <> $1)::int as others
                   from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
                  [B_NAME],
                );
                if (process.env.MONEY_GATE_LOG && (others || waiting)) {
                  const r = await s.sql(`select pid, application_name, state, wait_event_type, wait_event, left(query, 100) as query from pg_stat_activity where datname = current_database() and state <> 'idle'`);
                  process.stderr.write(`at the kill: ${JSON.stringify(r)}\n`);
                }
                if (waiting || others || settled || Date.now() > giveUp) {
                  how = waiting ? `B killed with ${waiting} transaction(s) waiting` : settled || others ? 'B killed, none of its transactions waiting' : 'B killed after 15 s, none of its transactions seen waiting';
                  if (b!.server.proc.exitCode !== null || b!.server.proc.signalCode) how += `; B had already exited (${b!.server.proc.exitCode ?? b!.server.proc.signalCode}): ${b!.server.output().slice(-1500)}`;
                  break;
                }
                await new Promise((r) => setTimeout(r, 20));
              }
              const dead = b!;
              b = null;
              dead.server.proc.kill('SIGKILL');
              await dead.server.exited;
            } finally {
              await locker.query('rollback');
              await locker.end();
            }
          } else {
            sent = step.map((x) => (x.on === 1 && b ? act(w, run, x, b.agent, true) : act(w, run, x, a, false)));
          }
          if (process.env.MONEY_GATE_LOG) process.stderr.write(`step ${i} sent\n`);
          log.push(`step ${i}${killing ? ` (${how})` : ''}: ${(await Promise.all(sent)).join(' | ')}`);
          if (killing) {
            // What B lost with a key is sent again to A: it takes effect once, or answers the first result.
            for (const lost of w.lost.splice(0)) {
              const watch = setTimeout(() => {
                void s.sql(`select pid, application_name, state, wait_event_type, wait_event, left(query, 120) as query, now() - xact_start as age from pg_stat_activity where datname = current_database()`).then((r) => process.stderr.write(`still waiting for ${lost.what}:\n${JSON.stringify(r, null, 1)}\n`));
              }, 10_000);
              const res = await lost.send(a).finally(() => clearTimeout(watch));
              if (res.status >= 500) w.serverErrors.push(`${lost.what} again on A: ${res.status} ${JSON.stringify(res.body)}`);
              else if (res.status < 300) lost.ack?.(res);
              log.push(`  again on A: ${lost.what}: ${res.status}`);
            }
            await startB();
            log.push('  B started again');
          }
          if (process.env.MONEY_GATE_LOG) process.stderr.write(`checking\n`);
          const broken = await brokenNow(w);
          if (broken.length) throw new Error(`after step ${i}:\n${broken.join('\n')}\n\nthe sequence:\n${log.join('\n')}`);
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true, interruptAfterTimeLimit: BUDGET_MS, markInterruptAsFailure: false },
    );
    // What the runs reached, for whoever reads the log: the gate means little if nothing expired or was invoiced.
    const [reached] = await s.sql(`select
      (select jsonb_object_agg(status, n) from (select status, count(*) as n from credit_notes group by status) x) as credit_notes,
      (select jsonb_object_agg(status, n) from (select status, count(*) as n from refunds group by status) x) as refunds,
      (select jsonb_object_agg(payment_method, n) from (select payment_method, count(*) as n from booking_payments where status = 'verified' and booking_id in (select id from bookings where created_at > now() - interval '1 hour') group by payment_method) x) as verified_payments,
      (select count(*) from vendor_refunds) as vendor_refunds,
      (select count(*) from booking_invoices where created_at > now() - interval '1 hour') as invoices`);
    console.log(`money-invariant gate: ${runs} runs in ${Math.round((Date.now() - started) / 1000)} s; answers: ${JSON.stringify(counts)}; reached: ${JSON.stringify(reached)}`);
  }, 150_000);
});
