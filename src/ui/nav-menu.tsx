import { useLayoutEffect, useRef, useState } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router-dom';
import { Menu } from 'primereact/menu';
import { useTranslation } from 'react-i18next';
import type { AppModule } from '../api/admin/modules/contract';
import type { ModuleKey } from '../api/permissions';
import en from './i18n/locales/en';
import { modulePath } from './module-paths';

/**
 * Screens of a module with a menu entry of their own, right after the module's (shown with it: the
 * same permission). The cancellations' credit notes and refunds are records of their own, not
 * tabs of a list (docs/cancellations.md).
 */
export const MODULE_SCREENS: Partial<Record<ModuleKey, { key: 'creditNotes' | 'refunds'; path: string; icon: string }[]>> = {
  cancellations: [
    { key: 'creditNotes', path: '/credit-notes', icon: 'pi pi-ticket' },
    { key: 'refunds', path: '/refunds', icon: 'pi pi-replay' },
  ],
};

/** One link of the menu: a module's screen, or a screen that follows it ({@link MODULE_SCREENS}). */
interface MenuEntry {
  id: string;
  to: string;
  icon: string;
  label: string;
  /** The module's key (`data-module`), or the following screen's (`data-screen`). */
  module?: ModuleKey;
  screen?: string;
}

function useMenuEntries(modules: AppModule[]): MenuEntry[] {
  const label = useModuleLabel();
  const { t } = useTranslation();
  return modules.flatMap((m) => [
    { id: m._id, to: modulePath(m.key), icon: m.icon, label: label(m), module: m.key },
    ...(MODULE_SCREENS[m.key] ?? []).map((x) => ({ id: `${m._id}:${x.key}`, to: x.path, icon: x.icon, label: t(`menu.${x.key}`), screen: x.key })),
  ]);
}

const linkData = (e: MenuEntry) => (e.module ? { 'data-module': e.module } : { 'data-screen': e.screen });

/** A module keeps its translated name unless the organization renamed it. */
export function useModuleLabel() {
  const { t } = useTranslation();
  return (m: AppModule) => (m.name === en.menu[m.key] ? t(`menu.${m.key}`) : m.name);
}

const isCurrent = (pathname: string, e: MenuEntry) => (e.module === 'dashboard' ? pathname === '/' : pathname === e.to || pathname.startsWith(`${e.to}/`));

/** The menu as a list of links (the sidebar and the drawer). */
export function NavMenu({ modules }: { modules: AppModule[] }) {
  const { t } = useTranslation();
  const entries = useMenuEntries(modules);
  return (
    <ul className="nav-menu" data-testid="nav-menu" aria-label={t('shell.mainMenu')}>
      {entries.map((e) => (
        <li key={e.id} className={e.screen ? 'nav-menu__follower' : undefined}>
          <NavLink to={e.to} end={e.module === 'dashboard'} {...linkData(e)}>
            <i className={e.icon} aria-hidden="true" />
            <span>{e.label}</span>
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * The menu in one row under the header. What does not fit goes into "More" at its end, so every
 * module stays one click away whatever the width, the language or the number of modules. The
 * items' widths are measured once per set of labels (all shown), then the row keeps as many as fit.
 */
export function HorizontalMenu({ modules }: { modules: AppModule[] }) {
  const { t, i18n } = useTranslation();
  const entries = useMenuEntries(modules);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const row = useRef<HTMLUListElement>(null);
  const moreButton = useRef<HTMLButtonElement>(null);
  const more = useRef<Menu>(null);
  const widths = useRef<number[]>([]);
  const [fit, setFit] = useState(entries.length);
  const signature = `${i18n.language}|${entries.map((e) => `${e.id}:${e.label}`).join(',')}`;

  useLayoutEffect(() => {
    const list = row.current;
    if (!list) return;
    // Measure with every item shown (a new language or set of modules changes the widths).
    const items = [...list.querySelectorAll<HTMLElement>(':scope > li[data-item]')];
    const moreItem = moreButton.current!.parentElement!;
    [...items, moreItem].forEach((li) => (li.hidden = false));
    const gap = parseFloat(getComputedStyle(list).columnGap) || 0;
    widths.current = items.map((li) => li.getBoundingClientRect().width + gap);
    const moreWidth = moreItem.getBoundingClientRect().width;
    const place = () => {
      const available = list.clientWidth;
      let n = widths.current.length;
      if (widths.current.reduce((a, b) => a + b, 0) > available) {
        let used = moreWidth;
        n = 0;
        while (n < widths.current.length && used + widths.current[n]! <= available) used += widths.current[n++]!;
      }
      // The DOM at once (no flash of a wrapped row), React's state for the More menu's items.
      items.forEach((li, i) => (li.hidden = i >= n));
      moreItem.hidden = n === items.length;
      setFit(n);
    };
    place();
    const observer = new ResizeObserver(place);
    observer.observe(list);
    return () => observer.disconnect();
  }, [signature]);

  const overflow = entries.slice(fit);
  const overflowCurrent = overflow.some((e) => isCurrent(pathname, e));

  return (
    <ul className="nav-menu nav-menu--row" data-testid="nav-menu" aria-label={t('shell.mainMenu')} ref={row}>
      {entries.map((e, i) => (
        <li key={e.id} data-item hidden={i >= fit}>
          <NavLink to={e.to} end={e.module === 'dashboard'} {...linkData(e)}>
            <i className={e.icon} aria-hidden="true" />
            <span>{e.label}</span>
          </NavLink>
        </li>
      ))}
      <li hidden={overflow.length === 0}>
        <button
          type="button"
          ref={moreButton}
          className={`nav-menu__more${overflowCurrent ? ' active' : ''}`}
          aria-haspopup="menu"
          aria-controls="nav-more"
          data-testid="nav-more"
          onClick={(e) => more.current?.toggle(e)}
        >
          <i className="pi pi-ellipsis-h" aria-hidden="true" />
          <span>{t('shell.more')}</span>
        </button>
        <Menu
          ref={more}
          id="nav-more"
          popup
          aria-label={t('shell.more')}
          model={overflow.map((e) => ({
            label: e.label,
            icon: e.icon,
            className: isCurrent(pathname, e) ? 'menu-item--current' : undefined,
            command: () => navigate(e.to),
          }))}
        />
      </li>
    </ul>
  );
}
