import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balanceOf, invoiceCover, openToPay } from '../../src/domain/balance';

/** What a booking still owes (src/domain/balance.ts), as the server stores and refuses it and the booking page offers it. */
const amount = fc.integer({ min: 0, max: 1e13 });

describe("a booking's balance", () => {
  it('is the total less what verified payments cover, down to below zero when a total was lowered', () => {
    expect(balanceOf(300_000, 90_000)).toBe(210_000);
    expect(balanceOf(300_000, 300_000)).toBe(0);
    expect(balanceOf(250_000, 300_000)).toBe(-50_000);
    fc.assert(
      fc.property(amount, amount, (total, paid) => {
        expect(balanceOf(total, paid) + paid).toBe(total);
      }),
    );
  });

  it('leaves open to pay what submitted payments do not already wait to cover', () => {
    expect(openToPay(300_000, 90_000, 60_000)).toBe(150_000);
    fc.assert(
      fc.property(amount, amount, amount, (total, paid, pending) => {
        const open = openToPay(total, paid, pending);
        expect(open).toBe(balanceOf(total, paid) - pending);
        expect(open).toBeLessThanOrEqual(balanceOf(total, paid));
      }),
    );
  });

  it('never lets verifying every submitted payment take a booking past its total', () => {
    // Payments submitted one after another (the server refuses one above what is open then), then all verified.
    fc.assert(
      fc.property(amount, amount, fc.array(fc.integer({ min: 1, max: 1e13 }), { maxLength: 12 }), (total, verified, submitted) => {
        fc.pre(verified <= total);
        let pending = 0;
        for (const payment of submitted) if (payment <= openToPay(total, verified, pending)) pending += payment;
        expect(balanceOf(total, verified + pending)).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("states an invoice's paid part and rest: never more than its total, never a negative rest", () => {
    expect(invoiceCover(100_000, 30_000)).toEqual({ paid: 30_000, balance: 70_000 });
    expect(invoiceCover(100_000, 130_000)).toEqual({ paid: 100_000, balance: 0 });
    fc.assert(
      fc.property(amount, amount, (total, paid) => {
        const cover = invoiceCover(total, paid);
        expect(cover.paid + cover.balance).toBe(total);
        expect(cover.paid).toBeLessThanOrEqual(total);
        expect(cover.balance).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('refuses what is not money, and a figure it cannot hold exactly', () => {
    expect(() => balanceOf(100.5, 0)).toThrow(RangeError);
    expect(() => openToPay(100, 0, Number.NaN)).toThrow(RangeError);
    expect(() => balanceOf(Number.MAX_SAFE_INTEGER, -1)).toThrow(RangeError);
  });
});
