import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitEvenly, sumMinor } from '../../src/domain/money';
import { livePrice, liveTotals, MAX_MARKUP_BASIS_POINTS, PriceOutOfRange, priceLine, priceTour, priceTourLines, type LineToPrice, type Markup } from '../../src/domain/tour-pricing';

/** The tour pricing function (src/domain/tour-pricing.ts) the builder and the server share. */
const KINDS = ['hotels', 'flights', 'transfers', 'activities', 'visa', 'land-part', 'others', 'fee', 'discount'] as const;
const markupArb: fc.Arbitrary<Markup> = fc.oneof(
  fc.record({ basisPoints: fc.integer({ min: 0, max: MAX_MARKUP_BASIS_POINTS }) }),
  fc.record({ amount: fc.integer({ min: 0, max: 5_000_000 }) }),
);
const lineArb: fc.Arbitrary<LineToPrice> = fc.constantFrom(...KINDS).chain((kind) =>
  fc.record({
    kind: fc.constant(kind),
    quantity: fc.integer({ min: 1, max: 500 }),
    // A discount costs nothing: its markup is the discount.
    unitCost: kind === 'discount' ? fc.constant(0) : fc.integer({ min: 0, max: 50_000_000 }),
    markup: markupArb,
  }),
);
const tourArb = fc.record({ lines: fc.array(lineArb, { maxLength: 60 }), pax: fc.integer({ min: 0, max: 40 }) });

/** The exact unit markup as a fraction of 10 000 (BigInt), for comparing with the rounded one. */
const exactTimes10k = (unitCost: number, m: Markup) => ('basisPoints' in m ? BigInt(unitCost) * BigInt(m.basisPoints) : BigInt(m.amount) * 10_000n);

