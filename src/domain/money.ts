/**
 * Money as the whole product computes it (SPEC "Money"): integer minor units of the
 * organization's currency, rates in basis points, splits whose parts always add up to the whole,
 * and the words a person reads (an amount in their language). Pure functions shared by the browser
 * (what a form shows) and the server (what it stores, prints and mails).
 * Arithmetic that multiplies goes through BigInt, so no product ever loses a unit to floating point;
 * an amount JavaScript cannot hold exactly is refused (RangeError), never rounded.
 */

/**
 * The largest amount the product takes, in minor units (issue 26): ten billion in a currency with
 * cents. A booking of the most travellers (1 000) at the most per person, or a sum of nine thousand
 * of the largest amounts, stays below 2^53, where JavaScript still counts every unit; totals beyond
 * that are added up exactly (BigInt) and never answered rounded.
 */
export const MAX_MONEY = 1_000_000_000_000;

/** 10 000 basis points are the whole (1500 = 15 %). */
export const BASIS_POINTS_WHOLE = 10_000;

/** A whole number of minor units JavaScript holds exactly (the database column is 64-bit). */
export function isMinorUnits(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

function assertMinor(value: number, what = 'amount'): void {
  if (!isMinorUnits(value)) throw new RangeError(`${what} must be a safe whole number of minor units, got ${value}`);
}

function toSafeNumber(value: bigint, what: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) throw new RangeError(`${what} is too large`);
  return Number(value);
}

/** The sum of amounts, refused (not rounded) when it leaves the safe range. */
export function sumMinor(amounts: readonly number[]): number {
  let total = 0n;
  for (const a of amounts) {
    assertMinor(a);
    total += BigInt(a);
  }
  return toSafeNumber(total, 'sum');
}

/**
 * `amount × bp / 10 000`, rounded half away from zero to a whole minor unit: 15 % of 1 005 is
 * 150.75 → 151; of −1 005 is −151 (a refund rounds as the charge it undoes). Use it for a single
 * figure (a tax, a deposit); when figures must add up to a total, use {@link splitByWeights}.
 */
export function applyBasisPoints(amount: number, basisPoints: number): number {
  if (!Number.isSafeInteger(basisPoints)) throw new RangeError(`basis points must be a whole number, got ${basisPoints}`);
  return shareOf(amount, basisPoints, BASIS_POINTS_WHOLE);
}

/**
 * `amount × numerator / denominator`, rounded half away from zero to a whole minor unit (the tax
 * inside a price is `total × rate / (10 000 + rate)`). Exact: the product is taken in BigInt.
 */
export function shareOf(amount: number, numerator: number, denominator: number): number {
  assertMinor(amount);
  if (!Number.isSafeInteger(numerator)) throw new RangeError(`numerator must be a whole number, got ${numerator}`);
  if (!Number.isSafeInteger(denominator) || denominator <= 0) throw new RangeError(`denominator must be a positive whole number, got ${denominator}`);
  const product = BigInt(amount) * BigInt(numerator);
  const d = BigInt(denominator);
  const negative = product < 0n;
  const magnitude = negative ? -product : product;
  const rounded = (magnitude * 2n + d) / (d * 2n);
  return toSafeNumber(negative ? -rounded : rounded, 'result');
}

/**
 * Splits `total` in proportion to `weights` by the largest-remainder method: each part gets the
 * floor of its exact share, and the units left over go one each to the parts with the largest
 * remainders (ties: the earlier part). So the parts always sum to `total`, each differs from its
 * exact share by less than one unit, and for a non-negative total no part is negative. A negative
 * total splits as its magnitude, negated. All-zero weights split evenly.
 */
export function splitByWeights(total: number, weights: readonly number[]): number[] {
  assertMinor(total, 'total');
  if (weights.length === 0) throw new RangeError('a split needs at least one part');
  for (const w of weights) if (!Number.isSafeInteger(w) || w < 0) throw new RangeError(`weights must be non-negative whole numbers, got ${w}`);
  if (total < 0) return splitByWeights(-total, weights).map((p) => (p === 0 ? 0 : -p));
  const big = weights.map(BigInt);
  let sum = big.reduce((a, b) => a + b, 0n);
  const effective = sum === 0n ? big.map(() => 1n) : big;
  if (sum === 0n) sum = BigInt(weights.length);
  const whole = BigInt(total);
  const parts = effective.map((w) => (whole * w) / sum);
  const remainders = effective.map((w, i) => ({ i, r: (whole * w) % sum }));
  let left = whole - parts.reduce((a, b) => a + b, 0n);
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left === 0n) break;
    parts[i] += 1n;
    left -= 1n;
  }
  return parts.map((p) => Number(p));
}

