import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import type { Tx } from '../../server/db/client';
import { applyEvent, type ActionNameOf, type Workflow } from '../../server/workflow/apply-event';
import { ApiError } from '../../server/http/errors';

/** The generic helper, on a small machine with a guard and named effects, over an in-memory store. */
type Ev = { type: 'SUBMIT' } | { type: 'APPROVE'; by: string } | { type: 'REJECT'; reason: string };
const reviewMachine = setup({
  types: { events: {} as Ev, context: {} as { amount: number } },
  actions: { notifyReviewer: () => {}, writeLedger: (_, _params: { account: string }) => {} },
  guards: { small: ({ context }) => context.amount <= 1000 },
}).createMachine({
  id: 'review',
  initial: 'draft',
  context: { amount: 0 },
  states: {
    draft: { on: { SUBMIT: { target: 'review.waiting', actions: 'notifyReviewer' } } },
    review: {
      initial: 'waiting',
      states: { waiting: {} },
      on: {
        APPROVE: { guard: 'small', target: 'approved', actions: { type: 'writeLedger', params: { account: 'main' } } },
        REJECT: 'draft',
      },
    },
    approved: { type: 'final' },
  },
});

type Row = { id: string; status: string; amount: number };
function store(rows: Row[], effects?: Workflow<typeof reviewMachine, Row>['effects']) {
  const db = new Map(rows.map((r) => [r.id, { ...r }]));
  const log: string[] = [];
  const workflow: Workflow<typeof reviewMachine, Row> = {
    machine: reviewMachine,
    recordName: 'Claim',
    lock: async (_tx, id) => {
      log.push(`lock ${id}`);
      return db.get(id);
    },
    stateOf: (row) => (row.status.includes('.') ? { [row.status.split('.')[0]]: row.status.split('.')[1] } : row.status),
    contextOf: (_tx, row) => ({ amount: row.amount }),
    saveState: async (_tx, row, to) => {
      const v = to.value as string | Record<string, string>;
      db.get(row.id)!.status = typeof v === 'string' ? v : Object.entries(v).map(([k, c]) => `${k}.${c}`)[0];
      log.push(`save ${db.get(row.id)!.status}`);
    },
    effects: effects ?? {
      notifyReviewer: async () => void log.push('notify'),
      writeLedger: async ({ params, event }) => void log.push(`ledger ${JSON.stringify(params)} by ${(event as { by: string }).by}`),
    },
  };
  return { db, log, workflow };
}
const tx = {} as Tx;

