import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { bookingRequestOf, bookingWizardMachine, type BookingRequest, wizardPlanProblems, wizardTotal, type WizardTour } from '../../src/machines/booking-wizard-machine';
import { sumMinor } from '../../src/domain/money';

/** The booking wizard's machine (tour → travellers → plan → review): the draft, the proposed plans, the server's answer. */
const TODAY = '2031-03-10';
const pkg: WizardTour = { tourType: 'personalized', tourId: 'p1', title: 'Dubai Classic', prices: { adult: 150_000, child: 100_000, infant: 10_000 }, nights: 4 };
const departure: WizardTour = { ...pkg, tourType: 'group', tourId: 'g1', departure: '2031-06-01' };

function start(createBooking = fromPromise<{ bookingId: string }, BookingRequest>(async () => ({ bookingId: 'b1' }))) {
  const actor = createActor(bookingWizardMachine.provide({ actors: { createBooking } }), { input: { today: TODAY, depositPercent: 30, balanceDaysBeforeDeparture: 30 } });
  actor.start();
  return actor;
}

describe('booking wizard', () => {
  it('moves on only when each step is complete, and back one step at a time', () => {
    const a = start();
    a.send({ type: 'NEXT' });
    expect(a.getSnapshot().value).toBe('tour');
    a.send({ type: 'CHOOSE', leadId: 'l1', tour: pkg, departure: null });
    a.send({ type: 'NEXT' });
    expect(a.getSnapshot().value).toBe('tour'); // a package needs its first day
    a.send({ type: 'CHOOSE', leadId: 'l1', tour: pkg, departure: '2031-03-09' });
    a.send({ type: 'NEXT' });
    expect(a.getSnapshot().value).toBe('tour'); // not in the past
    a.send({ type: 'CHOOSE', leadId: 'l1', tour: pkg, departure: '2031-05-01' });
    a.send({ type: 'NEXT' });
    expect(a.getSnapshot().value).toBe('travellers');
    a.send({ type: 'SET_TRAVELLERS', travellers: [] });
    a.send({ type: 'NEXT' });
    expect(a.getSnapshot().value).toBe('travellers');
    a.send({ type: 'SET_TRAVELLERS', travellers: [{ type: 'adult', name: 'Ana' }, { type: 'child', name: '' }] });
    a.send({ type: 'NEXT' });
    expect(a.getSnapshot().value).toBe('plan');
    a.send({ type: 'BACK' });
    expect(a.getSnapshot().value).toBe('travellers');
  });

  it('prices the party like the server and proposes plans that sum to it; an edited plan that does not sum stays', () => {
    const a = start();
    a.send({ type: 'CHOOSE', leadId: 'l1', tour: departure, departure: null });
    a.send({ type: 'NEXT' });
    a.send({ type: 'SET_TRAVELLERS', travellers: [{ type: 'adult', name: 'Ana' }, { type: 'adult', name: 'Rui' }, { type: 'infant', name: '' }] });
    a.send({ type: 'NEXT' });
    const ctx = a.getSnapshot().context;
    expect(wizardTotal(ctx)).toBe(310_000);
    // On entering the plan: the organization's deposit now, the balance 30 days before departure.
    expect(ctx.installments).toEqual([
      { dueDate: TODAY, amount: 93_000 },
      { dueDate: '2031-05-02', amount: 217_000 },
    ]);
    a.send({ type: 'PROPOSE', kind: 'equal', parts: 3 });
    expect(sumMinor(a.getSnapshot().context.installments.map((i) => i.amount))).toBe(310_000);
    expect(a.getSnapshot().context.installments.map((i) => i.amount)).toEqual([103_334, 103_333, 103_333]);
    a.send({ type: 'SET_INSTALLMENTS', installments: [{ dueDate: TODAY, amount: 300_000 }] });
    expect(wizardPlanProblems(a.getSnapshot().context)).toEqual([{ path: 'installments', kind: 'sum', total: 310_000, sum: 300_000 }]);
    a.send({ type: 'NEXT' });
    expect(a.getSnapshot().value).toBe('plan');
    a.send({ type: 'SET_INSTALLMENTS', installments: [{ dueDate: '2031-04-01', amount: 10_000 }, { dueDate: TODAY, amount: 300_000 }] });
    a.send({ type: 'NEXT' });
    expect(a.getSnapshot().value).toBe('review');
    expect(bookingRequestOf(a.getSnapshot().context)).toEqual({
      tourType: 'group',
      tourId: 'g1',
      leadId: 'l1',
      pax: 3,
      travellers: [{ type: 'adult', name: 'Ana' }, { type: 'adult', name: 'Rui' }, { type: 'infant', name: null }],
      installments: [{ dueDate: TODAY, amount: 300_000 }, { dueDate: '2031-04-01', amount: 10_000 }],
    });
  });

  it('books a customized tour as sent: its party to name (not to change), its selling total, its version', async () => {
    const sent: WizardTour = { tourType: 'customized', tourId: 'c1', title: 'Oman for four', prices: null, nights: 5, departure: '2031-06-01', customized: { version: 2, total: 812_345, party: { adult: 2, child: 1, infant: 1 } } };
    let request: BookingRequest | undefined;
    const a = start(fromPromise<{ bookingId: string }, BookingRequest>(async ({ input }) => ((request = input), { bookingId: 'b9' })));
    a.send({ type: 'CHOOSE', leadId: 'l1', tour: sent, departure: null });
    expect(a.getSnapshot().context.travellers.map((t) => t.type)).toEqual(['adult', 'adult', 'child', 'infant']);
    expect(wizardTotal(a.getSnapshot().context)).toBe(812_345);
    a.send({ type: 'NEXT' });
    // Another party than the one priced: the server would refuse it (pax), so the wizard does not go on.
    a.send({ type: 'SET_TRAVELLERS', travellers: [{ type: 'adult', name: '' }] });
    a.send({ type: 'NEXT' });
    expect(a.getSnapshot().value).toBe('travellers');
    a.send({ type: 'SET_TRAVELLERS', travellers: [{ type: 'adult', name: 'Ana' }, { type: 'adult', name: '' }, { type: 'child', name: '' }, { type: 'infant', name: '' }] });
    a.send({ type: 'NEXT' });
    expect(a.getSnapshot().value).toBe('plan');
    expect(sumMinor(a.getSnapshot().context.installments.map((i) => i.amount))).toBe(812_345);
    a.send({ type: 'NEXT' });
    a.send({ type: 'SUBMIT' });
    await waitFor(a, (s) => s.value === 'done');
    expect(request).toMatchObject({ tourType: 'customized', tourId: 'c1', tourVersion: 2, leadId: 'l1', pax: 4 });
    expect(request).not.toHaveProperty('departure');
  });

  it('submits through the provided call; a refusal comes back naming the step to fix', async () => {
    const refused = fromPromise<{ bookingId: string }, BookingRequest>(async () => {
      throw Object.assign(new Error('installments must add up to the grand total'), { issues: [{ path: 'installments' }] });
    });
    for (const [createBooking, expected] of [
      [fromPromise<{ bookingId: string }, BookingRequest>(async () => ({ bookingId: 'b42' })), 'done'],
      [refused, 'plan'],
    ] as const) {
      const a = start(createBooking);
      a.send({ type: 'CHOOSE', leadId: 'l1', tour: departure, departure: null });
      a.send({ type: 'NEXT' });
      a.send({ type: 'NEXT' });
      a.send({ type: 'NEXT' });
      a.send({ type: 'SUBMIT' });
      const done = await waitFor(a, (s) => s.value !== 'submitting');
      expect(done.value).toBe(expected);
      if (expected === 'done') expect(done.context.bookingId).toBe('b42');
      else expect(done.context.error).toEqual({ step: 'plan', message: 'installments must add up to the grand total' });
    }
  });
});
