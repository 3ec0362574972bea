import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readSpreadsheetDate, readSpreadsheetInstant, zonedToUtc } from '../../src/api/common/import-dates';

/** Dates and times as spreadsheets write them (src/api/common/import-dates.ts). */
describe('spreadsheet dates', () => {
  it('reads ISO, day/month in the stated order, dotted and dashed forms, and Excel day numbers', () => {
    for (const [text, order] of [
      ['2026-03-05', undefined],
      ['2026/03/05', undefined],
      ['05/03/2026', 'dmy'],
      ['5/3/2026', 'dmy'],
      ['5.3.2026', 'dmy'],
      ['05-03-2026', 'dmy'],
      ['3/5/2026', 'mdy'],
      ['46086', undefined],
      ['2026-03-05 00:00', undefined],
    ] as const) {
      expect(readSpreadsheetDate(text, order), text).toEqual({ ok: true, value: '2026-03-05' });
    }
    expect(readSpreadsheetDate(46086)).toEqual({ ok: true, value: '2026-03-05' });
  });

  it('refuses what it would have to guess, and what does not exist', () => {
    expect(readSpreadsheetDate('05/03/2026')).toMatchObject({ ok: false, code: 'dateOrderUnknown', message: expect.stringMatching(/state the date order/) });
    expect(readSpreadsheetDate('3/13/2026', 'dmy')).toEqual({ ok: false, code: 'invalidDate', params: { order: 'dmy' }, message: 'is not a real date read as day/month/year' });
    expect(readSpreadsheetDate('13/3/2026', 'mdy')).toEqual({ ok: false, code: 'invalidDate', params: { order: 'mdy' }, message: 'is not a real date read as month/day/year' });
    expect(readSpreadsheetDate('5/3/26', 'dmy')).toEqual({ ok: false, code: 'invalidFormat', params: { example: '2026-03-05' }, message: 'must have a four-digit year' });
    expect(readSpreadsheetDate('2026-02-29')).toMatchObject({ ok: false, code: 'invalidDate' });
    // The field kit's range and words.
    expect(readSpreadsheetDate('31/12/1899', 'dmy')).toMatchObject({ ok: false, code: 'dateOutOfRange', params: { min: '1900-01-01', max: '2200-12-31' } });
    expect(readSpreadsheetDate('2026')).toMatchObject({ ok: false, code: 'dateOutOfRange', message: expect.stringMatching(/spreadsheet day number/) });
    expect(readSpreadsheetDate('2026-03-05 14:30')).toEqual({ ok: false, code: 'invalidFormat', params: { example: '2026-03-05' }, message: 'must be a date without a time' });
    expect(readSpreadsheetDate('next tuesday')).toMatchObject({ ok: false, code: 'invalidFormat' });
  });

  it('reads a local time in the organization’s time zone, daylight saving included', () => {
    expect(readSpreadsheetInstant('2026-03-05 14:30', undefined, 'Asia/Dubai')).toEqual({ ok: true, value: '2026-03-05T10:30:00.000Z' });
    expect(readSpreadsheetInstant('3/5/2026 2:30 PM', 'mdy', 'Asia/Dubai')).toEqual({ ok: true, value: '2026-03-05T10:30:00.000Z' });
    expect(readSpreadsheetInstant('46086.6041666667', undefined, 'Asia/Dubai')).toEqual({ ok: true, value: '2026-03-05T10:30:00.000Z' });
    expect(readSpreadsheetInstant('2026-03-05T14:30:00+04:00', undefined, 'UTC')).toEqual({ ok: true, value: '2026-03-05T14:30:00+04:00' });
    // Lisbon: winter UTC+0, summer UTC+1 (from 2026-03-29 01:00 UTC).
    expect(readSpreadsheetInstant('2026-03-28 12:00', undefined, 'Europe/Lisbon')).toEqual({ ok: true, value: '2026-03-28T12:00:00.000Z' });
    expect(readSpreadsheetInstant('2026-03-29 12:00', undefined, 'Europe/Lisbon')).toEqual({ ok: true, value: '2026-03-29T11:00:00.000Z' });
    expect(readSpreadsheetInstant('2026-03-05', undefined, 'UTC')).toEqual({ ok: false, code: 'timeRequired', params: { example: '2026-03-05 14:30' }, message: 'must have a time, like 2026-03-05 14:30' });
    expect(readSpreadsheetInstant('2026-03-05 25:00', undefined, 'UTC')).toEqual({ ok: false, code: 'invalidInstant', params: {}, message: 'has a time that does not exist' });
  });

  it('reads back any date written day first, month first, ISO or as a day number (property)', () => {
    const serial = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000 + 25_569;
    fc.assert(
      fc.property(fc.date({ min: new Date('1928-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true }), (d) => {
        const iso = d.toISOString().slice(0, 10);
        const [y, m, day] = iso.split('-');
        expect(readSpreadsheetDate(`${+day!}/${+m!}/${y}`, 'dmy')).toEqual({ ok: true, value: iso });
        expect(readSpreadsheetDate(`${m}/${day}/${y}`, 'mdy')).toEqual({ ok: true, value: iso });
        expect(readSpreadsheetDate(iso, 'mdy')).toEqual({ ok: true, value: iso });
        expect(readSpreadsheetDate(String(serial(iso)))).toEqual({ ok: true, value: iso });
      }),
    );
  });

  it('finds the UTC instant of every quarter hour of a day with a daylight-saving change', () => {
    for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
      const h = Math.floor(minutes / 60);
      const mi = minutes % 60;
      const utc = zonedToUtc({ y: 2026, m: 10, d: 25, h, mi, s: 0 }, 'Europe/Lisbon');
      // Back to Lisbon's wall clock: the same time (in the repeated hour, 01:00–02:00, the second pass: winter time).
      const wall = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Lisbon', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(utc);
      expect(wall).toBe(`${String(h).padStart(2, '0')}:${String(mi).padStart(2, '0')}`);
    }
  });
});
