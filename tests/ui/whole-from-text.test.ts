import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { intFromQuery, MAX_MONEY, wholeFromText } from '../../src/api/common/schemas';

/** Whole numbers written as text (query strings, multipart fields): one parser for every contract (src/api/common/schemas.ts). */
const codeOf = (schema: v.GenericSchema, input: unknown) => {
  const r = v.safeParse(schema, input);
  return r.success ? r.output : r.issues[0].message;
};

describe('a whole number from text', () => {
  const nights = wholeFromText({ max: 365 });

  it('reads every number within its bounds, leading zeros and all', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 365 }), fc.nat({ max: 20 }), (n, zeros) => {
        expect(v.parse(nights, `${'0'.repeat(zeros)}${n}`)).toBe(n);
      }),
    );
  });

  it('refuses what is not digits as not whole, and a number past its bounds as too large or small', () => {
    for (const text of ['', ' 1', '1 ', '1.5', '-1', '+1', '1e3', '0x10', 'one', '١٢']) expect(codeOf(nights, text), text).toBe('must be a whole number');
    expect(codeOf(nights, '366')).toBe('must be at most 365');
    expect(codeOf(nights, '9'.repeat(40))).toBe('must be at most 365');
    expect(codeOf(nights, 3)).toBe('must be a number');
    expect(codeOf(wholeFromText({ min: 1, max: 999_999, notWhole: 'must be a version number' }), '0')).toBe('must be at least 1');
  });

  it('refuses text beyond the safe range as too large, never a rounded amount', () => {
    const amount = wholeFromText({ max: MAX_MONEY, notWhole: 'must be a whole number of minor units', tooLarge: 'is too large' });
    expect(v.parse(amount, String(MAX_MONEY))).toBe(MAX_MONEY);
    fc.assert(
      fc.property(fc.bigInt({ min: BigInt(MAX_MONEY) + 1n, max: 10n ** 30n }), (n) => {
        expect(codeOf(amount, n.toString())).toBe('is too large');
      }),
    );
  });

  it("gives a page query its default and bounds", () => {
    const page = v.object({ page: intFromQuery(1, 1_000_000, 1) });
    expect(v.parse(page, {})).toEqual({ page: 1 });
    expect(v.parse(page, { page: '7' })).toEqual({ page: 7 });
    expect(v.safeParse(page, { page: '0' }).success).toBe(false);
  });
});
