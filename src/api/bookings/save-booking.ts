import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, fallback, type CallOptions } from '../client';
import { IDEMPOTENCY_HEADER } from '../common/idempotency';
import { useWorkflowEvent } from '../common/use-workflow-event';
import type { PaymentEvent } from '../../machines/payment-machine';
import { bookingEndpoints, paymentRequestFor, verifyBookingRequest, type ParticipantInput, type PaymentInput } from './contract';
import { bookingsResource, invoicesResource, paymentReceiptsResource } from './get-bookings';
import { creditKeys } from '../finance/credit/get-credit';
import { notificationsKeys } from '../notifications/get-unread-notifications';

/**
 * The bookings' writes. Money calls take the Idempotency-Key made when their form opened
 * (`newIdempotencyKey`), so a double click or a retry is the same request. Every answer refreshes
 * what shows the booking's money: the booking, its lists, the receipts and the invoices.
 */
export const useCreateBooking = bookingsResource.useCreate;

const keyed = (key: string, options: CallOptions): CallOptions => ({ ...options, headers: { [IDEMPOTENCY_HEADER]: key } });

function useBookingMutation<V, R>(name: string, run: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['bookings', name],
    mutationFn: run,
    onSuccess: () =>
      Promise.all([
        // The booking, its lists and every other view of bookings (completed ones awaiting their invoice, installments).
        queryClient.invalidateQueries({ queryKey: bookingsResource.keys.all }),
        queryClient.invalidateQueries({ queryKey: paymentReceiptsResource.keys.all }),
        queryClient.invalidateQueries({ queryKey: invoicesResource.keys.all }),
        // A payment with a credit note uses it up (what is left, its status).
        queryClient.invalidateQueries({ queryKey: creditKeys.all }),
        // A payment verified or failed takes its "payment to verify" out of the bell.
        queryClient.invalidateQueries({ queryKey: notificationsKeys.all }),
      ]),
  });
}

/** VERIFY (`PUT /bookings/{id}/verify`): the answer replaces the cached booking. */
export const useBookingEvent = () => useWorkflowEvent({ request: verifyBookingRequest, keys: bookingsResource.keys, fallback: fallback('bookings.errors.verify', 'Failed to verify booking') });

/** `POST /bookings/{id}/payment`: JSON, or a multipart form when a proof file comes with it. */
export const recordPayment = (bookingId: string, input: PaymentInput, proof: File | null, key: string) => {
  const options = keyed(key, fallback('bookings.errors.payment', 'Failed to record payment'));
  const params = { id: bookingId };
  if (!proof) return call(bookingEndpoints.recordPayment, { params, body: input }, options).then((r) => r.data);
  const form = new FormData();
  for (const [name, value] of Object.entries(input)) if (value !== undefined && value !== null) form.append(name, String(value));
  form.append('proof', proof, proof.name);
  return call(bookingEndpoints.recordPayment, { params, body: form }, options).then((r) => r.data);
};
export const useRecordPayment = () =>
  useBookingMutation('payment', ({ bookingId, input, proof, key }: { bookingId: string; input: PaymentInput; proof: File | null; key: string }) => recordPayment(bookingId, input, proof, key));

/** VERIFY or FAIL of a payment (its own call per event, the seed's paths). */
export const usePaymentEvent = () =>
  useBookingMutation(
    'payment-event',
    ({ bookingId, paymentId, event }: { bookingId: string; paymentId: string; event: PaymentEvent }) => {
      const request = paymentRequestFor(event);
      return call(request.endpoint, { params: { id: bookingId, paymentId }, body: request.bodyOf(event as never) }, fallback('bookings.errors.paymentEvent', 'Failed to update payment')).then((r) => r.data);
    },
  );

export const useUpdateParticipant = () =>
  useBookingMutation(
    'participant',
    ({ bookingId, input }: { bookingId: string; input: ParticipantInput }) =>
      call(bookingEndpoints.participant, { params: { id: bookingId }, body: input }, fallback('bookings.errors.participant', 'Failed to update traveller')).then((r) => r.data),
  );

export const useSendReminder = () =>
  useBookingMutation(
    'reminder',
    ({ bookingId }: { bookingId: string }) => call(bookingEndpoints.reminder, { params: { id: bookingId }, body: {} }, fallback('bookings.errors.reminder', 'Failed to send reminder')).then((r) => r.data),
  );

export const useGenerateInvoice = () =>
  useBookingMutation(
    'invoice',
    ({ bookingId }: { bookingId: string }) => call(bookingEndpoints.generateInvoice, { body: { bookingId } }, fallback('bookings.errors.invoice', 'Failed to generate invoice')).then((r) => r.data),
  );

/** The proof's address, for a link (the browser sends the session cookie). */
export const proofUrl = (bookingId: string, paymentId: string) => `/api${bookingEndpoints.proof.url({ id: bookingId, paymentId })}`;
