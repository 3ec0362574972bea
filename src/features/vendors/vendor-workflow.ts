import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { vendorActivation, type Vendor } from '../../api/vendors/contract';
import { useDeleteVendor, useVendorEvent } from '../../api/vendors/save-vendor';
import { VENDOR_EVENTS, vendorMachine, type VendorEvent } from '../../machines/vendor-machine';
import { confirmAction } from '../../ui/confirm';
import type { WorkflowAction, WorkflowProps } from '../../ui/workflow-panel';

const PRESENTATION: Record<VendorEvent['type'], Omit<WorkflowAction<VendorEvent>, 'event' | 'label'> & { label: string; done: string }> = {
  ACTIVATE: { label: 'vendors.activate', done: 'vendors.activated', icon: 'pi pi-check-circle' },
  // Not money, but it stops new vouchers: asked once so a stray click does not.
  DEACTIVATE: { label: 'vendors.deactivate', done: 'vendors.deactivated', icon: 'pi pi-ban' },
};

/** The vendor machine wired for the generic workflow widgets: `<WorkflowPanel {...useVendorWorkflow(v)} />`. */
export function useVendorWorkflow(vendor: Vendor, canUpdate: boolean): WorkflowProps<typeof vendorMachine> {
  const { t } = useTranslation();
  const send = useVendorEvent();
  const actions = useMemo(
    () =>
      VENDOR_EVENTS.map((event): WorkflowAction<VendorEvent> => {
        const p = PRESENTATION[event.type];
        return {
          event,
          label: t(p.label),
          icon: p.icon,
          confirm: event.type === 'DEACTIVATE' ? { message: t('vendors.deactivateConfirm', { name: vendor.name }) } : undefined,
        };
      }),
    [t, vendor.name],
  );
  return {
    machine: vendorMachine,
    state: vendorActivation.stateOf(vendor),
    actions: canUpdate ? actions : [],
    disabled: send.isPending,
    onEvent: async (event) => {
      await send.mutateAsync({ id: vendor._id, event });
      toast.success(t(PRESENTATION[event.type].done));
    },
  };
}

/**
 * Deleting a vendor, asked first: `run` deletes it and says so, then `after` (the vendor's page goes
 * back to the list); a refusal (the vendor has transactions) is the server's message, toasted by the client.
 */
export function useDeleteVendorAction(vendor: Vendor, after?: () => void) {
  const { t } = useTranslation();
  const remove = useDeleteVendor();
  const run = async () => {
    if (!(await confirmAction({ message: t('vendors.deleteConfirm', { name: vendor.name }), header: t('vendors.delete'), acceptLabel: t('vendors.delete'), danger: true }))) return;
    try {
      await remove.mutateAsync(vendor._id);
      toast.success(t('vendors.deleted'));
      after?.();
    } catch {
      /* toasted by the client */
    }
  };
  return { run, pending: remove.isPending };
}
