import crypto from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { moneyAccount, systemMemo } from '../../src/api/finance/contract';
import {
  DATES_OUT_OF_TRIP,
  EXPENSE_PAYMENT,
  OPERATION_ERRORS,
  VOUCHER_PAYMENT,
  type CreateVoucherInput,
  type VendorPaymentInput,
} from '../../src/api/operations/contract';
import type { VendorService } from '../../src/api/vendors/contract';
import { describeMissing, describeOperationRefusal, operationMachine, type OperationEvent } from '../../src/machines/operation-machine';
import { snapshotOf } from '../../src/machines/workflow';
import { describeVoucherRefusal, voucherMachine, type VoucherEvent } from '../../src/machines/voucher-machine';
import { statesWithTag } from '../../src/machines/workflow';
import { bookingRef, bookings, type BookingRow } from '../bookings';
import type { Tx } from '../db/client';
import { assertBooksOpen, postEntry, nextNumber, type LineInput } from '../finance';
import { ApiError, conflict, invalidField, moneyParams, notFound } from '../http/errors';
import { activeVendor, describedAs, vendorTransactions, vendors } from '../vendors';
import { applyEventTo, rowWorkflow, type Workflow } from '../workflow/apply-event';
import { additionalExpenses, bookingOperations, operationPayments, vouchers } from './schema';
import { EXPENSE_RECORD, OPERATION_RECORD, VOUCHER_RECORD, operationContext, revenueOf, voucherLabel, type ExpenseRow, type OperationRow, type VoucherRow } from './store';
import { plannedCostOf } from './tours';

/**
 * The operation and voucher machines' server side (docs/workflows.md): the facts their guards read,
 * their named effects, and the writes every operation route shares (a vendor that may be booked,
 * dates within the trip, a vendor payment with its journal entry and vendor transaction). Other
 * areas call this file: the booking's VERIFY starts an operation (`startOperation`), an approved
 * cancellation cancels it (`cancelOperation`).
 */

/** Voucher states whose fields may change, that take payments, that count towards the operation. */
export const EDITABLE_VOUCHER_STATES = statesWithTag(voucherMachine, 'editable');
export const PAYABLE_VOUCHER_STATES = statesWithTag(voucherMachine, 'payable');
/** Confirmed, not yet sent: what send-vouchers sends. */
export const AWAITING_SEND_STATES = statesWithTag(voucherMachine, 'awaitingSend');
/** Operation states that take new vouchers, expenses and payments. */
export const OPEN_OPERATION_STATES = statesWithTag(operationMachine, 'open');

// ---------- the operation ----------

/**
 * Opens the booking's operation (the booking machine's `startOperation`, in VERIFY's transaction),
 * with the tour's planned cost for the party. Once per booking (the unique index says so too).
 */
export async function startOperation(tx: Tx, booking: BookingRow): Promise<OperationRow> {
  const [row] = await tx
    .insert(bookingOperations)
    .values({ bookingId: booking.id, currency: booking.currency, departure: booking.departure, arrival: booking.arrival, convertedBy: booking.convertedBy, revenue: revenueOf(booking.grandTotal), plannedCost: await plannedCostOf(tx, booking) })
    .returning();
  return row;
}

/** A write to an operation that is closed (completed or cancelled): 409. */
export function assertOpen(op: OperationRow) {
  if (!OPEN_OPERATION_STATES.includes(op.status)) throw conflict(`This operation is ${op.status}: it takes no more changes`, OPERATION_ERRORS.operationClosed, { status: op.status });
}

/** The first member to work on an operation takes it in hand ("needs me", docs/operations.md). */
export async function takeInHand(tx: Tx, op: OperationRow, actorId: string | null) {
  if (!actorId || op.assignedTo) return;
  await tx
    .update(bookingOperations)
    .set({ assignedTo: actorId })
    .where(and(eq(bookingOperations.id, op.id), isNull(bookingOperations.assignedTo)));
}

interface CompletionDecision {
  actorId: string | null;
}

/**
 * The operation machine on `booking_operations`: COMPLETE's guard reads the checklist from the
 * operation's rows; the timestamps of the final states are written with the state (the table's
 * CHECK holds `completed` and `completed_at` together).
 */
/** When an event happens: the organization's day and the instant, by the server's clock (a test's own in tests). */
export interface When {
  today: string;
  now: Date;
}

