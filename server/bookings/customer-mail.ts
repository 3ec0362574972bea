import type { Tx } from '../db/client';
import { bookingEmails } from './schema';

/**
 * Emails to a booking's customer (payment reminders, overdue notices) go through this one function.
 *
 * THE HAND-OVER TO THE MAILER: the documents area (branch documents: renderer, outbox, mail queue
 * with retries) replaces the body of {@link queueBookingEmail} with its own send — the message
 * recorded on the booking and queued for the organization's mail server, or kept in its outbox —
 * keeping this signature, so reminders change nowhere else. Until then the message waits in
 * `booking_emails` (status `queued`), written in the caller's transaction: it exists only if what
 * it is about commits, and the request never waits for a mail server.
 */
export type BookingEmailKind = 'payment-reminder' | 'overdue-notice';

export interface BookingEmail {
  bookingId: string;
  kind: BookingEmailKind;
  to: string;
  subject: string;
  body: string;
}

export async function queueBookingEmail(tx: Tx, email: BookingEmail): Promise<{ id: string }> {
  const [row] = await tx.insert(bookingEmails).values(email).returning({ id: bookingEmails.id });
  return row;
}
