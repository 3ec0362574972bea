import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/calendar';
import { describeLines, lineDates, planVouchers, stayNights, type ServiceLine } from '../../src/domain/voucher-plan';

/**
 * "Fill from the tour" (issue 27): one draft voucher per vendor and service, stays by date range,
 * lines without a vendor left to assign. The pure rule the prefill route applies (src/domain/voucher-plan.ts);
 * the route itself is tested in tests/api/operations.test.ts.
 */
const DEP = '2027-05-10';
const ARR = '2027-05-16';
let n = 0;
const line = (patch: Partial<ServiceLine>): ServiceLine => ({ lineId: String(++n), service: 'activities', vendorId: 'v1', description: `line ${n}`, start: DEP, end: DEP, cost: 1_000, ...patch });

describe('the vouchers a tour’s lines call for', () => {
  it('merges the nights of one hotel vendor into one stay voucher: 6 lines, 1 voucher from check-in to check-out, costs summed', () => {
    n = 0;
    const nights = Array.from({ length: 6 }, (_, i) => line({ service: 'hotels', vendorId: 'atlantis', description: 'The Marina Palace, Deluxe King', start: addDays(DEP, i), end: addDays(DEP, i + 1), cost: 39_000 }));
    const { vouchers, toAssign } = planVouchers(nights);
    expect(toAssign).toEqual([]);
    expect(vouchers).toEqual([
      { service: 'hotels', vendorId: 'atlantis', start: DEP, end: ARR, description: 'The Marina Palace, Deluxe King × 6', cost: 234_000, lineIds: ['1', '2', '3', '4', '5', '6'] },
    ]);
  });

  it('splits one vendor’s stays at a gap, keeps overlapping ones together, and never merges two vendors or two services', () => {
    n = 0;
    const lines = [
      line({ service: 'hotels', vendorId: 'atlantis', description: 'Dubai', start: '2027-05-10', end: '2027-05-12' }),
      line({ service: 'hotels', vendorId: 'atlantis', description: 'Dubai suite', start: '2027-05-11', end: '2027-05-12' }),
      line({ service: 'hotels', vendorId: 'atlantis', description: 'Back in Dubai', start: '2027-05-14', end: '2027-05-16' }),
      line({ service: 'hotels', vendorId: 'rotana', description: 'Abu Dhabi', start: '2027-05-12', end: '2027-05-14' }),
      line({ service: 'transfers', vendorId: 'atlantis', description: 'Airport pick-up', start: '2027-05-10', end: '2027-05-10' }),
      line({ service: 'activities', vendorId: 'adventures', description: 'Safari', start: '2027-05-11', end: '2027-05-11', cost: 17_000 }),
      line({ service: 'activities', vendorId: 'adventures', description: 'Dhow cruise', start: '2027-05-15', end: '2027-05-15', cost: 9_000 }),
      line({ service: 'transfers', vendorId: null, description: 'Airport drop-off', start: '2027-05-16', end: '2027-05-16' }),
    ];
    const { vouchers, toAssign } = planVouchers(lines);
    expect(vouchers.map((v) => [v.service, v.vendorId, v.start, v.end, v.lineIds.join(','), v.description])).toEqual([
      ['hotels', 'atlantis', '2027-05-10', '2027-05-12', '1,2', 'Dubai; Dubai suite'],
      ['transfers', 'atlantis', '2027-05-10', '2027-05-10', '5', 'Airport pick-up'],
      ['activities', 'adventures', '2027-05-11', '2027-05-15', '6,7', 'Safari; Dhow cruise'],
      ['hotels', 'rotana', '2027-05-12', '2027-05-14', '4', 'Abu Dhabi'],
      ['hotels', 'atlantis', '2027-05-14', '2027-05-16', '3', 'Back in Dubai'],
    ]);
    expect(vouchers.find((v) => v.vendorId === 'adventures')!.cost).toBe(26_000);
    expect(toAssign.map((l) => l.description)).toEqual(['Airport drop-off']);
  });

  it('dates a line within the trip: a day, a stay of its hotel’s nights (check-out after the last), the whole trip', () => {
    const trip = { departure: DEP, arrival: ARR };
    expect(lineDates(trip, '2027-05-11', null)).toEqual({ start: '2027-05-11', end: '2027-05-11' });
    expect(lineDates(trip, '2027-05-11', { nights: 3 })).toEqual({ start: '2027-05-11', end: '2027-05-14' });
    expect(lineDates(trip, '2027-05-15', { nights: 4 })).toEqual({ start: '2027-05-15', end: ARR });
    expect(lineDates(trip, null, null)).toEqual({ start: DEP, end: ARR });
    const days = [{ hotelId: 'h1' }, { hotelId: 'h1' }, { hotelId: 'h2' }, { hotelId: null }];
    expect(stayNights(days, 1, 'h1')).toBe(2);
    expect(stayNights(days, 2, 'h1')).toBe(1);
    expect(stayNights(days, 4, 'h1')).toBe(1);
    expect(stayNights(days, 1, null)).toBe(1);
    expect(describeLines(['Transfer', 'Safari', 'Transfer', ' '])).toBe('Transfer × 2; Safari');
  });

  const lineArb = fc.record({
    service: fc.constantFrom('hotels', 'activities', 'transfers', 'visa'),
    vendorId: fc.option(fc.constantFrom('a', 'b', 'c'), { nil: null }),
    description: fc.constantFrom('Night', 'Safari', 'Pick-up', 'Visa'),
    startDay: fc.integer({ min: 0, max: 12 }),
    length: fc.integer({ min: 0, max: 4 }),
    cost: fc.integer({ min: 0, max: 1_000_000 }),
  });
  const linesArb = fc.array(lineArb, { maxLength: 25 }).map((list) =>
    list.map((l, i): ServiceLine => ({ lineId: String(i + 1), service: l.service, vendorId: l.vendorId, description: l.description, start: addDays(DEP, l.startDay), end: addDays(DEP, l.startDay + l.length), cost: l.cost })),
  );

  it('books every line with a vendor exactly once and none without, keeps the cost, one vendor and service per voucher, dates covering its lines', () => {
    fc.assert(
      fc.property(linesArb, (lines) => {
        const { vouchers, toAssign } = planVouchers(lines);
        const booked = vouchers.flatMap((v) => v.lineIds);
        expect([...booked].sort()).toEqual(lines.filter((l) => l.vendorId).map((l) => l.lineId).sort());
        expect(toAssign.map((l) => l.lineId)).toEqual(lines.filter((l) => !l.vendorId).map((l) => l.lineId));
        expect(vouchers.reduce((s, v) => s + v.cost, 0) + toAssign.reduce((s, l) => s + l.cost, 0)).toBe(lines.reduce((s, l) => s + l.cost, 0));
        const byId = new Map(lines.map((l) => [l.lineId, l]));
        for (const v of vouchers) {
          for (const id of v.lineIds) {
            const l = byId.get(id)!;
            expect([l.vendorId, l.service]).toEqual([v.vendorId, v.service]);
            expect(l.start >= v.start && l.end <= v.end).toBe(true);
          }
        }
      }),
    );
  });

  it('makes one voucher per vendor and service, but for stays one per run of dates: two stays of one vendor neither overlap nor touch', () => {
    fc.assert(
      fc.property(linesArb, (lines) => {
        const { vouchers } = planVouchers(lines);
        const others = vouchers.filter((v) => v.service !== 'hotels').map((v) => `${v.vendorId}|${v.service}`);
        expect(new Set(others).size).toBe(others.length);
        const stays = vouchers.filter((v) => v.service === 'hotels');
        for (const a of stays) for (const b of stays) if (a !== b && a.vendorId === b.vendorId) expect(a.end < b.start || b.end < a.start).toBe(true);
        // Run twice, the same plan (the route's re-run skips lines already booked, never books them again).
        expect(planVouchers(lines)).toEqual(planVouchers(lines));
        expect(planVouchers(lines.filter((l) => !vouchers.some((v) => v.lineIds.includes(l.lineId)))).vouchers).toEqual([]);
      }),
    );
  });
});
