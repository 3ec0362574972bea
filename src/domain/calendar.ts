/**
 * Calendar dates as the whole product counts them: `YYYY-MM-DD` text, days counted on the
 * Gregorian calendar in UTC, so no time zone or daylight-saving change ever moves a day; and the
 * day an instant falls on where the organization is (SPEC: "today" is the organization's). Pure
 * functions shared by the browser (forms, boards) and the server (plans, reminders, lists).
 */

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/** Days since 1970-01-01 of a `YYYY-MM-DD` date (a timestamp's date part counts); refuses a day that does not exist. */
function dayNumber(date: string): number {
  const m = DATE.exec(date);
  if (!m) throw new RangeError(`not a calendar date: ${date}`);
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0 to 99 as 1900 to 1999.
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  if (d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) throw new RangeError(`not a calendar date: ${date}`);
  return d.getTime() / DAY_MS;
}

/** The `YYYY-MM-DD` of a day number; a date the form cannot write (before year 1, after 9999) is refused. */
function dateOfDayNumber(n: number): string {
  const d = new Date(n * DAY_MS);
  if (Number.isNaN(d.getTime()) || d.getUTCFullYear() < 1 || d.getUTCFullYear() > 9999) throw new RangeError('the date is outside the years 1 to 9999');
  return `${String(d.getUTCFullYear()).padStart(4, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
}

/** `date` moved by `days` calendar days (`2027-03-31` + 1 → `2027-04-01`; negative goes back). */
export function addDays(date: string, days: number): string {
  if (!Number.isSafeInteger(days)) throw new RangeError(`days must be a whole number, got ${days}`);
  return dateOfDayNumber(dayNumber(date) + days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier): `2026-03-01` → `2026-03-05` is 4. */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** The first day of the month `months` after the one `date` is in (`2026-03-17`, −1 → `2026-02-01`). */
export function monthStart(date: string, months = 0): string {
  if (!Number.isSafeInteger(months)) throw new RangeError(`months must be a whole number, got ${months}`);
  const d = new Date(dayNumber(date) * DAY_MS);
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  return dateOfDayNumber(d.getTime() / DAY_MS);
}

/** The nights of a stay or a trip: the days from its first date to its last (`2026-03-01` → `2026-03-05`: 4). */
export function nights(departure: string, arrival: string): number {
  return daysBetween(departure, arrival);
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar date (`YYYY-MM-DD`) an instant falls on in a time zone (IANA: `Asia/Dubai`): the
 * organization's day. Read from Intl's parts, not a locale's way of writing dates.
 */
export function dateIn(instant: Date | number | string, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, calendar: 'gregory', numberingSystem: 'latn', year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  const at = new Date(instant);
  if (Number.isNaN(at.getTime())) throw new RangeError(`not an instant: ${String(instant)}`);
  const parts = format.formatToParts(at);
  const part = (type: 'year' | 'month' | 'day') => parts.find((p) => p.type === type)!.value;
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

/** Today in a time zone (the organization's): the default date of a form, the day a board counts from. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return dateIn(now, timeZone);
}
