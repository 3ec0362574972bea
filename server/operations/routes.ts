import { and, eq, inArray, sql } from 'drizzle-orm';
import { OPERATION_ERRORS, completeOperationRequest, operationEndpoints, voucherRequest } from '../../src/api/operations/contract';
import type { VendorService } from '../../src/api/vendors/contract';
import type { OperationEvent } from '../../src/machines/operation-machine';
import type { AuthContext } from '../auth/session';
import { bookingRef, bookings } from '../bookings';
import type { BookingRow } from '../bookings';
import { organizationTimeZone, organizationToday } from '../db/clock';
import { booksStart } from '../finance';
import type { Tx } from '../db/client';
import { disposition, renderRecordDocument, sendRecordDocument } from '../documents';
import { conflict, invalidField, moneyParams, notFound } from '../http/errors';
import { allow, route, type RouteDef } from '../http/route';
import type { AppServices } from '../services';
import { activeVendor, vendors } from '../vendors';
import { applyEventTo } from '../workflow/apply-event';
import { recordVendorRefund } from './cancellation';
import { voucherDocument } from './documents';
import { operationsPage } from './lists';
import { additionalExpenses, vouchers } from './schema';
import { VOUCHER_RECORD, lockVisibleOperation, operationDetail, visibleOperation, voucherLabel, type OperationRow } from './store';
import { isService, tourCostLines } from './tours';
import { lineDates, planVouchers, type ServiceLine } from '../../src/domain/voucher-plan';
import {
  AWAITING_SEND_STATES,
  EDITABLE_VOUCHER_STATES,
  assertOpen,
  assertWithinTrip,
  bookableVendor,
  completeOperation,
  insertVoucher,
  labelOfVoucher,
  lockExpense,
  lockVoucher,
  recordVendorPayment,
  takeInHand,
  voucherWorkflow,
} from './workflow';

/**
 * The seed's "Booking operations" calls (docs/operations.md), and the two the board adds: vouchers
 * prefilled from the tour, a voucher's PDF. Handlers are thin: the rules live in the machines
 * (src/machines), the writes in workflow.ts, the reading in store.ts and lists.ts. Every write
 * locks the operation first (so writes to one trip queue) and answers the operation whole.
 */

const today = (tx: Tx, services: AppServices) => organizationToday(tx, services.clock);
const answer = async (tx: Tx, op: OperationRow) => ({ data: await operationDetail(tx, op.id) });

async function bookingOf(tx: Tx, op: OperationRow): Promise<BookingRow> {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, op.bookingId));
  return row;
}

/** The operation locked for a write, open (409 otherwise), visible to the caller (404 otherwise). */
async function openOperation(tx: Tx, auth: AuthContext, id: string) {
  const op = await lockVisibleOperation(tx, auth, id);
  assertOpen(op);
  return op;
}

