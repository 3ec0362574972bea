import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { DEPARTURES_AHEAD_DAYS, type MyDayCard, type MyDayCardKey, type MyDayItem } from '../../api/dashboard/contract';
import { dateOfDay } from '../../api/tours/tour-plan';
import { OPEN_LEAD_STATES } from '../../machines/lead-machine';
import type { ModuleKey } from '../../api/permissions';
import { useAuth } from '../../ui/auth';
import { todayIn } from '../../domain/calendar';
import { useOrgFormatters } from '../../ui/org-format';
import { modulePath, moduleRecordPath } from '../../ui/module-paths';
import { StatusTag } from '../../ui/status-tag';

/** The leads list in the server's query format (`/leads?status=new&assignedTo=…`): a card's "see all". */
const leadsList = (params: [string, string][]) => `${modulePath('leads')}?${new URLSearchParams(params).toString()}`;
/** The open leads (the lead machine's `open` tag) as the list's status filter. */
const OPEN_STATUSES = OPEN_LEAD_STATES.map((s): [string, string] => ['status', s]);

interface CardView {
  icon: string;
  /** Where the card's records open. */
  module: ModuleKey;
  /** The full list the card shows the start of (`me`: the member's id; `today`: the organization's). */
  seeAll: (at: { me: string; today: string }) => string;
  /** What the card says about one record beside its name (`when` an instant, `day` a calendar day). */
  detail: (item: MyDayItem, f: { when: (iso: string | null) => string; day: (date: string | null) => string }, t: TFunction) => ReactNode;
}

/**
 * How each card of "My day" looks and where it leads; the server decides which cards a member gets
 * (server/dashboard/routes.ts). A coming area adds its card here.
 */
const CARDS: Record<MyDayCardKey, CardView> = {
  // The member's own follow-ups, as the card counts them: still due today, and missed, apart.
  followUps: {
    icon: 'pi pi-phone',
    module: 'leads',
    seeAll: ({ me }) => leadsList([['followups[enabled]', 'true'], ['followups[type]', 'today'], ['followups[assignee]', me]]),
    detail: (item, { when }, t) => <span className="muted">{t('dashboard.due', { date: when(item.at) })}</span>,
  },
  missedFollowUps: {
    icon: 'pi pi-exclamation-circle',
    module: 'leads',
    seeAll: ({ me }) => leadsList([['followups[enabled]', 'true'], ['followups[type]', 'missed'], ['followups[assignee]', me]]),
    detail: (item, { when }, t) => (
      <>
        <span className="muted">{t('dashboard.due', { date: when(item.at) })}</span>
        <StatusTag status="missed" tone="danger" label={t('dashboard.missed')} />
      </>
    ),
  },
  newLeads: {
    icon: 'pi pi-user-plus',
    module: 'leads',
    seeAll: ({ me }) => leadsList([['status', 'new'], ['assignedTo', me]]),
    detail: (item, { when }, t) => <span className="muted">{t('dashboard.arrived', { date: when(item.at) })}</span>,
  },
  waitingLeads: {
    icon: 'pi pi-hourglass',
    module: 'leads',
    seeAll: ({ me }) => leadsList([['assignedTo', me], ['sortBy', 'updatedAt']]),
    detail: (item, { when }, t) => (
      <>
        {item.status && <StatusTag status={item.status} tone="info" />}
        <span className="muted">{t('dashboard.since', { date: when(item.at) })}</span>
      </>
    ),
  },
  leadsToAssign: {
    icon: 'pi pi-users',
    module: 'leads',
    seeAll: () => leadsList([['assignedTo', 'unassigned'], ...OPEN_STATUSES]),
    detail: (item, { when }, t) => (
      <>
        {item.status && <StatusTag status={item.status} tone="info" />}
        <span className="muted">{t('dashboard.arrived', { date: when(item.at) })}</span>
      </>
    ),
  },
  vendorsToComplete: {
    icon: 'pi pi-building-columns',
    module: 'vendors',
    seeAll: () => modulePath('vendors'),
    detail: (item, { when }, t) => <span className="muted">{t('dashboard.added', { date: when(item.at) })}</span>,
  },
  departuresToFill: {
    icon: 'pi pi-users',
    module: 'groupTours',
    // The group tours list in its own address format: open departures from today on, soonest first.
    seeAll: ({ today }) =>
      `${modulePath('groupTours')}?${new URLSearchParams([['status', 'open'], ['departure[from]', today], ['departure[to]', dateOfDay(today, DEPARTURES_AHEAD_DAYS + 1)]]).toString()}`,
    detail: (item, { day }, t) => <span className="muted">{t('dashboard.departs', { date: day(item.at) })}</span>,
  },
};

/** One card of "My day": its title and count, the first records (each opens its page), and the way to all of them. */
export function MyDayCardView({ card }: { card: MyDayCard }) {
  const { t } = useTranslation();
  const { member, organization } = useAuth();
  const fmt = useOrgFormatters();
  const view = CARDS[card.key];
  const title = t(`dashboard.cards.${card.key}.title`);
  const titleId = `my-day-${card.key}`;
  const when = (iso: string | null) => (iso ? fmt.dateTime(iso) : '');
  const day = (date: string | null) => (date ? fmt.date(date) : '');
  return (
    <section className="card stack my-day-card" aria-labelledby={titleId} data-card={card.key} data-total={card.total} style={{ gap: '0.75rem' }}>
      <div className="row" style={{ justifyContent: 'space-between', flexWrap: 'nowrap' }}>
        <h2 id={titleId} className="workflow-panel__title row" style={{ gap: '0.5rem', flexWrap: 'nowrap' }}>
          <i className={view.icon} aria-hidden="true" />
          <span>{title}</span>
        </h2>
        <span className="my-day-card__count" aria-hidden="true">
          {fmt.number(card.total)}
        </span>
      </div>
      {card.items.length === 0 ? (
        <p className="muted" style={{ margin: 0 }}>
          {t(`dashboard.cards.${card.key}.empty`)}
        </p>
      ) : (
        <ul className="my-day-list">
          {card.items.map((item) => (
            <li key={item._id}>
              <Link to={moduleRecordPath(view.module, item._id)}>{item.name}</Link>
              <span className="row" style={{ gap: '0.35rem' }}>
                {view.detail(item, { when, day }, t)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {card.total > 0 && (
        <Link to={view.seeAll({ me: member._id, today: todayIn(organization.timeZone) })} aria-label={t('dashboard.seeAllOf', { title })}>
          {t('dashboard.seeAll')}
        </Link>
      )}
    </section>
  );
}
