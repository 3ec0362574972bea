import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, call, fallback, type CallOptions } from '../client';
import { IDEMPOTENCY_HEADER } from '../common/idempotency';
import type { ItemAnswer } from '../common/schemas';
import { workflowPath } from '../common/workflow';
import type { VoucherEvent } from '../../machines/voucher-machine';
import {
  operationEndpoints,
  completeOperationRequest,
  operationPaths,
  voucherRequest,
  type CreateExpenseInput,
  type CreateVoucherInput,
  type OperationDetail,
  type PrefillAnswer,
  type SendVouchersInput,
  type UpdateExpenseInput,
  type UpdateVoucherInput,
  type VendorPaymentInput,
  type VendorRefundInput,
} from './contract';
import { operationsResource } from './get-operations';

/**
 * The operations' writes. Every call answers the operation whole: it replaces the cached operation
 * (by id, and by booking), and the board's lists are refetched (their stats and next steps moved).
 * Payments take the Idempotency-Key made when their form opened (`newIdempotencyKey`), so a double
 * click or a retry is the same payment. Vendor payments also move the vendors' transactions.
 */
const keyed = (key: string, options: CallOptions): CallOptions => ({ ...options, headers: { [IDEMPOTENCY_HEADER]: key } });

function useOperationMutation<V extends { operationId: string }, R = OperationDetail>(
  name: string,
  run: (vars: V) => Promise<R>,
  alsoRefresh: readonly (readonly unknown[])[] = [],
  operationOf: (result: R) => OperationDetail = (result) => result as unknown as OperationDetail,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['booking-operations', name],
    mutationFn: run,
    onSuccess: (result, vars) => {
      const operation = operationOf(result);
      queryClient.setQueryData(operationsResource.keys.detail(vars.operationId), operation);
      queryClient.setQueryData([...operationsResource.keys.all, 'booking', operation.bookingId], operation);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: operationsResource.keys.lists() }),
        ...alsoRefresh.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ]);
    },
    // Someone else moved the operation (a 409): show its real state.
    onError: (_error, vars) => queryClient.invalidateQueries({ queryKey: operationsResource.keys.detail(vars.operationId) }),
  });
}

/** Money moved: the vendors' transactions and the finance screens show it. */
const MONEY_VIEWS = [['vendors'], ['finance']] as const;

const answer = (p: Promise<ItemAnswer<OperationDetail>>) => p.then((r) => r.data);

export const useCreateVoucher = () =>
  useOperationMutation('voucher-create', ({ operationId, input }: { operationId: string; input: CreateVoucherInput }) =>
    answer(call(operationEndpoints.vouchers, { params: { id: operationId }, body: input }, fallback('operations.errors.createVoucher', 'Failed to create voucher'))),
  );

/** Draft vouchers from the tour's priced lines (one per vendor and service, stays by date range); answers the operation and the lines left to assign. */
export const usePrefillVouchers = () =>
  useOperationMutation(
    'voucher-prefill',
    ({ operationId }: { operationId: string }): Promise<PrefillAnswer> => call(operationEndpoints.prefill, { params: { id: operationId }, body: {} }, fallback('operations.errors.prefill', 'Failed to fill vouchers from the tour')),
    [],
    (answer) => answer.data,
  );

/** Changes a draft voucher's fields. */
export const useUpdateVoucher = () =>
  useOperationMutation('voucher-update', ({ operationId, voucherId, input }: { operationId: string; voucherId: string; input: UpdateVoucherInput }) =>
    answer(api.put(operationPaths.voucher(operationId, voucherId), input, fallback('operations.errors.updateVoucher', 'Failed to update voucher'))),
  );

/** CONFIRM or VOID through the voucher machine (the contract's body for the event); SEND is `useSendVouchers`. */
export const useVoucherEvent = () =>
  useOperationMutation('voucher-event', ({ operationId, voucherId, event }: { operationId: string; voucherId: string; event: Exclude<VoucherEvent, { type: 'SEND' }> }) =>
    answer(api.put(workflowPath(voucherRequest, voucherId, { operationId }), voucherRequest.bodyOf(event), fallback('operations.errors.voucherEvent', 'Failed to update voucher'))),
  );

export const useVoucherPayment = () =>
  useOperationMutation(
    'voucher-payment',
    ({ operationId, voucherId, input, key }: { operationId: string; voucherId: string; input: VendorPaymentInput; key: string }) =>
      answer(call(operationEndpoints.voucherPayment, { params: { operationId, id: voucherId }, body: input }, keyed(key, fallback('operations.errors.payment', 'Failed to record payment')))),
    MONEY_VIEWS,
  );

export const useSendVouchers = () =>
  useOperationMutation('send-vouchers', ({ operationId, input }: { operationId: string; input?: SendVouchersInput }) =>
    answer(call(operationEndpoints.sendVouchers, { params: { id: operationId }, body: input ?? {} }, fallback('operations.errors.sendVouchers', 'Failed to send vouchers'))),
  );

/** COMPLETE (`PUT …/mark-completed`): a 409 names what is missing (the detail's `missing` checklist). */
export const useCompleteOperation = () =>
  useOperationMutation('complete', ({ operationId, noVendorServices }: { operationId: string; /** The "no vendor services" confirmation, with its reason. */ noVendorServices?: { reason: string } }) =>
    answer(
      api.put(
        workflowPath(completeOperationRequest, operationId),
        completeOperationRequest.bodyOf(noVendorServices ? { type: 'COMPLETE', noVendorServices } : { type: 'COMPLETE' }),
        fallback('operations.errors.complete', 'Failed to complete operation'),
      ),
    ),
  );

export const useCreateExpense = () =>
  useOperationMutation('expense-create', ({ operationId, input }: { operationId: string; input: CreateExpenseInput }) =>
    answer(call(operationEndpoints.expenses, { params: { id: operationId }, body: input }, fallback('operations.errors.createExpense', 'Failed to add expense'))),
  );

export const useUpdateExpense = () =>
  useOperationMutation('expense-update', ({ operationId, expenseId, input }: { operationId: string; expenseId: string; input: UpdateExpenseInput }) =>
    answer(call(operationEndpoints.expense, { params: { operationId, expenseId }, body: input }, fallback('operations.errors.updateExpense', 'Failed to update expense'))),
  );

export const useExpensePayment = () =>
  useOperationMutation(
    'expense-payment',
    ({ operationId, expenseId, input, key }: { operationId: string; expenseId: string; input: VendorPaymentInput; key: string }) =>
      answer(call(operationEndpoints.expensePayment, { params: { operationId, expenseId }, body: input }, keyed(key, fallback('operations.errors.payment', 'Failed to record payment')))),
    MONEY_VIEWS,
  );

/**
 * Money a vendor gave back for a void voucher of a cancelled trip (`POST …/voucher/{voucherId}/vendor-refund`,
 * the form's Idempotency-Key): what it was expected to give back is settled, an incoming vendor transaction.
 */
export const useVendorRefund = () =>
  useOperationMutation(
    'vendor-refund',
    ({ operationId, voucherId, input, key }: { operationId: string; voucherId: string; input: VendorRefundInput; key: string }) =>
      answer(call(operationEndpoints.vendorRefund, { params: { operationId, id: voucherId }, body: input }, keyed(key, fallback('cancellations.errors.vendorRefund', 'Failed to record the vendor refund')))),
    MONEY_VIEWS,
  );
