import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Vendor } from '../../api/vendors/contract';
import { useSetVendorActive } from '../../api/vendors/save-vendor';
import { VENDOR_EVENTS, vendorMachine, vendorStateOf, type VendorEvent } from '../../machines/vendor-machine';
import type { WorkflowAction, WorkflowProps } from '../../ui/workflow-panel';

const PRESENTATION: Record<VendorEvent['type'], Omit<WorkflowAction<VendorEvent>, 'event' | 'label'> & { label: string; done: string }> = {
  ACTIVATE: { label: 'vendors.activate', done: 'vendors.activated', icon: 'pi pi-check-circle' },
  // Not money, but it stops new vouchers: asked once so a stray click does not.
  DEACTIVATE: { label: 'vendors.deactivate', done: 'vendors.deactivated', icon: 'pi pi-ban' },
};

/** The vendor machine wired for the generic workflow widgets: `<WorkflowPanel {...useVendorWorkflow(v)} />`. */
export function useVendorWorkflow(vendor: Vendor, canUpdate: boolean): WorkflowProps<typeof vendorMachine> {
  const { t } = useTranslation();
  const setActive = useSetVendorActive();
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
    state: vendorStateOf(vendor.isActive),
    actions: canUpdate ? actions : [],
    disabled: setActive.isPending,
    onEvent: async (event) => {
      // The HTTP call the path tests replay: `isActive` true = ACTIVATE, false = DEACTIVATE.
      await setActive.mutateAsync({ id: vendor._id, isActive: event.type === 'ACTIVATE' });
      toast.success(t(PRESENTATION[event.type].done));
    },
  };
}
