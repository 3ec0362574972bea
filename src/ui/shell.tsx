import { Suspense } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { useTranslation } from 'react-i18next';
import type { AppModule } from '../api/admin/modules/contract';
import { useModules } from '../api/admin/modules/get-modules';
import { useAuth, useCan } from './auth';
import en from './i18n/locales/en';
import { LanguagePicker } from './language-picker';
import { MemberMenu } from './member-menu';
import { modulePath } from './module-paths';
import { NotificationsBell } from './notifications-bell';
import { preferencesStore, usePreferences } from './preferences/store';
import { useResolvedTheme } from './preferences/theme';
import { ThemeSwitch } from './theme-switch';
import { PageSpinner } from './full-screen-spinner';
import { useFormatters } from './format';
import { renewalDue } from '../api/platform/subscription';

/** A module keeps its translated name unless the organization renamed it. */
export function useModuleLabel() {
  const { t } = useTranslation();
  return (m: AppModule) => (m.name === en.menu[m.key] ? t(`menu.${m.key}`) : m.name);
}

function NavMenu({ modules }: { modules: AppModule[] }) {
  const label = useModuleLabel();
  const { t } = useTranslation();
  return (
    <ul className="nav-menu" data-testid="nav-menu" aria-label={t('shell.mainMenu')}>
      {modules.map((m) => (
        <li key={m._id}>
          <NavLink to={modulePath(m.key)} end={m.key === 'dashboard'} data-module={m.key}>
            <i className={m.icon} aria-hidden="true" />
            <span>{label(m)}</span>
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * What members must know about the subscription: that the organization is read-only (the server's
 * refusal, said before they try), or, from 14 days before the period ends, when it ends.
 */
function SubscriptionBanner() {
  const { t } = useTranslation();
  const { organization, subscription } = useAuth();
  const fmt = useFormatters({ timeZone: organization.timeZone });
  if (subscription.readOnly) {
    return (
      <div role="alert" className="banner status-tag--danger" data-testid="subscription-banner">
        {subscription.status === 'cancelled' ? t('errorCodes.SUBSCRIPTION_CANCELLED') : t('errorCodes.SUBSCRIPTION_READ_ONLY')}
      </div>
    );
  }
  if (!renewalDue(subscription)) return null;
  return (
    <div role="status" className="banner status-tag--warning" data-testid="subscription-banner">
      <i className="pi pi-clock" aria-hidden="true" /> {t('shell.renewalDue', { date: fmt.date(subscription.periodEnd) })}
    </div>
  );
}

/** The layout of every signed-in screen: top bar, the menu from the organization's modules, the page. */
export function Shell() {
  const { t } = useTranslation();
  const prefs = usePreferences();
  const mode = useResolvedTheme(prefs.theme);
  const { organization } = useAuth();
  const can = useCan();
  const modules = useModules();
  const location = useLocation();
  // Menu order is the saved order; only what the role may view, and only active modules.
  const visible = (modules.data ?? []).filter((m) => m.isActive && can(m.key, 'view'));

  const classes = [
    'layout',
    `layout--menu-${prefs.menu}`,
    `layout--navbar-${prefs.navbar}`,
    `layout--anim-${prefs.animation}`,
    prefs.layout === 'boxed' && 'layout--boxed',
    prefs.semidark && 'layout--semidark',
    mode === 'dark' && 'layout--dark',
    !prefs.sidebarOpen && 'layout--sidebar-closed',
  ]
    .filter(Boolean)
    .join(' ');

  const nav = (
    <nav aria-label={t('shell.mainMenu')} className={prefs.menu === 'horizontal' ? 'hmenu' : 'sidebar'} id="main-menu">
      <NavMenu modules={visible} />
    </nav>
  );

  return (
    <div className={classes}>
      <a className="skip-link" href="#content">
        {t('shell.skipToContent')}
      </a>
      <div className="layout-frame">
        <header className="topbar">
          {prefs.menu === 'vertical' && (
            <Button
              type="button"
              icon="pi pi-bars"
              rounded
              text
              aria-label={t('shell.toggleSidebar')}
              aria-controls="main-menu"
              aria-expanded={prefs.sidebarOpen}
              onClick={() => preferencesStore.update({ sidebarOpen: !prefs.sidebarOpen })}
            />
          )}
          <NavLink to="/" className="topbar__brand">
            <span className="topbar__logo" aria-hidden="true" />
            <span>{organization.name}</span>
          </NavLink>
          <span className="topbar__spacer" />
          <div className="topbar__actions">
            <NotificationsBell />
            <LanguagePicker compact />
            <ThemeSwitch />
            <MemberMenu />
          </div>
        </header>
        {prefs.menu === 'horizontal' && nav}
        <SubscriptionBanner />
        <div className="layout-body">
          {prefs.menu === 'vertical' && nav}
          <main id="content" className="content" tabIndex={-1}>
            <Suspense fallback={<PageSpinner label={t("shell.loading")} />}>
              <div key={location.pathname}>
                <Outlet />
              </div>
            </Suspense>
          </main>
        </div>
      </div>
      <ConfirmDialog />
    </div>
  );
}
