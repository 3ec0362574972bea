import type { RefundSplit } from '../../domain/cancellation';
import type { VendorPaymentInput } from '../operations/contract';
import { leadStatusRequest } from '../leads/contract';
import { bookingEndpoints, failPaymentRequest, verifyBookingRequest, verifyPaymentRequest } from '../bookings/contract';
import { completeOperationRequest, operationPaths, voucherRequest } from '../operations/contract';
import { cancellationStatusRequest } from '../cancellations/contract';
import { processRefundRequest } from '../finance/credit/contract';
import { workflowPath } from '../common/workflow';
import type { QueueRecordType, WorkQueueItem } from './contract';

/**
 * How the queue sends an item's action: the workflow call of its record's contract (the same
 * `workflowRequest` mapping the record's own screen sends through), or the one other call that
 * sends the event (an invoice generated sends INVOICE; the operation's send-vouchers, SEND), or a
 * record's call that is not an event (a voucher's vendor payment, PAY; a booking's payment
 * reminder, REMIND).
 * The web app's queue and the tests replay actions through this table, and the server offers
 * only events it names (tests/api/work-queue.test.ts holds the two together).
 */
export interface QueueCall {
  method: 'PUT' | 'POST' | 'PATCH';
  path: string;
  body: Record<string, unknown>;
}

/** What the person typed in the event's dialog. */
export interface QueueInputs {
  reason?: string;
  comment?: string;
  confirmationNumber?: string;
  refundedOn?: string;
  split?: RefundSplit;
  /** The vendor payment form's answer (a voucher's PAY). */
  payment?: VendorPaymentInput;
}

type Item = Pick<WorkQueueItem, 'record'>;
type CallOf = (item: Item, inputs: QueueInputs) => QueueCall;

const parentOf = (item: Item) => item.record.parent?._id ?? '';
const through = <B>(request: { method: QueueCall['method']; path: string }, path: string, body: B): QueueCall => ({ method: request.method, path, body: body as Record<string, unknown> });

/** Every event the queue may offer, by record type, and its call. */
export const QUEUE_CALLS: Partial<Record<QueueRecordType, Record<string, CallOf>>> = {
  lead: Object.fromEntries(
    (['CONTACT', 'QUALIFY', 'QUOTE', 'LOSE', 'REOPEN'] as const).map((type) => [
      type,
      (item: Item, inputs: QueueInputs) =>
        through(leadStatusRequest, workflowPath(leadStatusRequest, item.record._id), leadStatusRequest.bodyOf(type === 'LOSE' ? { type, reason: inputs.reason } : { type })),
    ]),
  ),
  payment: {
    VERIFY: (item) => through(verifyPaymentRequest, workflowPath(verifyPaymentRequest, parentOf(item), { paymentId: item.record._id }), verifyPaymentRequest.bodyOf({ type: 'VERIFY' })),
    FAIL: (item, inputs) =>
      through(failPaymentRequest, workflowPath(failPaymentRequest, parentOf(item), { paymentId: item.record._id }), failPaymentRequest.bodyOf({ type: 'FAIL', reason: inputs.reason })),
  },
  booking: {
    VERIFY: (item) => through(verifyBookingRequest, workflowPath(verifyBookingRequest, item.record._id), verifyBookingRequest.bodyOf({ type: 'VERIFY' })),
    // The invoice's call issues the invoice and sends INVOICE naming it (server/bookings/invoices.ts).
    INVOICE: (item) => ({ method: 'POST', path: bookingEndpoints.generateInvoice.path(), body: { bookingId: item.record._id } }),
    // Not an event: the payment reminder staff send by hand (the booking page's "Send payment reminder"), allowed while it collects money.
    REMIND: (item) => ({ method: bookingEndpoints.reminder.method, path: bookingEndpoints.reminder.path(item.record._id), body: {} }),
  },
  voucher: {
    CONFIRM: (item, inputs) =>
      through(voucherRequest, workflowPath(voucherRequest, item.record._id, { operationId: parentOf(item) }), voucherRequest.bodyOf({ type: 'CONFIRM', confirmationNumber: inputs.confirmationNumber })),
    VOID: (item) => through(voucherRequest, workflowPath(voucherRequest, item.record._id, { operationId: parentOf(item) }), voucherRequest.bodyOf({ type: 'VOID' })),
    // The operation's send-vouchers, naming this one voucher: rendered, mailed to its vendor, then SEND.
    SEND: (item) => ({ method: 'POST', path: operationPaths.sendVouchers(parentOf(item)), body: { voucherIds: [item.record._id] } }),
    // Not an event: the vendor payment (the operation page's form), allowed in the `payable` states.
    PAY: (item, inputs) => ({ method: 'POST', path: operationPaths.voucherPayment(parentOf(item), item.record._id), body: { ...inputs.payment } }),
  },
  operation: {
    // With a reason when the tour's vendor services were not booked: the "no vendor services" confirmation.
    COMPLETE: (item, inputs) =>
      through(
        completeOperationRequest,
        workflowPath(completeOperationRequest, item.record._id),
        completeOperationRequest.bodyOf(inputs.reason ? { type: 'COMPLETE', noVendorServices: { reason: inputs.reason } } : { type: 'COMPLETE' }),
      ),
  },
  cancellation: {
    APPROVE: (item, inputs) =>
      through(
        cancellationStatusRequest,
        workflowPath(cancellationStatusRequest, item.record._id),
        cancellationStatusRequest.bodyOf({ type: 'APPROVE', split: inputs.split ?? { totalRefundAmount: 0, sourceAccountAmount: 0, creditNoteAmount: 0 } }),
      ),
    REJECT: (item, inputs) => through(cancellationStatusRequest, workflowPath(cancellationStatusRequest, item.record._id), cancellationStatusRequest.bodyOf({ type: 'REJECT', comment: inputs.comment })),
  },
  refund: {
    PROCESS: (item, inputs) => through(processRefundRequest, workflowPath(processRefundRequest, item.record._id), processRefundRequest.bodyOf({ type: 'PROCESS', refundedOn: inputs.refundedOn })),
  },
};

/** The call that sends `event` to the item's record; undefined when the queue has none for it. */
export function queueCall(item: Item, event: string, inputs: QueueInputs = {}): QueueCall | undefined {
  return QUEUE_CALLS[item.record.type]?.[event]?.(item, inputs);
}

/** The events with a call, for a record type (what the queue may ever offer on it). */
export const eventsWithCalls = (type: QueueRecordType): string[] => Object.keys(QUEUE_CALLS[type] ?? {});
