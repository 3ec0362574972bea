import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TourType } from '../../src/api/bookings/contract';
import type { PaymentMethod } from '../../src/api/finance/contract';
import type {
  AdditionalExpense,
  ExpenseCategory,
  MissingItem,
  Operation,
  OperationDetail,
  Profit,
  Voucher,
  VendorPayment,
} from '../../src/api/operations/contract';
import type { VendorService } from '../../src/api/vendors/contract';
import { isActiveIn } from '../../src/api/vendors/contract';
import type { BookingState } from '../../src/machines/booking-machine';
import { nextStepOf, operationMachine, servicesItem, servicesUnbooked, type MissingNeed, type OperationContext, type OperationState } from '../../src/machines/operation-machine';
import { voucherMachine, type VoucherState } from '../../src/machines/voucher-machine';
import { statesWithTag } from '../../src/machines/workflow';
import type { AuthContext } from '../auth/session';
import { members } from '../auth/schema';
import { visibleTo } from '../auth/visibility';
import { bookingTravellers, bookings, bookingRef, memberRefs } from '../bookings';
import { placeRefs } from '../catalogue';
import type { Tx } from '../db/client';
import { notFound } from '../http/errors';
import { vendors } from '../vendors';
import { additionalExpenses, bookingOperations, operationPayments, vouchers } from './schema';

/**
 * What the operation routes, the booking's VERIFY and other areas read and share: visibility (an
 * operation is seen by whoever sees its booking), the operation whole, its checklist and profit.
 * Other areas call this file or workflow.ts.
 */
export type OperationRow = typeof bookingOperations.$inferSelect;
export type VoucherRow = typeof vouchers.$inferSelect;
export type ExpenseRow = typeof additionalExpenses.$inferSelect;

export const OPERATION_RECORD = 'Booking operation';
export const VOUCHER_RECORD = 'Voucher';
export const EXPENSE_RECORD = 'Additional expense';

/** The operations the caller may see: those of the bookings they see ("own" booking visibility). */
export const visibleOperations = (auth: Pick<AuthContext, 'role' | 'memberId'>) => visibleTo(auth as AuthContext, 'bookings', bookings.convertedBy);

const visibleWhere = (auth: Pick<AuthContext, 'role' | 'memberId'>, where: SQL) =>
  and(where, sql`exists (select 1 from ${bookings} where ${bookings.id} = ${bookingOperations.bookingId} ${visibleOperations(auth) ? sql`and ${visibleOperations(auth)}` : sql``})`);

/** The operation, locked for the rest of the request (`by`: its id or its booking's); 404 when it is not there or not the caller's to see. */
export async function lockVisibleOperation(tx: Tx, auth: Pick<AuthContext, 'role' | 'memberId'>, id: string): Promise<OperationRow> {
  const [row] = await tx.select().from(bookingOperations).where(visibleWhere(auth, eq(bookingOperations.id, id))).for('update');
  if (!row) throw notFound(OPERATION_RECORD);
  return row;
}

/** The operation (not locked) by its id or by its booking's; 404 when it is not the caller's to see. */
export async function visibleOperation(tx: Tx, auth: Pick<AuthContext, 'role' | 'memberId'>, by: { id: string } | { bookingId: string }): Promise<OperationRow> {
  const where = 'id' in by ? eq(bookingOperations.id, by.id) : eq(bookingOperations.bookingId, by.bookingId);
  const [row] = await tx.select().from(bookingOperations).where(visibleWhere(auth, where));
  if (!row) throw notFound(OPERATION_RECORD);
  return row;
}

// ---------- the list row ----------

const convertedMember = alias(members, 'converted_member');
const assignedMember = alias(members, 'assigned_member');

