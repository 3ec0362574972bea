import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, fallback } from '../client';
import { listResource, type ListParams } from '../common/resource';
import { operationEndpoints, type NextStep, type Operation, type OperationDetail, type OperationState, type OperationStats } from './contract';

type Range = { from?: string; to?: string };

/** The seed's operation filters (and the board's), as `GET /booking-operations` reads them. */
export interface OperationsParams extends ListParams {
  arrival?: Range;
  departure?: Range;
  convertedBy?: string[];
  totalNights?: string[];
  regions?: string[];
  destinations?: string[];
  createdAt?: Range;
  operationStatus?: OperationState[];
  vouchersSent?: boolean;
  /** The caller's pending operations (docs/operations.md). */
  needsMe?: boolean;
  nextStep?: NextStep[];
}

/** `GET /booking-operations` with the seven stats, `GET /booking-operations/operationId/{id}` (the operation whole). */
export const operationsResource = listResource<Operation, OperationsParams, never, never, OperationStats, OperationDetail>({
  name: 'booking-operations',
  endpoints: { list: operationEndpoints.list, one: operationEndpoints.byId },
  fallbacks: {
    fetchList: ['operations.errors.fetchList', 'Failed to fetch booking operations'],
    fetchOne: ['operations.errors.fetchOne', 'Failed to fetch booking operation'],
  },
});
export const operationsKeys = operationsResource.keys;
export const useOperations = operationsResource.useList;
export const useOperation = operationsResource.useOne;

/** `GET /booking-operations/bookingId/{id}`: the booking page's operation (404 before the booking is verified). */
export const bookingOperationQueryOptions = (bookingId: string) =>
  queryOptions({
    queryKey: [...operationsKeys.all, 'booking', bookingId] as const,
    queryFn: () =>
      call(operationEndpoints.byBooking, { params: { id: bookingId } }, fallback('operations.errors.fetchOne', 'Failed to fetch booking operation')).then((r) => r.data),
  });
export const useBookingOperation = (bookingId: string) => useQuery(bookingOperationQueryOptions(bookingId));

/** The voucher PDF's address, for a link or a preview frame (the browser sends the session cookie). */
export const voucherPdfUrl = (operationId: string, voucherId: string, lang?: string) => `/api${operationEndpoints.voucherPdf.url({ operationId, id: voucherId })}${lang ? `?lang=${encodeURIComponent(lang)}` : ''}`;
