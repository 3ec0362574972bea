import * as v from 'valibot';
import type { ModuleKey } from '../permissions';
import { endpoint } from '../common/endpoint';
import { calendarDate, dateRangeQuery, idSchema, intFromQuery, itemAnswer, listAnswerOf, listOf, oneOf, timestamp, uuid, MAX_PAGE_SIZE, FIRST_PAGE } from '../common/schemas';
import { coded } from '../common/issues';

/**
 * The work queue (issue 30, docs/work-queue.md): across every workflow, what is the signed-in
 * member's to do now, each item with exactly the machine events they may send it. One definition
 * per kind lives beside its area's store (server/<area>/queue.ts); `GET /work-queue` is their union.
 */
export const WORK_QUEUE_PAGE_SIZE = 50;

/** Every kind of work, in the order the screen groups them. */
export const WORK_QUEUE_KINDS = [
  /** An open lead with a follow-up due today or missed (leads). */
  'followUpDue',
  /** An open lead nobody owns (those who give leads out). */
  'leadToAssign',
  /** A payment recorded, waiting for finance to see the money (bookings approve). */
  'paymentToVerify',
  /** A booking whose machine accepts VERIFY: travellers named, the first installment covered. */
  'bookingToVerify',
  /** A booking collecting money with an installment past due, not reminded for a week. */
  'installmentOverdue',
  /** A completed booking waiting for its invoice. */
  'bookingToInvoice',
  /** An invoice past its due date that the booking has not yet paid. */
  'invoiceOverdue',
  /** A draft voucher: the vendor's confirmation is awaited. */
  'voucherToConfirm',
  /** A confirmed voucher to send to its vendor. */
  'voucherToSend',
  /** A sent voucher with money still owed to its vendor. */
  'voucherToPay',
  /** An open operation with nothing missing, whose machine accepts COMPLETE. */
  'operationToComplete',
  /** A group departure of the coming weeks still below its minimum to run. */
  'departureShort',
  /** A cancellation request waiting for a decision. */
  'cancellationToDecide',
  /** A refund an approved cancellation gave, to pay out. */
  'refundToProcess',
  /** A credit note with something left that expires within 30 days. */
  'creditNoteExpiring',
  /** This month's expenses over their budget target (all of them, or one category). */
  'expenseOverBudget',
] as const;
export type WorkQueueKind = (typeof WORK_QUEUE_KINDS)[number];

/** The module of the menu each kind's count is shown on (and whose screens its records open in). */
export const KIND_MODULE: Record<WorkQueueKind, ModuleKey> = {
  followUpDue: 'leads',
  leadToAssign: 'leads',
  paymentToVerify: 'paymentReceipts',
  bookingToVerify: 'bookings',
  installmentOverdue: 'bookings',
  bookingToInvoice: 'invoices',
  invoiceOverdue: 'invoices',
  voucherToConfirm: 'operations',
  voucherToSend: 'operations',
  voucherToPay: 'operations',
  operationToComplete: 'operations',
  departureShort: 'groupTours',
  cancellationToDecide: 'cancellations',
  refundToProcess: 'cancellations',
  creditNoteExpiring: 'cancellations',
  expenseOverBudget: 'expenses',
};

/** What an item is about. */
export const QUEUE_RECORD_TYPES = ['lead', 'payment', 'booking', 'invoice', 'voucher', 'operation', 'departure', 'cancellation', 'refund', 'creditNote', 'budget'] as const;
export type QueueRecordType = (typeof QUEUE_RECORD_TYPES)[number];

/** What an event needs from the person before it is sent (its dialog). */
export const QUEUE_INPUTS = ['reason', 'comment', 'confirmationNumber', 'split', 'refundedOn', 'vendorPayment'] as const;
export type QueueInput = (typeof QUEUE_INPUTS)[number];

export const QUEUE_PRIORITIES = ['high', 'normal', 'low'] as const;
export type QueuePriority = (typeof QUEUE_PRIORITIES)[number];

/**
 * Why an item is there, as a key the screen words (`workQueue.reasons.<code>`): the kind, or a
 * variant of it (a follow-up already missed, a voucher whose vendor has no email, an overdue
 * installment whose customer has none).
 */
export const QUEUE_REASONS = [...WORK_QUEUE_KINDS, 'followUpMissed', 'vendorEmailMissing', 'customerEmailMissing', 'operationNoVendorServices', 'cancellationPaymentsPending'] as const;
export type QueueReason = (typeof QUEUE_REASONS)[number];

/** How long after a reminder an overdue installment stays out of the queue. */
export const REMIND_AGAIN_DAYS = 7;
/** How far ahead an expiring credit note shows. */
export const CREDIT_NOTE_WARNING_DAYS = 30;