export function operationWorkflow(actorId: string | null, when?: When): Workflow<typeof operationMachine, OperationRow> {
  const decision: CompletionDecision = { actorId };
  return {
    machine: operationMachine,
    recordName: OPERATION_RECORD,
    refusal: (state, event, context) => describeOperationRefusal(state, event as OperationEvent, context),
    async lock(tx, id) {
      const [row] = await tx.select().from(bookingOperations).where(eq(bookingOperations.id, id)).for('update');
      return row;
    },
    stateOf: (row) => row.status,
    contextOf: (tx, row) => operationContext(tx, row),
    effects: {
      async recogniseRevenue({ tx, row }) {
        if (!when) throw new Error('COMPLETE needs the organization\'s day');
        await recogniseTripRevenue(tx, row, decision.actorId, when.today);
      },
    },
    async saveState(tx, row, to, event) {
      const state = to.value as string;
      const noVendorServices = event.type === 'COMPLETE' ? event.noVendorServices : undefined;
      await tx
        .update(bookingOperations)
        .set({
          status: state,
          // The clock's instant, so the trip completes on the day its revenue is recognised.
          completedAt: state === 'completed' ? (when?.now.toISOString() ?? sql`now()`) : null,
          completedBy: state === 'completed' ? decision.actorId : null,
          // The "no vendor services" confirmation's reason, as the person wrote it (trimmed).
          noVendorServicesReason: state === 'completed' && noVendorServices ? noVendorServices.reason.trim() : null,
          canceledAt: state === 'canceled' ? sql`now()` : null,
          updatedAt: sql`now()`,
        })
        .where(eq(bookingOperations.id, row.id));
    },
  };
}

/**
 * Revenue is recognised when a trip completes (SPEC Finance): one entry, dated the organization's
 * day, in which the booking's revenue (its total less refunds) becomes tour revenue, taken from the
 * customer's deposits and, for what the customer still owes, from receivables; and what was paid to
 * vendors for it (every voucher and expense is paid by then) becomes vendor costs. So the ledger's
 * profit for a month is the operations board's for the trips completed in it.
 */
export async function recogniseTripRevenue(tx: Tx, op: OperationRow, actorId: string | null, today: string) {
  const [booking] = await tx.select({ number: bookings.number, paid: bookings.paidAmount }).from(bookings).where(eq(bookings.id, op.bookingId));
  const fromDeposits = Math.min(booking.paid, op.revenue);
  const owed = op.revenue - fromDeposits;
  const costs = op.vouchersCost + op.expensesCost;
  const lines: LineInput[] = [];
  if (fromDeposits > 0) lines.push({ account: 'customer-deposits', debit: fromDeposits });
  if (owed > 0) lines.push({ account: 'accounts-receivable', debit: owed });
  if (op.revenue > 0) lines.push({ account: 'tour-revenue', credit: op.revenue });
  if (costs > 0) lines.push({ account: 'vendor-costs', debit: costs }, { account: 'vendor-prepayments', credit: costs });
  if (lines.length < 2) return;
  await postEntry(tx, {
    date: today,
    source: { type: 'revenue-recognition', id: op.bookingId, reference: bookingRef(booking.number) },
    memo: systemMemo('tripCompleted', { booking: bookingRef(booking.number) }),
    postedBy: actorId,
    lines,
  });
}

/**
 * COMPLETE (or COMPLETE with a "no vendor services" reason) on an operation the caller has locked.
 * When the machine refuses a pending operation, the refusal says why in the product's codes:
 * `VENDOR_SERVICES_BOOKED` for "no vendor services" on an operation that has vouchers (params: how
 * many), else `OPERATION_INCOMPLETE` naming each item still missing (params: the lines, the ids for
 * the checklist, and `services`, the operation's id when the tour's vendor services are unbooked). Not pending: the
 * machine's 409.
 */
export async function completeOperation(tx: Tx, op: OperationRow, actorId: string | null, when: When, event: Extract<OperationEvent, { type: 'COMPLETE' }> = { type: 'COMPLETE' }) {
  if (op.status === 'pending') {
    const context = await operationContext(tx, op);
    if (!snapshotOf(operationMachine, op.status, context).can(event)) {
      const message = describeOperationRefusal(op.status, event, context);
      if (event.noVendorServices && context.vouchers > 0) throw conflict(message, OPERATION_ERRORS.vendorServicesBooked, { vouchers: context.vouchers });
      // With the reason, the unbooked services are answered for: what is missing is the rest.
      const missing = event.noVendorServices ? context.missing.filter((m) => m.kind !== 'services') : context.missing;
      throw new ApiError(409, OPERATION_ERRORS.operationIncomplete, message, undefined, undefined, {
        missing: missing.map(describeMissing),
        voucherIds: missing.filter((m) => m.kind === 'voucher').map((m) => m._id),
        expenseIds: missing.filter((m) => m.kind === 'expense').map((m) => m._id),
        services: missing.filter((m) => m.kind === 'services').map((m) => m._id),
      });
    }
  }
  return applyEventTo(tx, operationWorkflow(actorId, when), op, event, undefined, { actorId });
}

