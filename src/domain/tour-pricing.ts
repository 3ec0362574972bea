import { BASIS_POINTS_WHOLE, applyBasisPoints, splitEvenly } from './money';

/**
 * The price of a customized tour (SPEC "Tours", "Money"): one function for the itinerary builder
 * (what the person sees while typing) and the server (what it stores; a total sent by a client is
 * never read). Integer minor units throughout; products go through BigInt and are refused, not
 * rounded, when they leave the range a JavaScript number holds exactly.
 *
 * A line: `quantity` units (persons, room-nights or units, as its `unit` says) at `unitCost`,
 * plus a markup per unit, either in basis points of the unit cost or as an amount.
 *
 * - unit markup = unitCost × basisPoints / 10 000, rounded half away from zero to a whole minor
 *   unit (`applyBasisPoints`), or the amount as given;
 * - unit price  = unitCost + unit markup;
 * - line cost   = unitCost × quantity; line price = unit price × quantity, both exact;
 * - a discount line sells at minus its unit price and costs nothing (its unit cost is 0 and its
 *   markup is the discount per unit);
 * - the tour's cost, price and margin are the exact sums of its lines; the price per person is
 *   the largest of the shares `splitEvenly` gives (the shares add up to the price exactly).
 *
 * The only rounding is the unit markup's, once per unit: the unit price a customer reads times the
 * quantity is always the line price, and the lines always add up to the total, so no figure
 * anyone sees gains or loses a unit against another.
 */

/** The markup of a line: basis points of its unit cost (1 500 = 15 %), or an amount per unit. */
export type Markup = { basisPoints: number } | { amount: number };

/** How a line's markup is typed and stored: `percent` (basis points of the unit cost) or `amount` (minor units per unit). */
export type MarkupType = 'percent' | 'amount';

/** The line kind whose price is subtracted. */
export const DISCOUNT_KIND = 'discount';

/** 1 000 % at most (SPEC: a markup over 1000 % is a mistake, refused). */
export const MAX_MARKUP_BASIS_POINTS = 10 * BASIS_POINTS_WHOLE;

export interface LineToPrice {
  kind: string;
  quantity: number;
  unitCost: number;
  markup: Markup;
}

export interface PricedLine {
  unitMarkup: number;
  unitPrice: number;
  /** What the operator pays for the line (0 for a discount). */
  lineCost: number;
  /** What the customer pays for the line (negative for a discount). */
  lineSell: number;
}

export interface TourTotals {
  cost: number;
  sell: number;
  /** `sell - cost`. */
  margin: number;
  /** The margin as basis points of the price, rounded half away from zero; null when the price is not positive. */
  marginBasisPoints: number | null;
  /** Travellers (adults, children and infants) the price is shared by. */
  pax: number;
  /** The largest share of the price when split evenly between the travellers; null without travellers. */
  pricePerPerson: number | null;
}

export interface PricedTour<L> {
  lines: (L & PricedLine)[];
  totals: TourTotals;
}

/** A price beyond what can be stored exactly (the builder and the server answer it as a field error). */
export class PriceOutOfRange extends RangeError {}

const MAX = BigInt(Number.MAX_SAFE_INTEGER);
function safe(value: bigint, what: string): number {
  if (value > MAX || value < -MAX) throw new PriceOutOfRange(`${what} is too large`);
  return Number(value);
}

function assertWhole(value: number, what: string, min = 0) {
  if (!Number.isSafeInteger(value) || value < min) throw new RangeError(`${what} must be a whole number of at least ${min}, got ${value}`);
}

export function unitMarkupOf(unitCost: number, markup: Markup): number {
  if ('basisPoints' in markup) {
    assertWhole(markup.basisPoints, 'basis points');
    return applyBasisPoints(unitCost, markup.basisPoints);
  }
  assertWhole(markup.amount, 'markup amount');
  return markup.amount;
}

export function priceLine(line: LineToPrice): PricedLine {
  assertWhole(line.quantity, 'quantity', 1);
  assertWhole(line.unitCost, 'unit cost');
  const unitMarkup = unitMarkupOf(line.unitCost, line.markup);
  const unitPrice = safe(BigInt(line.unitCost) + BigInt(unitMarkup), 'unit price');
  const quantity = BigInt(line.quantity);
  const discount = line.kind === DISCOUNT_KIND;
  return {
    unitMarkup,
    unitPrice,
    lineCost: discount ? 0 : safe(BigInt(line.unitCost) * quantity, 'line cost'),
    lineSell: safe((discount ? -1n : 1n) * BigInt(unitPrice) * quantity, 'line price'),
  };
}

