import { setup } from 'xstate';

/**
 * Vendor activation (SPEC workflow 5): `active ⇄ inactive`. An inactive vendor gets no new
 * vouchers. The stored `vendors.status` is this machine's state value; the API shows it as the
 * seed's `isActive` (src/api/vendors/contract.ts `vendorActivation` maps one to the other).
 *
 * A new vendor starts where the machine's start chooses from its input: `active`, or `inactive`
 * when it is created with `isActive: false` (`initialState(vendorMachine, { isActive })`).
 */
export type VendorEvent = { type: 'ACTIVATE' } | { type: 'DEACTIVATE' };

/** Every event of the machine, with a payload its guards accept (none need one). */
export const VENDOR_EVENTS: VendorEvent[] = [{ type: 'ACTIVATE' }, { type: 'DEACTIVATE' }];

export const vendorMachine = setup({
  types: {
    events: {} as VendorEvent,
    input: {} as { isActive?: boolean } | undefined,
    context: {} as { startsActive?: boolean },
  },
  guards: {
    startsInactive: ({ context }) => context.startsActive === false,
  },
}).createMachine({
  id: 'vendor',
  initial: 'created',
  context: ({ input }) => ({ startsActive: input?.isActive ?? true }),
  states: {
    created: {
      description: 'A choice, never stored: a new vendor is active unless it is created inactive.',
      always: [{ guard: 'startsInactive', target: 'inactive' }, { target: 'active' }],
    },
    active: {
      // The seed's `isActive`; vouchers will ask for a bookable vendor.
      tags: ['bookable'],
      description: 'Can be booked: new vouchers may name this vendor.',
      on: { DEACTIVATE: { target: 'inactive' } },
    },
    inactive: {
      description: 'Kept for history; no new vouchers.',
      on: { ACTIVATE: { target: 'active' } },
    },
  },
});

const VERBS: Record<VendorEvent['type'], string> = { ACTIVATE: 'activate', DEACTIVATE: 'deactivate' };

/** The 409 message when the machine refuses an event, e.g. "Cannot deactivate a vendor that is inactive". */
export const describeVendorRefusal = (state: string, event: VendorEvent) => `Cannot ${VERBS[event.type]} a vendor that is ${state}`;
