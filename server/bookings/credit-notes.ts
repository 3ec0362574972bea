import type { Tx } from '../db/client';

/**
 * Paying a booking with a credit note (docs/cancellations.md). Credit notes are issued by approved
 * cancellations, an area built on bookings: it provides how a note is used here (the bookings area
 * cannot import it), in its face, which every composition root loads.
 */
export interface CreditNoteUse {
  /**
   * Uses `amount` of the customer's note for a booking payment dated `date`: refused (409) when the
   * note is not the booking's customer's, used up, expired, or has less left; 404 when it is not the
   * organization's. Answers the note's number, as the payment prints it.
   */
  redeem(tx: Tx, use: { creditNoteId: string; paymentId: string; amount: number; date: string; leadId: string }): Promise<{ number: string }>;
}

let provided: CreditNoteUse | undefined;

export function provideCreditNoteUse(use: CreditNoteUse) {
  provided = use;
}

export function creditNoteUse(): CreditNoteUse {
  if (!provided) throw new Error('the cancellations area has not provided how a credit note is used');
  return provided;
}
