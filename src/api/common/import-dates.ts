import type { IssueCode, IssueParams } from './issues';
import { MAX_DATE, MIN_DATE } from './schemas';

/**
 * Dates and times as spreadsheets write them, read into the API's forms (SPEC "Conventions":
 * calendar dates `YYYY-MM-DD`, instants ISO 8601 UTC) before an import row is validated.
 *
 * Accepted, for a calendar date:
 * - ISO `2026-03-05` (also `2026/03/05`, `2026.03.05`), read the same whatever the order;
 * - day and month with a four-digit year, `05/03/2026`, `5/3/2026`, `05.03.2026`, `05-03-2026`,
 *   read in the order the import states (`dmy`: 5 March; `mdy`: 3 May). Without a stated order
 *   such a date is refused (a row cannot tell which it is); a date impossible in the stated order
 *   (`3/13/2026` read as day/month) is refused too, since it shows the file uses the other order;
 * - an Excel serial day number (`46086` is 2026-03-05), as a cell or a JSON number, from 10000
 *   (1927) to 109574 (2199): a four-digit number is a year, not a day;
 * - any of these with a midnight time (`2026-03-05 00:00`), as spreadsheets export dates.
 * For an instant, the same dates followed by a time `14:30`, `14:30:15` or `2:30 PM` (a space or
 * `T` between), or an Excel serial with a fraction of a day, are times in the organization's time
 * zone (a time in the hour a daylight-saving change repeats is its second pass; one in the hour it
 * skips is read an hour later); ISO 8601 with `Z` or an offset is taken as it is. A date without a
 * time is refused for an instant. Two-digit years are refused (which century is a guess).
 */
export const DATE_ORDERS = ['dmy', 'mdy'] as const;
export type DateOrder = (typeof DATE_ORDERS)[number];

/** A value read, or why not: a validation issue's code, parameters and English words (src/api/common/issues.ts). */
export type DateRead<T> = { ok: true; value: T } | { ok: false; code: IssueCode; params: IssueParams; message: string };
type Read<T> = DateRead<T>;
const refuse = (code: IssueCode, message: string, params: IssueParams = {}): { ok: false; code: IssueCode; params: IssueParams; message: string } => ({ ok: false, code, params, message });

interface LocalDateTime {
  y: number;
  m: number;
  d: number;
  h: number;
  mi: number;
  s: number;
}

/** Excel counts days from 1899-12-30 (its 1900 leap-year bug makes every serial from 61 on exact). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
// Five digits (1927–2199): a four-digit cell is a year, never a day number.
const MIN_SERIAL = 10_000;
const MAX_SERIAL = 109_574;

const MIN_YEAR = Number(MIN_DATE.slice(0, 4));
const MAX_YEAR = Number(MAX_DATE.slice(0, 4));

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const isoDate = ({ y, m, d }: Pick<LocalDateTime, 'y' | 'm' | 'd'>) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;

function realDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

const ORDER_WORDS: Record<DateOrder, string> = { dmy: 'day/month/year', mdy: 'month/day/year' };

function fromSerial(serial: number): LocalDateTime | undefined {
  if (!Number.isFinite(serial) || serial < MIN_SERIAL || serial >= MAX_SERIAL + 1) return undefined;
  // Whole seconds: a spreadsheet's time is a fraction of a day, rounded as it displays it.
  const ms = EXCEL_EPOCH_MS + Math.round(serial * 86_400) * 1000;
  const t = new Date(ms);
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate(), h: t.getUTCHours(), mi: t.getUTCMinutes(), s: t.getUTCSeconds() };
}

const DATE_PART = String.raw`(\d{1,4})[/.-](\d{1,2})[/.-](\d{1,4})`;
const TIME_PART = String.raw`(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?\s*([AaPp][Mm])?`;
const LOCAL = new RegExp(`^${DATE_PART}(?:(?:\\s+|T)${TIME_PART})?$`);
const SERIAL = /^\d{1,6}(\.\d+)?$/;
const DATE_EXAMPLE = '2026-03-05';
const SHAPE = `must be a date like ${DATE_EXAMPLE} or 05/03/2026`;
const INSTANT_EXAMPLE = '2026-03-05 14:30';

/** A local date (and time) in one of the accepted forms; `undefined` time when none was written. */
function readLocal(raw: string | number, order: DateOrder | undefined): Read<LocalDateTime & { timed: boolean }> {
  if (typeof raw === 'number' || SERIAL.test(raw)) {
    const at = fromSerial(Number(raw));
    if (!at) return refuse('dateOutOfRange', `is not a date: a spreadsheet day number must be between ${MIN_SERIAL} and ${MAX_SERIAL}`, { min: MIN_SERIAL, max: MAX_SERIAL });
    return { ok: true, value: { ...at, timed: !Number.isInteger(Number(raw)) } };
  }
  const m = LOCAL.exec(raw);
  if (!m) return refuse('invalidFormat', SHAPE, { example: DATE_EXAMPLE });
  const [, a, b, c, hh, mm, ss, ampm] = m;
  let y: number, mo: number, d: number;
  if (a.length === 4) {
    [y, mo, d] = [Number(a), Number(b), Number(c)];
  } else if (c.length === 4) {
    if (!order) return refuse('dateOrderUnknown', 'is written day and month without a stated order: write it as 2026-03-05 or state the date order (dmy or mdy)', { example: DATE_EXAMPLE });
    [y, mo, d] = order === 'dmy' ? [Number(c), Number(b), Number(a)] : [Number(c), Number(a), Number(b)];
    if (!realDate(y, mo, d)) return refuse('invalidDate', `is not a real date read as ${ORDER_WORDS[order]}`, { order });
  } else {
    return refuse('invalidFormat', 'must have a four-digit year', { example: DATE_EXAMPLE });
  }
  if (!realDate(y, mo, d)) return refuse('invalidDate', 'is not a real calendar date');
  // The field kit's range (SPEC "Conventions"), with its words.
  if (y < MIN_YEAR || y > MAX_YEAR) return refuse('dateOutOfRange', `must be between ${MIN_DATE} and ${MAX_DATE}`, { min: MIN_DATE, max: MAX_DATE });
  if (hh === undefined) return { ok: true, value: { y, m: mo, d, h: 0, mi: 0, s: 0, timed: false } };
  let h = Number(hh);
  if (ampm) {
    if (h < 1 || h > 12) return refuse('invalidInstant', 'has an hour that is not 1 to 12 before AM/PM');
    h = (h % 12) + (ampm.toLowerCase() === 'pm' ? 12 : 0);
  }
  const mi = Number(mm);
  const s = Number(ss ?? 0);
  if (h > 23 || mi > 59 || s > 59) return refuse('invalidInstant', 'has a time that does not exist');
  return { ok: true, value: { y, m: mo, d, h, mi, s, timed: true } };
}

