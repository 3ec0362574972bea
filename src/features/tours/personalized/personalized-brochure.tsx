import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { type Locale } from '../../../api/admin/members/contract';
import { documentPdfUrl } from '../../../api/documents/get-documents';
import type { PersonalizedTourDetail } from '../../../api/tours/personalized/contract';
import { DocumentPreview } from '../../../ui/document-preview';
import { isLocale } from '../../../ui/i18n';
import { DocumentSends, SendDocumentDialog } from '../../../ui/send-document-dialog';
import { DocumentLanguageDropdown } from '../../../ui/language-picker';
import { personalizedTourPaths } from '../../../api/tours/personalized/contract';

/** The personalized tour's brochure: previewed in a chosen language, opened as PDF, sent by email, with its earlier sends. */
export function PersonalizedBrochure({ tour }: { tour: PersonalizedTourDetail }) {
  const { t, i18n } = useTranslation();
  const languageId = useId();
  const [lang, setLang] = useState<Locale>(isLocale(i18n.language) ? i18n.language : 'en');
  const [sending, setSending] = useState(false);
  const recordPath = personalizedTourPaths.brochure.of(tour._id);
  const url = documentPdfUrl(recordPath, lang);
  return (
    <section className="card stack" aria-labelledby="personalized-brochure-title" data-testid="personalized-brochure">
      <h2 id="personalized-brochure-title" style={{ margin: 0 }}>
        {t('documents.preview.title')}
      </h2>
      <p className="muted" style={{ margin: 0 }}>
        {t('documents.preview.intro')}
      </p>
      <div className="row" style={{ flexWrap: 'wrap', gap: '0.75rem', alignItems: 'end' }}>
        <div className="field" style={{ minWidth: '12rem' }}>
          <label htmlFor={languageId}>{t('documents.preview.language')}</label>
          <DocumentLanguageDropdown inputId={languageId} value={lang} onChange={setLang} />
        </div>
        <a className="p-button p-button-outlined link-button" href={url} target="_blank" rel="noreferrer">
          <i className="pi pi-file-pdf" aria-hidden="true" style={{ marginInlineEnd: '0.5rem' }} />
          {t('documents.preview.open')}
        </a>
        <Button type="button" icon="pi pi-envelope" label={t('documents.preview.send')} onClick={() => setSending(true)} />
      </div>
      <DocumentPreview url={url} title={t('documents.send.pdfOf', { document: t('documents.kinds.brochure'), label: tour.title })} />
      <section className="stack" style={{ gap: '0.5rem' }}>
        <h3 style={{ margin: 0, fontSize: '1rem' }}>{t('documents.send.history')}</h3>
        <DocumentSends recordPath={recordPath} />
      </section>
      {sending && <SendDocumentDialog recordPath={recordPath} document="brochure" label={tour.title} defaults={{ lang }} onClose={() => setSending(false)} />}
    </section>
  );
}
