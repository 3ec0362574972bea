import { assign, fromPromise, setup } from 'xstate';
import { refundSplitIssues, refundTypeOf, type CancellationQuote, type RefundSplit, type SplitIssue } from '../domain/cancellation';
import type { CancellationEvent } from './cancellation-machine';

/**
 * The guided decision on a cancellation request (a screen's machine, driven with @xstate/react):
 * `quote → split → confirm → submitting`, or `quote → rejecting → submitting`.
 *
 * - **quote**: today's quote (and the one the request was made with, when they differ). A quote
 *   that changed since the request must be confirmed as read before a split is chosen.
 * - **split**: the total refund, the money back from a money account, the credit note with its last
 *   valid day; it moves on only when the split holds (`refundSplitIssues`, the rule the server
 *   applies with the same function) against what was paid and today.
 * - **confirm**: what will happen, once more; SUBMIT sends the decision with `quotedPaid`, what the
 *   approver read. The server stays the judge: `QUOTE_CHANGED` (409: what was paid moved since)
 *   reloads the quote and goes back to it, to be read and confirmed again; a refusal naming a field
 *   goes back to the step that has it.
 * - **rejecting**: a rejection needs a comment for the person who asked.
 */
export interface ApprovalSplit {
  totalRefundAmount: number;
  sourceAccountAmount: number;
  creditNoteAmount: number;
  /** A money account's key (`money:bank-transfer`), or null while none is chosen. */
  refundSource: string | null;
  /** The credit note's last valid day (`YYYY-MM-DD`). */
  validUntil: string | null;
}

/** A refusal as the server said it (the client's ApiError has these). */
export interface ApprovalError {
  message: string;
  code?: string;
  status?: number;
  issues?: { path: string; code: string; message: string; params?: Record<string, unknown> }[];
  params?: Record<string, unknown>;
}

export interface ApprovalContext {
  /** The organization's today (a credit note is valid after it). */
  today: string;
  /** The quote stored when the request was made. */
  requested: CancellationQuote;
  /** The quote as it stands now: the split is judged against its `paid`. */
  quote: CancellationQuote;
  /** The quote changed (since the request, or since the approver read it): to be confirmed as read. */
  mustConfirm: boolean;
  split: ApprovalSplit;
  comment: string;
  decision: 'approve' | 'reject' | null;
  error: ApprovalError | null;
  /** The record as the server answered the decision. */
  result: unknown;
}

export type ApprovalEvent =
  | { type: 'CONFIRM_QUOTE' }
  | { type: 'APPROVE' }
  | { type: 'REJECT' }
  | { type: 'SET_SPLIT'; split: Partial<ApprovalSplit> }
  | { type: 'SET_COMMENT'; comment: string }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'SUBMIT' };

export interface ApprovalInput {
  today: string;
  requested: CancellationQuote;
  quote: CancellationQuote;
  /** The first split offered (by default: what the policy makes refundable, all as money back). */
  split?: Partial<ApprovalSplit>;
}

/** What the screen sends: the machine's event, and the fields of the same body it does not carry. */
export interface DecisionRequest {
  event: CancellationEvent;
  also: { quotedPaid?: number; comments?: string };
}

/** The figures that make a quote (the day and the days left move daily; a quote differs when its money does). */
const FIGURES = ['paid', 'fee', 'refundable', 'kept', 'flatFee', 'vendorPaid', 'vendorRefundExpected', 'costToOrganization'] as const;

/** Whether two quotes differ in what they say about money (the fee's tier included). */
export function quotesDiffer(a: CancellationQuote, b: CancellationQuote): boolean {
  if (FIGURES.some((k) => a[k] !== b[k])) return true;
  return (a.tier?.daysBeforeDeparture ?? null) !== (b.tier?.daysBeforeDeparture ?? null) || (a.tier?.feeBasisPoints ?? null) !== (b.tier?.feeBasisPoints ?? null);
}

/** The split as the rule reads it: no account without money back, no last day without a credit note. */
export function splitOf(split: ApprovalSplit): RefundSplit {
  return {
    totalRefundAmount: split.totalRefundAmount,
    sourceAccountAmount: split.sourceAccountAmount,
    creditNoteAmount: split.creditNoteAmount,
    refundSource: split.sourceAccountAmount > 0 ? split.refundSource : null,
    validUntil: split.creditNoteAmount > 0 ? split.validUntil : null,
  };
}

/** What is wrong with the split now (empty: it holds), by the server's own rule. */
export const approvalSplitIssues = (context: Pick<ApprovalContext, 'split' | 'quote' | 'today'>): SplitIssue[] => refundSplitIssues(splitOf(context.split), context.quote.paid, context.today);

/** `full` when everything paid goes back. */
export const approvalRefundType = (context: Pick<ApprovalContext, 'split' | 'quote'>) => refundTypeOf(context.split.totalRefundAmount, context.quote.paid);

/** What the organization keeps of what was paid (cancellation income). */
export const approvalKept = (context: Pick<ApprovalContext, 'split' | 'quote'>) => Math.max(0, context.quote.paid - context.split.totalRefundAmount);