/** A calendar date cell or value → `YYYY-MM-DD`. */
export function readSpreadsheetDate(raw: string | number, order?: DateOrder): Read<string> {
  const text = typeof raw === 'string' ? raw.trim() : raw;
  const local = readLocal(text, order);
  if (!local.ok) return local;
  const { h, mi, s } = local.value;
  if (h || mi || s) return refuse('invalidFormat', 'must be a date without a time', { example: DATE_EXAMPLE });
  return { ok: true, value: isoDate(local.value) };
}

// Making a formatter costs far more than using one: one per time zone (an import reads thousands of times).
const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterFor = (timeZone: string) => {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(timeZone, f);
  }
  return f;
};

// Offsets change at most on a quarter hour: one look-up per zone and quarter hour.
const QUARTER_HOUR = 15 * 60_000;
const offsets = new Map<string, number>();

/** The UTC instant of a wall-clock time in an IANA time zone (the offset in force then, daylight saving included). */
export function zonedToUtc(local: LocalDateTime, timeZone: string): Date {
  const wall = Date.UTC(local.y, local.m - 1, local.d, local.h, local.mi, local.s);
  const offsetAt = (instant: number) => {
    const key = `${timeZone}:${Math.floor(instant / QUARTER_HOUR)}`;
    let offset = offsets.get(key);
    if (offset === undefined) {
      const parts = formatterFor(timeZone).formatToParts(new Date(instant));
      const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
      offset = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - (instant - (instant % 1000));
      if (offsets.size > 100_000) offsets.clear();
      offsets.set(key, offset);
    }
    return offset;
  };
  // Twice: the first guess may sit on the other side of a daylight-saving change.
  let utc = wall - offsetAt(wall);
  utc = wall - offsetAt(utc);
  return new Date(utc);
}

const ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/i;

/** A date-and-time cell or value → ISO 8601 UTC; local times are in `timeZone`. */
export function readSpreadsheetInstant(raw: string | number, order: DateOrder | undefined, timeZone: string): Read<string> {
  const text = typeof raw === 'string' ? raw.trim() : raw;
  if (typeof text === 'string' && ZONED.test(text)) return { ok: true, value: text };
  const local = readLocal(text, order);
  if (!local.ok) {
    return local.message === SHAPE ? refuse('invalidFormat', `must be a date and time like ${INSTANT_EXAMPLE} or 05/03/2026 14:30`, { example: INSTANT_EXAMPLE }) : local;
  }
  if (!local.value.timed) return refuse('timeRequired', `must have a time, like ${INSTANT_EXAMPLE}`, { example: INSTANT_EXAMPLE });
  return { ok: true, value: zonedToUtc(local.value, timeZone).toISOString() };
}

/** The order a browser's language writes dates in (`en-US` month first; most others day first). */
export function localeDateOrder(locale?: string): DateOrder {
  const parts = new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(Date.UTC(2026, 2, 5, 12)));
  const types = parts.map((p) => p.type).filter((t) => t === 'day' || t === 'month');
  return types[0] === 'month' ? 'mdy' : 'dmy';
}
