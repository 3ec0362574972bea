import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyBasisPoints, currencyDigits, formatMoney, fromMinorUnits, isBalanced, minorToDecimal, shareOf, splitByBasisPoints, splitByWeights, splitEvenly, sumMinor, toMinorUnits } from '../../src/domain/money';

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

describe('a share of an amount', () => {
  it('rounds amount × numerator / denominator half away from zero, exactly', () => {
    expect(shareOf(1000, 500, 10_500)).toBe(48); // the 5 % tax inside 10.00: 47.6…
    expect(shareOf(21, 1, 2)).toBe(11);
    expect(shareOf(-21, 1, 2)).toBe(-11);
    expect(shareOf(Number.MAX_SAFE_INTEGER, 3, 3)).toBe(Number.MAX_SAFE_INTEGER);
    fc.assert(
      // Amounts whose share stays within the safe range (2^53 ÷ 20 000 > 4·10^11).
      fc.property(fc.integer({ min: -4e11, max: 4e11 }), fc.integer({ min: -20_000, max: 20_000 }), fc.integer({ min: 1, max: 30_000 }), (a, n, d) => {
        const diff = BigInt(shareOf(a, n, d)) * BigInt(2 * d) - BigInt(a) * BigInt(n) * 2n;
        expect(diff <= BigInt(d) && diff >= -BigInt(d)).toBe(true);
      }),
    );
  });

  it('refuses what it cannot hold exactly', () => {
    expect(() => shareOf(Number.MAX_SAFE_INTEGER, 2, 1)).toThrow(RangeError);
    expect(() => shareOf(10, 1, 0)).toThrow(RangeError);
    expect(() => shareOf(10.5, 1, 2)).toThrow(RangeError);
  });
});

describe('currencies and what a person reads', () => {
  const currency = fc.constantFrom('USD', 'EUR', 'JPY', 'KWD', 'AED', 'GBP', 'BHD', 'CLP');
  const locale = fc.constantFrom('en', 'de', 'fr', 'ar', 'ja', 'zh-CN', 'hu', 'ru');

  it('knows how many minor units each currency has', () => {
    expect(['USD', 'EUR', 'JPY', 'KWD', 'BHD'].map(currencyDigits)).toEqual([2, 2, 0, 3, 3]);
  });

  it('writes minor units as the exact decimal of the major amount', () => {
    expect(minorToDecimal(1999, 2)).toBe('19.99');
    expect(minorToDecimal(5, 2)).toBe('0.05');
    expect(minorToDecimal(-5, 2)).toBe('-0.05');
    expect(minorToDecimal(12000, 0)).toBe('12000');
    expect(minorToDecimal(1, 3)).toBe('0.001');
    expect(minorToDecimal(Number.MAX_SAFE_INTEGER, 2)).toBe('90071992547409.91');
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), fc.integer({ min: 0, max: 4 }), (minor, digits) => {
        const text = minorToDecimal(minor, digits);
        expect(BigInt(text.replace('.', ''))).toBe(BigInt(minor));
        expect(text.split('.')[1]?.length ?? 0).toBe(digits);
      }),
    );
  });

  it('formats as Intl does for the major amount, in every language and currency', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), currency, locale, (minor, c, l) => {
        const expected = new Intl.NumberFormat(l, { style: 'currency', currency: c }).format(minor / 10 ** currencyDigits(c));
        expect(formatMoney(minor, c, l)).toBe(expected);
      }),
    );
    expect(formatMoney(125_000, 'USD', 'en')).toBe('$1,250.00');
    expect(formatMoney(125_000, 'USD', 'en', { currencyDisplay: 'code' })).toBe('USD\u00a01,250.00');
    expect(formatMoney(1250, 'JPY', 'en')).toBe('¥1,250');
    expect(formatMoney(1250, 'KWD', 'en')).toBe('KWD\u00a01.250');
  });

  it('keeps every unit of the largest amounts, where dividing by 100 would not', () => {
    // The trap: the division lands on the nearest double, and Intl prints a cent off.
    expect(new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(Number.MAX_SAFE_INTEGER / 100)).toBe('$90,071,992,547,409.90');
    expect(formatMoney(Number.MAX_SAFE_INTEGER, 'USD', 'en')).toBe('$90,071,992,547,409.91');
    expect(formatMoney(-Number.MAX_SAFE_INTEGER, 'USD', 'en')).toBe('-$90,071,992,547,409.91');
  });

  it('refuses what is not a safe whole number of minor units', () => {
    expect(() => formatMoney(12.5, 'USD', 'en')).toThrow(RangeError);
    expect(() => formatMoney(Number.NaN, 'USD', 'en')).toThrow(RangeError);
    expect(() => formatMoney(Number.MAX_SAFE_INTEGER + 2, 'USD', 'en')).toThrow(RangeError);
  });

  it('reads typed major units back exactly, and refuses an amount it cannot hold', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e15, max: 1e15 }), fc.integer({ min: 0, max: 3 }), (minor, digits) => {
        expect(toMinorUnits(fromMinorUnits(minor, digits), digits)).toBe(minor);
      }),
    );
    expect(toMinorUnits(undefined, 2)).toBeNull();
    expect(toMinorUnits(Number.NaN, 2)).toBeNull();
    expect(() => toMinorUnits(90071992547409.93, 2)).toThrow(RangeError);
    expect(() => toMinorUnits(1e21, 0)).toThrow(RangeError);
  });
});
