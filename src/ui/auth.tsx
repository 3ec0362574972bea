import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AuthState } from '../api/admin/auth/contract';
import { meQueryOptions, useMe } from '../api/admin/auth/get-me';
import { updatePreferences } from '../api/admin/auth/update-me';
import { can, canAny, type Action, type Grant, type ModuleKey } from '../api/permissions';
import { applyColorScheme } from './color-scheme';
import { FullScreenSpinner } from './full-screen-spinner';
import { changeLanguage, hasLanguageCookie, readLanguageCookie } from './i18n';
import { preferencesStore } from './preferences/store';

const AuthContext = createContext<AuthState | undefined>(undefined);

/** The signed-in member, organization, subscription and role; only inside `RequireAuth`. */
export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth() outside <RequireAuth>');
  return state;
}

export function useCan() {
  const { role } = useAuth();
  return (module: ModuleKey, action: Action = 'view') => can(role.permissions, module, action);
}

/** Whether the member holds any of the grants (`TOUR_EDITORS`: whoever may edit tours). */
export function useCanAny(grants: readonly Grant[]): boolean {
  const { role } = useAuth();
  return canAny(role.permissions, grants);
}

export const loginPath = (returnTo: string) => (returnTo && returnTo !== '/' ? `/login?next=${encodeURIComponent(returnTo)}` : '/login');

/** The platform console (src/features/platform) and its own sign-in page, for platform operators. */
export const CONSOLE = '/console';
export const CONSOLE_LOGIN = '/console/login';
export const consoleLoginPath = (returnTo: string) => (returnTo && returnTo !== CONSOLE ? `${CONSOLE_LOGIN}?next=${encodeURIComponent(returnTo)}` : CONSOLE_LOGIN);
/** Where a 401 sends the person: the console's sign-in from the console, the members' otherwise. */
export const signInPathFor = (returnTo: string) => (returnTo === CONSOLE || returnTo.startsWith(`${CONSOLE}/`) ? consoleLoginPath(returnTo) : loginPath(returnTo));

/**
 * Signed-in area: strangers go to /login (and come back after signing in). On sign-in the
 * member's saved preferences win over this device's, and later changes are sent to the server.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const me = useMe();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const adoptedFor = useRef<string | undefined>(undefined);
  const state = me.data;

  useEffect(() => {
    if (!state) return;
    const adopt = adoptedFor.current !== state.member._id;
    if (adopt) {
      adoptedFor.current = state.member._id;
      // The language lives in the seed's cookie: a choice made on this device (even on the
      // sign-in page) wins; a device without the cookie takes the member's saved language.
      const server = state.member.preferences;
      const locale = hasLanguageCookie() ? readLanguageCookie() : server.locale;
      const direction = locale === server.locale ? server.direction : preferencesStore.get().direction;
      preferencesStore.replace({ ...server, locale, direction });
      void changeLanguage(locale);
      if (locale !== server.locale) void updatePreferences({ locale, direction }).catch(() => undefined);
    }
    preferencesStore.setSaver((patch) =>
      updatePreferences(patch).then((member) =>
        queryClient.setQueryData(meQueryOptions().queryKey, (s) => (s ? { ...s, member } : s)),
      ),
    );
    return () => preferencesStore.setSaver(undefined);
  }, [state, queryClient]);

  useEffect(() => {
    if (state) applyColorScheme(state.organization.colorScheme);
  }, [state?.organization.colorScheme.primary, state?.organization.colorScheme.secondary]);

  if (me.isPending) return <FullScreenSpinner label={t('shell.loading')} />;
  if (!state) return <Navigate to={loginPath(`${location.pathname}${location.search}`)} replace />;
  return <AuthContext.Provider value={state}>{children}</AuthContext.Provider>;
}

/** A screen behind a module permission: the menu hides it, and a typed URL gets a clear refusal. */
export function RequirePermission({ module, action = 'view', children }: { module: ModuleKey; action?: Action; children: ReactNode }) {
  const allowed = useCan()(module, action);
  const { t } = useTranslation();
  if (!allowed)
    return (
      <div className="card empty-state" role="alert">
        <i className="pi pi-lock" aria-hidden="true" />
        {t('shell.forbidden')}
      </div>
    );
  return <>{children}</>;
}

/** The signed-in state given directly (components tested on their own, without `RequireAuth`'s call). */
export function AuthStateProvider({ value, children }: { value: AuthState; children: ReactNode }) {
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
