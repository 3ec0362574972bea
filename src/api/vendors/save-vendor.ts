import { fallback } from '../client';
import { useWorkflowEvent } from '../common/use-workflow-event';
import { vendorActivation, type VendorStats } from './contract';
import { vendorsResource } from './get-vendors';

export const useCreateVendor = vendorsResource.useCreate;
export const useUpdateVendor = vendorsResource.useUpdate;
export const useDeleteVendor = vendorsResource.useDelete;
export const useImportVendors = vendorsResource.useImport;

/**
 * ACTIVATE or DEACTIVATE through the vendor machine (`PUT /vendors/{id}` with `isActive`); 409
 * when the vendor's state refuses it. The answer updates the caches, and the header's counts move
 * at once (the seed, section 7).
 */
export const useVendorEvent = () =>
  useWorkflowEvent({
    request: vendorActivation,
    keys: vendorsResource.keys,
    fallback: fallback('vendors.errors.status', 'Failed to update vendor status'),
    onAnswer(queryClient, vendor) {
      queryClient.setQueriesData<{ stats?: VendorStats }>({ queryKey: vendorsResource.keys.lists(), type: 'active' }, (old) =>
        old?.stats ? { ...old, stats: { ...old.stats, active: old.stats.active + (vendor.isActive ? 1 : -1), inactive: old.stats.inactive + (vendor.isActive ? -1 : 1) } } : old,
      );
      // A list not on screen may hold counts from before someone else's change: dropped, fetched afresh when shown.
      queryClient.removeQueries({ queryKey: vendorsResource.keys.lists(), type: 'inactive' });
    },
  });
