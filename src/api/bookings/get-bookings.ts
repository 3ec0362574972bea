import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, fallback } from '../client';
import { listResource, type ListParams } from '../common/resource';
import type { PaymentMethod } from '../finance/contract';
import type { Booking, BookingDetail, CreateBookingInput, PaymentReceipt, PaymentStatus, PendingInstallment, PendingInstallmentStats, ReceiptStats, TourType } from './contract';
import type { BookingState } from '../../machines/booking-machine';
import type { PaymentState } from '../../machines/payment-machine';
import type { Invoice, InvoiceStats, InvoiceStatus } from './invoices';
import { bookingEndpoints } from './contract';

type Range = { from?: string; to?: string };

/** The seed's booking filters, as `GET /bookings` reads them. */
export interface BookingsParams extends ListParams {
  tourType?: TourType[];
  tourStatus?: BookingState[];
  regions?: string[];
  destinations?: string[];
  convertedBy?: string[];
  departure?: Range;
  arrival?: Range;
  totalNights?: string[];
  createdAt?: Range;
}

export interface CompletedBookingsParams extends Omit<BookingsParams, 'tourType' | 'tourStatus'> {
  paymentStatus?: PaymentStatus[];
  invoiceGenerated?: boolean;
  minGrandTotal?: number;
  maxGrandTotal?: number;
  pax?: string[];
}

export interface PendingInstallmentsParams extends Omit<BookingsParams, 'tourType' | 'tourStatus'> {
  dueDate?: Range;
  status?: ('pending' | 'overdue')[];
}

export interface PaymentReceiptsParams extends ListParams {
  paymentMethod?: PaymentMethod[];
  status?: PaymentState[];
  minAmount?: number;
  maxAmount?: number;
  dateRange?: Range;
  isVerified?: boolean;
}

export interface InvoicesParams extends ListParams {
  status?: InvoiceStatus[];
  issuedOn?: Range;
  dueDate?: Range;
  bookingId?: string[];
}

/** `GET /bookings`, `GET /bookings/id/{id}` (the booking whole), `POST /bookings`. */
export const bookingsResource = listResource<Booking, BookingsParams, CreateBookingInput, never, undefined, BookingDetail>({
  name: 'bookings',
  endpoints: { list: bookingEndpoints.list, one: bookingEndpoints.byId, create: bookingEndpoints.create },
  fallbacks: {
    fetchList: ['bookings.errors.fetchList', 'Failed to fetch bookings'],
    fetchOne: ['bookings.errors.fetchOne', 'Failed to fetch booking'],
    create: ['bookings.errors.create', 'Failed to create booking'],
  },
});
export const bookingsKeys = bookingsResource.keys;
export const useBookings = bookingsResource.useList;
export const useBooking = bookingsResource.useOne;

/** `GET /bookings/completed`: trips that took place, awaiting their invoice or invoiced (the seed's fallback). */
export const completedBookingsResource = listResource<Booking, CompletedBookingsParams>({
  name: 'bookings',
  key: [...bookingsKeys.all, 'completed'],
  endpoints: { list: bookingEndpoints.completed },
  fallbacks: { fetchList: ['bookings.errors.fetchCompleted', 'Failed to fetch completed bookings'] },
});
export const useCompletedBookings = completedBookingsResource.useList;

/** `GET /bookings/installments/pending`: installments still owed, soonest first, with what they add up to. */
export const pendingInstallmentsResource = listResource<PendingInstallment, PendingInstallmentsParams, never, never, PendingInstallmentStats>({
  name: 'bookings',
  key: [...bookingsKeys.all, 'installments'],
  endpoints: { list: bookingEndpoints.pendingInstallments },
  fallbacks: { fetchList: ['bookings.errors.fetchInstallments', 'Failed to fetch pending installments'] },
});
export const usePendingInstallments = pendingInstallmentsResource.useList;

/** `GET /payment-receipts` with the ten stats. */
export const paymentReceiptsResource = listResource<PaymentReceipt, PaymentReceiptsParams, never, never, ReceiptStats>({
  name: 'payment-receipts',
  endpoints: { list: bookingEndpoints.receipts },
  fallbacks: { fetchList: ['bookings.errors.fetchReceipts', 'Failed to fetch payment receipts'] },
});
export const usePaymentReceipts = paymentReceiptsResource.useList;

/** `GET /booking-invoices` with the eleven stats (the seed's fallback). */
export const invoicesResource = listResource<Invoice, InvoicesParams, never, never, InvoiceStats>({
  name: 'booking-invoices',
  endpoints: { list: bookingEndpoints.invoices },
  fallbacks: { fetchList: ['bookings.errors.fetchInvoices', 'Failed to fetch invoices'] },
});
export const useInvoices = invoicesResource.useList;

/** `GET /bookings/lead/{leadId}`: a lead's bookings (the lead page). */
export const leadBookingsQueryOptions = (leadId: string) =>
  queryOptions({
    queryKey: [...bookingsKeys.all, 'lead', leadId] as const,
    queryFn: () => call(bookingEndpoints.byLead, { params: { leadId } }, fallback('bookings.errors.fetchList', 'Failed to fetch bookings')).then((r) => r.data),
  });
export const useLeadBookings = (leadId: string) => useQuery(leadBookingsQueryOptions(leadId));

/** `GET /bookings/settings`: the plan the booking wizard proposes (readable with bookings.view, unlike the configurations). */
export const bookingPlanDefaultsQueryOptions = () =>
  queryOptions({
    queryKey: [...bookingsKeys.all, 'settings'] as const,
    queryFn: () => call(bookingEndpoints.settings, {}, fallback('bookings.errors.fetchSettings', 'Failed to fetch the booking settings')).then((r) => r.data),
    staleTime: 60_000,
  });
export const useBookingPlanDefaults = () => useQuery(bookingPlanDefaultsQueryOptions());

/** `GET /bookings/{id}/invoice-preview`: what issuing the invoice would write today (asked when staff open the dialog). */
export const useInvoicePreview = (bookingId: string) =>
  useQuery({
    queryKey: [...bookingsKeys.all, 'invoice-preview', bookingId] as const,
    queryFn: () =>
      call(bookingEndpoints.invoicePreview, { params: { id: bookingId } }, fallback('bookings.errors.invoicePreview', 'Failed to prepare the invoice')).then((r) => r.data),
    staleTime: 0,
    gcTime: 0,
  });
