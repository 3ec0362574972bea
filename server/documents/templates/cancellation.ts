import type { PaymentMethod } from '../../../src/api/finance/contract';
import type { CreditNoteState } from '../../../src/machines/credit-note-machine';
import type { DocumentTemplate, DocumentWriter } from '../render';

/**
 * What a cancellation gives the customer (docs/cancellations.md): the confirmation of the decision
 * on their request, and the credit note an approval may issue. Customer documents: what was paid,
 * kept and given back, never what the trip cost the organization (the vendors' side of the quote).
 */

interface Customer {
  name: string;
  email: string | null;
  phone: string | null;
}

export interface CancellationConfirmationData {
  bookingNumber: string;
  customer: Customer;
  tourTitle: string;
  departure: string;
  arrival: string;
  /** The organization's day the request was made, and what the customer gave as the reason. */
  requestedOn: string;
  reason: string;
  currency: string;
  decision:
    | {
        kind: 'approved';
        decidedOn: string;
        /** What the customer had paid in money when it was approved, what the organization kept, and what goes back. */
        paid: number;
        kept: number;
        totalRefund: number;
        /** The money back: from which account, and the day it was paid (null: still to be paid). */
        refund: { amount: number; method: PaymentMethod; paidOn: string | null } | null;
        creditNote: { number: string; amount: number; validUntil: string } | null;
        /** Credit notes that had paid the booking and took their amounts back. */
        creditReturned: { number: string; amount: number }[];
      }
    | { kind: 'rejected'; decidedOn: string; comment: string };
}

export interface CreditNoteData {
  number: string;
  status: CreditNoteState;
  customer: Customer;
  currency: string;
  amount: number;
  used: number;
  /** What it may still pay (0 once used up or expired). */
  remaining: number;
  issuedOn: string;
  validUntil: string;
  /** The cancelled booking it was issued for. */
  from: { bookingNumber: string; tourTitle: string; departure: string; arrival: string };
  /** Each use, oldest first: a later booking it paid (a negative amount: given back when that booking was cancelled). */
  uses: { date: string; bookingNumber: string; amount: number }[];
}

const customerFields = (w: DocumentWriter, c: Customer): [string, string][] => [
  [w.s.booking.customer, c.name],
  ...(c.email ? [[w.s.tour.email, c.email] as [string, string]] : []),
  ...(c.phone ? [[w.s.tour.phone, c.phone] as [string, string]] : []),
];

export const cancellationConfirmationTemplate: DocumentTemplate<CancellationConfirmationData> = {
  kind: 'cancellation-confirmation',
  audience: 'customer',
  title: (d, s) => `${s.cancellation.title} ${d.bookingNumber}`,
  fileName: (d, s) => `${s.cancellation.title}-${d.bookingNumber}.pdf`.replace(/\s+/g, '-'),
  render(w, d) {
    const { cancellation: c, booking, tour, methods } = w.s;
    const money = (n: number) => w.format.money(n, d.currency);
    const dates = w.t(tour.dateRange, { from: w.format.date(d.departure), to: w.format.date(d.arrival) });
    const decided = w.t(d.decision.kind === 'approved' ? c.approvedOn : c.rejectedOn, { date: w.format.date(d.decision.decidedOn) });
    // One page: the compact title of the finance documents (receipt, invoice), not a tour's cover.
    w.title(c.title, `${booking.number} ${d.bookingNumber} · ${decided}`);
    w.fields([
      ...customerFields(w, d.customer),
      [booking.tour, d.tourTitle],
      [tour.dates, dates],
      [c.requestedOn, w.format.date(d.requestedOn)],
      [c.reason, d.reason],
    ]);
    w.heading(c.decision);
    if (d.decision.kind === 'rejected') {
      w.paragraph(c.rejected);
      w.fields([[c.comment, d.decision.comment]]);
      return;
    }
    const a = d.decision;
    w.paragraph(c.approved);
    w.fields([
      [c.paid, money(a.paid)],
      [c.fee, money(a.kept)],
      ...a.creditReturned.map((r) => [w.t(c.creditReturned, { number: r.number }), money(r.amount)] as [string, string]),
    ]);
    w.amountBox(c.totalRefund, money(a.totalRefund));
    if (a.refund) {
      w.heading(c.refund);
      w.fields([
        [c.refundAmount, money(a.refund.amount)],
        [c.refundAccount, methods[a.refund.method]],
        [c.refundStatus, a.refund.paidOn ? w.t(c.refundPaid, { date: w.format.date(a.refund.paidOn) }) : c.refundPending],
      ]);
    }
    if (a.creditNote) {
      w.heading(c.creditNote);
      w.fields([
        [w.s.creditNote.number, a.creditNote.number],
        [c.refundAmount, money(a.creditNote.amount)],
        [w.s.creditNote.validUntil, w.format.date(a.creditNote.validUntil)],
      ]);
      // How to use it is the credit note's own document, sent along with this one.
    }
    if (!a.refund && !a.creditNote && !a.creditReturned.length) w.paragraph(c.nothingBack, { muted: true });
  },
};

export const creditNoteTemplate: DocumentTemplate<CreditNoteData> = {
  kind: 'credit-note',
  audience: 'customer',
  title: (d, s) => `${s.creditNote.title} ${d.number}`,
  fileName: (d) => `${d.number}.pdf`,
  render(w, d) {
    const { creditNote: n, booking, tour } = w.s;
    const money = (x: number) => w.format.money(x, d.currency);
    w.cover(n.title, d.number, d.customer.name, [
      `${n.issuedOn}: ${w.format.date(d.issuedOn)}`,
      `${n.validUntil}: ${w.format.date(d.validUntil)}`,
    ]);
    w.fields([
      [n.number, d.number],
      ...customerFields(w, d.customer),
      [n.status, n.statuses[d.status]],
      // One value a row: a Latin title beside an Arabic date would be reordered as one run.
      [n.fromBooking, d.from.bookingNumber],
      [booking.tour, d.from.tourTitle],
      [tour.dates, w.t(tour.dateRange, { from: w.format.date(d.from.departure), to: w.format.date(d.from.arrival) })],
    ]);
    w.heading(n.uses);
    if (d.uses.length) {
      w.table(
        [
          { header: n.date, width: 3 },
          { header: booking.number, width: 4 },
          { header: booking.amount, width: 3, align: 'end' },
        ],
        d.uses.map((u) => [w.format.date(u.date), u.amount < 0 ? `${u.bookingNumber} · ${n.givenBack}` : u.bookingNumber, money(u.amount)]),
      );
    } else w.paragraph(n.notUsed, { muted: true });
    w.fields([
      [n.amount, money(d.amount)],
      [n.used, money(d.used)],
    ]);
    w.amountBox(n.left, money(d.remaining));
    if (d.status === 'expired') w.paragraph(w.t(n.expired, { date: w.format.date(d.validUntil) }), { muted: true });
    else if (d.remaining > 0) w.paragraph(w.t(n.howToUse, { date: w.format.date(d.validUntil) }), { muted: true });
  },
};
