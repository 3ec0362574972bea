import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newIdempotencyKey } from '../../src/api/common/idempotency';
import { creditEndpoints } from '../../src/api/finance/credit/contract';
import { addDays } from '../../src/domain/calendar';
import { CREDIT_NOTE_EVENTS, USABLE_CREDIT_NOTE_STATES, creditNoteMachine, type CreditNoteEvent } from '../../src/machines/credit-note-machine';
import { allowedEvents, snapshotOf } from '../../src/machines/workflow';
import { CANCELLATIONS_DAY_JOB } from '../../server/cancellations';
import { connect } from '../../server/db/client';
import type { Agent, Answer } from '../support/agent';
import { NOW, book, day, groupBooking, newDeparture, newLead, orgId, pay } from '../support/bookings';
import { NOTHING_BACK, decideCancellation, paidBooking, requestCancellation, requestedCancellation } from '../support/cancellations';
import { runDayJob } from '../support/day-jobs';
import { testMachinePaths, type WorkflowAdapter } from '../support/path-replay';
import { startTestServer, type TestServer } from '../support/server';

let s: TestServer;
let owner: Agent;
let org: string;
let departure: string;

beforeAll(async () => {
  s = await startTestServer();
  s.clock.set(NOW);
  owner = await s.login('owner@demo.travel');
  org = await orgId(s);
  departure = await newDeparture(owner, { capacity: 1000, inDays: 90 });
});
afterAll(() => s?.close());

const NOTE = 20_000;
const VALID_UNTIL = day(120);

/**
 * Where each note's credit sits now: the booking that last took all that was left of it, or (before
 * any use, or once that booking was cancelled) the cancelled booking it came from; and the customer's
 * booking open to pay with it.
 */
interface NoteHolder {
  email: string;
  holder: string;
  open: string | null;
}
const notes = new Map<string, NoteHolder>();

const answer = (status: number, body: unknown = {}): Answer => ({ status, headers: new Headers(), body });

/**
 * A credit note over HTTP. It has no endpoint of its own: its events are what happens to its
 * customer's bookings and what the daily job does.
 *
 * - USE_UP is a booking payment with `paymentMethod: 'credit-note'` for all that is left (the
 *   smallest amount, 1, when nothing is), on a later booking of the same customer (a new lead with
 *   the same email: the same contact).
 * - REINSTATE is cancelling the booking the credit sits on (a request, then an approval giving
 *   nothing back): its credit-note payment goes back to the note. While the credit sits on a booking
 *   already cancelled (the one the note came from, or one cancelled before), the request is refused.
 * - EXPIRE is the organization's day after the last valid one: the test clock past `validUntil`,
 *   the `cancellations-day` job run by two database pools at once, the clock back. The job answers no
 *   one: its answer here is what it did to this note (200 expired it, 409 left it as it was, 500 the
 *   job failed); what a refused EXPIRE must leave unchanged is the note, its uses and its entries.
 */
const creditNoteAdapter = (): WorkflowAdapter<CreditNoteEvent> => ({
  allEvents: CREDIT_NOTE_EVENTS,
  async create() {
    const email = `credit-${process.pid}-${notes.size + 1}@example.com`;
    const first = await paidBooking(owner, departure, { email });
    const cancellation = await requestedCancellation(owner, first._id);
    const approved = await decideCancellation(owner, cancellation._id, { status: 'approved', totalRefundAmount: NOTE, sourceAccountAmount: 0, creditNoteAmount: NOTE, validUntil: VALID_UNTIL });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const id = approved.body.data.creditNote._id as string;
    notes.set(id, { email, holder: first._id, open: null });
    return id;
  },
  async send(id, event) {
    const note = notes.get(id)!;
    switch (event.type) {
      case 'USE_UP': {
        if (!note.open) note.open = (await book(owner, groupBooking(departure, await newLead(owner, undefined, { email: note.email }), { pax: 2 })))._id;
        const left = (await owner.get(`/api${creditEndpoints.creditNote.url({ id })}`)).body.data.remaining as number;
        const res = await pay(owner, note.open!, Math.max(left, 1), { paymentMethod: 'credit-note', creditNoteId: id, reference: null }, { 'Idempotency-Key': newIdempotencyKey() });
        if (res.status === 201) note.holder = note.open!;
        return res;
      }
      case 'REINSTATE': {
        const requested = await requestCancellation(owner, note.holder);
        if (requested.status !== 201) return requested;
        const approved = await decideCancellation(owner, requested.body.data._id, NOTHING_BACK);
        if (note.open === note.holder) note.open = null;
        return approved;
      }
      case 'EXPIRE': {
        const before = (await owner.get(`/api${creditEndpoints.creditNote.url({ id })}`)).body.data.status;
        s.clock.set(`${addDays(VALID_UNTIL, 1)}T08:00:00Z`);
        const other = connect(s.databaseUrl, 2);
        try {
          const failed = await runDayJob(s, org, CANCELLATIONS_DAY_JOB, s.clock, [s.database, other]);
          if (failed) return answer(500, { error: failed });
        } finally {
          s.clock.set(NOW);
          await other.close();
        }
        const after = (await owner.get(`/api${creditEndpoints.creditNote.url({ id })}`)).body.data.status;
        return answer(after === 'expired' && before !== 'expired' ? 200 : 409, { before, after });
      }
    }
  },
  async readState(id) {
    return (await owner.get(`/api${creditEndpoints.creditNote.url({ id })}`)).body.data.status;
  },
  async readRecord(id) {
    const [row] = await s.sql('select status, amount, used_amount, valid_until::text, entry_id, expiry_entry_id from credit_notes where id = $1', [id]);
    const [around] = await s.sql(
      `select (select count(*) from credit_note_redemptions where credit_note_id = $1) as uses,
              (select count(*) from journal_entries where source_type = 'credit-note' and source_id = $1) as entries`,
      [id],
    );
    return { row, around };
  },
});

testMachinePaths(creditNoteMachine, { events: CREDIT_NOTE_EVENTS, api: creditNoteAdapter });

describe('credit note machine', () => {
  it('pays while issued; used up it may be given back; expired it is final', () => {
    expect(USABLE_CREDIT_NOTE_STATES).toEqual(['issued']);
    expect(allowedEvents(snapshotOf(creditNoteMachine, 'issued'), CREDIT_NOTE_EVENTS)).toEqual([{ type: 'USE_UP' }, { type: 'EXPIRE' }]);
    expect(allowedEvents(snapshotOf(creditNoteMachine, 'redeemed'), CREDIT_NOTE_EVENTS)).toEqual([{ type: 'REINSTATE' }]);
    expect(allowedEvents(snapshotOf(creditNoteMachine, 'expired'), CREDIT_NOTE_EVENTS)).toEqual([]);
  });
});
