import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, fallback, type QueryValue } from '../client';
import type { ItemAnswer, ListAnswer } from '../common/schemas';
import {
  VENDOR_TRANSACTIONS_PAGE_SIZE,
  type TRANSACTION_DIRECTIONS,
  type TRANSACTION_STATUSES,
  type Vendor,
  type VendorService,
  type VendorStats,
  type VendorTransaction,
  type VendorTransactionStats,
} from './contract';

export interface VendorsParams {
  page?: number;
  limit?: number;
  search?: string;
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
  /** Vendors offering any of these services. */
  services?: VendorService[];
  isActive?: boolean;
}

export interface VendorTransactionsParams {
  page?: number;
  limit?: number;
  search?: string;
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
  direction?: (typeof TRANSACTION_DIRECTIONS)[number][];
  status?: (typeof TRANSACTION_STATUSES)[number][];
  date?: { from?: string; to?: string };
}

export type VendorsAnswer = ListAnswer<Vendor, VendorStats>;
export type VendorTransactionsAnswer = ListAnswer<VendorTransaction, VendorTransactionStats>;

export const getVendors = (params: VendorsParams = {}) =>
  api.get<VendorsAnswer>('/vendors', params as Record<string, QueryValue>, fallback('vendors.errors.fetchList', 'Failed to fetch vendors'));

export const getVendor = (id: string) =>
  api.get<ItemAnswer<Vendor>>(`/vendors/id/${id}`, undefined, fallback('vendors.errors.fetchOne', 'Failed to fetch vendor')).then((r) => r.data);

/** Several vendors in one call, in the order asked (the server answers one object for a single id). */
export const getVendorsByIds = (ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([] as Vendor[])
    : api
        .get<ItemAnswer<Vendor | Vendor[]>>(`/vendors/id/${[...new Set(ids)].join(',')}`, undefined, fallback('vendors.errors.fetchOne', 'Failed to fetch vendor'))
        .then((r) => (Array.isArray(r.data) ? r.data : [r.data]));

export const getVendorTransactions = (id: string, params: VendorTransactionsParams = {}) =>
  api.get<VendorTransactionsAnswer>(
    `/vendors/${id}/transactions`,
    { limit: VENDOR_TRANSACTIONS_PAGE_SIZE, ...params } as Record<string, QueryValue>,
    fallback('vendors.errors.fetchTransactions', 'Failed to fetch vendor transactions'),
  );

export const vendorsKeys = {
  all: ['vendors'] as const,
  lists: () => ['vendors', 'list'] as const,
  list: (params: VendorsParams) => ['vendors', 'list', params] as const,
  details: () => ['vendors', 'detail'] as const,
  detail: (id: string) => ['vendors', 'detail', id] as const,
  byIds: (ids: string[]) => ['vendors', 'detail', 'ids', ids] as const,
  transactions: (id: string, params: VendorTransactionsParams) => ['vendors', 'transactions', id, params] as const,
};

export const vendorsQueryOptions = (params: VendorsParams = {}) =>
  queryOptions({ queryKey: vendorsKeys.list(params), queryFn: () => getVendors(params), placeholderData: keepPreviousData });

export const vendorQueryOptions = (id: string) => queryOptions({ queryKey: vendorsKeys.detail(id), queryFn: () => getVendor(id) });

export const vendorsByIdsQueryOptions = (ids: string[]) => queryOptions({ queryKey: vendorsKeys.byIds(ids), queryFn: () => getVendorsByIds(ids) });

export const vendorTransactionsQueryOptions = (id: string, params: VendorTransactionsParams = {}) =>
  queryOptions({
    queryKey: vendorsKeys.transactions(id, params),
    queryFn: () => getVendorTransactions(id, params),
    placeholderData: keepPreviousData,
  });

export const useVendors = (params: VendorsParams = {}) => useQuery(vendorsQueryOptions(params));
export const useVendor = (id: string) => useQuery(vendorQueryOptions(id));
export const useVendorsByIds = (ids: string[]) => useQuery(vendorsByIdsQueryOptions(ids));
export const useVendorTransactions = (id: string, params: VendorTransactionsParams = {}) => useQuery(vendorTransactionsQueryOptions(id, params));
