import { useTranslation } from 'react-i18next';
import { useAuth } from '../../ui/auth';
import { useFormatters } from '../../ui/format';
import { StatusTag } from '../../ui/status-tag';

export function DashboardPage() {
  const { t } = useTranslation();
  const { member, organization, subscription, role } = useAuth();
  const fmt = useFormatters({ currency: organization.currency, timeZone: organization.timeZone });
  const today = new Date().toISOString().slice(0, 10);
  return (
    <section className="stack">
      <h1>{t('dashboard.welcome', { name: member.name })}</h1>
      <p className="muted">{t('dashboard.today', { date: fmt.date(today) })}</p>
      <div className="card-grid">
        <div className="card">
          <div className="muted">{t('dashboard.organization')}</div>
          <div className="record-card__title">{organization.name}</div>
          <div>{t('dashboard.currency')}: {organization.currency}</div>
        </div>
        <div className="card">
          <div className="muted">{t('dashboard.role')}</div>
          <div className="record-card__title">{role.name}</div>
          <StatusTag status={member.isActive ? 'active' : 'inactive'} />
        </div>
        <div className="card">
          <div className="muted">{t('dashboard.subscription')}</div>
          <div className="record-card__title" data-testid="dashboard-plan">
            {t(`subscription.plans.${subscription.plan}`)}
          </div>
          <div data-testid="dashboard-seats">{t('dashboard.seatsUsed', { used: subscription.seatsUsed, seats: subscription.seats })}</div>
          <div data-testid="dashboard-period-end">{t('dashboard.until', { date: fmt.date(subscription.periodEnd) })}</div>
          <StatusTag status={subscription.status} tone={subscription.readOnly ? 'danger' : undefined} />
        </div>
      </div>
      <p className="muted" data-testid="money-sample">{t('dashboard.sample', { amount: fmt.money(1234567, organization.currency) })}</p>
    </section>
  );
}
