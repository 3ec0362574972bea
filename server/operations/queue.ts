import { stateIn } from '../db/state-check';
import { sql, type SQL } from 'drizzle-orm';
import { OPERATION_EVENTS, operationMachine, servicesItem, type OperationContext } from '../../src/machines/operation-machine';
import { VOUCHER_EVENTS, voucherMachine, type VoucherContext, type VoucherEvent } from '../../src/machines/voucher-machine';
import { statesAccepting, statesWithTag } from '../../src/machines/workflow';
import type { AuthContext } from '../auth/session';
import { ownRecordsOf } from '../auth/visibility';
import { bookingItem, bookings } from '../bookings';
import { vendors } from '../vendors';
import { at, type QueueActionDef, type QueueKind, type QueueRow, type QueueScope } from '../work-queue';
import { bookingOperations, vouchers } from './schema';
import { visibleOperations } from './store';

/**
 * The operations' kinds of work (docs/work-queue.md): vouchers to confirm, to send and to pay, and
 * trips ready to complete. Whose an operation is, and which are still open, is written once here:
 * the board's "needs me" reads the same (server/operations/lists.ts).
 */

/** The states in which an operation is still worked on (the machine's `open` tag). */
export const OPEN_OPERATION_STATES = statesWithTag(operationMachine, 'open');

/**
 * A member's operations: taken in hand by them (`assignedTo`) or of a booking they sold
 * (`convertedBy`, kept on the operation from its booking). "Needs me" on the board
 * is this and the `open` tag; the queue's operations items are theirs by the same rule.
 */
export const operationOfMember = (memberId: string): SQL =>
  sql`(${bookingOperations.assignedTo} = ${memberId}::uuid or ${bookingOperations.convertedBy} = ${memberId}::uuid)`;

const visible = (auth: AuthContext) => visibleOperations(auth) ?? sql`true`;
const openOperation = sql`${stateIn(bookingOperations.status, OPEN_OPERATION_STATES)}`;

const voucherEvent = (type: VoucherEvent['type']) => VOUCHER_EVENTS.find((e) => e.type === type)!;
const voidVoucher: QueueActionDef<typeof voucherMachine> = { event: voucherEvent('VOID'), needs: ['operations', 'update'] };

/** The vouchers of open operations the person sees, in the states `states`, with what a voucher item shows. */
function voucherSource(s: QueueScope, states: readonly string[], more?: SQL) {
  const v = vouchers;
  return {
    from: sql`${v} join ${bookingOperations} on ${bookingOperations.id} = ${v.operationId} join ${bookings} on ${bookings.id} = ${bookingOperations.bookingId} join ${vendors} on ${vendors.id} = ${v.vendorId}`,
    where: sql`${stateIn(v.status, states)} and ${openOperation} and ${visible(s.auth)} ${more ? sql`and ${more}` : sql``}`,
    whose: operationOfMember,
    columns: {
      ...bookingItem(v, { parent: bookingOperations.id }),
      due: { day: sql`${v.serviceStartDate}` },
      assignee: sql`coalesce(${bookingOperations.assignedTo}, ${bookings.convertedBy})`,
      params: sql`jsonb_build_object('vendor', ${vendors.name}, 'vendorEmail', ${vendors.email}, 'service', ${v.serviceType}, 'number', ${v.number},
        'confirmationNumber', ${v.confirmationNumber}, 'owed', ${v.cost} - ${v.paidAmount}, 'currency', ${v.currency}, 'start', ${v.serviceStartDate})`,
      context: sql`jsonb_build_object('confirmationNumber', ${v.confirmationNumber})`,
    },
  };
}

/** What every voucher kind is: a voucher of an operation, operations' work, its machine's context as stored. */
const voucherKind = {
  record: 'voucher',
  parent: 'operation',
  priority: 'normal',
  needs: [['operations', 'update']],
  scope: 'bookings',
  machine: voucherMachine,
  contextOf: (context: unknown) => context as VoucherContext,
} as const satisfies Partial<QueueKind<typeof voucherMachine>>;

/** A draft voucher (the states awaiting CONFIRM): the vendor's confirmation number is awaited. */
export const voucherToConfirm: QueueKind<typeof voucherMachine> = {
  kind: 'voucherToConfirm',
  ...voucherKind,
  actions: [{ event: voucherEvent('CONFIRM'), needs: ['operations', 'update'], input: 'confirmationNumber', main: true }, voidVoucher],
  source: (s) => voucherSource(s, statesAccepting(voucherMachine, 'CONFIRM')),
};

/** A confirmed voucher (the states awaiting SEND), sent to its vendor's email: a vendor without one is named instead. */
export const voucherToSend: QueueKind<typeof voucherMachine> = {
  kind: 'voucherToSend',
  ...voucherKind,
  actions: [
    // send-vouchers refuses a vendor without an email before anything is sent (409 VENDOR_EMAIL_MISSING).
    { event: voucherEvent('SEND'), needs: ['operations', 'update'], main: true, unless: (row) => !row.params.vendorEmail },
    voidVoucher,
  ],
  source(s) {
    const src = voucherSource(s, statesAccepting(voucherMachine, 'SEND'));
    return { ...src, columns: { ...src.columns, reason: sql`case when ${vendors.email} is null then 'vendorEmailMissing' else 'voucherToSend' end` } };
  },
};

