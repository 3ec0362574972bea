import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { Button } from 'primereact/button';
import { Skeleton } from 'primereact/skeleton';
import { toast } from 'sonner';
import { cancelInput, type CancelInput } from '../api/cancellations/contract';
import { useBookingCancellations, useCancellationQuote } from '../api/cancellations/get-cancellations';
import { useRequestCancellation } from '../api/cancellations/save-cancellations';
import type { BookingState } from '../machines/booking-machine';
import { bookingMachine } from '../machines/booking-machine';
import { OPEN_CANCELLATION_STATES, type CancellationState } from '../machines/cancellation-machine';
import { snapshotOf } from '../machines/workflow';
import { useCan } from './auth';
import { QuoteTable } from './cancellation-quote';
import { applyServerIssues, TextAreaField } from './form-fields';
import { FormDialog } from './form-dialog';
import { contractResolver } from './form-resolver';
import { moduleRecordPath } from './module-paths';
import './cancellations.css';

/** What the request needs of a booking: the booking page's record and a lead's bookings list both have it. */
export interface CancellableBooking {
  _id: string;
  ref: string;
  status: BookingState;
  currency: string;
  customer: { name: string };
}

/**
 * The booking's request for cancellation, on the booking's page and the lead's: the open request
 * (a link to it) when there is one, else "Request cancellation" when the booking machine would
 * CANCEL this booking (the stand-in id is the one an approval will name, as the server checks)
 * and the member may ask.
 */
export function CancellationRequestAction({ booking, size }: { booking: CancellableBooking; size?: 'small' }) {
  const { t } = useTranslation();
  const can = useCan();
  const [asking, setAsking] = useState(false);
  const cancellable = snapshotOf(bookingMachine, booking.status).can({ type: 'CANCEL', cancellationId: booking._id });
  const mayAsk = can('cancellations', 'create') && cancellable;
  const requests = useBookingCancellations(booking._id, (mayAsk || can('cancellations', 'view')) && can('bookings', 'view'));
  const open = requests.data?.find((c) => OPEN_CANCELLATION_STATES.includes(c.status as CancellationState));
  if (open) {
    return can('cancellations', 'view') ? (
      <Link className={`p-button p-button-outlined p-button-warning button-link${size ? ' p-button-sm' : ''}`} to={moduleRecordPath('cancellations', open._id)} data-testid="open-cancellation">
        <i className="pi pi-hourglass" aria-hidden="true" style={{ marginInlineEnd: '0.5rem' }} />
        {t('cancellations.request.open', { ref: booking.ref })}
      </Link>
    ) : (
      <span className="muted">{t('cancellations.request.open', { ref: booking.ref })}</span>
    );
  }
  // Until the booking's requests are known, no button: it could be a second request.
  if (!mayAsk || !requests.data) return null;
  return (
    <>
      <Button
        type="button"
        size={size}
        outlined
        severity="danger"
        icon="pi pi-times-circle"
        label={t('cancellations.request.action')}
        aria-label={size ? t('cancellations.request.actionOf', { ref: booking.ref }) : undefined}
        onClick={() => setAsking(true)}
        data-testid="request-cancellation"
      />
      {asking && <CancellationRequestDialog booking={booking} onClose={() => setAsking(false)} />}
    </>
  );
}

/** The quote first (what cancelling today costs the customer and the organization), then the reason and comments. */
export function CancellationRequestDialog({ booking, onClose }: { booking: CancellableBooking; onClose: () => void }) {
  const { t } = useTranslation();
  const quote = useCancellationQuote(booking._id);
  const request = useRequestCancellation();
  const { control, handleSubmit, setError, formState } = useForm<CancelInput>({
    resolver: contractResolver(cancelInput) as never,
    defaultValues: { bookingId: booking._id, reason: '', comments: '' },
  });
  const onSubmit = handleSubmit(async (input) => {
    // The request is made on the quote read: none is sent before it is shown.
    if (!quote.data) return;
    try {
      await request.mutateAsync(input);
      toast.success(t('cancellations.request.created'));
      onClose();
    } catch (e) {
      applyServerIssues(e, setError as never);
    }
  });
  return (
    <FormDialog
      id="cancellation-request-form"
      header={t('cancellations.request.title', { ref: booking.ref, customer: booking.customer.name })}
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={request.isPending}
      dirty={formState.isDirty}
      submitLabel={t('cancellations.request.submit')}
      submitIcon="pi pi-send"
      width={760}
    >
      <section aria-labelledby="request-quote-title" className="stack" style={{ gap: '0.5rem' }}>
        <h3 id="request-quote-title" className="workflow-panel__title" style={{ margin: 0 }}>
          {t('cancellations.request.quoteTitle')}
        </h3>
        {quote.data ? (
          <QuoteTable quote={quote.data} currency={booking.currency} testId="request-quote" />
        ) : quote.isError ? (
          <p className="field-error" role="alert">
            {t('cancellations.errors.fetchQuote')}
          </p>
        ) : (
          <div aria-busy="true">
            <Skeleton height="1.4rem" className="mb-2" />
            <Skeleton height="1.4rem" className="mb-2" />
            <Skeleton height="1.4rem" />
          </div>
        )}
        <p className="muted" style={{ margin: 0 }}>
          {t('cancellations.request.quoteHint')}
        </p>
      </section>
      <TextAreaField control={control} name="reason" label={t('cancellations.fields.reason')} />
      <TextAreaField control={control} name="comments" label={t('cancellations.fields.comments')} hint={t('cancellations.request.commentsHint')} />
    </FormDialog>
  );
}
