import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { LeadDetail } from '../../api/leads/contract';
import { useLeadBookings } from '../../api/bookings/get-bookings';
import { CancellationRequestAction } from '../../ui/cancellation-request';
import { useOrgFormatters } from '../../ui/org-format';
import { moduleRecordPath } from '../../ui/module-paths';
import { StatusTag } from '../../ui/status-tag';
import './lead-bookings.css';

/**
 * The lead's bookings (`GET /bookings/lead/{leadId}`): each with its trip, status and money, a link
 * to it, and its cancellation (the open request, or "Request cancellation" where it may be asked).
 */
export function LeadBookings({ lead }: { lead: LeadDetail }) {
  const { t } = useTranslation();
  const fmt = useOrgFormatters();
  const bookings = useLeadBookings(lead._id);
  return (
    <section className="card stack" aria-labelledby="lead-bookings-title" data-testid="lead-bookings">
      <h2 id="lead-bookings-title" className="workflow-panel__title">
        {t('cancellations.lead.bookings')}
      </h2>
      {bookings.isPending ? (
        <p className="muted" aria-busy="true" style={{ margin: 0 }}>
          {t('shell.loading')}
        </p>
      ) : !bookings.data?.length ? (
        <p className="muted" style={{ margin: 0 }}>
          {t('cancellations.lead.none')}
        </p>
      ) : (
        <ul className="lead-booking-list">
          {bookings.data.map((b) => (
            <li key={b._id} data-booking={b.ref}>
              <div className="lead-booking-list__main">
                <Link to={moduleRecordPath('bookings', b._id)}>
                  <bdi>{b.ref}</bdi> · {b.tour.title}
                </Link>
                <StatusTag status={b.status} label={t(`bookings.states.${b.status}`)} />
              </div>
              <div className="muted">
                {fmt.date(b.departure)} – {fmt.date(b.arrival)} · <span className="money">{fmt.money(b.grandTotal, b.currency)}</span> · {t('cancellations.lead.paid', { amount: fmt.money(b.paid, b.currency) })}
              </div>
              <div className="lead-booking-list__end">
                <CancellationRequestAction booking={b} size="small" />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
