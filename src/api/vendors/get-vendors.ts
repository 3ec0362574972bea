import { listResource, type ListParams } from '../common/resource';
import {
  vendorEndpoints,
  VENDOR_SERVICES,
  VENDOR_TRANSACTIONS_PAGE_SIZE,
  type CreateVendorInput,
  type TRANSACTION_DIRECTIONS,
  type TRANSACTION_STATUSES,
  type UpdateVendorInput,
  type Vendor,
  type VendorOption,
  type VendorService,
  type VendorStats,
  type VendorTransaction,
  type VendorTransactionStats,
} from './contract';

export interface VendorsParams extends ListParams {
  /** Vendors offering any of these services. */
  services?: VendorService[];
  isActive?: boolean;
}

export interface VendorTransactionsParams extends ListParams {
  direction?: (typeof TRANSACTION_DIRECTIONS)[number][];
  status?: (typeof TRANSACTION_STATUSES)[number][];
  date?: { from?: string; to?: string };
}

/** The edit form's payload: every field but `isActive`, which is a workflow event (`vendorActivation`). */
export type VendorFieldsInput = Omit<UpdateVendorInput, 'isActive'>;

/** The list header's counts with one vendor added (+1) or removed (-1). */
export function adjustVendorStats(stats: VendorStats, vendor: Pick<Vendor, 'isActive' | 'services'>, delta: 1 | -1): VendorStats {
  return {
    total: stats.total + delta,
    active: stats.active + (vendor.isActive ? delta : 0),
    inactive: stats.inactive + (vendor.isActive ? 0 : delta),
    serviceStats: Object.fromEntries(
      VENDOR_SERVICES.map((s) => [s, stats.serviceStats[s] + (vendor.services.includes(s) ? delta : 0)]),
    ) as VendorStats['serviceStats'],
  };
}

/**
 * `GET /vendors` (with the header's `stats`), `GET /vendors/id/{id}`, `POST /vendors`,
 * `PUT /vendors/{id}` (fields; activation is `useVendorEvent`), `DELETE /vendors/{id}`. The seed
 * adjusts the header's counts at once on create, delete and activation (section 7).
 */
export const vendorsResource = listResource<Vendor, VendorsParams, CreateVendorInput, VendorFieldsInput, VendorStats>({
  name: 'vendors',
  endpoints: { list: vendorEndpoints.list, one: vendorEndpoints.byId, create: vendorEndpoints.create, update: vendorEndpoints.update, remove: vendorEndpoints.remove, import: vendorEndpoints.import },
  adjustStats: adjustVendorStats,
  fallbacks: {
    fetchList: ['vendors.errors.fetchList', 'Failed to fetch vendors'],
    fetchOne: ['vendors.errors.fetchOne', 'Failed to fetch vendor'],
    create: ['vendors.errors.create', 'Failed to create vendor'],
    update: ['vendors.errors.update', 'Failed to update vendor'],
    delete: ['vendors.errors.delete', 'Failed to delete vendor'],
    import: ['vendors.errors.import', 'Failed to import vendors'],
  },
});

export const vendorsKeys = vendorsResource.keys;
export const useVendors = vendorsResource.useList;
export const useVendor = vendorsResource.useOne;

/** `GET /vendors/{id}/transactions`: a vendor's money movements, newest first, with their sums. */
export const vendorTransactionsResource = (vendorId: string) =>
  listResource<VendorTransaction, VendorTransactionsParams, never, never, VendorTransactionStats>({
    name: 'vendors',
    key: [...vendorsKeys.all, 'transactions', vendorId],
    path: vendorEndpoints.transactions.url({ id: vendorId }),
    query: (params) => ({ limit: VENDOR_TRANSACTIONS_PAGE_SIZE, ...params }),
    fallbacks: { fetchList: ['vendors.errors.fetchTransactions', 'Failed to fetch vendor transactions'] },
  });

export const useVendorTransactions = (vendorId: string, params: VendorTransactionsParams = {}) => vendorTransactionsResource(vendorId).useList(params);

/**
 * `GET /vendors/options?service=…`: the names of the active vendors offering a service, for the
 * tour builders' vendor picker; whoever may edit tours reads them, without `vendors.view`. Its keys
 * sit under the vendors' own, so a vendor's change refetches them too.
 */
export const vendorOptionsResource = (service: VendorService) =>
  listResource<VendorOption, ListParams & { ids?: string[] }>({
    name: 'vendors',
    key: [...vendorsKeys.all, 'options', service],
    endpoints: { list: vendorEndpoints.options },
    query: ({ sortBy: _sortBy, sortOrder: _sortOrder, ...params }) => ({ ...params, service }),
    fallbacks: { fetchList: ['vendors.errors.fetchList', 'Failed to fetch vendors'] },
  });