/**
 * What an approved cancellation calls (the cancellations issue), in its transaction: the booking's
 * operation is CANCELled, naming the cancellation, and its vouchers are voided (SPEC workflow 4).
 * What was paid stays paid: refunds from vendors are their own records.
 */
export async function cancelOperation(tx: Tx, bookingId: string, cancellationId: string, actorId: string | null) {
  const [op] = await tx.select().from(bookingOperations).where(eq(bookingOperations.bookingId, bookingId)).for('update');
  if (!op) throw notFound(OPERATION_RECORD);
  const applied = await applyEventTo(tx, operationWorkflow(actorId), op, { type: 'CANCEL', cancellationId }, undefined, { actorId });
  const open = await tx
    .select()
    .from(vouchers)
    .where(and(eq(vouchers.operationId, op.id), ne(vouchers.status, 'void')))
    .for('update');
  for (const v of open) await applyEventTo(tx, voucherWorkflow, v, { type: 'VOID' }, undefined, { actorId });
  return applied;
}

// ---------- vouchers ----------

/**
 * The voucher machine on `vouchers`. CONFIRM's guard reads the stored confirmation number; its
 * `assignNumber` takes the voucher's number from the money kit's series (dated by the service's
 * first day) and gives it, with the confirmation number the event brings, to the state's save.
 */
export const voucherWorkflow = rowWorkflow({
  machine: voucherMachine,
  table: vouchers,
  recordName: VOUCHER_RECORD,
  contextOf: (_tx, row) => ({ confirmationNumber: row.confirmationNumber }),
  refusal: (state, event) => describeVoucherRefusal(state, event as VoucherEvent),
  effects: {
    async assignNumber({ tx, row, event }) {
      const confirmationNumber = (event.type === 'CONFIRM' && event.confirmationNumber?.trim()) || row.confirmationNumber;
      return { number: row.number ?? (await nextNumber(tx, 'voucher', row.serviceStartDate)), confirmationNumber };
    },
  },
});

/** The voucher of an operation the caller has locked, locked too; 404 when it is not that operation's. */
export async function lockVoucher(tx: Tx, op: OperationRow, voucherId: string): Promise<VoucherRow> {
  const [row] = await tx
    .select()
    .from(vouchers)
    .where(and(eq(vouchers.id, voucherId), eq(vouchers.operationId, op.id)))
    .for('update');
  if (!row) throw notFound(VOUCHER_RECORD);
  return row;
}

export async function lockExpense(tx: Tx, op: OperationRow, expenseId: string): Promise<ExpenseRow> {
  const [row] = await tx
    .select()
    .from(additionalExpenses)
    .where(and(eq(additionalExpenses.id, expenseId), eq(additionalExpenses.operationId, op.id)))
    .for('update');
  if (!row) throw notFound(EXPENSE_RECORD);
  return row;
}

/** The organization's vendor (404 for another's or none), locked against a change of its state while the voucher is written. */
/** A vendor a voucher may name: active and offering the service (409 otherwise). */
export async function bookableVendor(tx: Tx, vendorId: string, service: VendorService) {
  const vendor = await activeVendor(tx, vendorId);
  if (!vendor.services.includes(service)) {
    throw conflict(`${vendor.name} does not offer ${service} (it offers ${vendor.services.join(', ')})`, OPERATION_ERRORS.vendorServiceMismatch, { vendor: vendor.name, service, services: vendor.services });
  }
  return vendor;
}

/** The service's dates within the trip (the booking's departure to arrival): 400 naming the field otherwise. */
export function assertWithinTrip(booking: Pick<BookingRow, 'departure' | 'arrival'>, dates: { serviceStartDate: string; serviceEndDate: string }) {
  for (const field of ['serviceStartDate', 'serviceEndDate'] as const) {
    const d = dates[field];
    if (d < booking.departure || d > booking.arrival) {
      throw invalidField(field, 'dateOutOfRange', DATES_OUT_OF_TRIP(booking.departure, booking.arrival), { min: booking.departure, max: booking.arrival });
    }
  }
  if (dates.serviceEndDate < dates.serviceStartDate) throw invalidField('serviceEndDate', 'dateOrder', 'must not be before serviceStartDate', { after: 'serviceStartDate' });
}

/** Inserts a draft voucher (the vendor and dates checked by the caller). */
export async function insertVoucher(tx: Tx, op: OperationRow, input: CreateVoucherInput & { tourLineId?: string | null }, actorId: string | null): Promise<VoucherRow> {
  const [row] = await tx
    .insert(vouchers)
    .values({
      operationId: op.id,
      serviceType: input.serviceType,
      vendorId: input.vendorId,
      serviceStartDate: input.serviceStartDate,
      serviceEndDate: input.serviceEndDate,
      description: input.description ?? null,
      pax: input.pax,
      cost: input.cost,
      currency: op.currency,
      confirmationNumber: input.confirmationNumber ?? null,
      tourLineId: input.tourLineId ?? null,
      createdBy: actorId,
    })
    .returning();
  return row;
}

