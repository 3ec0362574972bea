import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { contractResolver } from '../../ui/form-resolver';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { loginInput, type LoginInput } from '../../api/admin/auth/contract';
import { useLogin } from '../../api/admin/auth/login';
import { errorMessage } from '../../api/client';
import { DEFAULT_COLOR_SCHEME } from '../../api/admin/organization/contract';
import { applyColorScheme } from '../../ui/color-scheme';
import { fieldMessage } from '../../ui/field-message';
import { LanguagePicker } from '../../ui/language-picker';

/** Only same-site paths: `next=//evil.example` or `next=https://...` would be an open redirect. */
export function safeReturnPath(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\') || next.startsWith('/login')) return '/';
  return next;
}

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useLogin();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit } = useForm<LoginInput>({
    resolver: contractResolver(loginInput),
    defaultValues: { email: '', password: '' },
  });

  useEffect(() => {
    // Signed out, the page wears the product's default colours, not the last organization's.
    applyColorScheme(DEFAULT_COLOR_SCHEME);
    document.title = `${t('shell.signIn')} · ${t('shell.appName')}`;
  }, [t]);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await login.mutateAsync(values);
      navigate(safeReturnPath(params.get('next')), { replace: true });
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });

  return (
    <main className="login-page">
      <div className="card login-card stack">
        <div className="row" style={{ justifyContent: 'space-between' }}>
          <span className="topbar__brand">
            <span className="topbar__logo" aria-hidden="true" />
            <span>{t('shell.appName')}</span>
          </span>
          <LanguagePicker compact />
        </div>
        <h1>{t('shell.signInTitle')}</h1>
        <form className="stack" onSubmit={submit} noValidate aria-describedby={failure ? 'login-failure' : undefined}>
          {/* Plain inputs here, not the shared form fields: the sign-in page stays small. */}
          {(['email', 'password'] as const).map((name) => (
            <Controller
              key={name}
              control={control}
              name={name}
              render={({ field, fieldState }) => {
                const label = t(`shell.${name}`);
                const error = fieldMessage(label, fieldState.error?.message);
                return (
                  <div className="field">
                    <label htmlFor={`login-${name}`}>{label}</label>
                    <InputText
                      id={`login-${name}`}
                      type={name}
                      autoComplete={name === 'email' ? 'username' : 'current-password'}
                      {...field}
                      invalid={!!error}
                      aria-invalid={!!error}
                      aria-describedby={error ? `login-${name}-error` : undefined}
                    />
                    {error && (
                      <small id={`login-${name}-error`} className="field-error" role="alert">
                        {error}
                      </small>
                    )}
                  </div>
                );
              }}
            />
          ))}
          {failure && (
            <div id="login-failure" role="alert" className="field-error">
              {failure}
            </div>
          )}
          <Button type="submit" label={t('shell.signIn')} icon="pi pi-sign-in" loading={login.isPending} />
        </form>
      </div>
    </main>
  );
}
