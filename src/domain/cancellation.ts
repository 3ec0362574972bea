import { applyBasisPoints, BASIS_POINTS_WHOLE } from './money';
import { daysBetween } from './calendar';

/**
 * What cancelling a booking costs (SPEC workflow 4): the organization's cancellation policy, kept on
 * the booking as it was when sold, gives a fee by how many days before departure the customer
 * cancels; what was paid less the fee may be given back. The browser shows the quote the server
 * will use: the same function, the same numbers.
 */

/** From `daysBeforeDeparture` days before departure on, the fee is `feeBasisPoints` of the total. */
export interface CancellationTier {
  daysBeforeDeparture: number;
  feeBasisPoints: number;
}

/** A voucher of the trip that is not void: what was paid to its vendor, and what the vendor is expected to give back. */
export interface VendorSide {
  voucherId: string;
  number: string | null;
  vendor: string | null;
  paid: number;
  refundExpected: number;
}

export interface QuoteInput {
  grandTotal: number;
  /** What the customer paid in money (verified payments, less any refund already made). */
  paid: number;
  departure: string;
  /** The day the quote is for (the organization's today). */
  asOf: string;
  tiers: readonly CancellationTier[];
  flatFee: number;
  vendorSide: readonly VendorSide[];
}

export interface CancellationQuote {
  paid: number;
  /** The policy's charge: the tier's share of the total plus the flat fee, never above the total. */
  fee: number;
  /** What may be given back: paid less the fee, never below zero. */
  refundable: number;
  /** What the organization keeps if it gives back all that is refundable. */
  kept: number;
  /** The tier that applies (null: no tier; after departure the whole total is the fee). */
  tier: CancellationTier | null;
  daysBeforeDeparture: number;
  asOf: string;
  flatFee: number;
  vendorSide: (VendorSide & { loss: number })[];
  vendorPaid: number;
  vendorRefundExpected: number;
  /** Money paid to vendors and not coming back, less the fee kept: what the cancellation costs the organization. */
  costToOrganization: number;
}

/**
 * The tier for a cancellation `days` before departure: the one with the most days that `days`
 * reaches. None when the policy is empty or `days` is below every tier.
 */
export function tierFor(tiers: readonly CancellationTier[], days: number): CancellationTier | null {
  let chosen: CancellationTier | null = null;
  for (const t of tiers) if (days >= t.daysBeforeDeparture && (!chosen || t.daysBeforeDeparture > chosen.daysBeforeDeparture)) chosen = t;
  return chosen;
}

export function cancellationQuote(input: QuoteInput): CancellationQuote {
  const days = daysBetween(input.asOf, input.departure);
  const tier = tierFor(input.tiers, days);
  // After departure, or below every tier of a policy that has some, the whole trip is owed.
  const basisPoints = days < 0 ? BASIS_POINTS_WHOLE : tier ? tier.feeBasisPoints : input.tiers.length ? BASIS_POINTS_WHOLE : 0;
  const fee = Math.min(input.grandTotal, applyBasisPoints(input.grandTotal, basisPoints) + input.flatFee);
  const refundable = Math.max(0, input.paid - fee);
  const vendorSide = input.vendorSide.map((v) => ({ ...v, loss: v.paid - Math.min(v.paid, v.refundExpected) }));
  const vendorPaid = vendorSide.reduce((n, v) => n + v.paid, 0);
  const vendorRefundExpected = vendorSide.reduce((n, v) => n + Math.min(v.paid, v.refundExpected), 0);
  const kept = input.paid - refundable;
  return {
    paid: input.paid,
    fee,
    refundable,
    kept,
    tier,
    daysBeforeDeparture: days,
    asOf: input.asOf,
    flatFee: input.flatFee,
    vendorSide,
    vendorPaid,
    vendorRefundExpected,
    costToOrganization: vendorPaid - vendorRefundExpected - kept,
  };
}

/** How an approved refund is given: money back from an account, and a credit note. */
export interface RefundSplit {
  totalRefundAmount: number;
  sourceAccountAmount: number;
  creditNoteAmount: number;
  refundSource?: string | null;
  validUntil?: string | null;
}

export interface SplitIssue {
  path: keyof RefundSplit;
  code: 'tooLarge' | 'splitMismatch' | 'required' | 'notInFuture';
  message: string;
  params: Record<string, string | number>;
}

/**
 * What is wrong with a refund split (empty: nothing): the total within what was paid, its two parts
 * summing to it, an account for money back, a credit note valid after today.
 */
export function refundSplitIssues(split: RefundSplit, paid: number, today: string): SplitIssue[] {
  const issues: SplitIssue[] = [];
  if (split.totalRefundAmount > paid) issues.push({ path: 'totalRefundAmount', code: 'tooLarge', message: `must not be more than was paid (${paid})`, params: { max: paid } });
  if (split.sourceAccountAmount + split.creditNoteAmount !== split.totalRefundAmount) {
    issues.push({ path: 'creditNoteAmount', code: 'splitMismatch', message: 'and the money back must add up to the total refund', params: { total: split.totalRefundAmount } });
  }
  if (split.sourceAccountAmount > 0 && !split.refundSource) issues.push({ path: 'refundSource', code: 'required', message: 'is required to pay money back', params: {} });
  if (split.creditNoteAmount > 0 && !split.validUntil) issues.push({ path: 'validUntil', code: 'required', message: 'is required for a credit note', params: {} });
  if (split.creditNoteAmount > 0 && split.validUntil && split.validUntil <= today) issues.push({ path: 'validUntil', code: 'notInFuture', message: 'must be after today', params: { after: today } });
  return issues;
}

/** `full` when everything paid is given back, `partial` otherwise. */
export const refundTypeOf = (total: number, paid: number): 'full' | 'partial' => (paid > 0 && total === paid ? 'full' : 'partial');