// ---------- payments ----------

export type PaymentTarget = { kind: 'voucher'; row: VoucherRow; label: string } | { kind: 'expense'; row: ExpenseRow; label: string };

/**
 * A payment to a vendor for a voucher or an expense the caller has locked (with its operation):
 * never above what is still owed (409), never on a void voucher (409), one journal entry (vendor
 * costs ← the money account of the method) and, when there is a vendor, one vendor transaction
 * (outgoing, paid), all in the request's transaction. The database raises the paid amount and
 * refuses more than the cost whatever this code does.
 */
export async function recordVendorPayment(tx: Tx, op: OperationRow, booking: Pick<BookingRow, 'number'>, target: PaymentTarget, input: VendorPaymentInput, o: { actorId: string | null; today: string; /** No money is dated before it (server/finance/dates.ts); the seed's history leaves it out. */ booksStart?: string }) {
  assertOpen(op);
  if (input.paidOn > o.today) throw invalidField('paidOn', 'inFuture', 'must not be in the future');
  await assertBooksOpen(tx, input.paidOn);
  if (o.booksStart && input.paidOn < o.booksStart) throw invalidField('paidOn', 'beforeBooksStart', `must not be before the books start (${o.booksStart})`, { booksStart: o.booksStart });
  if (target.kind === 'voucher' && !PAYABLE_VOUCHER_STATES.includes(target.row.status)) {
    throw conflict(`Voucher ${target.label} is ${target.row.status}: it takes no payment`, OPERATION_ERRORS.voucherNotPayable, { status: target.row.status });
  }
  const cost = target.kind === 'voucher' ? target.row.cost : target.row.amount;
  const owed = cost - target.row.paidAmount;
  if (input.amount > owed) {
    const m = moneyParams(target.row.currency, { owed, amount: input.amount });
    throw conflict(`The payment is more than is still owed on ${target.label} (${m.text.owed})`, OPERATION_ERRORS.paymentExceedsOwed, m.params);
  }

  const paymentId = crypto.randomUUID();
  const source = target.kind === 'voucher' ? VOUCHER_PAYMENT : EXPENSE_PAYMENT;
  const memo = target.kind === 'voucher' ? systemMemo('voucherPayment', { voucher: target.label, booking: bookingRef(booking.number) }) : systemMemo('expensePayment', { expense: target.label, booking: bookingRef(booking.number) });
  const { id: entryId } = await postEntry(tx, {
    date: input.paidOn,
    source: { type: source, id: paymentId, reference: input.reference ?? (target.kind === 'voucher' ? target.row.number : null) },
    memo,
    postedBy: o.actorId,
    lines: [
      // Paid ahead of the trip: an asset until the trip completes and the cost reaches the profit
      // and loss with its revenue (recogniseTripRevenue).
      { account: 'vendor-prepayments', debit: input.amount },
      { account: moneyAccount(input.paymentMethod), credit: input.amount },
    ],
  });
  const vendorId = target.row.vendorId;
  let vendorTransactionId: string | null = null;
  if (vendorId) {
    const [txn] = await tx
      .insert(vendorTransactions)
      .values({
        vendorId,
        direction: 'outgoing',
        amount: input.amount,
        status: 'paid',
        date: input.paidOn,
        reference: input.reference ?? (target.kind === 'voucher' ? target.row.number : null),
        ...describedAs(memo),
        linkedType: source,
        linkedId: paymentId,
      })
      .returning({ id: vendorTransactions.id });
    vendorTransactionId = txn.id;
  }
  await tx.insert(operationPayments).values({
    id: paymentId,
    operationId: op.id,
    voucherId: target.kind === 'voucher' ? target.row.id : null,
    expenseId: target.kind === 'expense' ? target.row.id : null,
    amount: input.amount,
    currency: op.currency,
    paymentMethod: input.paymentMethod,
    paidOn: input.paidOn,
    reference: input.reference ?? null,
    notes: input.notes ?? null,
    entryId,
    vendorTransactionId,
    paidBy: o.actorId,
  });
  await takeInHand(tx, op, o.actorId);
}

/** A voucher's label for messages, with its vendor's name. */
export async function labelOfVoucher(tx: Tx, row: VoucherRow): Promise<string> {
  const [vendor] = await tx.select({ name: vendors.name }).from(vendors).where(eq(vendors.id, row.vendorId));
  return voucherLabel({ number: row.number, serviceType: row.serviceType, vendorName: vendor?.name ?? '' });
}
