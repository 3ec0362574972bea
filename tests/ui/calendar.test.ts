import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, dateIn, daysBetween, monthStart, nights, todayIn } from '../../src/domain/calendar';
import { instantToWallTime } from '../../src/ui/form-fields';

/** The calendar kit (src/domain/calendar.ts), shared by the browser and the server. */
const DAY_MS = 86_400_000;
const FIRST = Date.UTC(2000, 0, 1);
/** Any date from 0001-01-01 to 9999-12-31 (Date.UTC would read the years 0–99 as 1900–1999: built from a day count instead). */
const anyDate = fc.integer({ min: -719_162, max: 2_932_896 }).map((n) => addDays('1970-01-01', n));
const modernDate = fc.integer({ min: 0, max: 60_000 }).map((n) => new Date(FIRST + n * DAY_MS).toISOString().slice(0, 10));
const instant = fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2100, 0, 1) });
const timeZone = fc.constantFrom('UTC', 'Asia/Dubai', 'Europe/Lisbon', 'America/New_York', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Asia/Kolkata', 'Australia/Lord_Howe', 'America/St_Johns');

describe('calendar dates', () => {
  it('counts calendar days across months and years: addDays and daysBetween undo each other', () => {
    fc.assert(
      fc.property(anyDate, fc.integer({ min: -3000, max: 3000 }), (d, n) => {
        fc.pre(daysBetween('0001-01-01', d) + n >= 0 && daysBetween(d, '9999-12-31') - n >= 0);
        const moved = addDays(d, n);
        expect(moved).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(daysBetween(d, moved)).toBe(n);
        expect(addDays(moved, -n)).toBe(d);
      }),
    );
  });

  it('moves by a sum of days as by each in turn', () => {
    fc.assert(
      fc.property(modernDate, fc.integer({ min: -500, max: 500 }), fc.integer({ min: -500, max: 500 }), (d, a, b) => {
        expect(addDays(addDays(d, a), b)).toBe(addDays(d, a + b));
      }),
    );
  });

  it('agrees with the copies it replaces on the dates the product stores', () => {
    fc.assert(
      fc.property(modernDate, modernDate, (a, b) => {
        expect(daysBetween(a, b)).toBe(Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS));
      }),
    );
  });

  it('crosses month ends, leap days and the years 0–99 (where Date.UTC would land in the 1900s)', () => {
    expect(addDays('2027-03-31', 1)).toBe('2027-04-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2100-02-28', 1)).toBe('2100-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('0050-03-01', 1)).toBe('0050-03-02');
    expect(daysBetween('0099-12-31', '0100-01-01')).toBe(1);
    expect(nights('2026-03-01', '2026-03-05')).toBe(4);
    expect(addDays('2026-03-01T22:30:00Z', 1)).toBe('2026-03-02');
  });

  it('refuses a day that does not exist, and a part of a day', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => daysBetween('2026-13-01', '2026-01-01')).toThrow(RangeError);
    expect(() => addDays('', 1)).toThrow(RangeError);
    expect(() => addDays('2026-01-01', 0.5)).toThrow(RangeError);
    expect(() => addDays('9999-12-31', 1)).toThrow(RangeError);
    expect(() => addDays('0001-01-01', -1)).toThrow(RangeError);
  });

  it('finds the first day of a month before or after', () => {
    expect(monthStart('2026-03-17')).toBe('2026-03-01');
    expect(monthStart('2026-03-31', -1)).toBe('2026-02-01');
    expect(monthStart('2026-01-15', -3)).toBe('2025-10-01');
    expect(monthStart('2026-12-31', 1)).toBe('2027-01-01');
    fc.assert(
      fc.property(modernDate, fc.integer({ min: -40, max: 40 }), fc.integer({ min: -40, max: 40 }), (d, a, b) => {
        const start = monthStart(d, a);
        expect(start.endsWith('-01')).toBe(true);
        expect(monthStart(start, b)).toBe(monthStart(d, a + b));
      }),
    );
  });
});

describe("the organization's day", () => {
  it('is the date its clocks show at the instant', () => {
    expect(dateIn('2026-06-30T20:00:00Z', 'Asia/Dubai')).toBe('2026-07-01');
    expect(dateIn('2026-06-30T20:00:00Z', 'Europe/Lisbon')).toBe('2026-06-30');
    expect(dateIn(Date.UTC(2026, 2, 8, 4, 59), 'America/New_York')).toBe('2026-03-07');
    expect(dateIn(Date.UTC(2026, 2, 8, 7, 0), 'America/New_York')).toBe('2026-03-08');
    expect(todayIn('Pacific/Kiritimati', new Date('2026-12-31T10:00:00Z'))).toBe('2027-01-01');
    expect(todayIn('Pacific/Pago_Pago', new Date('2026-01-01T10:00:00Z'))).toBe('2025-12-31');
  });

  it("agrees with the zone offset the forms' wall times use, and with Intl's ISO-writing locale, at any instant", () => {
    fc.assert(
      fc.property(instant, timeZone, (ms, zone) => {
        const d = dateIn(ms, zone);
        expect(d).toBe(instantToWallTime(new Date(ms).toISOString(), zone).slice(0, 10));
        expect(d).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms));
      }),
    );
  });

  it('refuses what is not an instant', () => {
    expect(() => dateIn('yesterday', 'UTC')).toThrow(RangeError);
  });
});
