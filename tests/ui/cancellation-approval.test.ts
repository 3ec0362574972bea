import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { CancellationQuote } from '../../src/domain/cancellation';
import { cancellationApprovalMachine, decisionRequestOf, quotesDiffer, type DecisionRequest } from '../../src/machines/cancellation-approval-machine';

/**
 * The guided decision's machine (the screen drives it with @xstate/react): quote → split → confirm,
 * or quote → rejecting; a changed quote must be confirmed; the split moves on only when it holds by
 * the server's own rule; a QUOTE_CHANGED refusal reloads the quote and asks for it to be read again.
 */
const TODAY = '2031-03-10';
const quote = (o: Partial<CancellationQuote> = {}): CancellationQuote => ({
  paid: 90_000,
  fee: 30_000,
  refundable: 60_000,
  kept: 30_000,
  tier: { daysBeforeDeparture: 60, feeBasisPoints: 1_000 },
  daysBeforeDeparture: 60,
  asOf: TODAY,
  flatFee: 0,
  vendorSide: [],
  vendorPaid: 0,
  vendorRefundExpected: 0,
  costToOrganization: -30_000,
  ...o,
});

/** The machine with the screen's two calls answered by `decide` and `loadQuote`; what it sent is kept. */
function start(o: { requested?: CancellationQuote; current?: CancellationQuote; decide?: (r: DecisionRequest) => Promise<unknown>; reloaded?: CancellationQuote } = {}) {
  const sent: DecisionRequest[] = [];
  const machine = cancellationApprovalMachine.provide({
    actors: {
      decide: fromPromise<unknown, DecisionRequest>(async ({ input }) => {
        sent.push(input);
        return (o.decide ?? (async () => ({ status: input.event.type === 'APPROVE' ? 'approved' : 'rejected' })))(input);
      }),
      loadQuote: fromPromise<CancellationQuote, void>(async () => o.reloaded ?? quote()),
    },
  });
  const actor = createActor(machine, { input: { today: TODAY, requested: o.requested ?? quote(), quote: o.current ?? o.requested ?? quote() } });
  actor.start();
  return { actor, sent };
}

