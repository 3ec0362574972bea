import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyBasisPoints, isBalanced, splitByBasisPoints, splitByWeights, splitEvenly, sumMinor } from '../../src/domain/money';

/** The money kit's pure functions (src/domain/money.ts), shared by the browser and the server. */
const amount = fc.integer({ min: -1e12, max: 1e12 });
const nonNegative = fc.integer({ min: 0, max: 1e12 });
const weights = fc.array(fc.integer({ min: 0, max: 1e6 }), { minLength: 1, maxLength: 24 });

describe('largest-remainder split', () => {
  it('always sums to the whole', () => {
    fc.assert(fc.property(amount, weights, (total, w) => {
      expect(sumMinor(splitByWeights(total, w))).toBe(total);
    }));
  });

  it('never gives a negative part for a non-negative total', () => {
    fc.assert(fc.property(nonNegative, weights, (total, w) => {
      expect(splitByWeights(total, w).every((p) => p >= 0)).toBe(true);
    }));
  });

  it('keeps every part within one unit of its exact share', () => {
    fc.assert(
      fc.property(nonNegative, weights, (total, w) => {
        const sum = w.reduce((a, b) => a + b, 0);
        const parts = splitByWeights(total, w);
        parts.forEach((p, i) => {
          // Exact share in BigInt cross-multiplication: |p·sum − total·w| < sum.
          const share = sum === 0 ? 1n : BigInt(w[i]);
          const denominator = sum === 0 ? BigInt(w.length) : BigInt(sum);
          const diff = BigInt(p) * denominator - BigInt(total) * share;
          expect(diff < denominator && -diff < denominator).toBe(true);
        });
      }),
    );
  });

  it('splits evenly into parts that differ by at most one unit, the larger ones first', () => {
    fc.assert(
      fc.property(amount, fc.integer({ min: 1, max: 50 }), (total, n) => {
        const parts = splitEvenly(total, n);
        expect(parts).toHaveLength(n);
        expect(sumMinor(parts)).toBe(total);
        expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
        const magnitudes = parts.map(Math.abs);
        expect([...magnitudes].sort((a, b) => b - a)).toEqual(magnitudes);
      }),
    );
  });

  it('splits a negative total as the mirror of the positive one (a refund as its charge)', () => {
    fc.assert(fc.property(nonNegative, weights, (total, w) => {
      expect(splitByWeights(-total, w)).toEqual(splitByWeights(total, w).map((p) => (p === 0 ? 0 : -p)));
    }));
  });

  it('gives the leftover units to the largest remainders', () => {
    expect(splitEvenly(100, 3)).toEqual([34, 33, 33]);
    expect(splitByBasisPoints(1001, [3000, 7000])).toEqual([300, 701]);
    expect(splitByWeights(10, [1, 1, 1, 1, 0, 0])).toEqual([3, 3, 2, 2, 0, 0]);
    expect(splitByWeights(5, [0, 0])).toEqual([3, 2]);
  });

  it('stays exact where floating point would not (amounts near 2^53)', () => {
    const total = Number.MAX_SAFE_INTEGER;
    const parts = splitByWeights(total, [1, 2, 3]);
    expect(sumMinor(parts)).toBe(total);
  });

  it('refuses what is not money', () => {
    expect(() => splitByWeights(1.5, [1])).toThrow(RangeError);
    expect(() => splitByWeights(10, [])).toThrow(RangeError);
    expect(() => splitByWeights(10, [-1, 2])).toThrow(RangeError);
    expect(() => splitEvenly(10, 0)).toThrow(RangeError);
    expect(() => sumMinor([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
  });
});

describe('basis points', () => {
  it('rounds half away from zero to a whole minor unit', () => {
    expect(applyBasisPoints(1005, 1500)).toBe(151); // 150.75
    expect(applyBasisPoints(1000, 1500)).toBe(150);
    expect(applyBasisPoints(10, 500)).toBe(1); // 0.5 → 1
    expect(applyBasisPoints(-10, 500)).toBe(-1);
    expect(applyBasisPoints(-1005, 1500)).toBe(-151);
    expect(applyBasisPoints(12345, 10_000)).toBe(12345);
  });

  it('is within half a unit of the exact product, and odd in the amount', () => {
    fc.assert(
      fc.property(amount, fc.integer({ min: 0, max: 20_000 }), (a, bp) => {
        const result = applyBasisPoints(a, bp);
        const diff = BigInt(result) * 10_000n - BigInt(a) * BigInt(bp);
        expect(diff <= 5_000n && diff >= -5_000n).toBe(true);
        expect(applyBasisPoints(-a, bp)).toBe(result === 0 ? 0 : -result);
      }),
    );
  });
});

describe('balanced postings', () => {
  it('needs two lines, one side each, debits equal to credits', () => {
    expect(isBalanced([{ debit: 100, credit: 0 }, { debit: 0, credit: 100 }])).toBe(true);
    expect(isBalanced([{ debit: 100, credit: 0 }, { debit: 0, credit: 60 }, { debit: 0, credit: 40 }])).toBe(true);
    expect(isBalanced([{ debit: 100, credit: 0 }])).toBe(false);
    expect(isBalanced([{ debit: 100, credit: 0 }, { debit: 0, credit: 99 }])).toBe(false);
    expect(isBalanced([{ debit: 100, credit: 100 }, { debit: 0, credit: 0 }])).toBe(false);
    expect(isBalanced([{ debit: -5, credit: 0 }, { debit: 0, credit: -5 }])).toBe(false);
  });
});
