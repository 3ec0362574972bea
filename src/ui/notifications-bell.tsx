import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { Button } from 'primereact/button';
import { OverlayPanel } from 'primereact/overlaypanel';
import { useTranslation } from 'react-i18next';
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useUnreadNotifications,
} from '../api/notifications/get-unread-notifications';
import type { Notification } from '../api/notifications/contract';
import { useOrgFormatters } from './org-format';
import { RTL_LOCALES } from './i18n';

/** A page of this app (`/leads/…`), never another site: where a notification may lead. */
const appPath = (link: string | null) => (link && link.startsWith('/') && !link.startsWith('//') ? link : undefined);

/**
 * A notification in the reader's language: its message key and values through the locale
 * (money, dates and payment methods formatted here), or the stored English title and body for
 * one written without a key.
 */
function useNotificationText() {
  const { t, i18n } = useTranslation();
  const fmt = useOrgFormatters();
  return (n: Notification): { title: string; body: string | null } => {
    if (!n.message) return { title: n.title, body: n.body };
    const { key, params } = n.message;
    // In a right-to-left line each name is isolated (FSI … PDI), so a Latin name keeps its place.
    const rtl = RTL_LOCALES.some((l) => l === i18n.language);
    const values: Record<string, string | number> = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, rtl && typeof v === 'string' ? `\u2068${v}\u2069` : v]));
    if (typeof params.amount === 'number' && typeof params.currency === 'string') values.amount = fmt.money(params.amount, params.currency);
    if (typeof params.date === 'string') values.date = fmt.date(params.date);
    if (typeof params.method === 'string') values.method = t(`finance.methods.${params.method}`);
    const base = `notifications.messages.${key}`;
    // A key this copy of the app does not know yet (a tab left open across a deploy): as stored.
    if (!i18n.exists(`${base}.title`, values)) return { title: n.title, body: n.body };
    return { title: t(`${base}.title`, values), body: i18n.exists(`${base}.body`, values) ? t(`${base}.body`, values) : n.body };
  };
}

/**
 * The unread notifications, each opening the record it is about (and counting as read); "mark all
 * as read" above them. `onOpen`: what else to do when one is opened (the bell closes its panel).
 */
export function NotificationList({ onOpen }: { onOpen?: () => void }) {
  const { t } = useTranslation();
  const fmt = useOrgFormatters();
  const unread = useUnreadNotifications();
  const markOne = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const textOf = useNotificationText();
  const count = unread.data?.stats?.unread ?? 0;
  const items = unread.data?.data ?? [];
  if (items.length === 0) return <p className="muted" style={{ margin: 0 }}>{t('shell.noNotifications')}</p>;
  return (
    <div className="stack" style={{ gap: '0.25rem' }}>
      {count > 0 && (
        <div>
          <Button type="button" size="small" text label={t('shell.markAllRead')} onClick={() => markAll.mutate()} loading={markAll.isPending} />
        </div>
      )}
      <ul className="notif-list" data-testid="notifications-list">
        {items.map((n) => {
          const to = appPath(n.link);
          const { title, body } = textOf(n);
          return (
            <li key={n._id} data-notification={n.type}>
              <i className="pi pi-info-circle" aria-hidden="true" style={{ marginTop: 4 }} />
              <div className="grow">
                {to ? (
                  <Link
                    to={to}
                    style={{ fontWeight: 600 }}
                    onClick={() => {
                      markOne.mutate(n._id);
                      onOpen?.();
                    }}
                  >
                    {title}
                  </Link>
                ) : (
                  <div style={{ fontWeight: 600 }}>{title}</div>
                )}
                {body && <div className="muted">{body}</div>}
                <small className="muted">{fmt.dateTime(n.createdAt)}</small>
              </div>
              <Button type="button" icon="pi pi-check" rounded text size="small" aria-label={`${t('shell.markRead')}: ${title}`} onClick={() => markOne.mutate(n._id)} />
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export function NotificationsBell() {
  const { t } = useTranslation();
  const panel = useRef<OverlayPanel>(null);
  const unread = useUnreadNotifications();
  const count = unread.data?.stats?.unread ?? 0;
  const label = `${t('shell.notifications')}${count ? ` (${t('notifications.unreadCount', { count })})` : ''}`;

  return (
    <>
      <Button
        type="button"
        rounded
        text
        aria-haspopup="dialog"
        data-testid="notifications-bell"
        style={{ position: 'relative', overflow: 'visible' }}
        onClick={(e) => panel.current?.toggle(e)}
      >
        {/* The name comes from the hidden text, so the visible count is part of it (WCAG 2.5.3). */}
        <i className="pi pi-bell" aria-hidden="true" />
        <span className="visually-hidden">{label}</span>
        {count > 0 && (
          <span className="p-badge p-component" aria-hidden="true" style={{ position: 'absolute', top: 0, insetInlineEnd: 0, transform: 'none' }}>
            {count}
          </span>
        )}
      </Button>
      <OverlayPanel ref={panel} aria-label={t('shell.notifications')} role="dialog">
        <h2 style={{ margin: '0 0 0.5rem' }}>{t('shell.notifications')}</h2>
        <NotificationList onOpen={() => panel.current?.hide()} />
      </OverlayPanel>
    </>
  );
}