/** `total` in `count` parts as equal as can be (the first parts take the extra units). */
export function splitEvenly(total: number, count: number): number[] {
  if (!Number.isSafeInteger(count) || count < 1) throw new RangeError(`count must be a positive whole number, got ${count}`);
  return splitByWeights(total, Array.from({ length: count }, () => 1));
}

/** Splits `total` by rates in basis points (deposit 30 % / balance 70 %): the parts still sum to `total`. */
export function splitByBasisPoints(total: number, basisPoints: readonly number[]): number[] {
  return splitByWeights(total, basisPoints);
}

/** One side of a journal line: exactly one of debit and credit is non-zero. */
export interface Posting {
  debit: number;
  credit: number;
}

/** The rule the database checks at commit, for forms and callers that want to know first. */
export function isBalanced(lines: readonly Posting[]): boolean {
  if (lines.length < 2) return false;
  for (const l of lines) {
    if (!isMinorUnits(l.debit) || !isMinorUnits(l.credit) || l.debit < 0 || l.credit < 0) return false;
    if ((l.debit === 0) === (l.credit === 0)) return false;
  }
  return sumMinor(lines.map((l) => l.debit)) === sumMinor(lines.map((l) => l.credit));
}

// ---------- currencies and what a person reads ----------

const digitsOf = new Map<string, number>();

/** Minor units per major unit of a currency (ISO 4217, as Intl knows it): 2 for EUR, 0 for JPY, 3 for KWD. */
export function currencyDigits(currency: string): number {
  let digits = digitsOf.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsOf.set(currency, digits);
  }
  return digits;
}

/**
 * Minor units as the exact decimal text of the major amount (`1999`, 2 → `19.99`; `-5`, 2 →
 * `-0.05`; `12000`, 0 → `12000`): text, not a division, so the largest amounts keep every unit.
 */
export function minorToDecimal(minor: number, digits: number): `${number}` {
  assertMinor(minor);
  const magnitude = String(Math.abs(minor)).padStart(digits + 1, '0');
  const whole = digits ? magnitude.slice(0, -digits) : magnitude;
  const fraction = digits ? `.${magnitude.slice(-digits)}` : '';
  return `${minor < 0 ? '-' : ''}${whole}${fraction}` as `${number}`;
}

/**
 * Major units as typed (`19.99`) → integer minor units (`1999`), exactly: through the decimal
 * text, not a floating-point multiplication (19.99 × 100 is 1998.9999999999998). Null (nothing
 * typed, or not a number) stays null; an amount beyond the safe range is refused (RangeError).
 */
export function toMinorUnits(major: number | null | undefined, digits: number): number | null {
  if (major === null || major === undefined || !Number.isFinite(major)) return null;
  const [whole, fraction = ''] = major.toFixed(digits).split('.');
  const minor = Number(`${whole}${fraction}`);
  if (!/^-?\d+$/.test(`${whole}${fraction}`) || !isMinorUnits(minor)) throw new RangeError(`${major} is too large an amount`);
  return minor;
}

/** Integer minor units → major units for a number input (`1999` → `19.99`). Null stays null. */
export function fromMinorUnits(minor: number | null | undefined, digits: number): number | null {
  if (minor === null || minor === undefined || !Number.isFinite(minor)) return null;
  return minor / 10 ** digits;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * An amount as a person reads it in a language (`locale` is a BCP 47 tag: `en`, `ar`, `zh-CN`),
 * with the currency's own decimals: `$1,250.00`, `¥1,250`, `USD 1,250.00` with the code. Exact for
 * every safe amount (Intl formats the decimal text); anything else is refused (RangeError).
 */
export function formatMoney(minor: number, currency: string, locale: string, options: { currencyDisplay?: 'symbol' | 'code' } = {}): string {
  const currencyDisplay = options.currencyDisplay ?? 'symbol';
  const key = `${locale}|${currency}|${currencyDisplay}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay });
    moneyFormats.set(key, format);
  }
  return format.format(minorToDecimal(minor, currencyDigits(currency)));
}

/**
 * Money in the server's own English, for staff (notifications' stored text, refusals): the currency's
 * code, plain spaces (`USD 1,250.00`).
 */
export const staffMoney = (minor: number, currency: string) => formatMoney(minor, currency, 'en', { currencyDisplay: 'code' }).replace(/\u00a0/g, ' ');
