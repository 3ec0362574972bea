import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/calendar';
import {
  allocateOldestFirst,
  balanceDueDate,
  depositPlan,
  equalPlan,
  installmentStatus,
  inDueOrder,
  paymentStatus,
  planProblems,
  priceOfTravellers,
  reminderStageOn,
  taxIncluded,
} from '../../src/domain/installment-plan';
import { sumMinor } from '../../src/domain/money';

/** The booking's money rules (src/domain/installment-plan.ts), shared by the booking wizard and the server. */
const date = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2150, 0, 1) }).map((ms) => new Date(ms).toISOString().slice(0, 10));
const basis = fc.record({
  total: fc.integer({ min: 0, max: 1e12 }),
  today: date,
  lead: fc.integer({ min: 0, max: 400 }),
  balanceDaysBefore: fc.integer({ min: 0, max: 120 }),
}).map(({ lead, ...b }) => ({ ...b, departure: addDays(b.today, lead) }));

const expectValidPlan = (plan: { dueDate: string; amount: number }[], b: { total: number; today: string; departure: string }) => {
  expect(sumMinor(plan.map((p) => p.amount))).toBe(b.total);
  expect(plan.every((p) => p.amount > 0)).toBe(true);
  expect(planProblems(plan, b)).toEqual([]);
  expect(inDueOrder(plan)).toEqual(plan);
};

describe('installment plans', () => {
  it('a deposit plan sums to the total, due from today to the balance date, never empty parts', () => {
    fc.assert(
      fc.property(basis, fc.integer({ min: 0, max: 10_000 }), (b, bp) => {
        const plan = depositPlan({ ...b, depositBasisPoints: bp });
        expectValidPlan(plan, b);
        expect(plan.length).toBeLessThanOrEqual(2);
        if (plan.length === 2) {
          expect(plan[0].dueDate).toBe(b.today);
          expect(plan[1].dueDate).toBe(balanceDueDate(b));
          // The deposit is the rate's share of the total, within one unit.
          expect(Math.abs(plan[0].amount * 10_000 - b.total * bp)).toBeLessThan(10_000);
        }
      }),
    );
  });

  it('an equal plan splits by largest remainder: parts differ by at most one unit, the larger first', () => {
    fc.assert(
      fc.property(basis, fc.integer({ min: 1, max: 24 }), (b, parts) => {
        const plan = equalPlan({ ...b, parts });
        expectValidPlan(plan, b);
        if (b.total === 0) {
          expect(plan).toEqual([]);
          return;
        }
        expect(plan.length).toBe(Math.min(parts, b.total));
        const amounts = plan.map((p) => p.amount);
        expect(Math.max(...amounts) - Math.min(...amounts)).toBeLessThanOrEqual(1);
        expect([...amounts].sort((x, y) => y - x)).toEqual(amounts);
        expect(plan[0].dueDate).toBe(b.today);
        if (plan.length > 1) expect(plan.at(-1)!.dueDate).toBe(balanceDueDate(b));
      }),
    );
  });

  it('names what is wrong with a plan: the sum, a past due date, one after the departure', () => {
    const b = { total: 1000, today: '2031-03-10', departure: '2031-04-01' };
    expect(planProblems([{ dueDate: '2031-03-10', amount: 1000 }], b)).toEqual([]);
    expect(planProblems([{ dueDate: '2031-03-10', amount: 999 }], b)).toEqual([{ path: 'installments', kind: 'sum', total: 1000, sum: 999 }]);
    expect(planProblems([{ dueDate: '2031-03-09', amount: 500 }, { dueDate: '2031-04-02', amount: 500 }], b)).toEqual([
      { path: 'installments.0.dueDate', kind: 'inPast' },
      { path: 'installments.1.dueDate', kind: 'afterDeparture' },
    ]);
    // The departure day itself is allowed; a free booking has no plan.
    expect(planProblems([{ dueDate: '2031-04-01', amount: 1000 }], b)).toEqual([]);
    expect(planProblems([], { ...b, total: 0 })).toEqual([]);
  });
});

const installments = fc.array(
  fc.record({ dueDate: date, position: fc.nat(50), amount: fc.integer({ min: 1, max: 1e9 }), paidShare: fc.double({ min: 0, max: 1, noNaN: true }) }),
  { minLength: 1, maxLength: 12 },
).map((list) => list.map((i, n) => ({ id: `i${n}`, dueDate: i.dueDate, position: n, amount: i.amount, paid: Math.floor(i.amount * i.paidShare) })));

