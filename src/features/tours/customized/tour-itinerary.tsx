import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type Locale } from '../../../api/admin/members/contract';
import { documentPdfUrl, useSends } from '../../../api/documents/get-documents';
import { leadsKeys, leadsResource } from '../../../api/leads/get-leads';
import type { CustomizedTourDetail } from '../../../api/tours/customized/contract';
import { toursKeys, useTourSettings } from '../../../api/tours/customized/get-customized-tours';
import { useAuth, useCan } from '../../../ui/auth';
import { DocumentPreview } from '../../../ui/document-preview';
import { isLocale } from '../../../ui/i18n';
import { DocumentSends, SendDocumentDialog } from '../../../ui/send-document-dialog';
import { DocumentLanguageDropdown } from '../../../ui/language-picker';
import { customizedTourPaths } from '../../../api/tours/customized/contract';

/** The documents routes of a tour: `/customized-tours/{id}/pdf`, `/send`, `/sends`. */
export const itineraryPath = (tourId: string) => customizedTourPaths.itinerary.of(tourId);

/**
 * The language the itinerary is shown and sent in: the one it was last sent in, else the person's.
 * (A tour has no language of its own; the customer's is the one staff chose when sending.)
 */
export function useItineraryLanguage(tourId: string): Locale {
  const { i18n } = useTranslation();
  const sends = useSends(itineraryPath(tourId));
  const last = sends.data?.[0]?.language;
  return last ?? (isLocale(i18n.language) ? i18n.language : 'en');
}

/** The itinerary of a tour: previewed in a chosen language, opened as PDF, with its sends (each email, its version and what became of it). */
export function TourItinerary({ tour, lang, onLang }: { tour: CustomizedTourDetail; lang: Locale; onLang: (lang: Locale) => void }) {
  const { t } = useTranslation();
  const languageId = useId();
  const recordPath = itineraryPath(tour._id);
  const url = documentPdfUrl(recordPath, lang);
  return (
    <section className="card stack" aria-labelledby="tour-itinerary-title" data-testid="tour-itinerary">
      <h2 id="tour-itinerary-title" style={{ margin: 0 }}>
        {t('tours.itinerary.title')}
      </h2>
      <p className="muted" style={{ margin: 0 }}>
        {t('tours.itinerary.intro', { version: tour.version })}
      </p>
      <div className="row" style={{ flexWrap: 'wrap', gap: '0.75rem', alignItems: 'end' }}>
        <div className="field" style={{ minWidth: '12rem' }}>
          <label htmlFor={languageId}>{t('documents.preview.language')}</label>
          <DocumentLanguageDropdown inputId={languageId} value={lang} onChange={onLang} />
        </div>
        <a className="p-button p-button-outlined link-button" href={url} target="_blank" rel="noreferrer">
          <i className="pi pi-file-pdf" aria-hidden="true" style={{ marginInlineEnd: '0.5rem' }} />
          {t('documents.preview.open')}
        </a>
      </div>
      <DocumentPreview url={url} title={t('documents.send.pdfOf', { document: t('documents.kinds.itinerary'), label: tour.title })} />
      <section className="stack" style={{ gap: '0.5rem' }}>
        <h3 style={{ margin: 0, fontSize: '1rem' }}>{t('documents.send.history')}</h3>
        <DocumentSends recordPath={recordPath} />
      </section>
    </section>
  );
}

/** `{{name}}`-style placeholders of the configured message, filled as the server fills its standard text. */
const fillTemplate = (template: string, params: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => params[key] ?? whole);

/**
 * SEND: the send dialog for the itinerary, pre-filled with the lead's email, the itinerary's
 * language and the organization's message for itineraries (Configurations → customized tours).
 * Sending emails the PDF of this version and moves the tour to sent and the lead to quoted.
 */
export function SendItineraryDialog({ tour, lang, onClose }: { tour: CustomizedTourDetail; lang: Locale; onClose: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const { organization } = useAuth();
  const queryClient = useQueryClient();
  const lead = useQuery({ ...leadsResource.detailQueryOptions(tour.lead._id), enabled: can('leads', 'view') });
  const settings = useTourSettings();
  // The form takes its defaults once: it opens when what fills them is known.
  if ((can('leads', 'view') && lead.isPending) || settings.isPending) return null;
  const template = settings.data?.emailMessage;
  return (
    <SendDocumentDialog
      recordPath={itineraryPath(tour._id)}
      document="itinerary"
      label={`${tour.title} · ${t('tours.versionN', { version: tour.version })}`}
      defaults={{
        to: lead.data?.email ?? '',
        lang,
        message: template ? fillTemplate(template, { name: tour.lead.name, title: tour.title, organization: organization.name }) : '',
      }}
      onSent={() => {
        void queryClient.invalidateQueries({ queryKey: toursKeys.all });
        void queryClient.invalidateQueries({ queryKey: leadsKeys.detail(tour.lead._id) });
      }}
      onClose={onClose}
    />
  );
}
