import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { moneySchema } from '../../src/api/common/schemas';
import { currencyDigits, fromMinorUnits, toMinorUnits } from '../../src/domain/money';
import { typedMinorUnits } from '../../src/ui/money-field';
import { formatDuration } from '../../src/features/catalogue/duration';

describe('money typed in major units, kept in minor units (hotel rates, activity prices)', () => {
  it('knows how many minor units each currency has', () => {
    expect([currencyDigits('USD'), currencyDigits('EUR'), currencyDigits('JPY'), currencyDigits('KWD')]).toEqual([2, 2, 0, 3]);
  });

  it('converts exactly where floating-point multiplication does not', () => {
    expect(19.99 * 100).not.toBe(1999); // the trap
    expect(toMinorUnits(19.99, 2)).toBe(1999);
    expect(toMinorUnits(145.5, 2)).toBe(14550);
    expect(toMinorUnits(0.1 + 0.2, 2)).toBe(30);
    expect(toMinorUnits(289.99, 2)).toBe(28999);
    expect(toMinorUnits(12000, 0)).toBe(12000);
    expect(toMinorUnits(1.234, 3)).toBe(1234);
    expect(toMinorUnits(null, 2)).toBeNull();
  });

  it('round-trips every cent of a range', () => {
    for (let minor = 0; minor <= 100_000; minor += 7) expect(toMinorUnits(fromMinorUnits(minor, 2), 2)).toBe(minor);
  });

  it('holds an amount too large to count exactly as one the contract refuses, never a rounded one', () => {
    expect(typedMinorUnits(19.99, 2)).toBe(1999);
    expect(typedMinorUnits(null, 2)).toBeNull();
    const huge = typedMinorUnits(90071992547409.93, 2);
    const refused = v.safeParse(moneySchema, huge);
    expect(refused.success).toBe(false);
    expect(refused.issues?.[0].message).toBe('is too large');
  });
});

describe('activity durations in the locale', () => {
  it('says days, hours and minutes', () => {
    expect(formatDuration(150, 'en')).toBe('2 hr 30 min');
    expect(formatDuration(45, 'en')).toBe('45 min');
    expect(formatDuration(3 * 24 * 60, 'en')).toBe('3 days');
    expect(formatDuration(150, 'de')).toBe('2 Std., 30 Min.');
  });
});