describe('what a payment pays', () => {
  it('takes the installments oldest due first, each up to what it lacks, and sums to the payment', () => {
    fc.assert(
      fc.property(installments, fc.double({ min: 0, max: 1, noNaN: true }), (list, share) => {
        const open = list.reduce((s, i) => s + i.amount - i.paid, 0);
        fc.pre(open > 0);
        const amount = Math.max(1, Math.floor(open * share));
        const parts = allocateOldestFirst(list, amount);
        expect(sumMinor(parts.map((p) => p.amount))).toBe(amount);
        for (const p of parts) {
          const i = list.find((x) => x.id === p.installmentId)!;
          expect(p.amount).toBeGreaterThan(0);
          expect(p.amount).toBeLessThanOrEqual(i.amount - i.paid);
        }
        // Only the last installment paid may be left partly open; every earlier-due one is then full.
        const ordered = [...list].sort((a, b) => (a.dueDate === b.dueDate ? a.position - b.position : a.dueDate < b.dueDate ? -1 : 1));
        const touched = parts.map((p) => ordered.findIndex((o) => o.id === p.installmentId));
        const last = Math.max(...touched);
        for (let k = 0; k < last; k++) {
          const i = ordered[k];
          const got = parts.find((p) => p.installmentId === i.id)?.amount ?? 0;
          expect(i.paid + got).toBe(i.amount);
        }
      }),
    );
  });

  it('refuses a payment of more than the installments lack', () => {
    const list = [{ id: 'a', dueDate: '2031-01-01', position: 1, amount: 100, paid: 40 }];
    expect(() => allocateOldestFirst(list, 61)).toThrow(RangeError);
    expect(allocateOldestFirst(list, 60)).toEqual([{ installmentId: 'a', amount: 60 }]);
    expect(() => allocateOldestFirst(list, 0)).toThrow(RangeError);
  });
});

describe('derived statuses', () => {
  it('an installment is paid once covered, overdue after its due date, else pending', () => {
    expect(installmentStatus({ amount: 10, paid: 10, dueDate: '2031-01-01' }, '2031-02-01')).toBe('paid');
    expect(installmentStatus({ amount: 10, paid: 9, dueDate: '2031-01-31' }, '2031-02-01')).toBe('overdue');
    expect(installmentStatus({ amount: 10, paid: 0, dueDate: '2031-02-01' }, '2031-02-01')).toBe('pending');
  });

  it('a booking is unpaid, partly paid or paid; a free one is paid', () => {
    expect(paymentStatus(100, 0)).toBe('unpaid');
    expect(paymentStatus(100, 1)).toBe('partiallyPaid');
    expect(paymentStatus(100, 100)).toBe('paid');
    expect(paymentStatus(0, 0)).toBe('paid');
  });

  it('prices a party by traveller type', () => {
    expect(priceOfTravellers({ adult: 100, child: 70, infant: 10 }, [{ type: 'adult' }, { type: 'adult' }, { type: 'child' }, { type: 'infant' }])).toBe(280);
  });
});

describe('tax inside a price', () => {
  it('net and tax always add up to the total; the tax is the rate over (1 + rate), rounded once', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e13 }), fc.integer({ min: 0, max: 10_000 }), (total, rate) => {
        const { net, tax } = taxIncluded(total, rate);
        expect(net + tax).toBe(total);
        expect(tax).toBeGreaterThanOrEqual(0);
        // |tax·(1 + rate) − total·rate| ≤ half a unit of (1 + rate).
        expect(Math.abs(tax * (10_000 + rate) - total * rate)).toBeLessThanOrEqual((10_000 + rate) / 2);
      }),
    );
    expect(taxIncluded(10_500, 500)).toEqual({ net: 10_000, tax: 500 });
  });
});

describe('reminders', () => {
  const settings = { reminderDaysBefore: 3, overdueNoticeDaysAfter: 1 };
  it('goes before the due date within its window, and once overdue after it', () => {
    const due = '2031-03-10';
    expect(reminderStageOn(due, '2031-03-06', settings)).toBeUndefined();
    expect(reminderStageOn(due, '2031-03-07', settings)).toBe('before-due');
    expect(reminderStageOn(due, '2031-03-10', settings)).toBe('before-due');
    expect(reminderStageOn(due, '2031-03-11', settings)).toBe('overdue');
    expect(reminderStageOn(due, '2031-03-11', { ...settings, overdueNoticeDaysAfter: 0 })).toBe('overdue');
    expect(reminderStageOn(due, '2031-03-12', { ...settings, overdueNoticeDaysAfter: 3 })).toBeUndefined();
    expect(reminderStageOn(due, '2031-03-13', { ...settings, overdueNoticeDaysAfter: 3 })).toBe('overdue');
  });
});
