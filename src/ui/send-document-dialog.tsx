import { useId, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { TFunction } from 'i18next';
import { toast } from 'sonner';
import { type Locale } from '../api/admin/members/contract';
import { errorMessage, issueMessage } from '../api/client';
import type { ApiIssue } from '../api/common/issues';
import { ATTACHMENT_TYPES, sendDocumentInput, type DocumentSend, type SendDocumentInput } from '../api/documents/contract';
import { documentPdfUrl, useSendDocument, useSends } from '../api/documents/get-documents';
import { FieldFrame, SelectField, TextAreaField, TextField, applyServerIssues } from './form-fields';
import { contractResolver } from './form-resolver';
import { FormDialog } from './form-dialog';
import { useCan } from './auth';
import { outboxPath } from './module-paths';
import { useOrgFormatters } from './org-format';
import { isLocale } from './i18n';
import { LANGUAGE_OPTIONS } from './language-picker';
import { StatusTag, type StatusTone } from './status-tag';

export const SEND_TONES: Record<DocumentSend['status'], StatusTone> = { queued: 'info', sent: 'success', failed: 'danger', outbox: 'warning' };

/** A send's status, translated, in its colour. */
export function SendStatusTag({ send }: { send: Pick<DocumentSend, 'status'> }) {
  const { t } = useTranslation();
  return <StatusTag status={send.status} tone={SEND_TONES[send.status]} label={t(`documents.statuses.${send.status}`)} />;
}

/** Who sent an email: the member, or for what the product sends by itself the organization ("Demo Travels (sent automatically)"). */
export const senderName = (send: Pick<DocumentSend, 'sentBy' | 'from'>, t: TFunction) => send.sentBy?.name ?? t('documents.outbox.automatic', { name: send.from.name });

/** A record's sends, newest first: status, to whom, who and when, and why one failed; only those of `document` when given (a booking's cancellation among its sends). */
export function DocumentSends({ recordPath, document }: { recordPath: string; document?: string }) {
  const { t } = useTranslation();
  const fmt = useOrgFormatters();
  const sends = useSends(recordPath);
  if (!sends.data) return null;
  const shown = document ? sends.data.filter((s) => s.document === document) : sends.data;
  if (shown.length === 0) return <p className="muted">{t('documents.send.none')}</p>;
  return (
    <ul className="stack document-sends" style={{ gap: '0.5rem', listStyle: 'none', padding: 0, margin: 0 }} aria-live="polite">
      {shown.map((s) => (
        <li key={s._id} className="row" style={{ gap: '0.5rem', flexWrap: 'wrap', alignItems: 'baseline' }} data-testid="document-send">
          <SendStatusTag send={s} />
          <span dir="ltr">{s.to.join(', ')}</span>
          <span className="muted">{t('documents.send.by', { name: senderName(s, t), when: fmt.dateTime(s.createdAt) })}</span>
          {s.status === 'failed' && s.lastError && <span className="muted">{s.lastError}</span>}
        </li>
      ))}
    </ul>
  );
}

interface SendFormValues {
  to: string;
  cc: string;
  subject: string;
  message: string;
  lang: Locale;
}

/**
 * Sends a record's document by email (its area gives `recordPath`, e.g. `/budget/income/{id}`):
 * recipients, an optional subject and message (empty: the standard text in the chosen language),
 * the language, extra files. The server queues it for the mail server or keeps it in the outbox,
 * and the record's earlier sends are listed under the form.
 */
export function SendDocumentDialog({
  recordPath,
  document,
  label,
  sendPath,
  pdfUrl,
  attachmentsHint,
  defaults = {},
  onSent,
  onClose,
}: {
  recordPath: string;
  /** The kind of document (`receipt`), for the words. */
  document: string;
  /** How people name the record: `RCT-2026-0001`. */
  label: string;
  /**
   * A document sent by a route of its own rather than `{recordPath}/send` (a booking's cancellation:
   * `/bookings/{id}/send-cancellation`, recorded among the booking's sends): where it goes. The
   * sends listed are then only those of this `document` among the record's.
   */
  sendPath?: string;
  /** Where the dialog's PDF link goes in a language, when it is not `recordPath`'s PDF (a cancellation's confirmation). */
  pdfUrl?: (lang: Locale) => string;
  /** What is attached by itself, when it is more than the document (the credit note with a cancellation's confirmation). */
  attachmentsHint?: string;
  defaults?: Partial<SendFormValues>;
  /** What the record does once its document is sent (a tour fetches itself and its lead again). */
  onSent?: (send: DocumentSend) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const send = useSendDocument(recordPath, sendPath);
  const filesId = useId();
  const [files, setFiles] = useState<File[]>([]);
  const [filesError, setFilesError] = useState<string>();
  const kind = t(`documents.kinds.${document}`, { defaultValue: document });
  const { control, handleSubmit, setError, watch, formState } = useForm<SendFormValues, unknown, SendDocumentInput>({
    // An address list is one text field: the resolver shows a message about its third address (`to.2`) under it.
    resolver: contractResolver(sendDocumentInput) as unknown as Resolver<SendFormValues, unknown, SendDocumentInput>,
    defaultValues: { to: '', cc: '', subject: '', message: '', lang: isLocale(i18n.language) ? i18n.language : 'en', ...defaults },
  });
  const lang = watch('lang');
  const can = useCan();
  const navigate = useNavigate();
  // The send is only written and queued (202): nothing has gone yet. So no green "sent": it says the
  // email waits in the outbox (for the mail server, or for someone without one), with the way there.
  const sentToast = (result: DocumentSend) =>
    toast.info(t(result.status === 'outbox' ? 'documents.send.kept' : 'documents.send.queued'), {
      action: can('configurations') ? { label: t('documents.settings.openOutbox'), onClick: () => navigate(outboxPath()) } : undefined,
    });

  const submit = handleSubmit(async (input) => {
    setFilesError(undefined);
    try {
      const result = await send.mutateAsync({ to: input.to, cc: input.cc, subject: input.subject ?? '', message: input.message ?? '', lang: input.lang ?? 'en', attachments: files });
      sentToast(result);
      onSent?.(result);
      onClose();
    } catch (error) {
      const issues = (error as { issues?: ApiIssue[] }).issues ?? [];
      const files = issues.find((issue) => issue.path.split('.')[0] === 'attachments');
      if (files) setFilesError(issueMessage(files));
      applyServerIssues({ issues: issues.filter((issue) => issue !== files) }, setError as never);
      if (issues.length === 0) toast.error(errorMessage(error, t('documents.errors.send')));
    }
  });

  return (
    <FormDialog id="send-document-form" header={t('documents.send.title', { document: kind, label })} onClose={onClose} onSubmit={submit} submitting={formState.isSubmitting} submitLabel={t('documents.send.submit')} submitIcon="pi pi-send" width={640}>
      <TextField control={control} name="to" label={t('documents.send.to')} type="text" autoComplete="email" hint={t('documents.send.addressesHint')} />
      <TextField control={control} name="cc" label={t('documents.send.cc')} type="text" autoComplete="email" />
      <SelectField control={control} name="lang" label={t('documents.send.language')} options={LANGUAGE_OPTIONS} filter />
      <TextField control={control} name="subject" label={t('documents.send.subject')} hint={t('documents.send.standardHint')} />
      <TextAreaField control={control} name="message" label={t('documents.send.message')} />
      <FieldFrame id={filesId} label={t('documents.send.attachments')} error={filesError} hint={attachmentsHint ?? t('documents.send.attachmentsHint', { document: kind })}>
        <input
          id={filesId}
          type="file"
          multiple
          accept={ATTACHMENT_TYPES.join(',')}
          aria-invalid={!!filesError}
          onChange={(e) => setFiles([...(e.target.files ?? [])])}
        />
      </FieldFrame>
      <p>
        <a href={pdfUrl ? pdfUrl(lang) : documentPdfUrl(recordPath, lang)} target="_blank" rel="noreferrer">
          <i className="pi pi-file-pdf" aria-hidden="true" /> {t('documents.send.pdfOf', { document: kind, label })}
        </a>
      </p>
      <section className="stack" style={{ gap: '0.5rem' }}>
        <h3 style={{ margin: 0, fontSize: '1rem' }}>{t('documents.send.history')}</h3>
        <DocumentSends recordPath={recordPath} document={sendPath ? document : undefined} />
      </section>
    </FormDialog>
  );
}