/** `part / whole` in basis points, rounded half away from zero. */
function ratioBasisPoints(part: bigint, whole: bigint): number {
  const scaled = part * BigInt(BASIS_POINTS_WHOLE);
  const magnitude = (2n * (scaled < 0n ? -scaled : scaled) + whole) / (2n * whole);
  return safe(scaled < 0n ? -magnitude : magnitude, 'margin');
}

/** The tour's figures from its cost and price (sums of its lines) and its travellers. */
export function tourTotals(cost: number, sell: number, pax: number): TourTotals {
  assertWhole(pax, 'pax');
  return {
    cost,
    sell,
    margin: safe(BigInt(sell) - BigInt(cost), 'margin'),
    marginBasisPoints: sell > 0 ? ratioBasisPoints(BigInt(sell) - BigInt(cost), BigInt(sell)) : null,
    pax,
    pricePerPerson: pax > 0 ? splitEvenly(sell, pax)[0] : null,
  };
}

/** Prices every line and the tour; `pax` travellers share the price. */
export function priceTour<L extends LineToPrice>(lines: readonly L[], pax: number): PricedTour<L> {
  const priced = lines.map((line) => ({ ...line, ...priceLine(line) }));
  let cost = 0n;
  let sell = 0n;
  for (const l of priced) {
    cost += BigInt(l.lineCost);
    sell += BigInt(l.lineSell);
  }
  return { lines: priced, totals: tourTotals(safe(cost, 'total cost'), safe(sell, 'total price'), pax) };
}

/** A line's markup as typed and stored (`markupType`, `markup`), as the pricing function takes it. */
export const markupOf = (line: { markupType: MarkupType; markup: number }): Markup =>
  line.markupType === 'percent' ? { basisPoints: line.markup } : { amount: line.markup };

/** A tour's lines, in their stored shape, priced for `pax` travellers (adults, children and infants). */
export function priceTourLines<L extends { kind: string; quantity: number; unitCost: number; markupType: MarkupType; markup: number }>(lines: readonly L[], pax: number): PricedTour<Omit<L, 'markup'> & { markup: Markup }> {
  return priceTour(
    lines.map((l) => ({ ...l, markup: markupOf(l) })),
    pax,
  );
}

// ---------- lines as they are typed ----------

/** A line while it is typed: the numbers may still be empty. */
export interface DraftLine {
  kind: string;
  quantity: number | null;
  unitCost: number | null;
  markupType: MarkupType;
  markup: number | null;
}

/** A line typed far enough to be priced: a quantity, a cost and a markup that are not negative. */
const priceable = (l: DraftLine) => !!l.quantity && l.quantity >= 1 && l.unitCost !== null && l.unitCost >= 0 && (l.markup ?? 0) >= 0;
const asPriced = (l: DraftLine) => ({ kind: l.kind, quantity: l.quantity ?? 0, unitCost: l.unitCost ?? 0, markupType: l.markupType, markup: l.markup ?? 0 });

/** One line's prices as typed so far; null while it cannot be priced (no quantity yet, a price too large). */
export function livePrice(line: DraftLine): PricedLine | null {
  if (!priceable(line)) return null;
  try {
    return priceLine({ kind: line.kind, quantity: line.quantity!, unitCost: line.unitCost!, markup: markupOf({ markupType: line.markupType, markup: line.markup ?? 0 }) });
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

/**
 * The tour's totals as typed so far, with the function the server stores with; lines not yet
 * priceable count as nothing. `tooLarge` when a line or the sums leave what can be stored.
 */
export function liveTotals(lines: readonly DraftLine[], pax: number): { totals: TourTotals | null; tooLarge: boolean } {
  try {
    return { totals: priceTourLines(lines.filter(priceable).map(asPriced), pax).totals, tooLarge: false };
  } catch (error) {
    if (error instanceof PriceOutOfRange) return { totals: null, tooLarge: true };
    throw error;
  }
}
