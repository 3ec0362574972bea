import { useId, useLayoutEffect, useRef, useState } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router-dom';
import { Menu } from 'primereact/menu';
import { useTranslation } from 'react-i18next';
import type { AppModule } from '../api/admin/modules/contract';
import type { ModuleKey } from '../api/permissions';
import en from './i18n/locales/en';
import { modulePath } from './module-paths';
import { moduleCounts } from '../api/work-queue/contract';
import { useWorkQueueCounts } from '../api/work-queue/use-work-queue';

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

/** The work queue's items per module (docs/work-queue.md): a count beside the module, its words as the link's description. */
function useModuleCounts() {
  const counts = useWorkQueueCounts();
  const byModule: Partial<Record<string, number>> = counts.data ? moduleCounts(counts.data.byKind) : {};
  return (e: MenuEntry) => (e.module && byModule[e.module]) || 0;
}

/** The count beside a module's name (hidden from screen readers: the link's description says it in words). */
const MenuCount = ({ n, module }: { n: number; module?: string }) =>
  n > 0 ? (
    <span className="nav-menu__count" data-testid={`nav-count-${module}`} aria-hidden="true">
      {n}
    </span>
  ) : null;

/** One module's link, its count beside the name and, for screen readers, in words (`describedBy`). */
function MenuLink({ entry: e, n, describedBy }: { entry: MenuEntry; n: number; describedBy: string }) {
  const { t } = useTranslation();
  return (
    <>
      <NavLink to={e.to} end={e.module === 'dashboard'} {...linkData(e)} aria-describedby={n ? describedBy : undefined}>
        <i className={e.icon} aria-hidden="true" />
        <span>{e.label}</span>
        <MenuCount n={n} module={e.module} />
      </NavLink>
      {n > 0 && (
        <span id={describedBy} className="visually-hidden">
          {t('workQueue.menuCount', { n })}
        </span>
      )}
    </>
  );
}

/** The menu as a list of links (the sidebar and the drawer). */
export function NavMenu({ modules }: { modules: AppModule[] }) {
  const { t } = useTranslation();
  const countOf = useModuleCounts();
  const id = useId();
  const entries = useMenuEntries(modules);
  return (
    <ul className="nav-menu" data-testid="nav-menu" aria-label={t('shell.mainMenu')}>
      {entries.map((e) => {
        const n = countOf(e);
        return (
          <li key={e.id} className={e.screen ? 'nav-menu__follower' : undefined}>
            <MenuLink entry={e} n={n} describedBy={`${id}-${e.module}`} />
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The menu in one row under the header. What does not fit goes into "More" at its end, so every
 * module stays one click away whatever the width, the language or the number of modules. The
 * items' widths are measured once per set of labels and counts (all shown; a count that changes
 * changes the widths, so it measures again), then the row keeps as many as fit. The work queue's
 * counts are beside the modules as in the sidebar; "More" carries the sum of the counts it hides,
 * and its menu each module's.
 */
export function HorizontalMenu({ modules }: { modules: AppModule[] }) {
  const { t, i18n } = useTranslation();
  const entries = useMenuEntries(modules);
  const countOf = useModuleCounts();
  const id = useId();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const row = useRef<HTMLUListElement>(null);
  const moreButton = useRef<HTMLButtonElement>(null);
  const more = useRef<Menu>(null);
  const widths = useRef<number[]>([]);
  const [fit, setFit] = useState(entries.length);
  const signature = `${i18n.language}|${entries.map((e) => `${e.id}:${e.label}:${countOf(e)}`).join(',')}`;

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
  const hidden = overflow.reduce((sum, e) => sum + countOf(e), 0);

  return (
    <ul className="nav-menu nav-menu--row" data-testid="nav-menu" aria-label={t('shell.mainMenu')} ref={row}>
      {entries.map((e, i) => {
        const n = countOf(e);
        return (
          <li key={e.id} data-item hidden={i >= fit}>
            <MenuLink entry={e} n={n} describedBy={`${id}-${e.module}`} />
          </li>
        );
      })}
      <li hidden={overflow.length === 0}>
        <button
          type="button"
          ref={moreButton}
          className={`nav-menu__more${overflowCurrent ? ' active' : ''}`}
          aria-haspopup="menu"
          aria-controls="nav-more"
          data-testid="nav-more"
          onClick={(e) => more.current?.toggle(e)}
          aria-describedby={hidden ? `${id}-more` : undefined}
        >
          <i className="pi pi-ellipsis-h" aria-hidden="true" />
          <span>{t('shell.more')}</span>
          <MenuCount n={hidden} module="more" />
        </button>
        {hidden > 0 && (
          <span id={`${id}-more`} className="visually-hidden">
            {t('workQueue.menuCount', { n: hidden })}
          </span>
        )}
        <Menu
          ref={more}
          id="nav-more"
          popup
          aria-label={t('shell.more')}
          model={overflow.map((e) => {
            const n = countOf(e);
            return {
              // The count in words (the name starts with what is shown); the More button shows their sum.
              label: n ? `${e.label} (${t('workQueue.menuCount', { n })})` : e.label,
              icon: e.icon,
              className: isCurrent(pathname, e) ? 'menu-item--current' : undefined,
              command: () => navigate(e.to),
              template: (item, options) => (
                <a href={e.to} className={options.className} onClick={options.onClick} tabIndex={-1} aria-label={item.label} data-module={e.module}>
                  <span className={options.iconClassName} aria-hidden="true" />
                  <span className={options.labelClassName}>{e.label}</span>
                </a>
              ),
            };
          })}
        />
      </li>
    </ul>
  );
}
