import { addDays, daysBetween } from './calendar';
import { BASIS_POINTS_WHOLE, shareOf, splitByBasisPoints, splitEvenly, sumMinor } from './money';

/**
 * A booking's money rules (SPEC Money: pure, shared by the browser and the server, so the booking
 * wizard shows what the server will store): installment plans, what a payment pays, the statuses
 * derived from amounts and the day, and the tax inside a price. Amounts are integer minor units,
 * dates `YYYY-MM-DD` calendar dates.
 */

export interface PlannedInstallment {
  dueDate: string;
  amount: number;
}

// ---------- plans ----------

export interface PlanBasis {
  /** The booking's grand total. */
  total: number;
  /** The organization's today: nothing falls due before it. */
  today: string;
  /** The first day of the trip: nothing falls due after it. */
  departure: string;
  /** The last installment falls due this many days before the departure (or today, when that has passed). */
  balanceDaysBefore: number;
}

/** The day the balance falls due: N days before the departure, never before today (nor after the departure). */
export function balanceDueDate(basis: Pick<PlanBasis, 'today' | 'departure' | 'balanceDaysBefore'>): string {
  const due = addDays(basis.departure, -Math.max(0, basis.balanceDaysBefore));
  return due < basis.today ? (basis.today > basis.departure ? basis.departure : basis.today) : due;
}

/**
 * A deposit now and the balance before the trip: `depositBasisPoints` of the total due today, the
 * rest due {@link balanceDueDate}. The two parts come from one largest-remainder split, so they
 * always sum to the total. When the balance would fall due today as well (a trip too close), or
 * one part would be nothing, the plan is one installment; a free booking has none.
 */
export function depositPlan(basis: PlanBasis & { depositBasisPoints: number }): PlannedInstallment[] {
  if (basis.total <= 0) return [];
  const rate = Math.min(BASIS_POINTS_WHOLE, Math.max(0, Math.round(basis.depositBasisPoints)));
  const balanceDue = balanceDueDate(basis);
  const [deposit, balance] = splitByBasisPoints(basis.total, [rate, BASIS_POINTS_WHOLE - rate]);
  if (deposit === 0) return [{ dueDate: balanceDue, amount: basis.total }];
  if (balance === 0 || balanceDue <= basis.today) return [{ dueDate: basis.today, amount: basis.total }];
  return [
    { dueDate: basis.today, amount: deposit },
    { dueDate: balanceDue, amount: balance },
  ];
}

/**
 * `parts` equal installments (largest remainder: the first ones take the units left over), the
 * first due today and the last {@link balanceDueDate}, the others spread evenly between them. Fewer
 * parts than asked when the total has fewer minor units than parts (no installment is empty).
 */
export function equalPlan(basis: PlanBasis & { parts: number }): PlannedInstallment[] {
  if (basis.total <= 0) return [];
  const count = Math.max(1, Math.min(Math.floor(basis.parts), basis.total));
  const last = balanceDueDate(basis);
  const span = Math.max(0, daysBetween(basis.today, last));
  const amounts = splitEvenly(basis.total, count);
  return amounts.map((amount, i) => ({ dueDate: count === 1 ? basis.today : addDays(basis.today, Math.round((span * i) / (count - 1))), amount }));
}

export type PlanProblem =
  | { path: 'installments'; kind: 'sum'; total: number; sum: number }
  | { path: `installments.${number}.dueDate`; kind: 'inPast' | 'afterDeparture' }
  | { path: `installments.${number}.amount`; kind: 'notPositive' };

/**
 * What is wrong with a plan for a booking (empty when nothing): every amount above zero, the
 * amounts summing exactly to the total, no due date before today or after the departure.
 */
export function planProblems(plan: readonly PlannedInstallment[], basis: Pick<PlanBasis, 'total' | 'today' | 'departure'>): PlanProblem[] {
  const problems: PlanProblem[] = [];
  plan.forEach((p, i) => {
    if (!(p.amount > 0)) problems.push({ path: `installments.${i}.amount`, kind: 'notPositive' });
    if (p.dueDate < basis.today) problems.push({ path: `installments.${i}.dueDate`, kind: 'inPast' });
    else if (p.dueDate > basis.departure) problems.push({ path: `installments.${i}.dueDate`, kind: 'afterDeparture' });
  });
  const sum = sumMinor(plan.map((p) => p.amount));
  if (sum !== basis.total) problems.push({ path: 'installments', kind: 'sum', total: basis.total, sum });
  return problems;
}