describe('tour pricing', () => {
  it('line and tour totals always equal the sum of their parts, in minor units', () => {
    fc.assert(
      fc.property(tourArb, ({ lines, pax }) => {
        const { lines: priced, totals } = priceTour(lines, pax);
        expect(totals.cost).toBe(sumMinor(priced.map((l) => l.lineCost)));
        expect(totals.sell).toBe(sumMinor(priced.map((l) => l.lineSell)));
        expect(totals.margin).toBe(totals.sell - totals.cost);
        for (const l of priced) {
          const sign = l.kind === 'discount' ? -1 : 1;
          expect(l.unitPrice).toBe(l.unitCost + l.unitMarkup);
          // The unit price a customer reads times the quantity is the line price: nothing lost between them.
          expect(l.lineSell).toBe(sign * l.unitPrice * l.quantity || 0);
          expect(l.lineCost).toBe(l.kind === 'discount' ? 0 : l.unitCost * l.quantity);
          for (const value of [l.unitMarkup, l.unitPrice, l.lineCost, l.lineSell]) expect(Number.isSafeInteger(value)).toBe(true);
        }
      }),
    );
  });

  it('rounds a markup in basis points half away from zero, per unit, never more than half a unit from exact', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 0, max: MAX_MARKUP_BASIS_POINTS }), (unitCost, basisPoints) => {
        const { unitMarkup } = priceLine({ kind: 'hotels', quantity: 1, unitCost, markup: { basisPoints } });
        const exact = exactTimes10k(unitCost, { basisPoints });
        const diff = BigInt(unitMarkup) * 10_000n - exact;
        // Within half a unit, and an exact half goes up (the cost is never negative).
        expect(diff > -5_000n && diff <= 5_000n).toBe(true);
      }),
    );
    // 1 000 % is the most a markup may be.
    expect(MAX_MARKUP_BASIS_POINTS).toBe(100_000);
    // 15 % of 1 005 is 150.75 → 151; 10 % of 5 is 0.5 → 1; 10 % of 4 is 0.4 → 0.
    expect(priceLine({ kind: 'hotels', quantity: 3, unitCost: 1005, markup: { basisPoints: 1500 } })).toEqual({ unitMarkup: 151, unitPrice: 1156, lineCost: 3015, lineSell: 3468 });
    expect(priceLine({ kind: 'hotels', quantity: 1, unitCost: 5, markup: { basisPoints: 1000 } }).unitMarkup).toBe(1);
    expect(priceLine({ kind: 'hotels', quantity: 1, unitCost: 4, markup: { basisPoints: 1000 } }).unitMarkup).toBe(0);
  });

  it('adds a markup amount as it is, and a discount as a negative line without cost', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 1, max: 1000 }), (unitCost, amount, quantity) => {
        const line = priceLine({ kind: 'transfers', quantity, unitCost, markup: { amount } });
        expect(line).toEqual({ unitMarkup: amount, unitPrice: unitCost + amount, lineCost: unitCost * quantity, lineSell: (unitCost + amount) * quantity });
        const discount = priceLine({ kind: 'discount', quantity, unitCost: 0, markup: { amount } });
        expect(discount).toEqual({ unitMarkup: amount, unitPrice: amount, lineCost: 0, lineSell: amount === 0 ? 0 : -amount * quantity });
      }),
    );
  });

  it('equals an independent computation of the whole tour in BigInt', () => {
    fc.assert(
      fc.property(tourArb, ({ lines, pax }) => {
        let sell = 0n;
        let cost = 0n;
        for (const l of lines) {
          const exact = exactTimes10k(l.unitCost, l.markup);
          const markup = 'basisPoints' in l.markup ? (2n * exact + 10_000n) / 20_000n : BigInt(l.markup.amount);
          const sign = l.kind === 'discount' ? -1n : 1n;
          sell += sign * (BigInt(l.unitCost) + markup) * BigInt(l.quantity);
          if (l.kind !== 'discount') cost += BigInt(l.unitCost) * BigInt(l.quantity);
        }
        const { totals } = priceTour(lines, pax);
        expect(BigInt(totals.sell)).toBe(sell);
        expect(BigInt(totals.cost)).toBe(cost);
      }),
    );
  });

  it('shares the price between the travellers without losing a unit: the price per person is the largest share', () => {
    fc.assert(
      fc.property(tourArb, ({ lines, pax }) => {
        const { totals } = priceTour(lines, pax);
        if (pax === 0) {
          expect(totals.pricePerPerson).toBeNull();
          return;
        }
        const shares = splitEvenly(totals.sell, pax);
        expect(sumMinor(shares)).toBe(totals.sell);
        expect(totals.pricePerPerson).toBe(shares[0]);
        // No share is more than one unit from another, and none is larger than the one shown (for a positive price).
        if (totals.sell >= 0) expect(Math.max(...shares)).toBe(totals.pricePerPerson);
        expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('gives the margin in basis points of the price, or none when there is no price', () => {
    expect(priceTour([{ kind: 'hotels', quantity: 2, unitCost: 10_000, markup: { basisPoints: 2500 } }], 2).totals).toEqual({
      cost: 20_000,
      sell: 25_000,
      margin: 5_000,
      marginBasisPoints: 2_000,
      pax: 2,
      pricePerPerson: 12_500,
    });
    expect(priceTour([], 2).totals).toEqual({ cost: 0, sell: 0, margin: 0, marginBasisPoints: null, pax: 2, pricePerPerson: 0 });
    // 10 001 shared by 3: 3 334 + 3 334 + 3 333.
    expect(priceTour([{ kind: 'fee', quantity: 1, unitCost: 0, markup: { amount: 10_001 } }], 3).totals.pricePerPerson).toBe(3_334);
  });

  it('refuses (does not round) a price beyond what can be stored exactly, and bad figures', () => {
    const huge = { kind: 'hotels', quantity: 100_000, unitCost: 9e12, markup: { basisPoints: MAX_MARKUP_BASIS_POINTS } };
    expect(() => priceLine(huge)).toThrow(PriceOutOfRange);
    expect(() => priceTour(Array.from({ length: 200 }, () => ({ ...huge, quantity: 1, unitCost: 1e14, markup: { amount: 0 } })), 1)).toThrow(PriceOutOfRange);
    expect(() => priceLine({ kind: 'hotels', quantity: 0, unitCost: 1, markup: { amount: 0 } })).toThrow(RangeError);
    expect(() => priceLine({ kind: 'hotels', quantity: 1, unitCost: -1, markup: { amount: 0 } })).toThrow(RangeError);
    expect(() => priceLine({ kind: 'hotels', quantity: 1.5, unitCost: 1, markup: { amount: 0 } })).toThrow(RangeError);
  });

  it('prices lines in their stored shape (markupType, markup) and as typed exactly as the function itself', () => {
    const stored = (l: LineToPrice) => ({ kind: l.kind, quantity: l.quantity, unitCost: l.unitCost, ...('basisPoints' in l.markup ? { markupType: 'percent' as const, markup: l.markup.basisPoints } : { markupType: 'amount' as const, markup: l.markup.amount }) });
    fc.assert(
      fc.property(tourArb, ({ lines, pax }) => {
        const expected = priceTour(lines, pax);
        expect(priceTourLines(lines.map(stored), pax).totals).toEqual(expected.totals);
        expect(liveTotals(lines.map(stored), pax)).toEqual({ totals: expected.totals, tooLarge: false });
        lines.forEach((l, i) => expect(livePrice(stored(l))).toEqual(priceLine(lines[i]!)));
      }),
    );
    // A line not typed far enough counts for nothing, and prices as nothing.
    const typing = { kind: 'hotels', quantity: null, unitCost: 10_000, markupType: 'percent' as const, markup: 1_000 };
    expect(livePrice(typing)).toBeNull();
    expect(liveTotals([typing], 2).totals).toMatchObject({ cost: 0, sell: 0 });
  });
});
