import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from 'primereact/skeleton';
import { useMyDay } from '../../api/dashboard/get-my-day';
import { useAuth } from '../../ui/auth';
import { useOrgFormatters } from '../../ui/org-format';
import { todayIn } from '../../domain/calendar';
import { NotificationList } from '../../ui/notifications-bell';
import { StatusTag } from '../../ui/status-tag';
import { MyDayCardView } from './my-day-cards';
import { MY_DAY_QUEUE, WorkQueueCard } from './work-queue';
import { useWorkQueue } from '../../api/work-queue/use-work-queue';

/** A card of the day with a title of its own (icon and words), named by it for assistive technology. */
function DayCard({ card, icon, title, gap, children }: { card: string; icon: string; title: string; gap: string; children: ReactNode }) {
  return (
    <section className="card stack my-day-card" aria-labelledby={`my-day-${card}`} data-card={card} style={{ gap }}>
      <h2 id={`my-day-${card}`} className="workflow-panel__title row" style={{ gap: '0.5rem' }}>
        <i className={icon} aria-hidden="true" />
        <span>{title}</span>
      </h2>
      {children}
    </section>
  );
}

/** The notifications as a card of the day: each opens the record it is about. */
function NotificationsCard() {
  const { t } = useTranslation();
  return (
    <DayCard card="notifications" icon="pi pi-bell" title={t('shell.notifications')} gap="0.75rem">
      <NotificationList />
    </DayCard>
  );
}

/** What the organization has bought (issue 19): plan, seats used of seats, until when. */
function SubscriptionCard() {
  const { t } = useTranslation();
  const { subscription } = useAuth();
  const fmt = useOrgFormatters();
  return (
    <DayCard card="subscription" icon="pi pi-id-card" title={t('dashboard.subscription')} gap="0.5rem">
      <div className="record-card__title" data-testid="dashboard-plan">
        {t(`subscription.plans.${subscription.plan}`)}
      </div>
      <div data-testid="dashboard-seats">{t('dashboard.seatsUsed', { used: subscription.seatsUsed, seats: subscription.seats })}</div>
      <div data-testid="dashboard-period-end">{t('dashboard.until', { date: fmt.date(subscription.periodEnd) })}</div>
      <div>
        <StatusTag status={subscription.status} tone={subscription.readOnly ? 'danger' : undefined} />
      </div>
    </DayCard>
  );
}

/**
 * `/`: "My day", what the member can act on today: the start of their work queue, acted on in
 * place (./work-queue.tsx), the cards their permissions give them (server/dashboard/routes.ts, some
 * of them views of the queue's kinds), then their notifications.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const { member, organization } = useAuth();
  const fmt = useOrgFormatters();
  const day = useMyDay();
  const cards = day.data?.cards ?? [];
  const queue = useWorkQueue(MY_DAY_QUEUE);
  const queued = queue.data?.stats?.total ?? 0;
  return (
    <section className="stack" aria-labelledby="my-day-title">
      <div className="page-header" style={{ marginBottom: 0 }}>
        <h1 id="my-day-title">{t('dashboard.title')}</h1>
      </div>
      <p className="muted" style={{ margin: 0 }}>
        {t('dashboard.greeting', { name: member.name, date: fmt.date(todayIn(organization.timeZone)) })}
      </p>
      <div className="my-day-grid" aria-busy={day.isPending || queue.isPending} data-testid="my-day">
        <WorkQueueCard />
        {day.isPending
          ? Array.from({ length: 3 }, (_, i) => <Skeleton key={i} height="12rem" />)
          : cards.map((card) => <MyDayCardView key={card.key} card={card} />)}
        {!day.isPending && !queue.isPending && cards.length === 0 && queued === 0 && (
          <div className="card empty-state" data-testid="my-day-nothing">
            <i className="pi pi-sun" aria-hidden="true" />
            <p style={{ margin: 0, fontWeight: 600 }}>{t('dashboard.nothing')}</p>
            <p style={{ margin: 0 }}>{t('dashboard.nothingHint')}</p>
          </div>
        )}
        <NotificationsCard />
        <SubscriptionCard />
      </div>
    </section>
  );
}