/** The plan in the order it is paid: by due date, then as given. */
export const inDueOrder = <T extends PlannedInstallment>(plan: readonly T[]): T[] =>
  plan
    .map((p, i) => ({ p, i }))
    .sort((a, b) => (a.p.dueDate === b.p.dueDate ? a.i - b.i : a.p.dueDate < b.p.dueDate ? -1 : 1))
    .map(({ p }) => p);

// ---------- payments ----------

export interface InstallmentBalance {
  id: string;
  dueDate: string;
  /** Its place in the plan: orders installments due the same day. */
  position: number;
  amount: number;
  /** What verified payments have already covered. */
  paid: number;
}

/**
 * What a verified payment pays: the installments oldest-due first, each up to what it still lacks.
 * Answers the parts (never an empty one), which sum to `amount`; throws when `amount` is more than
 * the installments lack together (the server refuses such a payment before it gets here).
 */
export function allocateOldestFirst(installments: readonly InstallmentBalance[], amount: number): { installmentId: string; amount: number }[] {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`a payment must be a positive whole number of minor units, got ${amount}`);
  const ordered = [...installments].sort((a, b) => (a.dueDate === b.dueDate ? a.position - b.position : a.dueDate < b.dueDate ? -1 : 1));
  const parts: { installmentId: string; amount: number }[] = [];
  let left = amount;
  for (const i of ordered) {
    if (left === 0) break;
    const take = Math.min(left, i.amount - i.paid);
    if (take <= 0) continue;
    parts.push({ installmentId: i.id, amount: take });
    left -= take;
  }
  if (left > 0) throw new RangeError(`the payment is ${left} more than the installments lack`);
  return parts;
}

export const INSTALLMENT_STATUSES = ['pending', 'paid', 'overdue'] as const;
export type InstallmentStatus = (typeof INSTALLMENT_STATUSES)[number];

/** `paid` once covered; `overdue` when its due date has passed (in the organization's today) uncovered; else `pending`. */
export function installmentStatus(i: { amount: number; paid: number; dueDate: string }, today: string): InstallmentStatus {
  if (i.paid >= i.amount) return 'paid';
  return i.dueDate < today ? 'overdue' : 'pending';
}

export const PAYMENT_STATUSES = ['unpaid', 'partiallyPaid', 'paid'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** A booking's payment status from its total and what verified payments cover (a free booking is paid). */
export function paymentStatus(total: number, paid: number): PaymentStatus {
  if (paid >= total) return 'paid';
  return paid > 0 ? 'partiallyPaid' : 'unpaid';
}

// ---------- prices ----------

export type TravellerKind = 'adult' | 'child' | 'infant';

/** A booking's grand total from the price per person by traveller type. */
export function priceOfTravellers(prices: Record<TravellerKind, number>, travellers: readonly { type: TravellerKind }[]): number {
  return sumMinor(travellers.map((t) => prices[t.type]));
}

/**
 * The tax inside a price that includes it (the organization's tax rate in basis points): the
 * customer pays `total`, of which `tax` is the tax and `net` the rest. Rounded half away from zero
 * once, on the whole, so net + tax = total exactly.
 */
export function taxIncluded(total: number, rateBasisPoints: number): { net: number; tax: number } {
  if (rateBasisPoints <= 0) return { net: total, tax: 0 };
  // Inside a price: tax = total × rate / (whole + rate).
  const tax = shareOf(total, rateBasisPoints, BASIS_POINTS_WHOLE + rateBasisPoints);
  return { net: total - tax, tax };
}

// ---------- reminders ----------

export type ReminderStage = 'before-due' | 'overdue';

export interface ReminderSettings {
  /** A reminder goes this many days before an installment falls due (0: on the day). */
  reminderDaysBefore: number;
  /** An overdue notice goes this many days after the due date passed uncovered (0: the day after). */
  overdueNoticeDaysAfter: number;
}

/**
 * Which reminder an installment still owed is due on `today`, if any: `before-due` from
 * `reminderDaysBefore` days before its due date to the due date itself, `overdue` once the due date
 * is `overdueNoticeDaysAfter` days past (an installment is overdue the day after its due date).
 * Each goes once per installment (the server records it).
 */
export function reminderStageOn(dueDate: string, today: string, settings: ReminderSettings): ReminderStage | undefined {
  const daysLeft = daysBetween(today, dueDate);
  if (daysLeft >= 0) return daysLeft <= settings.reminderDaysBefore ? 'before-due' : undefined;
  return -daysLeft >= Math.max(1, settings.overdueNoticeDaysAfter) ? 'overdue' : undefined;
}
