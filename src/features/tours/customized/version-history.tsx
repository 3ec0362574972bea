import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { DocumentSend } from '../../../api/documents/contract';
import { useSends } from '../../../api/documents/get-documents';
import type { TourVersionSummary } from '../../../api/tours/customized/contract';
import { useOrgFormatters } from '../../../ui/org-format';
import { moduleRecordPath } from '../../../ui/module-paths';
import { SendStatusTag } from '../../../ui/send-document-dialog';
import { itineraryPath } from './tour-itinerary';

/**
 * The email a version went out with: the tour's latest send of that version (null for a version
 * frozen without one, as the demo's), and whether it still waits (queued for the mail server, kept
 * in the outbox without one) or failed: then the version was written, not yet sent, and says so.
 */
export function useVersionEmails(tourId: string) {
  const sends = useSends(itineraryPath(tourId)).data;
  return (version: number): { send: DocumentSend | null; notSent: boolean } => {
    const send = sends?.find((s) => s.version === version) ?? null;
    return { send, notSent: !!send && send.status !== 'sent' };
  };
}

/** The versions sent to the customer, newest first; each opens exactly as it was sent, and one whose email still waits says so. */
export function VersionHistory({ tourId, versions, currency }: { tourId: string; versions: TourVersionSummary[]; currency: string }) {
  const { t } = useTranslation();
  const fmt = useOrgFormatters({ currency });
  const emailOf = useVersionEmails(tourId);
  return (
    <section className="card stack" aria-labelledby="tour-versions-title" data-testid="tour-versions">
      <h2 id="tour-versions-title" className="workflow-panel__title">
        {t('tours.versions.title')}
      </h2>
      {versions.length === 0 ? (
        <p className="muted" style={{ margin: 0 }}>
          {t('tours.versions.none')}
        </p>
      ) : (
        <ol className="version-list">
          {versions.map((v) => {
            const email = emailOf(v.version);
            return (
              <li key={v.version} data-version={v.version} data-email={email.send?.status}>
                <Link to={`${moduleRecordPath('customizedTours', tourId)}/versions/${v.version}`}>{t('tours.versions.version', { version: v.version })}</Link>
                {email.notSent && <SendStatusTag send={email.send!} />}
                <span className="muted">
                  {t(email.notSent ? 'tours.versions.written' : 'tours.versions.sent', { when: fmt.dateTime(v.sentAt), who: v.sentBy?.name ?? t('tours.versions.someone') })}
                  {v.to && ` · ${t('tours.versions.to', { to: v.to })}`}
                </span>
                <span className="money">{fmt.money(v.totalSell)}</span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
