import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import type { Locale } from '../../api/admin/members/contract';
import { cancellationPaths, type CancellationDetail } from '../../api/cancellations/contract';
import { creditPaths } from '../../api/finance/credit/contract';
import { bookingsKeys } from '../../api/bookings/get-bookings';
import { useCan } from '../../ui/auth';
import { DocumentLanguageDropdown } from '../../ui/language-picker';
import { DocumentSends, SendDocumentDialog } from '../../ui/send-document-dialog';
import { pdfEndpointUrl } from '../../api/documents/get-documents';
import { bookingEndpoints } from '../../api/bookings/contract';

/** How the confirmation's sends are recorded among the booking's (server/cancellations/documents.ts CANCELLATION_DOCUMENT). */
const CONFIRMATION = 'cancellation-confirmation';

/** One PDF: its heading, and links to open it (a new tab) and to download it. */
function PdfLinks({ url, kind, title, label, testId }: { url: string; kind: string; title: string; label: string; testId: string }) {
  const { t } = useTranslation();
  const document = t(`documents.kinds.${kind}`);
  return (
    <div className="row cancel-document" data-testid={testId}>
      <h3 className="cancel-document__title">
        {title} · <bdi>{label}</bdi>
      </h3>
      <span className="grow" />
      <a className="p-button p-button-outlined p-button-sm button-link" href={url} target="_blank" rel="noreferrer" aria-label={t('documents.send.pdfOf', { document, label })} data-action="open">
        <i className="pi pi-file-pdf" aria-hidden="true" style={{ marginInlineEnd: '0.5rem' }} />
        {t('documents.send.pdf')}
      </a>
      <a className="p-button p-button-text p-button-sm button-link" href={url} download={`${label}.pdf`} aria-label={t('cancellations.documents.downloadOf', { document, label })} data-action="download">
        <i className="pi pi-download" aria-hidden="true" style={{ marginInlineEnd: '0.5rem' }} />
        {t('cancellations.documents.download')}
      </a>
    </div>
  );
}

/**
 * A decided cancellation's customer documents (docs/cancellations.md, "The customer's documents"):
 * the confirmation and, when the approval issued one, the credit note, each opened or downloaded
 * as PDF in the chosen language (the booking's by default); "Send to the customer" opens the
 * documents' own send dialog on `POST /bookings/{id}/send-cancellation` (the confirmation and the
 * credit note in one email, through the outbox or the queue), and the confirmation's sends are
 * listed with their state. Only the booking's latest decision is sent: an earlier one's page says so.
 */
export function CancellationDocuments({ c }: { c: CancellationDetail }) {
  const { t } = useTranslation();
  const can = useCan();
  const queryClient = useQueryClient();
  const languageId = useId();
  const [lang, setLang] = useState<Locale>(c.documents.language);
  const [sending, setSending] = useState(false);
  const bookingPath = bookingEndpoints.confirmation.of(c.booking._id);
  const note = c.creditNote;
  const canSend = c.documents.latestDecision && can('bookings', 'update');
  return (
    <section className="card stack" aria-labelledby="cancellation-documents-title" data-testid="cancellation-documents" style={{ gap: '0.75rem' }}>
      <div className="cancel-section-header">
        <h2 id="cancellation-documents-title" className="workflow-panel__title">
          {t('cancellations.documents.title')}
        </h2>
        {canSend && <Button type="button" size="small" icon="pi pi-envelope" label={t('cancellations.documents.send')} onClick={() => setSending(true)} data-testid="send-cancellation" />}
      </div>
      <div className="field" style={{ maxWidth: '16rem' }}>
        <label htmlFor={languageId}>{t('documents.preview.language')}</label>
        <DocumentLanguageDropdown inputId={languageId} value={lang} onChange={setLang} />
      </div>
      <PdfLinks url={pdfEndpointUrl(cancellationPaths.pdf, { id: c._id }, lang)} kind={CONFIRMATION} title={t('cancellations.documents.confirmation')} label={c.booking.ref} testId="cancellation-confirmation-pdf" />
      {note && <PdfLinks url={pdfEndpointUrl(creditPaths.creditNotePdf, { id: note._id }, lang)} kind="credit-note" title={t('cancellations.documents.creditNote')} label={note.number} testId="credit-note-pdf" />}
      <p className="muted" style={{ margin: 0 }}>
        {!c.documents.latestDecision
          ? t('cancellations.documents.notLatest')
          : note
            ? t('cancellations.documents.carriesBoth', { number: note.number })
            : t('cancellations.documents.carries')}
      </p>
      {c.documents.latestDecision && can('bookings', 'view') && (
        <section className="stack" style={{ gap: '0.5rem' }} aria-labelledby="cancellation-sends-title" data-testid="cancellation-sends">
          <h3 id="cancellation-sends-title" className="cancel-document__title">
            {t('documents.send.history')}
          </h3>
          <DocumentSends recordPath={bookingPath} document={CONFIRMATION} />
        </section>
      )}
      {sending && (
        <SendDocumentDialog
          recordPath={bookingPath}
          sendPath={cancellationPaths.send.url({ id: c.booking._id })}
          pdfUrl={(l) => pdfEndpointUrl(cancellationPaths.pdf, { id: c._id }, l)}
          document={CONFIRMATION}
          label={c.booking.ref}
          attachmentsHint={note ? t('cancellations.documents.attachmentsHint', { number: note.number }) : undefined}
          defaults={{ to: c.documents.email ?? '', lang }}
          // The send is a line of the booking's timeline.
          onSent={() => void queryClient.invalidateQueries({ queryKey: bookingsKeys.all })}
          onClose={() => setSending(false)}
        />
      )}
    </section>
  );
}
