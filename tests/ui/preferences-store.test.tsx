import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { DEFAULT_PREFERENCES } from '../../src/api/admin/members/contract';
import { PREFERENCES_KEY, createPreferencesStore, resolveTheme, usePreferences } from '../../src/ui/preferences/store';
import { useSystemDark } from '../../src/ui/preferences/theme';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('preferences store (seed section 1)', () => {
  it("starts from the seed's defaults", () => {
    const store = createPreferencesStore(memoryStorage());
    expect(store.get()).toEqual(DEFAULT_PREFERENCES);
    expect(store.get()).toMatchObject({ theme: 'light', menu: 'vertical', layout: 'full', direction: 'ltr', navbar: 'sticky', semidark: false, locale: 'en' });
  });

  it('keeps changes in local storage and reads them back', () => {
    const storage = memoryStorage();
    createPreferencesStore(storage).update({ theme: 'dark', menu: 'horizontal' });
    expect(JSON.parse(storage.data.get(PREFERENCES_KEY)!)).toMatchObject({ theme: 'dark', menu: 'horizontal' });
    expect(createPreferencesStore(storage).get()).toMatchObject({ theme: 'dark', menu: 'horizontal', layout: 'full' });
  });

  it('ignores corrupt storage and invalid values', () => {
    expect(createPreferencesStore(memoryStorage({ [PREFERENCES_KEY]: '{not json' })).get()).toEqual(DEFAULT_PREFERENCES);
    const store = createPreferencesStore(memoryStorage({ [PREFERENCES_KEY]: JSON.stringify({ theme: 'purple', layout: 'boxed', extra: 1 }) }));
    expect(store.get()).toEqual({ ...DEFAULT_PREFERENCES, layout: 'boxed' });
    store.update({ navbar: 'floating' as never });
    expect(store.get().navbar).toBe('sticky');
  });

  it("sends a person's change to the server, but not the server's own copy back", async () => {
    const saver = vi.fn().mockResolvedValue(undefined);
    const store = createPreferencesStore(memoryStorage());
    store.setSaver(saver);
    store.update({ theme: 'dark' });
    expect(saver).toHaveBeenCalledWith({ theme: 'dark' });
    store.update({ theme: 'dark' });
    expect(saver).toHaveBeenCalledTimes(1); // nothing changed, nothing sent
    store.replace({ ...DEFAULT_PREFERENCES, semidark: true });
    expect(store.get().semidark).toBe(true);
    expect(store.get().theme).toBe('light'); // the server wins on sign-in
    expect(saver).toHaveBeenCalledTimes(1);
  });

  it('notifies React and survives a failing server', async () => {
    const store = createPreferencesStore(memoryStorage());
    store.setSaver(() => Promise.reject(new Error('offline')));
    const { result } = renderHook(() => usePreferences(store));
    act(() => store.update({ direction: 'rtl' }));
    expect(result.current.direction).toBe('rtl');
  });

  it('"system" follows the operating system, live', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');

    let dark = false;
    const listeners = new Set<() => void>();
    vi.stubGlobal('matchMedia', (query: string) => ({
      media: query,
      get matches() {
        return dark;
      },
      addEventListener: (_: string, l: () => void) => listeners.add(l),
      removeEventListener: (_: string, l: () => void) => listeners.delete(l),
    }));
    const { result } = renderHook(() => useSystemDark());
    expect(result.current).toBe(false);
    act(() => {
      dark = true;
      for (const l of listeners) l();
    });
    expect(result.current).toBe(true);
    vi.unstubAllGlobals();
  });
});
