import { useEffect, useRef, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router-dom';

/**
 * A module's screens as tabs (links): the account's, the expenses', the cancellations'. On a phone
 * they are one row that scrolls sideways: the current one is brought into view.
 */
export function ScreenTabs({ label, screens }: { label: string; screens: { path: string; label: ReactNode }[] }) {
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    nav.current?.querySelector<HTMLElement>('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return (
    <nav aria-label={label} className="account-tabs" ref={nav}>
      {screens.map((s) => (
        <NavLink key={s.path} to={s.path} end className={({ isActive }) => `p-button p-button-sm ${isActive ? '' : 'p-button-text'}`}>
          {s.label}
        </NavLink>
      ))}
    </nav>
  );
}