export const queueActionSchema = v.object({
  /**
   * The machine event (`VERIFY`, `FAIL`…): sent through its workflow call (src/api/work-queue/calls.ts);
   * or a record's own call that is not an event (`PAY`: a vendor payment on a voucher; `REMIND`: a
   * booking's payment reminder), offered while the machine's state carries the tag that allows it
   * (`payable`, `collecting`).
   */
  event: v.string(),
  /** What the person gives before it is sent (a dialog), or nothing. */
  input: v.nullable(v.picklist(QUEUE_INPUTS)),
  /** The item's main action (its key on the keyboard); at most one per item. */
  main: v.boolean(),
});
export type QueueAction = v.InferOutput<typeof queueActionSchema>;

const paramValue = v.union([v.string(), v.number(), v.boolean(), v.null()]);

export const workQueueItemSchema = v.object({
  kind: v.picklist(WORK_QUEUE_KINDS),
  record: v.object({
    type: v.picklist(QUEUE_RECORD_TYPES),
    _id: uuid,
    /** How people name it: `BK-1042`, `INV-2031-0004`, `CN-2031-0002`, a lead's name. */
    ref: v.string(),
    title: v.string(),
    /** The record it belongs to, when its calls name both (a payment's booking, a voucher's operation). */
    parent: v.nullable(v.object({ type: v.picklist(QUEUE_RECORD_TYPES), _id: uuid })),
  }),
  /** The record's machine state (`submitted`, `draft`…), or null for records without a machine. */
  state: v.nullable(v.string()),
  reason: v.object({ code: v.picklist(QUEUE_REASONS), params: v.record(v.string(), paramValue) }),
  /** When it is due: an instant (a follow-up, a request) or a calendar day (an installment); null when nothing sets one. */
  due: v.nullable(v.union([timestamp, calendarDate])),
  overdue: v.boolean(),
  priority: v.picklist(QUEUE_PRIORITIES),
  /** Whose it is; null for a team's work (a payment any of finance verifies). */
  assignee: v.nullable(v.object({ _id: uuid, name: v.string() })),
  /** Exactly the machine events the record accepts now and the person may send, the main one first. */
  actions: v.array(queueActionSchema),
});
export type WorkQueueItem = v.InferOutput<typeof workQueueItemSchema>;

export const workQueueStatsSchema = v.object({
  /** Items of each kind the person gets (0 for a kind they get with nothing in it now). */
  byKind: v.record(v.picklist(WORK_QUEUE_KINDS), v.number()),
  total: v.number(),
  overdue: v.number(),
  /** Due today and not yet overdue. */
  dueToday: v.number(),
});
export type WorkQueueStats = v.InferOutput<typeof workQueueStatsSchema>;

export const workQueueAnswer = listAnswerOf(workQueueItemSchema, workQueueStatsSchema);

/** `me`, or a member's id (for those who see everyone's leads and bookings). */
const assigneeQuery = v.optional(
  v.union([v.literal('me'), idSchema], coded('invalidId', 'must be me or a member id')),
);

/**
 * `GET /work-queue`: page size 50, sorted by due (soonest, the overdue first) then priority;
 * `kind` any of, `due[from]`/`due[to]` calendar days in the organization's time zone, `assignee`
 * `me` or a member's id, `record` the items of one record (or of its children: a booking's
 * payments), what a notification opens.
 */
export const workQueueQuery = v.strictObject({
  page: intFromQuery(1, 1_000_000, FIRST_PAGE),
  limit: intFromQuery(1, MAX_PAGE_SIZE, WORK_QUEUE_PAGE_SIZE),
  kind: listOf(oneOf(WORK_QUEUE_KINDS)),
  due: dateRangeQuery,
  assignee: assigneeQuery,
  record: v.optional(idSchema),
});
export type WorkQueueQuery = v.InferOutput<typeof workQueueQuery>;

/** `GET /work-queue/counts`: the stats alone, for the menu's and the start page's counts. */
export const workQueueCountsSchema = workQueueStatsSchema;
export type WorkQueueCounts = WorkQueueStats;

/** The menu's count of a module: its kinds' items. */
export function moduleCounts(byKind: Partial<Record<WorkQueueKind, number>>): Partial<Record<ModuleKey, number>> {
  const out: Partial<Record<ModuleKey, number>> = {};
  for (const [kind, n] of Object.entries(byKind) as [WorkQueueKind, number][]) out[KIND_MODULE[kind]] = (out[KIND_MODULE[kind]] ?? 0) + n;
  return out;
}

export const workQueueEndpoints = {
  list: endpoint({ method: 'GET', path: '/work-queue', query: workQueueQuery, answer: workQueueAnswer }),
  counts: endpoint({ method: 'GET', path: '/work-queue/counts', answer: itemAnswer(workQueueCountsSchema) }),
};

/**
 * The screen's address focused on one record's work (its items, or its children's: a booking's
 * payments), optionally of one kind: what a notification about work the queue does in place opens
 * (docs/work-queue.md, "A notification opens its item").
 */
export const workQueueRecordLink = (recordId: string, kind?: WorkQueueKind) => `/work-queue?record=${encodeURIComponent(recordId)}${kind ? `&kind=${kind}` : ''}`;
