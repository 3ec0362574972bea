import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, fallback } from '../client';
import { listResource, type ListParams } from '../common/resource';
import type { CancellationState } from '../../machines/cancellation-machine';
import { cancellationEndpoints, type Cancellation, type CancellationDetail, type RefundType } from './contract';

type Range = { from?: string; to?: string };

/** The seed's cancellation filters, as both lists read them. */
export interface CancellationsParams extends ListParams {
  status?: CancellationState[];
  refundType?: RefundType[];
  createdAt?: Range;
}

/** Every cancellation query sits under `cancellations`: a request or a decision refetches them all (both lists, the booking's, its quote). */
export const cancellationsKeys = {
  all: ['cancellations'] as const,
  quote: (bookingId: string) => ['cancellations', 'quote', bookingId] as const,
  ofBooking: (bookingId: string) => ['cancellations', 'booking', bookingId] as const,
};

/** `GET /booking-cancellations` (the decided: approved and rejected) and `GET /booking-cancellations/id/{id}` (any one, with today's quote). */
export const cancellationsResource = listResource<Cancellation, CancellationsParams, never, never, undefined, CancellationDetail>({
  name: 'booking-cancellations',
  key: [...cancellationsKeys.all, 'main'],
  endpoints: { list: cancellationEndpoints.decided, one: cancellationEndpoints.byId },
  fallbacks: {
    fetchList: ['cancellations.errors.fetchList', 'Failed to fetch cancellations'],
    fetchOne: ['cancellations.errors.fetchOne', 'Failed to fetch cancellation details'],
  },
});

/** `GET /booking-cancellations/requests` (waiting for a decision) and `GET /booking-cancellations/requests/{id}` (404 once decided). */
export const requestedCancellationsResource = listResource<Cancellation, CancellationsParams, never, never, undefined, CancellationDetail>({
  name: 'booking-cancellations',
  key: [...cancellationsKeys.all, 'requests'],
  endpoints: { list: cancellationEndpoints.requested, one: cancellationEndpoints.requestById },
  fallbacks: {
    fetchList: ['cancellations.errors.fetchRequested', 'Failed to fetch requested cancellations'],
    fetchOne: ['cancellations.errors.fetchRequest', 'Failed to fetch cancellation request details'],
  },
});

export const useCancellations = cancellationsResource.useList;
export const useCancellation = cancellationsResource.useOne;
export const useRequestedCancellations = requestedCancellationsResource.useList;
export const useCancellationRequest = requestedCancellationsResource.useOne;

/** `GET /bookings/{id}/cancellation-quote`: what cancelling today costs the customer and the organization. */
export const getCancellationQuote = (bookingId: string) =>
  call(cancellationEndpoints.quote, { params: { id: bookingId } }, fallback('cancellations.errors.fetchQuote', 'Failed to fetch the cancellation quote')).then((r) => r.data);

/** `GET /bookings/{id}/cancellations`: a booking's requests, open and decided. */
export const getBookingCancellations = (bookingId: string) =>
  call(cancellationEndpoints.ofBooking, { params: { id: bookingId } }, fallback('cancellations.errors.fetchOfBooking', 'Failed to fetch the booking’s cancellations')).then((r) => r.data);

export const cancellationQuoteQueryOptions = (bookingId: string) => queryOptions({ queryKey: cancellationsKeys.quote(bookingId), queryFn: () => getCancellationQuote(bookingId) });
export const bookingCancellationsQueryOptions = (bookingId: string) => queryOptions({ queryKey: cancellationsKeys.ofBooking(bookingId), queryFn: () => getBookingCancellations(bookingId) });

export const useCancellationQuote = (bookingId: string, enabled = true) => useQuery({ ...cancellationQuoteQueryOptions(bookingId), enabled });
export const useBookingCancellations = (bookingId: string, enabled = true) => useQuery({ ...bookingCancellationsQueryOptions(bookingId), enabled });
