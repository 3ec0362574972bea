import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { type Locale } from '../../api/admin/members/contract';
import type { BookingDetail } from '../../api/bookings/contract';
import { bookingEndpoints } from '../../api/bookings/contract';
import { bookingsKeys } from '../../api/bookings/get-bookings';
import { documentPdfUrl } from '../../api/documents/get-documents';
import { paymentMachine } from '../../machines/payment-machine';
import { statesWithTag } from '../../machines/workflow';
import { useCan } from '../../ui/auth';
import { DocumentPreview } from '../../ui/document-preview';
import { DocumentSends, SendDocumentDialog } from '../../ui/send-document-dialog';
import { DocumentLanguageDropdown } from '../../ui/language-picker';

/** Payments whose money arrived (the payment machine's `received` tag): each has its receipt. */
const RECEIVED = statesWithTag(paymentMachine, 'received');

/** One of the booking's documents: its routes (`{recordPath}/pdf|send|sends`), its kind and how people name it. */
interface BookingDocument {
  recordPath: string;
  kind: 'booking-confirmation' | 'booking-receipt' | 'booking-invoice';
  label: string;
  canSend: boolean;
}

/**
 * The booking's customer documents (server/bookings/documents.ts): the confirmation, the receipt of
 * each verified payment (an unverified one has none) and the invoice once issued. Each opens as PDF
 * and is sent in the chosen language, by default the booking's, to the customer's address; the
 * confirmation is previewed, as the tour pages preview theirs.
 */
export function BookingDocuments({ booking }: { booking: BookingDetail }) {
  const { t } = useTranslation();
  const can = useCan();
  const queryClient = useQueryClient();
  const languageId = useId();
  const [lang, setLang] = useState<Locale>(booking.language);
  const [sending, setSending] = useState<BookingDocument | null>(null);
  const confirmation: BookingDocument = { recordPath: bookingEndpoints.confirmation.of(booking._id), kind: 'booking-confirmation', label: booking.ref, canSend: can('bookings', 'update') };
  const documents: BookingDocument[] = [
    confirmation,
    ...booking.payments
      .filter((p) => RECEIVED.includes(p.status) && p.receiptNumber)
      .map((p): BookingDocument => ({ recordPath: bookingEndpoints.receipt.of(booking._id, p._id), kind: 'booking-receipt', label: p.receiptNumber!, canSend: can('bookings', 'update') })),
    ...(booking.invoice && can('invoices', 'view')
      ? [{ recordPath: bookingEndpoints.invoice.of(booking.invoice._id), kind: 'booking-invoice', label: booking.invoice.number, canSend: can('invoices', 'update') } satisfies BookingDocument]
      : []),
  ];
  const nameOf = (d: BookingDocument) => t('documents.send.pdfOf', { document: t(`documents.kinds.${d.kind}`), label: d.label });

  return (
    <section className="card stack" aria-labelledby="booking-documents-title" data-testid="booking-documents">
      <h2 id="booking-documents-title" style={{ margin: 0 }}>
        {t('bookings.documents.title')}
      </h2>
      <div className="field" style={{ maxWidth: '16rem' }}>
        <label htmlFor={languageId}>{t('documents.preview.language')}</label>
        <DocumentLanguageDropdown inputId={languageId} value={lang} onChange={setLang} />
      </div>
      {documents.map((d) => (
        <section key={d.recordPath} className="stack" style={{ gap: '0.5rem' }} aria-label={nameOf(d)} data-document={d.kind}>
          <div className="row" style={{ flexWrap: 'wrap', gap: '0.75rem', alignItems: 'center' }}>
            <h3 style={{ margin: 0, fontSize: '1rem' }}>
              {t(`bookings.documents.${d.kind}`)} · <bdi>{d.label}</bdi>
            </h3>
            <span className="grow" />
            <a className="p-button p-button-outlined p-button-sm link-button" href={documentPdfUrl(d.recordPath, lang)} target="_blank" rel="noreferrer" aria-label={nameOf(d)}>
              <i className="pi pi-file-pdf" aria-hidden="true" style={{ marginInlineEnd: '0.5rem' }} />
              {t('documents.send.pdf')}
            </a>
            {d.canSend && <Button type="button" size="small" icon="pi pi-envelope" label={t('documents.send.action')} aria-label={t('documents.send.sendOf', { document: t(`documents.kinds.${d.kind}`), label: d.label })} onClick={() => setSending(d)} />}
          </div>
          <DocumentSends recordPath={d.recordPath} />
        </section>
      ))}
      <DocumentPreview url={documentPdfUrl(confirmation.recordPath, lang)} title={nameOf(confirmation)} />
      {sending && (
        <SendDocumentDialog
          recordPath={sending.recordPath}
          document={sending.kind}
          label={sending.label}
          defaults={{ to: booking.customer.email ?? '', lang }}
          // Each send is a line of the booking's timeline.
          onSent={() => void queryClient.invalidateQueries({ queryKey: bookingsKeys.all })}
          onClose={() => setSending(null)}
        />
      )}
    </section>
  );
}
