import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TourVersionSummary } from '../../../api/tours/customized/contract';
import { useOrgFormatters } from '../../../ui/org-format';
import { moduleRecordPath } from '../../../ui/module-paths';

/** The versions sent to the customer, newest first; each opens exactly as it was sent. */
export function VersionHistory({ tourId, versions, currency }: { tourId: string; versions: TourVersionSummary[]; currency: string }) {
  const { t } = useTranslation();
  const fmt = useOrgFormatters({ currency });
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
          {versions.map((v) => (
            <li key={v.version} data-version={v.version}>
              <Link to={`${moduleRecordPath('customizedTours', tourId)}/versions/${v.version}`}>{t('tours.versions.version', { version: v.version })}</Link>
              <span className="muted">
                {t('tours.versions.sent', { when: fmt.dateTime(v.sentAt), who: v.sentBy?.name ?? t('tours.versions.someone') })}
                {v.to && ` · ${t('tours.versions.to', { to: v.to })}`}
              </span>
              <span className="money">{fmt.money(v.totalSell)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