/**
 * A voucher its vendor may be paid on (`payable`), past confirming and sending, with money still
 * owed. Paying is the vendor payment form (`PAY`: the voucher's payment call, not a machine event),
 * offered while the machine's state is `payable`; VOID beside it.
 */
export const voucherToPay: QueueKind<typeof voucherMachine> = {
  kind: 'voucherToPay',
  ...voucherKind,
  actions: [{ event: { type: 'PAY' }, tag: 'payable', needs: ['operations', 'update'], input: 'vendorPayment', main: true }, voidVoucher],
  source: (s) => {
    const waiting = new Set([...statesAccepting(voucherMachine, 'CONFIRM'), ...statesAccepting(voucherMachine, 'SEND')]);
    return voucherSource(
      s,
      statesWithTag(voucherMachine, 'payable').filter((state) => !waiting.has(state)),
      sql`${vouchers.paidAmount} < ${vouchers.cost}`,
    );
  },
};

const completeEvent = (withReason: boolean) => OPERATION_EVENTS.find((e) => e.type === 'COMPLETE' && !!e.noVendorServices === withReason)!;
const unbookedServices = (row: QueueRow) => (row.context as OperationContext).missing.some((m) => m.kind === 'services');

/**
 * An open operation whose machine accepts COMPLETE: nothing missing (the checklist is empty exactly
 * when the counts the database keeps on the operation are zero), and something booked, or the trip
 * over (a trip whose customer arranged everything). A trip whose tour plans vendor services
 * (`servicesUnbooked`: a planned cost, no voucher that is not void) is offered only once it is
 * over, with COMPLETE asking the "no vendor services" reason (the machine refuses it without one);
 * before, its work is booking the vouchers, not completing.
 */
export const operationToComplete: QueueKind<typeof operationMachine> = {
  kind: 'operationToComplete',
  record: 'operation',
  priority: 'normal',
  needs: [['operations', 'update']],
  scope: 'bookings',
  // Kept per arrival day (work_queue_totals, 0047, work_queue_operation_kind): `operationToComplete`
  // whatever the day (something booked, no vendor services unbooked), `operationToComplete:past`
  // once the trip is over (the conditions below that read the arrival).
  keptByDay: {},
  machine: operationMachine,
  actions: [
    { event: completeEvent(false), needs: ['operations', 'update'], main: true },
    { event: completeEvent(true), needs: ['operations', 'update'], input: 'reason', main: true, unless: (row) => !unbookedServices(row) },
  ],
  contextOf: (context) => context as OperationContext,
  source(s) {
    const o = bookingOperations;
    const t = at(s);
    // The machine's servicesUnbooked, on the counts the database keeps.
    const unbooked = sql`(${o.voucherCount} = 0 and coalesce(${o.plannedCost}, 0) > 0)`;
    // Own visibility (visibleOperations: the booking's seller) on the seller the operation keeps.
    const own = ownRecordsOf(s.auth, 'bookings');
    return {
      // The operation carries its booking's dates and seller (kept by the database, 0033): the rows
      // are a range on booking_operations_to_complete_idx, and the booking (a left join: it is
      // always there) is read for the items shown only.
      from: sql`${o} left join ${bookings} on ${bookings.id} = ${o.bookingId}`,
      where: sql`${stateIn(o.status, statesAccepting(operationMachine, 'COMPLETE'))} ${own ? sql`and ${o.convertedBy} = ${own}::uuid` : sql``}
        and ${o.draftCount} = 0 and ${o.unsentCount} = 0 and ${o.unpaidCount} = 0
        and (${o.voucherCount} + ${o.expenseCount} > 0 or ${o.arrival} < ${t.today})
        and (not ${unbooked} or ${o.arrival} < ${t.today})`,
      whose: operationOfMember,
      columns: {
        ...bookingItem(o),
        due: { day: sql`${o.arrival}` },
        assignee: sql`coalesce(${o.assignedTo}, ${bookings.convertedBy})`,
        reason: sql`case when ${unbooked} then 'operationNoVendorServices' else 'operationToComplete' end`,
        params: sql`jsonb_build_object('tour', ${bookings.tourTitle}, 'departure', ${bookings.departure}, 'arrival', ${bookings.arrival}, 'vouchers', ${o.voucherCount})`,
        // The checklist: empty (the counts above are), but for the unbooked services.
        context: sql`jsonb_build_object('missing', case when ${unbooked} then jsonb_build_array(${JSON.stringify(servicesItem(''))}::jsonb || jsonb_build_object('_id', ${o.id})) else '[]'::jsonb end, 'vouchers', ${o.voucherCount})`,
      },
    };
  },
};

export const operationQueueKinds = [voucherToConfirm, voucherToSend, voucherToPay, operationToComplete];