describe('the guided cancellation decision', () => {
  it('approves half back to the bank and half as a credit note: quote → split → confirm → done, sending what the approver read', async () => {
    const { actor, sent } = start();
    expect(actor.getSnapshot().value).toBe('quote');
    actor.send({ type: 'APPROVE' });
    expect(actor.getSnapshot().value).toBe('split');
    // The refundable amount as money back, no account yet: the split does not hold.
    expect(actor.getSnapshot().can({ type: 'NEXT' })).toBe(false);
    actor.send({ type: 'SET_SPLIT', split: { totalRefundAmount: 90_000, sourceAccountAmount: 45_000, creditNoteAmount: 45_000, refundSource: 'money:bank-transfer', validUntil: '2032-03-09' } });
    expect(actor.getSnapshot().can({ type: 'NEXT' })).toBe(true);
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('confirm');
    actor.send({ type: 'SET_COMMENT', comment: '  Half for the next trip  ' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(sent).toEqual([
      {
        event: { type: 'APPROVE', split: { totalRefundAmount: 90_000, sourceAccountAmount: 45_000, creditNoteAmount: 45_000, refundSource: 'money:bank-transfer', validUntil: '2032-03-09' } },
        also: { quotedPaid: 90_000, comments: 'Half for the next trip' },
      },
    ]);
  });

  it('refuses a split that does not add up, more than was paid, or a credit note that ends today', () => {
    const { actor } = start();
    actor.send({ type: 'APPROVE' });
    const holds = (split: object) => {
      actor.send({ type: 'SET_SPLIT', split });
      return actor.getSnapshot().can({ type: 'NEXT' });
    };
    expect(holds({ totalRefundAmount: 90_000, sourceAccountAmount: 40_000, creditNoteAmount: 45_000, refundSource: 'money:bank-transfer', validUntil: '2032-03-09' })).toBe(false);
    expect(holds({ totalRefundAmount: 90_001, sourceAccountAmount: 45_001, creditNoteAmount: 45_000 })).toBe(false);
    expect(holds({ totalRefundAmount: 90_000, sourceAccountAmount: 45_000, creditNoteAmount: 45_000, validUntil: TODAY })).toBe(false);
    expect(holds({ validUntil: '2031-03-11' })).toBe(true);
    // A credit note alone needs no account; money back alone needs no last day.
    expect(holds({ sourceAccountAmount: 0, creditNoteAmount: 90_000, refundSource: null })).toBe(true);
    expect(holds({ sourceAccountAmount: 90_000, creditNoteAmount: 0, refundSource: 'money:cash', validUntil: null })).toBe(true);
  });

  it('a rejection needs a comment', async () => {
    const { actor, sent } = start();
    actor.send({ type: 'REJECT' });
    expect(actor.getSnapshot().value).toBe('rejecting');
    expect(actor.getSnapshot().can({ type: 'SUBMIT' })).toBe(false);
    actor.send({ type: 'SET_COMMENT', comment: '   ' });
    expect(actor.getSnapshot().can({ type: 'SUBMIT' })).toBe(false);
    actor.send({ type: 'SET_COMMENT', comment: 'Non-refundable fare, as agreed' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(sent).toEqual([{ event: { type: 'REJECT', comment: 'Non-refundable fare, as agreed' }, also: {} }]);
  });

  it('a quote changed since the request is shown and must be confirmed before a split is chosen', () => {
    const requested = quote();
    const current = quote({ paid: 120_000, refundable: 90_000 });
    expect(quotesDiffer(requested, current)).toBe(true);
    // Only the day moved: not a change to confirm.
    expect(quotesDiffer(requested, quote({ asOf: '2031-03-11', daysBeforeDeparture: 59 }))).toBe(false);
    const { actor } = start({ requested, current });
    expect(actor.getSnapshot().context.mustConfirm).toBe(true);
    expect(actor.getSnapshot().can({ type: 'APPROVE' })).toBe(false);
    actor.send({ type: 'CONFIRM_QUOTE' });
    actor.send({ type: 'APPROVE' });
    // The split offered is today's refundable, judged against today's paid.
    expect(actor.getSnapshot().context.split).toMatchObject({ totalRefundAmount: 90_000, sourceAccountAmount: 90_000 });
  });

  it('QUOTE_CHANGED from the server reloads the quote and asks for it to be read again; a refused field goes back to the split', async () => {
    let calls = 0;
    const reloaded = quote({ paid: 60_000, refundable: 30_000 });
    const { actor } = start({
      reloaded,
      decide: async () => {
        calls += 1;
        if (calls === 1) throw { message: 'What was paid changed', code: 'QUOTE_CHANGED', status: 409 };
        throw { message: 'Invalid', status: 400, issues: [{ path: 'totalRefundAmount', code: 'tooLarge', message: 'too large' }] };
      },
    });
    actor.send({ type: 'APPROVE' });
    actor.send({ type: 'SET_SPLIT', split: { refundSource: 'money:bank-transfer' } });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.value === 'quote');
    expect(actor.getSnapshot().context).toMatchObject({ quote: reloaded, mustConfirm: true, error: { code: 'QUOTE_CHANGED' } });
    actor.send({ type: 'CONFIRM_QUOTE' });
    actor.send({ type: 'APPROVE' });
    actor.send({ type: 'SET_SPLIT', split: { totalRefundAmount: 30_000, sourceAccountAmount: 30_000 } });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.value === 'split');
    expect(actor.getSnapshot().context.error?.issues?.[0]?.path).toBe('totalRefundAmount');
    expect(decisionRequestOf(actor.getSnapshot().context).also.quotedPaid).toBe(60_000);
  });
});