/** What a list row reads, in one statement: the operation, its booking's summary and the two members' names. */
export const operationListSelect = {
  op: bookingOperations,
  booking: {
    id: bookings.id,
    number: bookings.number,
    status: bookings.status,
    tourType: bookings.tourType,
    tourId: bookings.tourId,
    tourTitle: bookings.tourTitle,
    customerName: bookings.customerName,
    departure: bookings.departure,
    arrival: bookings.arrival,
    totalNights: bookings.totalNights,
    pax: bookings.pax,
    grandTotal: bookings.grandTotal,
    regions: bookings.regions,
    destinations: bookings.destinations,
    convertedBy: bookings.convertedBy,
  },
  convertedByName: convertedMember.name,
  assignedToName: assignedMember.name,
};

export const selectOperations = (tx: Tx) =>
  tx
    .select(operationListSelect)
    .from(bookingOperations)
    .innerJoin(bookings, eq(bookings.id, bookingOperations.bookingId))
    .leftJoin(convertedMember, eq(convertedMember.id, bookings.convertedBy))
    .leftJoin(assignedMember, eq(assignedMember.id, bookingOperations.assignedTo));

export type OperationListRow = Awaited<ReturnType<ReturnType<typeof selectOperations>['execute']>>[number];

/**
 * Revenue: the booking's grand total less refunds, kept on the operation (`revenue`). Refunds come
 * with the cancellations issue: it lowers `revenue` by what it refunds, and `refunds` is what the
 * operation's revenue lacks of the grand total.
 */
export const revenueOf = (grandTotal: number, refunds = 0) => grandTotal - refunds;

export function profitOf(op: Pick<OperationRow, 'revenue' | 'vouchersCost' | 'expensesCost' | 'paidOut' | 'plannedCost'>, grandTotal: number): Profit {
  const revenue = op.revenue;
  const refunds = grandTotal - revenue;
  const totalExpense = op.vouchersCost + op.expensesCost;
  return {
    revenue,
    refunds,
    vouchers: op.vouchersCost,
    expenses: op.expensesCost,
    totalExpense,
    profit: revenue - totalExpense,
    paidOut: op.paidOut,
    plannedCost: op.plannedCost,
    plannedProfit: op.plannedCost === null ? null : revenue - op.plannedCost,
  };
}

export async function toOperations(tx: Tx, rows: OperationListRow[]): Promise<Operation[]> {
  if (!rows.length) return [];
  const places = await placeRefs(
    tx,
    rows.map((r) => r.booking),
  );
  return rows.map(({ op, booking: b, convertedByName, assignedToName }) => {
    const progress = { vouchers: op.voucherCount, drafts: op.draftCount, unsent: op.unsentCount, expenses: op.expenseCount, unpaid: op.unpaidCount };
    return {
      _id: op.id,
      bookingId: op.bookingId,
      status: op.status as OperationState,
      booking: {
        _id: b.id,
        ref: bookingRef(b.number),
        status: b.status as BookingState,
        tourType: b.tourType as TourType,
        tour: { _id: b.tourId, title: b.tourTitle },
        customerName: b.customerName,
        departure: b.departure,
        arrival: b.arrival,
        totalNights: b.totalNights,
        pax: b.pax,
        grandTotal: b.grandTotal,
        regions: places.regions(b.regions),
        destinations: places.destinations(b.destinations),
        convertedBy: b.convertedBy && convertedByName ? { _id: b.convertedBy, name: convertedByName } : null,
      },
      currency: op.currency,
      vouchersSent: op.voucherCount > 0 && op.draftCount === 0 && op.unsentCount === 0,
      progress,
      nextStep: nextStepOf({ status: op.status as OperationState, ...progress }),
      profit: profitOf(op, b.grandTotal),
      assignedTo: op.assignedTo && assignedToName ? { _id: op.assignedTo, name: assignedToName } : null,
      completedAt: op.completedAt,
      createdAt: op.createdAt,
      updatedAt: op.updatedAt,
    };
  });
}

// ---------- the detail ----------

