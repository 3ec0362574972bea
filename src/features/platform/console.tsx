import { useEffect, type ReactNode } from 'react';
import { Navigate, NavLink, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { toast } from 'sonner';
import { DEFAULT_COLOR_SCHEME } from '../../api/admin/organization/contract';
import { useOperator, useOperatorLogin, useOperatorLogout } from '../../api/platform/operator';
import { applyColorScheme } from '../../ui/color-scheme';
import { CONSOLE, CONSOLE_LOGIN, consoleLoginPath } from '../../ui/auth';
import { FullScreenSpinner } from '../../ui/full-screen-spinner';
import { LanguagePicker } from '../../ui/language-picker';
import { initials } from '../../ui/member-menu';
import { useResolvedTheme } from '../../ui/preferences/theme';
import { usePreferences } from '../../ui/preferences/store';
import { safeReturnPath, SignInPage } from '../../ui/sign-in-form';
import { ThemeSwitch } from '../../ui/theme-switch';
import { ShellContent } from '../../ui/shell';

/**
 * The platform console (/console): the parent service's screens, for platform operators. It has
 * its own sign-in and its own shell: an operator belongs to no organization, so no organization's
 * menu, colours or modules appear here.
 */
export { CONSOLE } from '../../ui/auth';

/** An organization's page in the console. */
export const organizationPath = (id: string) => `${CONSOLE}/organizations/${encodeURIComponent(id)}`;

export function ConsoleLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useOperatorLogin();
  return (
    <SignInPage
      id="console-login"
      title={t('console.signInTitle')}
      brand={t('console.title')}
      pending={login.isPending}
      onSignIn={async (values) => {
        await login.mutateAsync(values);
        navigate(safeReturnPath(params.get('next'), CONSOLE, CONSOLE_LOGIN), { replace: true });
      }}
    />
  );
}

function RequireOperator({ children }: { children: ReactNode }) {
  const me = useOperator();
  const location = useLocation();
  const { t } = useTranslation();
  if (me.isPending) return <FullScreenSpinner label={t('shell.loading')} />;
  if (!me.data) return <Navigate to={consoleLoginPath(`${location.pathname}${location.search}`)} replace />;
  return <>{children}</>;
}

function OperatorMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const operator = useOperator().data!;
  const logout = useOperatorLogout();
  async function signOut() {
    await logout.mutateAsync().catch(() => undefined);
    navigate(CONSOLE_LOGIN, { replace: true });
    toast.success(t('shell.signedOut'));
  }
  return (
    <span className="row" style={{ gap: '0.5rem', flexWrap: 'nowrap' }}>
      <span className="avatar" aria-hidden="true">
        {initials(operator.name)}
      </span>
      <span className="visually-hidden">{t('console.signedInAs', { name: operator.name })}</span>
      <Button type="button" text icon="pi pi-sign-out" label={t('shell.signOut')} onClick={() => void signOut()} />
    </span>
  );
}

export function ConsoleShell() {
  const { t } = useTranslation();
  const prefs = usePreferences();
  const mode = useResolvedTheme(prefs.theme);
  // The product's own colours: an organization's scheme would say the console is that organization's.
  useEffect(() => applyColorScheme(DEFAULT_COLOR_SCHEME), []);
  useEffect(() => {
    document.title = t('console.title');
  }, [t]);
  return (
    <RequireOperator>
      <div className={`layout layout--navbar-sticky layout--anim-${prefs.animation}${mode === 'dark' ? ' layout--dark' : ''}`} data-testid="platform-console">
        <a className="skip-link" href="#content">
          {t('shell.skipToContent')}
        </a>
        <div className="layout-frame">
          <header className="topbar">
            <NavLink to={CONSOLE} end className="topbar__brand">
              <span className="topbar__logo" aria-hidden="true" />
              <span>{t('console.title')}</span>
            </NavLink>
            <span className="topbar__spacer" />
            <div className="topbar__actions">
              <LanguagePicker compact />
              <ThemeSwitch />
              <OperatorMenu />
            </div>
          </header>
          <ShellContent />
        </div>
        {/* The console's confirmations (src/ui/confirm.ts): it is not inside the members' shell, which has its own. */}
        <ConfirmDialog />
      </div>
    </RequireOperator>
  );
}
