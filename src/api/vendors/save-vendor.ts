import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, fallback } from '../client';
import type { ItemAnswer } from '../common/schemas';
import type { ImportOptions } from '../common/import';
import { uploadImport } from '../common/import-upload';
import { VENDOR_SERVICES, type CreateVendorInput, type UpdateVendorInput, type Vendor, type VendorImportReport, type VendorStats } from './contract';
import { vendorsKeys, type VendorsAnswer } from './get-vendors';

/** The edit form's payload: every field but `isActive`, which is a workflow event (see {@link setVendorActive}). */
export type VendorFieldsInput = Omit<UpdateVendorInput, 'isActive'>;

export const createVendor = (input: CreateVendorInput) =>
  api.post<ItemAnswer<Vendor>>('/vendors', input, fallback('vendors.errors.create', 'Failed to create vendor')).then((r) => r.data);

export const updateVendor = (id: string, input: VendorFieldsInput) =>
  api.put<ItemAnswer<Vendor>>(`/vendors/${id}`, input, fallback('vendors.errors.update', 'Failed to update vendor')).then((r) => r.data);

/** ACTIVATE (`true`) or DEACTIVATE (`false`) through the vendor machine; 409 when the vendor's state refuses it. */
export const setVendorActive = (id: string, isActive: boolean) =>
  api.put<ItemAnswer<Vendor>>(`/vendors/${id}`, { isActive }, fallback('vendors.errors.status', 'Failed to update vendor status')).then((r) => r.data);

export const deleteVendor = (id: string) =>
  api.delete<ItemAnswer<Vendor>>(`/vendors/${id}`, fallback('vendors.errors.delete', 'Failed to delete vendor')).then((r) => r.data);

/** `POST /vendors/import` with the file (a preview, or the import); the dialog shows a failure itself. */
export const importVendorFile = (file: File, options: ImportOptions): Promise<VendorImportReport> =>
  uploadImport('/vendors', file, options, { ...fallback('vendors.errors.import', 'Failed to import vendors'), silent: true });

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
 * The seed adjusts the list's counts locally on create, delete and activation (section 7): every
 * cached list shows the new counts at once, then everything vendor is refetched from the server.
 */
function patchCachedStats(queryClient: QueryClient, change: (stats: VendorStats) => VendorStats) {
  queryClient.setQueriesData<VendorsAnswer>({ queryKey: vendorsKeys.lists(), type: 'active' }, (old) =>
    old?.stats ? { ...old, stats: change(old.stats) } : old,
  );
  // A list not on screen may hold counts from before someone else's change: adding to them would
  // count twice. It is dropped instead, and fetched afresh when it is shown again.
  queryClient.removeQueries({ queryKey: vendorsKeys.lists(), type: 'inactive' });
}

const refetchVendors = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: vendorsKeys.all });

export function useCreateVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVendor,
    onSuccess: (vendor) => {
      patchCachedStats(queryClient, (s) => adjustVendorStats(s, vendor, 1));
      return refetchVendors(queryClient);
    },
  });
}

export function useUpdateVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: VendorFieldsInput }) => updateVendor(id, input),
    onSuccess: (vendor, { id }) => {
      queryClient.setQueryData(vendorsKeys.detail(id), vendor);
      return refetchVendors(queryClient);
    },
  });
}

export function useSetVendorActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) => setVendorActive(id, isActive),
    onSuccess: (vendor, { id }) => {
      queryClient.setQueryData(vendorsKeys.detail(id), vendor);
      patchCachedStats(queryClient, (s) => ({
        ...s,
        active: s.active + (vendor.isActive ? 1 : -1),
        inactive: s.inactive + (vendor.isActive ? -1 : 1),
      }));
    },
    // A refusal (409: someone else moved the vendor) also refetches, so the buttons follow the real state.
    onSettled: () => refetchVendors(queryClient),
  });
}

export function useDeleteVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVendor,
    onSuccess: (vendor) => {
      queryClient.removeQueries({ queryKey: vendorsKeys.detail(vendor._id) });
      patchCachedStats(queryClient, (s) => adjustVendorStats(s, vendor, -1));
      return refetchVendors(queryClient);
    },
  });
}

/** Previews or imports a file; an import (not a preview) refetches everything vendor. */
export function useImportVendors() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, options }: { file: File; options: ImportOptions }) => importVendorFile(file, options),
    onSuccess: (report) => (report.preview ? undefined : refetchVendors(queryClient)),
  });
}