async function paymentsOf(tx: Tx, operationId: string): Promise<(VendorPayment & { voucherId: string | null; expenseId: string | null })[]> {
  const rows = await tx.select().from(operationPayments).where(eq(operationPayments.operationId, operationId)).orderBy(asc(operationPayments.createdAt), asc(operationPayments.id));
  const member = await memberRefs(
    tx,
    rows.map((r) => r.paidBy),
  );
  return rows.map((p) => ({
    _id: p.id,
    voucherId: p.voucherId,
    expenseId: p.expenseId,
    amount: p.amount,
    currency: p.currency,
    paymentMethod: p.paymentMethod as PaymentMethod,
    paidOn: p.paidOn,
    reference: p.reference,
    notes: p.notes,
    journalEntryId: p.entryId,
    vendorTransactionId: p.vendorTransactionId,
    paidBy: member(p.paidBy),
    createdAt: p.createdAt,
  }));
}

/** How people name a voucher: its number, or its service and vendor while a draft. */
export const voucherLabel = (v: { number: string | null; serviceType: string; vendorName: string }) => v.number ?? `${v.serviceType} (${v.vendorName})`;

/** Sets of voucher states, from the machine's tags: counted towards completion; still a draft; confirmed, not yet sent. */
const COUNTED = statesWithTag(voucherMachine, 'counted');
const UNCONFIRMED = statesWithTag(voucherMachine, 'editable');
const AWAITING_SEND = statesWithTag(voucherMachine, 'awaitingSend');
/** Operations still worked on (the operation machine's `open` tag). */
const OPEN_OPERATION = statesWithTag(operationMachine, 'open');

/**
 * The completion checklist (the operation machine's `missing` context): the tour's vendor services
 * when it plans some and none is booked (`servicesUnbooked`; on an open operation: a closed one
 * books nothing more), every voucher that is not void and is not sent or not fully paid, every
 * expense not fully paid.
 */
export function missingOf(
  op: Pick<OperationRow, 'id' | 'status' | 'plannedCost'>,
  vs: Pick<Voucher, '_id' | 'status' | 'number' | 'serviceType' | 'vendor' | 'owed'>[],
  es: Pick<AdditionalExpense, '_id' | 'description' | 'owed'>[],
): MissingItem[] {
  const items: MissingItem[] = [];
  if (OPEN_OPERATION.includes(op.status) && servicesUnbooked({ vouchers: countedVouchers(vs), plannedCost: op.plannedCost })) items.push(servicesItem(op.id));
  for (const v of vs) {
    if (!COUNTED.includes(v.status)) continue;
    const needs: MissingNeed[] = [];
    if (UNCONFIRMED.includes(v.status)) needs.push('confirm', 'send');
    if (AWAITING_SEND.includes(v.status)) needs.push('send');
    if (v.owed > 0) needs.push('pay');
    if (needs.length) items.push({ kind: 'voucher', _id: v._id, label: voucherLabel({ number: v.number, serviceType: v.serviceType, vendorName: v.vendor.name }), needs, owed: v.owed });
  }
  for (const e of es) if (e.owed > 0) items.push({ kind: 'expense', _id: e._id, label: e.description, needs: ['pay'], owed: e.owed });
  return items;
}

/** Vouchers that are not void (the machine's `counted` tag): what the operation has booked. */
const countedVouchers = (vs: Pick<Voucher, 'status'>[]) => vs.filter((v) => COUNTED.includes(v.status)).length;

