import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import type { LeadDetail } from '../../api/leads/contract';
import type { CustomizedTour } from '../../api/tours/customized/contract';
import { useToursOfLead } from '../../api/tours/customized/get-customized-tours';
import { isOpenLead } from '../../machines/lead-machine';
import { useCan } from '../../ui/auth';
import { useFormatters } from '../../ui/format';
import { modulePath, moduleRecordPath } from '../../ui/module-paths';
import { CopyTourDialog, TourStatusTag } from '../../ui/tour-widgets';
import { GenerateTourButton } from '../../ui/generate-tour-button';

/** A lead still worked on takes new tours. */

/**
 * The lead's customized tours (`GET /customized-tours/lead/{leadId}`), newest first: each with its
 * status, version, dates and price; "New tour" opens the builder for this lead (its latest query's
 * travellers, dates and places), "Copy" makes a new draft of a tour for this lead or another.
 */
export function LeadTours({ lead }: { lead: LeadDetail }) {
  const { t } = useTranslation();
  const can = useCan();
  const fmt = useFormatters();
  const tours = useToursOfLead(lead._id);
  const [copying, setCopying] = useState<CustomizedTour | null>(null);
  const open = isOpenLead(lead.status);
  const query = lead.queries.at(-1);
  const newTour = `${modulePath('customizedTours')}/new?leadId=${encodeURIComponent(lead._id)}${query ? `&queryId=${encodeURIComponent(query._id)}` : ''}`;
  return (
    <section className="card stack" aria-labelledby="lead-tours-title" data-testid="lead-tours">
      <div className="row">
        <h2 id="lead-tours-title" className="workflow-panel__title">
          {t('tours.lead.title')}
        </h2>
        <span className="grow" />
        {can('customizedTours', 'create') && open && <GenerateTourButton leadId={lead._id} query={query} />}
        {can('customizedTours', 'create') && open && (
          // The main action while the lead has no tour (its Book button is then outlined).
          <Link to={newTour} className={`p-button${tours.data?.length ? ' p-button-outlined' : ''} button-link`} data-testid="new-tour-link">
            <i className="pi pi-plus" aria-hidden="true" style={{ marginInlineEnd: '0.5rem' }} />
            {t('tours.newTour')}
          </Link>
        )}
      </div>
      {tours.isPending ? (
        <p className="muted" aria-busy="true" style={{ margin: 0 }}>
          {t('shell.loading')}
        </p>
      ) : !tours.data?.length ? (
        <p className="muted" style={{ margin: 0 }}>
          {t('tours.lead.none')}
        </p>
      ) : (
        <ul className="lead-tour-list">
          {tours.data.map((tour) => (
            <li key={tour._id} data-tour={tour.title}>
              <div className="lead-tour-list__main">
                <Link to={moduleRecordPath('customizedTours', tour._id)}>{tour.title}</Link>
                <TourStatusTag status={tour.status} />
                <span className="muted">{t('tours.versionN', { version: tour.version })}</span>
              </div>
              <div className="muted">
                {fmt.date(tour.departure)} – {fmt.date(tour.arrival)} · {t('tourPlan.nights', { count: tour.totalNights })}
              </div>
              <div className="lead-tour-list__end">
                <span className="money">{fmt.money(tour.totals.sell, tour.currency)}</span>
                {can('customizedTours', 'create') && <Button type="button" text size="small" icon="pi pi-copy" label={t('tours.copy.action')} aria-label={t('tours.copy.named', { title: tour.title })} onClick={() => setCopying(tour)} />}
              </div>
            </li>
          ))}
        </ul>
      )}
      {copying && <CopyTourDialog tour={copying} onClose={() => setCopying(null)} />}
    </section>
  );
}