describe('applyEvent', () => {
  it('locks, checks, runs the named effects in order, then the caller’s, then stores the new state', async () => {
    const { db, log, workflow } = store([{ id: 'a', status: 'draft', amount: 10 }]);
    const applied = await applyEvent(tx, workflow, 'a', { type: 'SUBMIT' }, async ({ to }) => void log.push(`also ${JSON.stringify(to.value)}`));
    expect(applied.from.value).toBe('draft');
    expect(applied.to.value).toEqual({ review: 'waiting' });
    expect(log).toEqual(['lock a', 'notify', 'also {"review":"waiting"}', 'save review.waiting']);
    await applyEvent(tx, workflow, 'a', { type: 'APPROVE', by: 'finance' });
    expect(log.slice(4)).toEqual(['lock a', 'ledger {"account":"main"} by finance', 'save approved']);
    expect(db.get('a')!.status).toBe('approved');
  });

  it('answers 409 naming the state and the event when the machine refuses (guards read the record), and changes nothing', async () => {
    const { db, log, workflow } = store([
      { id: 'a', status: 'draft', amount: 10 },
      { id: 'big', status: 'review.waiting', amount: 5000 },
    ]);
    const refused = await applyEvent(tx, workflow, 'a', { type: 'APPROVE', by: 'x' }).catch((e) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused.status).toBe(409);
    expect(refused.body()).toEqual({ code: 'TRANSITION_NOT_ALLOWED', message: 'Event APPROVE is not allowed in state draft', params: { state: 'draft', event: 'APPROVE' } });
    const guarded = await applyEvent(tx, workflow, 'big', { type: 'APPROVE', by: 'x' }).catch((e) => e);
    expect(guarded.message).toBe('Event APPROVE is not allowed in state review.waiting');
    expect(log).toEqual(['lock a', 'lock big']);
    expect(db.get('a')!.status).toBe('draft');
    expect(db.get('big')!.status).toBe('review.waiting');
  });

  it('answers 404 for a record that is not there', async () => {
    const { workflow } = store([]);
    const err = await applyEvent(tx, workflow, 'nope', { type: 'SUBMIT' }).catch((e) => e);
    expect(err.status).toBe(404);
    expect(err.message).toBe('Claim not found');
  });

  it('refuses to run a machine action the server has no effect for, before storing anything', async () => {
    const { db, workflow } = store([{ id: 'a', status: 'draft', amount: 1 }], {});
    await expect(applyEvent(tx, workflow, 'a', { type: 'SUBMIT' })).rejects.toThrow('the action "notifyReviewer" has no server effect');
    expect(db.get('a')!.status).toBe('draft');
  });

  it('uses the workflow’s own refusal message when it has one', async () => {
    const { workflow } = store([{ id: 'a', status: 'approved', amount: 1 }]);
    const err = await applyEvent(tx, { ...workflow, refusal: (state, e) => `Cannot ${e.type.toLowerCase()} a claim that is ${state}` }, 'a', { type: 'REJECT', reason: 'x' }).catch((e) => e);
    expect(err.message).toBe('Cannot reject a claim that is approved');
  });

  it('hands what each effect returns to the next effects and to saveState, merged in order (no side channel)', async () => {
    type Saved = { ledgerLine?: string; approvedBy?: string };
    const saves: Partial<Saved>[] = [];
    const seen: Partial<Saved>[] = [];
    const db = new Map([['a', { id: 'a', status: 'review.waiting', amount: 10 }]]);
    const workflow: Workflow<typeof reviewMachine, Row, Saved> = {
      machine: reviewMachine,
      recordName: 'Claim',
      lock: async (_tx, id) => db.get(id),
      stateOf: () => ({ review: 'waiting' }),
      contextOf: (_tx, row) => ({ amount: row.amount }),
      saveState: async (_tx, row, to, _event, saved) => {
        db.get(row.id)!.status = to.value as string;
        saves.push(saved);
      },
      effects: {
        notifyReviewer: async () => {},
        writeLedger: async ({ params, saved }) => {
          seen.push(saved);
          return { ledgerLine: `line on ${(params as { account: string }).account}` };
        },
      },
    };
    await applyEvent(tx, workflow, 'a', { type: 'APPROVE', by: 'finance' }, async ({ event, saved }) => {
      seen.push(saved);
      return { approvedBy: (event as { by: string }).by };
    });
    expect(seen).toEqual([{}, { ledgerLine: 'line on main' }]);
    expect(saves).toEqual([{ ledgerLine: 'line on main', approvedBy: 'finance' }]);
    expect(db.get('a')!.status).toBe('approved');
  });

  it('keys effects by the machine’s action names (a misspelt effect does not compile)', () => {
    const names: ActionNameOf<typeof reviewMachine>[] = ['notifyReviewer', 'writeLedger'];
    // @ts-expect-error: the review machine names no action `notifyReviewers`
    const misspelt: ActionNameOf<typeof reviewMachine> = 'notifyReviewers';
    const effects: Workflow<typeof reviewMachine, Row>['effects'] = {
      notifyReviewer: async () => {},
      // @ts-expect-error: an effect for an action the machine does not name
      postToLedger: async () => {},
    };
    expect(names).toHaveLength(2);
    expect(misspelt).toBeDefined();
    expect(effects).toBeDefined();
  });
});
