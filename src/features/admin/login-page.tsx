import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useLogin } from '../../api/admin/auth/login';
import { safeReturnPath, SignInPage } from '../../ui/sign-in-form';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useLogin();
  return (
    <SignInPage
      id="login"
      title={t('shell.signInTitle')}
      brand={t('shell.appName')}
      pending={login.isPending}
      onSignIn={async (values) => {
        await login.mutateAsync(values);
        navigate(safeReturnPath(params.get('next')), { replace: true });
      }}
    />
  );
}
