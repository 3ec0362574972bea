import { useEffect, useState, useSyncExternalStore } from 'react';
import lightThemeUrl from 'primereact/resources/themes/lara-light-teal/theme.css?url';
import darkThemeUrl from 'primereact/resources/themes/lara-dark-teal/theme.css?url';
import type { Preferences } from '../../api/admin/members/contract';
import { resolveTheme } from './store';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function subscribeSystem(listener: () => void) {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const mql = window.matchMedia(DARK_QUERY);
  mql.addEventListener('change', listener);
  return () => mql.removeEventListener('change', listener);
}
const systemDark = () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(DARK_QUERY).matches : false);

/** The operating system's setting, live: `system` follows it while the page is open. */
export const useSystemDark = () => useSyncExternalStore(subscribeSystem, systemDark, () => false);

export function useResolvedTheme(theme: Preferences['theme']) {
  return resolveTheme(theme, useSystemDark());
}

const THEME_LINK_ID = 'primereact-theme';
let current: { mode: 'light' | 'dark'; loaded: Promise<void> } | undefined;

/**
 * Swaps PrimeReact's Lara teal light and dark themes. The new sheet is added before the old
 * one is removed, so the page is never unstyled in between.
 */
export function loadThemeStylesheet(mode: 'light' | 'dark'): Promise<void> {
  if (current?.mode === mode) return current.loaded;
  const old = document.getElementById(THEME_LINK_ID);
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = mode === 'dark' ? darkThemeUrl : lightThemeUrl;
  link.dataset.mode = mode;
  const loaded = new Promise<void>((resolve) => {
    link.onload = () => resolve();
    // A missing sheet must not keep the spinner up forever.
    link.onerror = () => resolve();
  }).then(() => {
    if (current?.mode !== mode) return;
    old?.remove();
    link.id = THEME_LINK_ID;
  });
  // Insert first in <head> so the app's own sheets (which override colours) win.
  document.head.prepend(link);
  current = { mode, loaded };
  return loaded;
}

/** Applies theme, direction and layout preferences to the document; `ready` once the theme's sheet is in. */
export function useApplyPreferences(prefs: Preferences) {
  const mode = useResolvedTheme(prefs.theme);
  const [appliedMode, setAppliedMode] = useState<'light' | 'dark' | undefined>(undefined);

  useEffect(() => {
    let cancelled = false;
    void loadThemeStylesheet(mode).then(() => {
      if (cancelled) return;
      const html = document.documentElement;
      html.classList.toggle('app-dark', mode === 'dark');
      html.style.colorScheme = mode;
      setAppliedMode(mode);
    });
    return () => {
      cancelled = true;
    };
  }, [mode]);

  useEffect(() => {
    document.documentElement.dir = prefs.direction;
  }, [prefs.direction]);

  return { mode, ready: appliedMode === mode };
}