/** The PATCH the decision sends (the contract maps the event to its body; `also` adds `quotedPaid` and the comment). */
export function decisionRequestOf(context: ApprovalContext): DecisionRequest {
  const comments = context.comment.trim() || undefined;
  if (context.decision === 'reject') return { event: { type: 'REJECT', comment: comments }, also: {} };
  return { event: { type: 'APPROVE', split: splitOf(context.split) }, also: { quotedPaid: context.quote.paid, ...(comments ? { comments } : {}) } };
}

const errorOf = (error: unknown): ApprovalError => {
  const e = (error ?? {}) as Partial<ApprovalError>;
  return { message: typeof e.message === 'string' ? e.message : '', code: e.code, status: e.status, issues: e.issues, params: e.params };
};
const SPLIT_FIELDS = ['totalRefundAmount', 'sourceAccountAmount', 'creditNoteAmount', 'refundSource', 'validUntil'];
const namesSplitField = (error: unknown) => (errorOf(error).issues ?? []).some((i) => SPLIT_FIELDS.includes(i.path));

export const cancellationApprovalMachine = setup({
  types: { context: {} as ApprovalContext, events: {} as ApprovalEvent, input: {} as ApprovalInput },
  actors: {
    // The screen provides the real calls (`machine.provide({ actors: { decide, loadQuote } })`).
    decide: fromPromise<unknown, DecisionRequest>(async () => {
      throw new Error('decide is provided by the screen');
    }),
    loadQuote: fromPromise<CancellationQuote, void>(async () => {
      throw new Error('loadQuote is provided by the screen');
    }),
  },
  guards: {
    quoteRead: ({ context }) => !context.mustConfirm,
    splitHolds: ({ context }) => approvalSplitIssues(context).length === 0,
    commented: ({ context }) => !!context.comment.trim(),
    rejecting: ({ context }) => context.decision === 'reject',
    quoteChanged: ({ event }) => errorOf((event as unknown as { error: unknown }).error).code === 'QUOTE_CHANGED',
    namesSplitField: ({ event }) => namesSplitField((event as unknown as { error: unknown }).error),
  },
  actions: {
    refused: assign(({ event }) => ({ error: errorOf((event as unknown as { error: unknown }).error) })),
  },
}).createMachine({
  id: 'cancellationApproval',
  initial: 'quote',
  context: ({ input }) => ({
    today: input.today,
    requested: input.requested,
    quote: input.quote,
    mustConfirm: quotesDiffer(input.requested, input.quote),
    split: {
      totalRefundAmount: input.quote.refundable,
      sourceAccountAmount: input.quote.refundable,
      creditNoteAmount: 0,
      refundSource: null,
      validUntil: null,
      ...input.split,
    },
    comment: '',
    decision: null,
    error: null,
    result: null,
  }),
  states: {
    quote: {
      description: 'What cancelling costs the customer and the organization today; a changed quote is confirmed as read.',
      on: {
        CONFIRM_QUOTE: { actions: assign({ mustConfirm: false }) },
        APPROVE: { guard: 'quoteRead', target: 'split', actions: assign({ decision: 'approve', error: null }) },
        REJECT: { target: 'rejecting', actions: assign({ decision: 'reject', error: null }) },
      },
    },
    split: {
      description: 'The total refund, money back from an account and a credit note, checked as typed.',
      on: {
        SET_SPLIT: { actions: assign(({ context, event }) => ({ split: { ...context.split, ...event.split } })) },
        NEXT: { guard: 'splitHolds', target: 'confirm' },
        BACK: 'quote',
      },
    },
    confirm: {
      description: 'What the approval does, read once more before it is sent.',
      on: {
        SET_COMMENT: { actions: assign(({ event }) => ({ comment: event.comment })) },
        SUBMIT: 'submitting',
        BACK: 'split',
      },
    },
    rejecting: {
      description: 'The reason, for the person who asked.',
      on: {
        SET_COMMENT: { actions: assign(({ event }) => ({ comment: event.comment })) },
        SUBMIT: { guard: 'commented', target: 'submitting' },
        BACK: { target: 'quote', actions: assign({ decision: null, error: null }) },
      },
    },
    submitting: {
      entry: assign({ error: null }),
      invoke: {
        src: 'decide',
        input: ({ context }) => decisionRequestOf(context),
        onDone: { target: 'done', actions: assign(({ event }) => ({ result: event.output })) },
        onError: [
          // What was paid moved since the quote was read: read it again.
          { guard: 'quoteChanged', target: 'reloading', actions: 'refused' },
          { guard: 'rejecting', target: 'rejecting', actions: 'refused' },
          { guard: 'namesSplitField', target: 'split', actions: 'refused' },
          { target: 'confirm', actions: 'refused' },
        ],
      },
    },
    reloading: {
      invoke: {
        src: 'loadQuote',
        onDone: { target: 'quote', actions: assign(({ event }) => ({ quote: event.output, mustConfirm: true })) },
        onError: { target: 'quote', actions: 'refused' },
      },
    },
    done: { type: 'final' },
  },
});

/** The steps as the screen names them (submitting and reloading belong to the step they leave from). */
export const APPROVAL_STEPS = ['quote', 'split', 'confirm'] as const;
