import { Suspense, useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { useTranslation } from 'react-i18next';
import { useModules } from '../api/admin/modules/get-modules';
import { useAuth, useCan } from './auth';
import { LanguagePicker } from './language-picker';
import { MemberMenu } from './member-menu';
import { COMPACT_QUERY, useMediaQuery } from './media';
import { HorizontalMenu, NavMenu } from './nav-menu';
import { NotificationsBell } from './notifications-bell';
import { preferencesStore, usePreferences } from './preferences/store';
import { useResolvedTheme } from './preferences/theme';
import { ThemeSwitch } from './theme-switch';
import { PageSpinner } from './full-screen-spinner';
import { useOrgFormatters } from './org-format';
import { renewalDue } from '../api/platform/subscription';

export { useModuleLabel } from './nav-menu';

/**
 * The menu as a drawer over the page (phones, narrow tablets): it starts closed on every visit
 * (the desktop's open sidebar is the member's preference, which does not follow them to a phone),
 * closes after choosing a page, on Escape and on a tap beside it, and hands the focus back to
 * the menu button.
 */
function useDrawer(compact: boolean) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const button = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLElement>(null);
  useEffect(() => setOpen(false), [pathname, compact]);
  useEffect(() => {
    if (!open) return;
    drawer.current?.querySelector<HTMLElement>('a')?.focus();
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);
  return { open, setOpen, button, drawer };
}

/**
 * What members must know about the subscription: that the organization is read-only (the server's
 * refusal, said before they try), or, from 14 days before the period ends, when it ends.
 */
function SubscriptionBanner() {
  const { t } = useTranslation();
  const { subscription } = useAuth();
  const fmt = useOrgFormatters();
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

/**
 * Where a layout shows its page (the skip link's target): a spinner while the page's code loads,
 * and a fresh page (no state kept) when the address changes.
 */
export function ShellContent() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <main id="content" className="content" tabIndex={-1}>
      <Suspense fallback={<PageSpinner label={t('shell.loading')} />}>
        <div key={location.pathname}>
          <Outlet />
        </div>
      </Suspense>
    </main>
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
  const compact = useMediaQuery(COMPACT_QUERY);
  const drawer = useDrawer(compact);
  // Menu order is the saved order; only what the role may view, and only active modules.
  const visible = (modules.data ?? []).filter((m) => m.isActive && can(m.key, 'view'));
  const horizontal = prefs.menu === 'horizontal' && !compact;
  const menuOpen = compact ? drawer.open : prefs.sidebarOpen;

  const classes = [
    'layout',
    `layout--menu-${prefs.menu}`,
    `layout--navbar-${prefs.navbar}`,
    `layout--anim-${prefs.animation}`,
    compact && 'layout--compact',
    compact && drawer.open && 'layout--drawer-open',
    prefs.layout === 'boxed' && 'layout--boxed',
    prefs.semidark && 'layout--semidark',
    mode === 'dark' && 'layout--dark',
    !compact && !prefs.sidebarOpen && 'layout--sidebar-closed',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={classes}>
      <a className="skip-link" href="#content">
        {t('shell.skipToContent')}
      </a>
      <div className="layout-frame">
        <header className="topbar">
          {!horizontal && (
            <button
              type="button"
              ref={drawer.button}
              className="p-button p-component p-button-icon-only p-button-rounded p-button-text topbar__menu-button"
              aria-label={t('shell.toggleSidebar')}
              aria-controls="main-menu"
              aria-expanded={menuOpen}
              data-testid="menu-button"
              onClick={() => (compact ? drawer.setOpen(!drawer.open) : preferencesStore.update({ sidebarOpen: !prefs.sidebarOpen }))}
            >
              <span className="p-button-icon pi pi-bars" aria-hidden="true" />
            </button>
          )}
          <NavLink to="/" className="topbar__brand">
            <span className="topbar__logo" aria-hidden="true" />
            <span className="topbar__name">{organization.name}</span>
          </NavLink>
          <span className="topbar__spacer" />
          <div className="topbar__actions">
            <NotificationsBell />
            {/* On a phone these two live in Preferences (the account menu): the header keeps what fits. */}
            {!compact && <LanguagePicker compact />}
            {!compact && <ThemeSwitch />}
            <MemberMenu />
          </div>
        </header>
        {horizontal && (
          <nav aria-label={t('shell.mainMenu')} className="hmenu" id="main-menu">
            <HorizontalMenu modules={visible} />
          </nav>
        )}
        <SubscriptionBanner />
        <div className="layout-body">
          {!horizontal && (
            <nav aria-label={t('shell.mainMenu')} className={compact ? 'sidebar sidebar--drawer' : 'sidebar'} id="main-menu" ref={drawer.drawer} hidden={compact && !drawer.open}>
              <NavMenu modules={visible} />
            </nav>
          )}
          {compact && drawer.open && <div className="drawer-mask" aria-hidden="true" data-testid="drawer-mask" onClick={() => drawer.setOpen(false)} />}
          <ShellContent />
        </div>
      </div>
      <ConfirmDialog />
    </div>
  );
}
