import type { Locale } from '../../src/api/admin/members/contract';
import type { Tx } from '../db/client';
import { sendEmail } from '../documents';
import { bookingRef } from './store';

/**
 * Emails to a booking's customer without a document (payment reminders, overdue notices): through
 * the documents area's mail (docs/documents.md), recorded on the booking like its documents'
 * sends, queued for the organization's mail server in the caller's transaction (it exists only if
 * what it is about commits, and nothing waits for a mail server), or kept in the outbox.
 */
export type BookingEmailKind = 'payment-reminder' | 'overdue-notice';

export const BOOKING_RECORD = 'booking';

export interface BookingEmail {
  booking: { id: string; number: number };
  kind: BookingEmailKind;
  lang: Locale;
  to: string;
  subject: string;
  message: string;
  sentBy: string | null;
}

export async function queueBookingEmail(tx: Tx, email: BookingEmail): Promise<{ id: string }> {
  const send = await sendEmail(tx, {
    recordType: BOOKING_RECORD,
    recordId: email.booking.id,
    recordLabel: bookingRef(email.booking.number),
    document: email.kind,
    lang: email.lang,
    to: [email.to],
    subject: email.subject,
    message: email.message,
    attachments: [],
    sentBy: email.sentBy,
  });
  return { id: send._id };
}
