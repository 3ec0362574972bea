import { sumMinor } from './money';

/**
 * What a booking (or one of its installments, or its invoice) still owes, written once for the
 * server (what it stores, prints, mails and refuses) and the browser (what a form offers). Amounts
 * are integer minor units; the server's SQL twin of the balance is `bookingBalanceSql`
 * (server/bookings/store.ts).
 */

/**
 * The balance: the total less what verified payments cover. Negative when payments cover more than
 * a total lowered since (the money is owed back, not hidden).
 */
export function balanceOf(total: number, paid: number): number {
  return sumMinor([total, -paid]);
}

/**
 * Open to pay: the balance less what submitted payments wait to have verified, so that verifying
 * every submitted payment can never take a booking past its total. A new payment may be at most this.
 */
export function openToPay(total: number, paid: number, pending: number): number {
  return sumMinor([total, -paid, -pending]);
}

/**
 * An invoice's own figures: what the booking's verified payments cover of the invoice's total (never
 * more than the total) and the rest, which is never negative.
 */
export function invoiceCover(invoiceTotal: number, bookingPaid: number): { paid: number; balance: number } {
  const paid = Math.min(bookingPaid, invoiceTotal);
  return { paid, balance: balanceOf(invoiceTotal, paid) };
}
