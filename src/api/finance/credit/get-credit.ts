import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, fallback } from '../../client';
import { IDEMPOTENCY_HEADER } from '../../common/idempotency';
import { listResource, type ListParams } from '../../common/resource';
import type { ListAnswer } from '../../common/schemas';
import type { CreditNoteState } from '../../../machines/credit-note-machine';
import type { RefundState } from '../../../machines/refund-machine';
import type { PaymentMethod } from '../contract';
import { creditEndpoints, type CreditNote, type ProcessRefundInput, type Refund } from './contract';

type Range = { from?: string; to?: string };

export interface CreditNotesParams extends ListParams {
  status?: CreditNoteState[];
  /** The notes a customer may use: their contact's (a lead of theirs, or the contact itself). */
  lead?: string;
  contact?: string;
  validUntil?: Range;
}

export interface RefundsParams extends ListParams {
  status?: RefundState[];
  paymentMethod?: PaymentMethod[];
  createdAt?: Range;
}

/** Credit notes and refunds sit under `credit`: a decision, a payment with a note, a processed refund refetch them. */
export const creditKeys = { all: ['credit'] as const };

/** `GET /credit-notes` (page size 50) and `GET /credit-notes/{id}` with its redemptions. */
export const creditNotesResource = listResource<CreditNote, CreditNotesParams>({
  name: 'credit-notes',
  key: [...creditKeys.all, 'notes'],
  endpoints: { list: creditEndpoints.creditNotes, one: creditEndpoints.creditNote },
  fallbacks: {
    fetchList: ['creditNotes.errors.fetchList', 'Failed to fetch credit notes'],
    fetchOne: ['creditNotes.errors.fetchOne', 'Failed to fetch credit note'],
  },
});
export const useCreditNotes = creditNotesResource.useList;
export const useCreditNote = creditNotesResource.useOne;

/** `GET /refunds` (page size 50). */
export const refundsResource = listResource<Refund, RefundsParams>({
  name: 'refunds',
  key: [...creditKeys.all, 'refunds'],
  endpoints: { list: creditEndpoints.refunds },
  fallbacks: { fetchList: ['refunds.errors.fetchList', 'Failed to fetch refunds'] },
});
export const useRefunds = refundsResource.useList;

/**
 * `PUT /refunds/{id}/process` (finance: the money went out on `refundedOn`), with the form's
 * Idempotency-Key: the row takes the answer at once, and the money's screens follow.
 */
export const processRefund = (id: string, input: ProcessRefundInput, key: string) =>
  call(creditEndpoints.process, { params: { id }, body: input }, { ...fallback('refunds.errors.process', 'Failed to process refund'), headers: { [IDEMPOTENCY_HEADER]: key } }).then((r) => r.data);

export function useProcessRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['credit', 'process'],
    mutationFn: ({ id, input, key }: { id: string; input: ProcessRefundInput; key: string }) => processRefund(id, input, key),
    onSuccess: (refund) => {
      queryClient.setQueriesData<ListAnswer<Refund>>({ queryKey: refundsResource.keys.lists() }, (old) => (old ? { ...old, data: old.data.map((r) => (r._id === refund._id ? refund : r)) } : old));
      return Promise.all([creditKeys.all, ['cancellations'], ['finance']].map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] })));
    },
  });
}
