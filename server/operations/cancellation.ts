import crypto from 'node:crypto';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { moneyAccount, systemMemo, type PaymentMethod } from '../../src/api/finance/contract';
import type { VendorSide } from '../../src/domain/cancellation';
import type { Tx } from '../db/client';
import { assertMoneyDate, postEntry, type LineInput } from '../finance';
import { conflict, invalidField, moneyParams, notFound } from '../http/errors';
import { describedAs, vendorTransactions, vendors } from '../vendors';
import { bookingOperations, vendorRefunds, vouchers } from './schema';
import { cancelOperation } from './workflow';

/**
 * What a cancellation asks of a trip's operation (docs/cancellations.md): its vendor side for the
 * quote, its cancellation with its vouchers in the approval's transaction (and the money paid to
 * vendors that stops being prepaid), and the vendors' refunds recorded as they come in.
 */

/** Each voucher of the booking's trip that is not void: what was paid to its vendor, and what the vendor is expected to give back. */
export async function vendorSideOf(tx: Tx, bookingId: string): Promise<VendorSide[]> {
  const rows = await tx
    .select({ id: vouchers.id, number: vouchers.number, vendor: vendors.name, paid: vouchers.paidAmount, expected: vouchers.vendorRefundExpected })
    .from(vouchers)
    .innerJoin(bookingOperations, eq(bookingOperations.id, vouchers.operationId))
    .leftJoin(vendors, eq(vendors.id, vouchers.vendorId))
    .where(and(eq(bookingOperations.bookingId, bookingId), ne(vouchers.status, 'void')))
    .orderBy(asc(vouchers.serviceStartDate), asc(vouchers.id));
  return rows.map((r) => ({ voucherId: r.id, number: r.number, vendor: r.vendor, paid: r.paid, refundExpected: r.expected }));
}

/**
 * An approved cancellation's trip (SPEC workflow 4): the operation CANCELs and its vouchers go
 * void; what was paid to vendors for it stops being prepaid: what vendors are expected to give back
 * is owed by them (`vendor-refunds-due`), the rest is a cost. A completed trip is refused (its
 * revenue is recognised). Answers the journal lines of the vendor side, for the approval's entry.
 */
export async function cancelTripOperation(tx: Tx, bookingId: string, cancellationId: string, actorId: string | null): Promise<LineInput[]> {
  const [op] = await tx.select().from(bookingOperations).where(eq(bookingOperations.bookingId, bookingId)).for('update');
  if (!op) return [];
  if (op.status === 'completed') {
    throw conflict('This trip is completed: its revenue is recognised and it is not cancelled', 'TRIP_COMPLETED', { status: op.status });
  }
  const side = await vendorSideOf(tx, bookingId);
  const expected = side.reduce((n, v) => n + Math.min(v.paid, v.refundExpected), 0);
  await cancelOperation(tx, bookingId, cancellationId, actorId);
  const prepaid = op.paidOut;
  const lines: LineInput[] = [];
  if (prepaid - expected > 0) lines.push({ account: 'vendor-costs', debit: prepaid - expected });
  if (expected > 0) lines.push({ account: 'vendor-refunds-due', debit: expected });
  if (prepaid > 0) lines.push({ account: 'vendor-prepayments', credit: prepaid });
  return lines;
}

/**
 * `POST /booking-operations/{id}/voucher/{voucherId}/vendor-refund`: money a vendor gave back for a
 * void voucher of a cancelled trip, never more than was paid and not given back yet (409). It
 * settles what the vendor was expected to refund, and what is beyond that lowers vendor costs; an
 * incoming vendor transaction records it.
 */
export async function recordVendorRefund(
  tx: Tx,
  op: { id: string },
  voucherId: string,
  input: { amount: number; paymentMethod: PaymentMethod; receivedOn: string; reference?: string | null },
  o: { actorId: string | null; today: string; bookingRef: string },
) {
  const [v] = await tx.select().from(vouchers).where(and(eq(vouchers.id, voucherId), eq(vouchers.operationId, op.id))).for('update');
  if (!v) throw notFound('Voucher');
  if (v.status !== 'void') throw conflict('A vendor refunds a voucher of a cancelled trip (void)', 'VOUCHER_NOT_VOID', { status: v.status });
  const left = v.paidAmount - v.vendorRefunded;
  if (input.amount > left) {
    const m = moneyParams(v.currency, { left, amount: input.amount });
    throw conflict(`The refund is more than was paid to the vendor and not given back (${m.text.left})`, 'VENDOR_REFUND_EXCEEDS_PAID', m.params);
  }
  await assertMoneyDate(tx, o.today, 'receivedOn', input.receivedOn);
  if (!v.vendorId) throw invalidField('voucherId', 'invalidId', 'names no vendor');
  const due = Math.max(0, Math.min(v.paidAmount, v.vendorRefundExpected) - v.vendorRefunded);
  const settles = Math.min(input.amount, due);
  const id = crypto.randomUUID();
  const memo = systemMemo('vendorRefund', { voucher: v.number ?? '', booking: o.bookingRef });
  const entry = await postEntry(tx, {
    date: input.receivedOn,
    source: { type: 'vendor-refund', id, reference: input.reference ?? v.number },
    memo,
    postedBy: o.actorId,
    lines: [
      { account: moneyAccount(input.paymentMethod), debit: input.amount },
      ...(settles > 0 ? [{ account: 'vendor-refunds-due', credit: settles } as const] : []),
      ...(input.amount > settles ? [{ account: 'vendor-costs', credit: input.amount - settles } as const] : []),
    ],
  });
  await tx.insert(vendorRefunds).values({
    id,
    operationId: op.id,
    voucherId: v.id,
    amount: input.amount,
    currency: v.currency,
    paymentMethod: input.paymentMethod,
    receivedOn: input.receivedOn,
    reference: input.reference ?? null,
    entryId: entry.id,
    createdBy: o.actorId,
  });
  await tx.insert(vendorTransactions).values({
    vendorId: v.vendorId,
    direction: 'incoming',
    amount: input.amount,
    status: 'paid',
    date: input.receivedOn,
    reference: input.reference ?? v.number,
    ...describedAs(memo),
    linkedType: 'vendor-refund',
    linkedId: id,
  });
  return id;
}

/** What the operation's vendors still owe back for its void vouchers. */
export async function vendorRefundsDue(tx: Tx, operationId: string): Promise<number> {
  const { rows } = await tx.execute<{ due: string }>(sql`
    select coalesce(sum(greatest(0, least(paid_amount, vendor_refund_expected) - vendor_refunded)), 0)::text as due
    from vouchers where operation_id = ${operationId} and status = 'void'`);
  return Number(rows[0].due);
}
