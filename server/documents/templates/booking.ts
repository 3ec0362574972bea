import type { BookingPaymentMethod } from '../../../src/api/bookings/contract';
import type { DocumentTemplate, DocumentWriter } from '../render';

/**
 * The booking's customer documents (docs/bookings.md): the confirmation, the receipt of a verified
 * payment and the invoice. Customer-facing: selling prices only (the renderer refuses data with
 * cost, markup or margin keys).
 */

type TravellerType = 'adult' | 'child' | 'infant';

export interface CustomerLine {
  description: string;
  quantity: number;
  unitPrice: number;
  amount: number;
}

export interface BookingConfirmationData {
  number: string;
  /** When the booking was made (an instant). */
  bookedOn: string;
  customer: { name: string; email: string | null; phone: string | null };
  tourTitle: string;
  departure: string;
  arrival: string;
  totalNights: number;
  currency: string;
  travellers: { name: string | null; type: TravellerType }[];
  lines: CustomerLine[];
  grandTotal: number;
  paid: number;
  balance: number;
  installments: { dueDate: string; amount: number; paid: number }[];
}

export interface BookingReceiptData {
  number: string;
  bookingNumber: string;
  customer: string;
  tourTitle: string;
  paidOn: string;
  paymentMethod: BookingPaymentMethod;
  reference: string | null;
  amount: number;
  currency: string;
  /** What the booking still owes once this payment counts. */
  balance: number;
}

export interface BookingInvoiceData {
  number: string;
  bookingNumber: string;
  customer: { name: string; email: string | null; phone: string | null };
  tourTitle: string;
  issuedOn: string;
  dueDate: string;
  currency: string;
  lines: CustomerLine[];
  subtotal: number;
  /** Basis points (500 = 5 %). */
  taxRate: number;
  tax: number;
  total: number;
  paid: number;
  balance: number;
  terms: string | null;
}

const percent = (w: DocumentWriter, basisPoints: number) => `${w.format.number(basisPoints / 100)} %`;

function linesTable(w: DocumentWriter, lines: CustomerLine[], currency: string, totals: [string, string][]) {
  const { booking } = w.s;
  w.table(
    [
      // Wide enough for the longest header of the 16 languages ('Количество', 'Quantidade') on one line.
      { header: booking.service, width: 4 },
      { header: booking.quantity, width: 2, align: 'end' },
      { header: booking.unitPrice, width: 2, align: 'end' },
      { header: booking.amount, width: 2, align: 'end' },
    ],
    lines.map((l) => [l.description, w.format.number(l.quantity), w.format.money(l.unitPrice, currency), w.format.money(l.amount, currency)]),
    totals,
  );
}

const customerFields = (w: DocumentWriter, c: { name: string; email: string | null; phone: string | null }): [string, string][] => [
  [w.s.booking.customer, c.name],
  ...(c.email ? [[w.s.tour.email, c.email] as [string, string]] : []),
  ...(c.phone ? [[w.s.tour.phone, c.phone] as [string, string]] : []),
];

export const bookingConfirmationTemplate: DocumentTemplate<BookingConfirmationData> = {
  kind: 'booking-confirmation',
  audience: 'customer',
  title: (d, s) => `${s.booking.confirmation} ${d.number}`,
  fileName: (d) => `${d.number}.pdf`,
  render(w, d) {
    const { booking, tour } = w.s;
    const money = (n: number) => w.format.money(n, d.currency);
    w.cover(booking.confirmation, d.tourTitle, d.number, [
      w.t(tour.dateRange, { from: w.format.date(d.departure), to: w.format.date(d.arrival) }),
      w.plural(tour.nightsCount, d.totalNights),
    ]);
    w.fields([[booking.number, d.number], [booking.bookedOn, w.format.dateTime(d.bookedOn)], ...customerFields(w, d.customer)]);
    w.heading(booking.travellers);
    w.table(
      [
        { header: '#', width: 1, align: 'end' },
        { header: tour.traveller, width: 6 },
        { header: booking.type, width: 3 },
      ],
      d.travellers.map((t, i) => [w.format.number(i + 1), t.name ?? booking.unnamed, tour[t.type]]),
    );
    w.heading(tour.priceSummary);
    linesTable(w, d.lines, d.currency, [[tour.total, money(d.grandTotal)]]);
    if (d.installments.length) {
      w.heading(booking.schedule);
      w.table(
        [
          { header: booking.dueDate, width: 4 },
          { header: booking.amount, width: 3, align: 'end' },
          { header: booking.paid, width: 3, align: 'end' },
        ],
        d.installments.map((i) => [w.format.date(i.dueDate), money(i.amount), money(i.paid)]),
      );
    }
    w.fields([
      [booking.paidSoFar, money(d.paid)],
      [booking.balance, money(d.balance)],
    ]);
    w.amountBox(tour.total, money(d.grandTotal));
  },
};

export const bookingReceiptTemplate: DocumentTemplate<BookingReceiptData> = {
  kind: 'booking-receipt',
  audience: 'customer',
  title: (r, s) => `${s.receipt.title} ${r.number}`,
  fileName: (r) => `${r.number}.pdf`,
  render(w, r) {
    const { receipt, booking, methods } = w.s;
    w.title(receipt.title, r.number);
    w.fields([
      [receipt.number, r.number],
      [receipt.date, w.format.date(r.paidOn)],
      [booking.customer, r.customer],
      [booking.number, r.bookingNumber],
      [booking.tour, r.tourTitle],
      [receipt.paymentMethod, methods[r.paymentMethod]],
      ...(r.reference ? [[booking.reference, r.reference] as [string, string]] : []),
      [booking.balance, w.format.money(r.balance, r.currency)],
    ]);
    w.amountBox(receipt.amount, w.format.money(r.amount, r.currency));
    w.paragraph(receipt.thanks, { muted: true });
  },
};

export const bookingInvoiceTemplate: DocumentTemplate<BookingInvoiceData> = {
  kind: 'booking-invoice',
  audience: 'customer',
  title: (d, s) => `${s.invoice.title} ${d.number}`,
  fileName: (d) => `${d.number}.pdf`,
  render(w, d) {
    const { invoice, booking } = w.s;
    const money = (n: number) => w.format.money(n, d.currency);
    w.title(invoice.title, d.number);
    w.fields([
      [invoice.number, d.number],
      [invoice.issuedOn, w.format.date(d.issuedOn)],
      [invoice.dueDate, w.format.date(d.dueDate)],
      [booking.number, d.bookingNumber],
      [booking.tour, d.tourTitle],
      ...customerFields(w, d.customer),
    ]);
    linesTable(w, d.lines, d.currency, [
      [invoice.subtotal, money(d.subtotal)],
      [w.t(invoice.tax, { rate: percent(w, d.taxRate) }), money(d.tax)],
      [invoice.total, money(d.total)],
      [booking.paidSoFar, money(d.paid)],
    ]);
    w.amountBox(invoice.amountDue, money(d.balance));
    w.paragraph(w.t(invoice.taxIncluded, { rate: percent(w, d.taxRate) }), { muted: true });
    if (d.terms) w.paragraph(d.terms, { muted: true });
  },
};