export async function vouchersOf(tx: Tx, operationId: string, payments?: Awaited<ReturnType<typeof paymentsOf>>): Promise<Voucher[]> {
  const pays = payments ?? (await paymentsOf(tx, operationId));
  const rows = await tx
    .select({ v: vouchers, vendor: { _id: vendors.id, name: vendors.name, email: vendors.email, status: vendors.status } })
    .from(vouchers)
    .innerJoin(vendors, eq(vendors.id, vouchers.vendorId))
    .where(eq(vouchers.operationId, operationId))
    .orderBy(asc(vouchers.serviceStartDate), asc(vouchers.createdAt), asc(vouchers.id));
  return rows.map(({ v, vendor }) => ({
    _id: v.id,
    operationId: v.operationId,
    number: v.number,
    status: v.status as VoucherState,
    serviceType: v.serviceType as VendorService,
    vendor: { _id: vendor._id, name: vendor.name, email: vendor.email, isActive: isActiveIn(vendor.status) },
    serviceStartDate: v.serviceStartDate,
    serviceEndDate: v.serviceEndDate,
    description: v.description,
    pax: v.pax,
    cost: v.cost,
    paid: v.paidAmount,
    owed: v.status === 'void' ? 0 : v.cost - v.paidAmount,
    vendorRefundExpected: v.vendorRefundExpected,
    vendorRefunded: v.vendorRefunded,
    currency: v.currency,
    confirmationNumber: v.confirmationNumber,
    tourLineId: v.tourLineId,
    sentAt: v.sentAt,
    sentTo: v.sentTo,
    payments: pays.filter((p) => p.voucherId === v.id).map(({ voucherId: _v, expenseId: _e, ...p }) => p),
    createdAt: v.createdAt,
    updatedAt: v.updatedAt,
  }));
}

async function expensesOf(tx: Tx, operationId: string, pays: Awaited<ReturnType<typeof paymentsOf>>): Promise<AdditionalExpense[]> {
  const rows = await tx
    .select({ e: additionalExpenses, vendorName: vendors.name })
    .from(additionalExpenses)
    .leftJoin(vendors, eq(vendors.id, additionalExpenses.vendorId))
    .where(eq(additionalExpenses.operationId, operationId))
    .orderBy(asc(additionalExpenses.createdAt), asc(additionalExpenses.id));
  return rows.map(({ e, vendorName }) => ({
    _id: e.id,
    operationId: e.operationId,
    description: e.description,
    category: e.category as ExpenseCategory,
    amount: e.amount,
    paid: e.paidAmount,
    owed: e.amount - e.paidAmount,
    currency: e.currency,
    date: e.date,
    vendor: e.vendorId && vendorName ? { _id: e.vendorId, name: vendorName } : null,
    payments: pays.filter((p) => p.expenseId === e.id).map(({ voucherId: _v, expenseId: _e, ...p }) => p),
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
  }));
}

/** The travellers' names in the party's order (unnamed ones left out). */
export async function travellerNames(tx: Tx, bookingId: string): Promise<string[]> {
  const rows = await tx.select({ name: bookingTravellers.name }).from(bookingTravellers).where(eq(bookingTravellers.bookingId, bookingId)).orderBy(asc(bookingTravellers.position));
  return rows.map((r) => r.name).filter((n): n is string => !!n);
}

/** The operation whole: what `GET …/operationId/{id}` and every write answer. */
export async function operationDetail(tx: Tx, id: string): Promise<OperationDetail> {
  const [row] = await selectOperations(tx).where(eq(bookingOperations.id, id));
  if (!row) throw notFound(OPERATION_RECORD);
  const [operation] = await toOperations(tx, [row]);
  const pays = await paymentsOf(tx, id);
  const vs = await vouchersOf(tx, id, pays);
  const es = await expensesOf(tx, id, pays);
  const completedBy = await memberRefs(tx, [row.op.completedBy]);
  return {
    ...operation,
    vouchers: vs,
    additionalExpenses: es,
    travellers: await travellerNames(tx, row.booking.id),
    missing: missingOf(row.op, vs, es),
    completedBy: completedBy(row.op.completedBy),
    noVendorServices: row.op.noVendorServicesReason === null ? null : { reason: row.op.noVendorServicesReason },
  };
}

/** The operation machine's context, read from the operation's rows (what COMPLETE's guard is given): the checklist and the vouchers booked. */
export async function operationContext(tx: Tx, op: Pick<OperationRow, 'id' | 'status' | 'plannedCost'>): Promise<OperationContext> {
  const pays = await paymentsOf(tx, op.id);
  const vs = await vouchersOf(tx, op.id, pays);
  return { missing: missingOf(op, vs, await expensesOf(tx, op.id, pays)), vouchers: countedVouchers(vs) };
}
