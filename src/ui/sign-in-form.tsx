import { useEffect, useState, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { loginInput, type LoginInput } from '../api/common/schemas';
import { errorMessage } from '../api/client';
import { DEFAULT_COLOR_SCHEME } from '../api/admin/organization/contract';
import { applyColorScheme } from './color-scheme';
import { fieldMessage } from './field-message';
import { contractResolver } from './form-resolver';
import { LanguagePicker } from './language-picker';

/**
 * Where to go after signing in: only paths of this site under `home` (`next=//evil.example` or
 * `next=https://…` would be an open redirect), never back to the sign-in page.
 */
export function safeReturnPath(next: string | null, home = '/', signIn = '/login'): string {
  if (!next || !next.startsWith(home) || next.startsWith('//') || next.startsWith('/\\') || next.startsWith(signIn)) return home;
  return next;
}

/**
 * The sign-in page of members (/login) and of platform operators (/console/login): the same form,
 * each page saying who signs in and what happens on success.
 */
export function SignInPage({ id, title, brand, pending, onSignIn }: { id: string; title: string; brand: string; pending: boolean; onSignIn: (values: LoginInput) => Promise<void> }) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit } = useForm<LoginInput>({
    resolver: contractResolver(loginInput),
    defaultValues: { email: '', password: '' },
  });

  useEffect(() => {
    // Signed out, the page wears the product's default colours, not the last organization's.
    applyColorScheme(DEFAULT_COLOR_SCHEME);
    document.title = `${title} · ${brand}`;
  }, [title, brand]);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSignIn(values);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });

  return (
    <SignedOutCard brand={brand}>
      <h1>{title}</h1>
      <form className="stack" onSubmit={submit} noValidate aria-describedby={failure ? `${id}-failure` : undefined}>
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
                  <label htmlFor={`${id}-${name}`}>{label}</label>
                  <InputText
                    id={`${id}-${name}`}
                    type={name}
                    autoComplete={name === 'email' ? 'username' : 'current-password'}
                    {...field}
                    invalid={!!error}
                    aria-invalid={!!error}
                    aria-describedby={error ? `${id}-${name}-error` : undefined}
                  />
                  {error && (
                    <small id={`${id}-${name}-error`} className="field-error" role="alert">
                      {error}
                    </small>
                  )}
                </div>
              );
            }}
          />
        ))}
        {failure && (
          <div id={`${id}-failure`} role="alert" className="field-error">
            {failure}
          </div>
        )}
        <Button type="submit" label={t('shell.signIn')} icon="pi pi-sign-in" loading={pending} />
      </form>
    </SignedOutCard>
  );
}

/** The card of a page one reaches signed out (sign-in, an invitation): the product's name and the language. */
export function SignedOutCard({ brand, children }: { brand: string; children: ReactNode }) {
  return (
    <main className="login-page">
      <div className="card login-card stack">
        <div className="row" style={{ justifyContent: 'space-between' }}>
          <span className="topbar__brand">
            <span className="topbar__logo" aria-hidden="true" />
            <span>{brand}</span>
          </span>
          <LanguagePicker compact />
        </div>
        {children}
      </div>
    </main>
  );
}
