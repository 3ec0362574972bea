import * as v from 'valibot';
import { calendarDate, dateRangeQuery, idSchema, listOf, oneOf, pageQuery, sortBy, sortOrder, timestamp, uuid, withFilter } from '../common/schemas';

/**
 * Invoices of completed bookings (SPEC workflow 2; the seed's "Invoices" calls and its eleven list
 * stats). An invoice is numbered when it is issued (the organization's series, gapless per year),
 * shows the customer's lines at selling prices, the tax the organization's rate puts inside the
 * total, and a due date from its payment terms; once issued it never changes (the database
 * refuses). Its status is derived from the booking's balance and the day.
 */
export const INVOICE_STATUSES = ['paid', 'pending', 'overdue'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const invoiceLineSchema = v.object({
  description: v.string(),
  quantity: v.number(),
  /** Selling price per unit, tax included. */
  unitPrice: v.number(),
  amount: v.number(),
});
export type InvoiceLine = v.InferOutput<typeof invoiceLineSchema>;

export const invoiceSchema = v.object({
  _id: uuid,
  /** `INV-2026-0001` (the organization's prefix). */
  number: v.string(),
  bookingId: uuid,
  bookingRef: v.string(),
  customer: v.object({ name: v.string(), email: v.nullable(v.string()), phone: v.nullable(v.string()) }),
  issuedOn: calendarDate,
  dueDate: calendarDate,
  currency: v.string(),
  lines: v.array(invoiceLineSchema),
  /** The total less the tax inside it. */
  subtotal: v.number(),
  /** Basis points (500 = 5 %), as the organization's settings said on the day of issue. */
  taxRate: v.number(),
  tax: v.number(),
  /** What the customer owes in all: the booking's grand total (prices include tax). */
  total: v.number(),
  /** What verified payments cover, and what is left. */
  paid: v.number(),
  balance: v.number(),
  /** Derived: `paid` when the balance is zero, `overdue` past the due date while not, else `pending`. */
  status: v.picklist(INVOICE_STATUSES),
  terms: v.nullable(v.string()),
  createdAt: timestamp,
});
export type Invoice = v.InferOutput<typeof invoiceSchema>;

/** The eleven stats of the seed, over the invoices the filters select (docs/bookings.md defines each). */
export const invoiceStatsSchema = v.object({
  total: v.number(),
  paid: v.number(),
  pending: v.number(),
  overdue: v.number(),
  totalRevenue: v.number(),
  totalPaid: v.number(),
  totalPending: v.number(),
  avgInvoiceValue: v.number(),
  thisMonthRevenue: v.number(),
  /** Basis points against last month; null when last month had nothing. */
  monthlyGrowth: v.nullable(v.number()),
  /** Basis points of the invoices that are paid. */
  paidPercentage: v.number(),
});
export type InvoiceStats = v.InferOutput<typeof invoiceStatsSchema>;

/** `POST /booking-invoices/generate`: the invoice of a completed booking. */
export const generateInvoiceInput = v.strictObject({ bookingId: idSchema });

/** `GET /bookings/{id}/invoice-preview`: the invoice issuing would write today, without its number (nothing is taken). */
export const invoicePreviewSchema = v.pick(invoiceSchema, ['bookingId', 'issuedOn', 'dueDate', 'currency', 'lines', 'subtotal', 'taxRate', 'tax', 'total', 'terms']);
export type InvoicePreview = v.InferOutput<typeof invoicePreviewSchema>;

export const INVOICE_SORT_FIELDS = ['issuedOn', 'dueDate', 'total', 'number'] as const;

/** `GET /booking-invoices`: newest first; filters by derived status, issue and due dates. */
export const invoicesQuery = v.strictObject({
  ...pageQuery(),
  sortBy: sortBy(INVOICE_SORT_FIELDS, 'issuedOn'),
  sortOrder: sortOrder('desc'),
  ...withFilter({
    status: listOf(oneOf(INVOICE_STATUSES)),
    issuedOn: dateRangeQuery,
    dueDate: dateRangeQuery,
    bookingId: listOf(idSchema),
  }),
});
export type InvoicesQuery = v.InferOutput<typeof invoicesQuery>;
