import { useId, useLayoutEffect, useRef, useState } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router-dom';
import { Menu } from 'primereact/menu';
import { useTranslation } from 'react-i18next';
import type { AppModule } from '../api/admin/modules/contract';
import en from './i18n/locales/en';
import { modulePath } from './module-paths';
import { moduleCounts } from '../api/work-queue/contract';
import { useWorkQueueCounts } from '../api/work-queue/use-work-queue';

/** A module keeps its translated name unless the organization renamed it. */
export function useModuleLabel() {
  const { t } = useTranslation();
  return (m: AppModule) => (m.name === en.menu[m.key] ? t(`menu.${m.key}`) : m.name);
}

const isCurrent = (pathname: string, m: AppModule) => {
  const path = modulePath(m.key);
  return m.key === 'dashboard' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`);
};

/** The menu as a list of links (the sidebar and the drawer). */
export function NavMenu({ modules }: { modules: AppModule[] }) {
  const label = useModuleLabel();
  const { t } = useTranslation();
  // The work queue's items per module (docs/work-queue.md): a count beside the module, its words as the link's description.
  const counts = useWorkQueueCounts();
  const id = useId();
  const byModule = counts.data ? moduleCounts(counts.data.byKind) : {};
  return (
    <ul className="nav-menu" data-testid="nav-menu" aria-label={t('shell.mainMenu')}>
      {modules.map((m) => {
        const n = byModule[m.key] ?? 0;
        return (
          <li key={m._id}>
            <NavLink to={modulePath(m.key)} end={m.key === 'dashboard'} data-module={m.key} aria-describedby={n ? `${id}-${m.key}` : undefined}>
              <i className={m.icon} aria-hidden="true" />
              <span>{label(m)}</span>
              {n > 0 && (
                <span className="nav-menu__count" data-testid={`nav-count-${m.key}`} aria-hidden="true">
                  {n}
                </span>
              )}
            </NavLink>
            {n > 0 && (
              <span id={`${id}-${m.key}`} className="visually-hidden">
                {t('workQueue.menuCount', { n })}
              </span>
            )}
          </li>
        );
      })}
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
  const label = useModuleLabel();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const row = useRef<HTMLUListElement>(null);
  const moreButton = useRef<HTMLButtonElement>(null);
  const more = useRef<Menu>(null);
  const widths = useRef<number[]>([]);
  const [fit, setFit] = useState(modules.length);
  const signature = `${i18n.language}|${modules.map((m) => `${m._id}:${label(m)}`).join(',')}`;

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

  const overflow = modules.slice(fit);
  const overflowCurrent = overflow.some((m) => isCurrent(pathname, m));

  return (
    <ul className="nav-menu nav-menu--row" data-testid="nav-menu" aria-label={t('shell.mainMenu')} ref={row}>
      {modules.map((m, i) => (
        <li key={m._id} data-item hidden={i >= fit}>
          <NavLink to={modulePath(m.key)} end={m.key === 'dashboard'} data-module={m.key}>
            <i className={m.icon} aria-hidden="true" />
            <span>{label(m)}</span>
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
          model={overflow.map((m) => ({
            label: label(m),
            icon: m.icon,
            className: isCurrent(pathname, m) ? 'menu-item--current' : undefined,
            command: () => navigate(modulePath(m.key)),
          }))}
        />
      </li>
    </ul>
  );
}