export const operationRoutes: RouteDef[] = [
  route({
    endpoint: operationEndpoints.list,
    access: allow('operations', 'view'),
    handler: async ({ tx, auth, query }) => operationsPage(tx, auth, query, await organizationTimeZone(tx)),
  }),

  route({
    endpoint: operationEndpoints.byId,
    access: allow('operations', 'view'),
    handler: async ({ tx, auth, params }) => answer(tx, await visibleOperation(tx, auth, { id: params.id })),
  }),

  route({
    endpoint: operationEndpoints.byBooking,
    access: allow('operations', 'view'),
    handler: async ({ tx, auth, params }) => answer(tx, await visibleOperation(tx, auth, { bookingId: params.id })),
  }),

  route({
    endpoint: operationEndpoints.vouchers,
    access: allow('operations', 'create'),
    async handler({ tx, auth, params, body }) {
      const op = await openOperation(tx, auth, params.id);
      // The field's 400 before the vendor's 404/409: what the form can fix on its own first.
      assertWithinTrip(await bookingOf(tx, op), body);
      await bookableVendor(tx, body.vendorId, body.serviceType);
      await insertVoucher(tx, op, body, auth.memberId);
      await takeInHand(tx, op, auth.memberId);
      return answer(tx, op);
    },
  }),

  route({
    endpoint: operationEndpoints.prefill,
    access: allow('operations', 'create'),
    async handler({ tx, auth, params }) {
      const op = await openOperation(tx, auth, params.id);
      const booking = await bookingOf(tx, op);
      // A line prefilled already (by a voucher that is not void, alone or merged with others) is not prefilled twice.
      const taken = new Set(
        (await tx.select({ line: vouchers.tourLineId, status: vouchers.status }).from(vouchers).where(eq(vouchers.operationId, op.id)))
          .filter((v) => v.line && v.status !== 'void')
          .flatMap((v) => v.line!.split(',')),
      );
      const lines: ServiceLine[] = ((await tourCostLines(tx, booking)) ?? [])
        .filter((l) => isService(l.kind) && !taken.has(l.lineId))
        .map((l) => ({ lineId: l.lineId, service: l.kind, vendorId: l.vendorId, description: l.description, cost: l.cost, ...lineDates(booking, l.date, l.nights === null ? null : { nights: l.nights }) }));
      const plan = planVouchers(lines);
      const toAssign = plan.toAssign.map((l) => ({ tourLineId: l.lineId, serviceType: l.service as VendorService, description: l.description, serviceStartDate: l.start, serviceEndDate: l.end, cost: l.cost }));
      // Nothing ever prefilled and nothing to prefill: the tour's lines name no vendor (those to assign named).
      if (!plan.vouchers.length && !taken.size) {
        throw toAssign.length
          ? conflict(
              `None of the tour's priced lines names a vendor: name them in the tour or add the vouchers by hand (${toAssign.map((l) => l.description).join('; ')})`,
              OPERATION_ERRORS.nothingToPrefill,
              { lines: toAssign.map((l) => l.description) },
            )
          : conflict("None of the tour's priced lines names a vendor: add the vouchers by hand", OPERATION_ERRORS.nothingToPrefill);
      }
      for (const v of plan.vouchers) {
        const serviceType = v.service as VendorService;
        await bookableVendor(tx, v.vendorId, serviceType);
        await insertVoucher(
          tx,
          op,
          { serviceType, vendorId: v.vendorId, serviceStartDate: v.start, serviceEndDate: v.end, description: v.description, pax: booking.pax, cost: v.cost, tourLineId: v.lineIds.join(',') },
          auth.memberId,
        );
      }
      if (plan.vouchers.length) await takeInHand(tx, op, auth.memberId);
      return { ...(await answer(tx, op)), toAssign };
    },
  }),

  route({
    endpoint: operationEndpoints.voucher,
    access: allow('operations', 'update'),
    async handler({ tx, auth, params, body }) {
      const op = await openOperation(tx, auth, params.operationId);
      let row = await lockVoucher(tx, op, params.id);
      const { status: _status, vendorRefundExpected, ...fields } = body;
      const changes = Object.fromEntries(Object.entries(fields).filter(([, x]) => x !== undefined));
      if (vendorRefundExpected !== undefined) {
        // The terms of a cancellation with the vendor: set until the voucher is void, within its cost.
        if (row.status === 'void') {
          throw conflict(`Voucher ${await labelOfVoucher(tx, row)} is void: what its vendor gives back is recorded as a vendor refund`, OPERATION_ERRORS.voucherNotEditable, { status: row.status });
        }
        if (vendorRefundExpected > (body.cost ?? row.cost)) throw invalidField('vendorRefundExpected', 'tooLarge', 'must not be more than the cost', { max: body.cost ?? row.cost });
        [row] = await tx.update(vouchers).set({ vendorRefundExpected, updatedAt: sql`now()` }).where(eq(vouchers.id, row.id)).returning();
      }
      if (Object.keys(changes).length) {
        if (!EDITABLE_VOUCHER_STATES.includes(row.status)) {
          throw conflict(`Voucher ${await labelOfVoucher(tx, row)} is ${row.status}: only a draft's details change`, OPERATION_ERRORS.voucherNotEditable, { status: row.status });
        }
        // What was paid stays paid: the cost never drops below it, and the payments stay that vendor's.
        if (body.cost !== undefined && body.cost < row.paidAmount) {
          const m = moneyParams(row.currency, { paid: row.paidAmount, amount: body.cost });
          throw conflict(`The cost cannot be less than what was paid on it (${m.text.paid})`, OPERATION_ERRORS.belowPaid, m.params);
        }
        if (body.vendorId !== undefined && body.vendorId !== row.vendorId && row.paidAmount > 0) {
          throw conflict('A voucher with payments keeps its vendor: the payments are that vendor’s transactions', 'CONFLICT', { paid: row.paidAmount });
        }
        const next = { ...row, ...changes };
        if (body.serviceStartDate !== undefined || body.serviceEndDate !== undefined) assertWithinTrip(await bookingOf(tx, op), next);
        if (body.vendorId !== undefined || body.serviceType !== undefined) await bookableVendor(tx, next.vendorId, next.serviceType as VendorService);
        [row] = await tx
          .update(vouchers)
          .set({ ...changes, updatedAt: sql`now()` })
          .where(eq(vouchers.id, row.id))
          .returning();
      }
      const event = voucherRequest.eventOf(body);
      if (event) await applyEventTo(tx, voucherWorkflow, row, event, undefined, { actorId: auth.memberId });
      await takeInHand(tx, op, auth.memberId);
      return answer(tx, op);
    },
  }),

  route({
    endpoint: operationEndpoints.voucherPayment,
    access: allow('operations', 'update'),
    idempotent: true,
    async handler({ tx, auth, params, body, services }) {
      const op = await lockVisibleOperation(tx, auth, params.operationId);
      const row = await lockVoucher(tx, op, params.id);
      const booking = await bookingOf(tx, op);
      await recordVendorPayment(tx, op, booking, { kind: 'voucher', row, label: await labelOfVoucher(tx, row) }, body, { actorId: auth.memberId, today: await today(tx, services), booksStart: await booksStart(tx) });
      return answer(tx, op);
    },
  }),

  route({
    endpoint: operationEndpoints.vendorRefund,
    access: allow('operations', 'update'),
    idempotent: true,
    async handler({ tx, auth, params, body, services }) {
      const op = await lockVisibleOperation(tx, auth, params.operationId);
      const booking = await bookingOf(tx, op);
      await recordVendorRefund(tx, op, params.id, body, { actorId: auth.memberId, today: await today(tx, services), bookingRef: bookingRef(booking.number) });
      return answer(tx, op);
    },
  }),

  route({
    endpoint: operationEndpoints.voucherPdf,
    access: allow('operations', 'view'),
    async handler({ tx, auth, params, query }) {
      const op = await visibleOperation(tx, auth, { id: params.operationId });
      const [row] = await tx
        .select()
        .from(vouchers)
        .where(and(eq(vouchers.id, params.id), eq(vouchers.operationId, op.id)));
      const doc = await voucherDocument(tx, op, row);
      const rendered = await renderRecordDocument(tx, doc, query.lang ?? 'en');
      return new Response(new Uint8Array(rendered.pdf), {
        headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': disposition('inline', rendered.fileName), 'Cache-Control': 'no-store' },
      });
    },
  }),

  route({
    endpoint: operationEndpoints.markCompleted,
    access: allow('operations', 'update'),
    async handler({ tx, auth, params, body, services }) {
      const op = await lockVisibleOperation(tx, auth, params.id);
      const event = completeOperationRequest.eventOf(body) as Extract<OperationEvent, { type: 'COMPLETE' }>;
      await completeOperation(tx, op, auth.memberId, { today: await today(tx, services), now: services.clock.now() }, event);
      return answer(tx, op);
    },
  }),

  route({
    endpoint: operationEndpoints.sendVouchers,
    access: allow('operations', 'update'),
    async handler({ tx, auth, params, body }) {
      const op = await openOperation(tx, auth, params.id);
      const rows = await tx
        .select({ v: vouchers, vendor: { name: vendors.name, email: vendors.email } })
        .from(vouchers)
        .innerJoin(vendors, eq(vendors.id, vouchers.vendorId))
        .where(and(eq(vouchers.operationId, op.id), body.voucherIds ? inArray(vouchers.id, body.voucherIds) : inArray(vouchers.status, AWAITING_SEND_STATES)))
        .orderBy(vouchers.serviceStartDate, vouchers.id)
        .for('update', { of: vouchers });
      if (body.voucherIds && rows.length !== new Set(body.voucherIds).size) throw notFound(VOUCHER_RECORD);
      if (!rows.length) throw conflict('There is no confirmed voucher to send', OPERATION_ERRORS.nothingToSend);
      // Every check before anything is sent: a voucher the machine refuses, a vendor without an email.
      for (const { v, vendor } of rows) {
        if (!AWAITING_SEND_STATES.includes(v.status)) throw conflict(`Voucher ${voucherLabel({ number: v.number, serviceType: v.serviceType, vendorName: vendor.name })} is ${v.status}: only a confirmed voucher is sent`, 'TRANSITION_NOT_ALLOWED', { state: v.status, event: 'SEND' });
      }
      const noEmail = [...new Set(rows.filter((r) => !r.vendor.email).map((r) => r.vendor.name))];
      if (noEmail.length) throw conflict(`These vendors have no email address: ${noEmail.join(', ')}. Add one to each, then send again; nothing was sent`, OPERATION_ERRORS.vendorEmailMissing, { vendors: noEmail });
      const lang = body.language ?? 'en';
      for (const { v, vendor } of rows) {
        const doc = await voucherDocument(tx, op, v);
        const send = await sendRecordDocument(tx, doc, { to: [vendor.email!], cc: [], lang, attachments: [], sentBy: auth.memberId });
        const [sending] = await tx
          .update(vouchers)
          .set({ sentAt: send.createdAt, sentTo: vendor.email, sendId: send._id })
          .where(eq(vouchers.id, v.id))
          .returning();
        await applyEventTo(tx, voucherWorkflow, sending, { type: 'SEND' }, undefined, { actorId: auth.memberId });
      }
      await takeInHand(tx, op, auth.memberId);
      return answer(tx, op);
    },
  }),

  route({
    endpoint: operationEndpoints.expenses,
    access: allow('operations', 'create'),
    async handler({ tx, auth, params, body, services }) {
      const op = await openOperation(tx, auth, params.id);
      if (body.vendorId) await activeVendor(tx, body.vendorId);
      await tx.insert(additionalExpenses).values({
        operationId: op.id,
        description: body.description,
        category: body.category,
        amount: body.amount,
        currency: op.currency,
        date: body.date ?? (await today(tx, services)),
        vendorId: body.vendorId ?? null,
        createdBy: auth.memberId,
      });
      await takeInHand(tx, op, auth.memberId);
      return answer(tx, op);
    },
  }),

  route({
    endpoint: operationEndpoints.expense,
    access: allow('operations', 'update'),
    async handler({ tx, auth, params, body }) {
      const op = await openOperation(tx, auth, params.operationId);
      const row = await lockExpense(tx, op, params.expenseId);
      if (body.amount !== undefined && body.amount < row.paidAmount) {
        const m = moneyParams(row.currency, { paid: row.paidAmount, amount: body.amount });
        throw conflict(`The amount cannot be less than what was paid on it (${m.text.paid})`, OPERATION_ERRORS.belowPaid, m.params);
      }
      if (body.vendorId !== undefined && body.vendorId !== row.vendorId && row.paidAmount > 0) {
        throw conflict('An expense with payments keeps its vendor: the payments are that vendor’s transactions', 'CONFLICT', { paid: row.paidAmount });
      }
      // A vendor newly named must be active; one already on the expense stays, even if deactivated since.
      if (body.vendorId && body.vendorId !== row.vendorId) await activeVendor(tx, body.vendorId);
      const changes = Object.fromEntries(Object.entries(body).filter(([, x]) => x !== undefined));
      await tx
        .update(additionalExpenses)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(additionalExpenses.id, row.id));
      await takeInHand(tx, op, auth.memberId);
      return answer(tx, op);
    },
  }),

  route({
    endpoint: operationEndpoints.expensePayment,
    access: allow('operations', 'update'),
    idempotent: true,
    async handler({ tx, auth, params, body, services }) {
      const op = await lockVisibleOperation(tx, auth, params.operationId);
      const row = await lockExpense(tx, op, params.expenseId);
      const booking = await bookingOf(tx, op);
      await recordVendorPayment(tx, op, booking, { kind: 'expense', row, label: row.description }, body, { actorId: auth.memberId, today: await today(tx, services), booksStart: await booksStart(tx) });
      return answer(tx, op);
    },
  }),
];
