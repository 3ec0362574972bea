import * as v from 'valibot';
import { useSyncExternalStore } from 'react';
import { DEFAULT_PREFERENCES, preferencesSchema, type Preferences } from '../../api/admin/members/contract';

export const PREFERENCES_KEY = 'travel.preferences';

type Saver = (patch: Partial<Preferences>) => void | Promise<unknown>;

/** Keeps only valid values: a value written by an older version, or by hand, falls back to the default. */
export function sanitizePreferences(raw: unknown): Preferences {
  const source = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const out: Record<string, unknown> = { ...DEFAULT_PREFERENCES };
  for (const [key, schema] of Object.entries(preferencesSchema.entries)) {
    if (key in source && v.is(schema, source[key])) out[key] = source[key];
  }
  return out as Preferences;
}

/**
 * UI preferences (seed section 1): applied from local storage at once, so the page never
 * flashes the wrong theme, and sent to the server so they follow the member to other devices.
 */
export function createPreferencesStore(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = globalThis.localStorage) {
  let state = read();
  let saver: Saver | undefined;
  const listeners = new Set<() => void>();

  function read(): Preferences {
    try {
      const text = storage?.getItem(PREFERENCES_KEY);
      return sanitizePreferences(text ? JSON.parse(text) : undefined);
    } catch {
      return { ...DEFAULT_PREFERENCES };
    }
  }

  function commit(next: Preferences) {
    const changed = (Object.keys(next) as (keyof Preferences)[]).some((k) => next[k] !== state[k]);
    if (!changed) return false;
    state = next;
    try {
      storage?.setItem(PREFERENCES_KEY, JSON.stringify(state));
    } catch {
      /* private mode or full storage: the preferences still apply for this visit */
    }
    for (const l of listeners) l();
    return true;
  }

  return {
    get: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** A person's change: applied, stored and sent to the server (when signed in). */
    update(patch: Partial<Preferences>) {
      const clean = Object.fromEntries(
        Object.entries(patch).filter(([k, value]) => k in preferencesSchema.entries && v.is(preferencesSchema.entries[k as keyof Preferences], value)),
      ) as Partial<Preferences>;
      if (commit({ ...state, ...clean }) && saver) void Promise.resolve(saver(clean)).catch(() => undefined);
    },
    /** The server's copy after sign-in: it wins, and is not sent back. */
    replace(server: Partial<Preferences>) {
      commit(sanitizePreferences({ ...state, ...server }));
    },
    /** The shell connects the server while someone is signed in. */
    setSaver(next: Saver | undefined) {
      saver = next;
    },
    /** Re-reads storage (another tab changed it). */
    reload() {
      commit(read());
    },
  };
}

export type PreferencesStore = ReturnType<typeof createPreferencesStore>;

export const preferencesStore = createPreferencesStore();

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === PREFERENCES_KEY) preferencesStore.reload();
  });
}

export function usePreferences(store: PreferencesStore = preferencesStore): Preferences {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

/** `system` follows the operating system's dark setting. */
export function resolveTheme(theme: Preferences['theme'], systemDark: boolean): 'light' | 'dark' {
  return theme === 'system' ? (systemDark ? 'dark' : 'light') : theme;
}
