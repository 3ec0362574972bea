import { setup } from 'xstate';

/**
 * Vendor activation (SPEC workflow 5): `active ⇄ inactive`. An inactive vendor gets no new
 * vouchers. The stored `vendors.status` is this machine's state value; the API exposes it as
 * `isActive`, and `PUT /vendors/{id}` with `isActive` sends the matching event.
 */
export type VendorEvent = { type: 'ACTIVATE' } | { type: 'DEACTIVATE' };
export type VendorState = 'active' | 'inactive';

export const VENDOR_STATES = ['active', 'inactive'] as const satisfies readonly VendorState[];

/** Every event of the machine, with a payload its guards accept (none need one). */
export const VENDOR_EVENTS: VendorEvent[] = [{ type: 'ACTIVATE' }, { type: 'DEACTIVATE' }];

export const vendorMachine = setup({
  types: {
    events: {} as VendorEvent,
  },
}).createMachine({
  id: 'vendor',
  initial: 'active',
  states: {
    active: {
      description: 'Can be booked: new vouchers may name this vendor.',
      on: { DEACTIVATE: { target: 'inactive' } },
    },
    inactive: {
      description: 'Kept for history; no new vouchers.',
      on: { ACTIVATE: { target: 'active' } },
    },
  },
});

/** The API's `isActive` flag and the machine's state are one fact, seen two ways. */
export const vendorStateOf = (isActive: boolean): VendorState => (isActive ? 'active' : 'inactive');
export const isActiveState = (state: VendorState) => state === 'active';

/** `isActive` in an update payload is a request for this event. */
export const vendorEventFor = (isActive: boolean): VendorEvent => (isActive ? { type: 'ACTIVATE' } : { type: 'DEACTIVATE' });

const VERBS: Record<VendorEvent['type'], string> = { ACTIVATE: 'activate', DEACTIVATE: 'deactivate' };

/** The 409 message when the machine refuses an event, e.g. "Cannot deactivate a vendor that is inactive". */
export const describeVendorRefusal = (state: string, event: VendorEvent) => `Cannot ${VERBS[event.type]} a vendor that is ${state}`;
