import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { vendorActivation, type Vendor } from '../../api/vendors/contract';
import { useVendorEvent } from '../../api/vendors/save-vendor';
import { VENDOR_EVENTS, vendorMachine, type VendorEvent } from '../../machines/vendor-machine';
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
