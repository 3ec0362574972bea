import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import * as v from 'valibot';
import { useAcceptInvitation, useInvitation } from '../../api/admin/auth/invitation';
import { errorMessage } from '../../api/client';
import { acceptInvitationInput } from '../../api/admin/auth/contract';
import { applyServerIssues, PasswordField } from '../../ui/form-fields';
import { contractResolver } from '../../ui/form-resolver';
import { PageSpinner } from '../../ui/full-screen-spinner';
import { SignedOutCard } from '../../ui/sign-in-form';

/** The contract's fields (an empty password is too short, not missing), and the password typed again. */
const invitationForm = v.object({
  token: acceptInvitationInput.entries.token,
  password: v.pipe(v.optional(v.string(), ''), acceptInvitationInput.entries.password),
  confirm: v.optional(v.string(), ''),
});
type FormValues = v.InferInput<typeof invitationForm>;

/**
 * `/invitation#<token>`: an invited member (the owner of an onboarded organization) sets a password
 * and is signed in. The token is read from the address once and taken out of it, so it stays out
 * of the history; it travels to the server in request bodies only.
 */
export function InvitationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [token] = useState(() => window.location.hash.slice(1));
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<FormValues, unknown, v.InferOutput<typeof invitationForm>>({
    resolver: contractResolver(invitationForm),
    defaultValues: { token, password: '', confirm: '' },
  });

  useEffect(() => {
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);
    document.title = `${t('invitation.title')} · ${t('shell.appName')}`;
  }, [t]);

  const submit = handleSubmit(async ({ password, confirm }) => {
    setFailure(null);
    if (password !== confirm) {
      setError('confirm', { type: 'mismatch', message: t('invitation.mismatch') });
      return;
    }
    try {
      await accept.mutateAsync({ token, password });
      navigate('/', { replace: true });
    } catch (error) {
      applyServerIssues(error, setError as never);
      setFailure(errorMessage(error));
    }
  });

  let body;
  if (!token) body = <p role="alert">{t('invitation.missing')}</p>;
  else if (invitation.isPending) body = <PageSpinner label={t('invitation.checking')} />;
  else if (!invitation.data)
    body = (
      <>
        <p role="alert">{errorMessage(invitation.error)}</p>
        <Link to="/login">{t('invitation.signIn')}</Link>
      </>
    );
  else
    body = (
      <>
        <p>{t('invitation.intro', { name: invitation.data.name, organization: invitation.data.organization })}</p>
        <p className="muted" dir="ltr" data-testid="invitation-email">
          {invitation.data.email}
        </p>
        <form className="stack" onSubmit={submit} noValidate aria-describedby={failure ? 'invitation-failure' : undefined}>
          {/* For password managers: the account the new password belongs to. */}
          <input type="email" name="username" autoComplete="username" value={invitation.data.email} readOnly hidden />
          <PasswordField control={control} name="password" label={t('invitation.password')} />
          <PasswordField control={control} name="confirm" label={t('invitation.confirm')} />
          {failure && (
            <div id="invitation-failure" role="alert" className="field-error">
              {failure}
            </div>
          )}
          <Button type="submit" icon="pi pi-check" label={t('invitation.submit')} loading={formState.isSubmitting} />
        </form>
      </>
    );

  return (
    <SignedOutCard brand={t('shell.appName')}>
      <h1>{t('invitation.title')}</h1>
      {body}
    </SignedOutCard>
  );
}
